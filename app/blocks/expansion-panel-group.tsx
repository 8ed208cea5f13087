import { useId } from "react";
import { z } from "zod";
import { blokBase } from "~/content/schema";
import { ExpansionPanel, schema as expansionPanelSchema } from "./expansion-panel";
import { Section, SectionButtons, SectionHeader, sectionFields, useVisibleItems } from "./shared";
import { defineBlock } from "./types";

export const schema = z
  .object({
    ...blokBase,
    component: z.literal("expansion-panel-group"),
    ...sectionFields,
    panels: z.array(expansionPanelSchema).optional(),
    /** Only one panel open at a time. */
    single_open: z.boolean().optional(),
  })
  .loose();
export type ExpansionPanelGroupBlok = z.infer<typeof schema>;

/** Expansion panels under one heading, optionally one open at a time. */
export function ExpansionPanelGroup({ blok }: { blok: ExpansionPanelGroupBlok }) {
  const panels = useVisibleItems(blok.panels);
  const headingId = useId();
  const group = useId();
  return (
    <Section blok={blok} className="expansion-panel-group" labelledBy={blok.heading ? headingId : undefined}>
      <SectionHeader blok={blok} id={headingId} />
      <div className="expansion-panel-group__panels">
        {panels.map((panel) => (
          <ExpansionPanel key={panel._uid} blok={panel} group={blok.single_open ? group : undefined} headingLevel={blok.heading ? 3 : 2} />
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export const expansionPanelGroup = defineBlock(schema, ExpansionPanelGroup);

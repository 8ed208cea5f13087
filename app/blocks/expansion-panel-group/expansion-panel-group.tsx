import { useId } from "react";
import { ExpansionPanel } from "../expansion-panel/expansion-panel";
import { Section, SectionButtons, SectionHeader } from "~/components/section-block";
import { useVisibleItems } from "~/components/block-hooks";
import type { ExpansionPanelGroupBlok } from "./expansion-panel-group.schema";

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
          <ExpansionPanel key={panel._uid} blok={panel} group={blok.single_open ? group : undefined} headingLevel={blok.heading ? 3 : 2} nested />
        ))}
      </div>
      <SectionButtons blok={blok} />
    </Section>
  );
}

export default ExpansionPanelGroup;

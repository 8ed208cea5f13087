import { optionPriceText } from "~/features/pricing/format";
import { noInteriorMessages, type ResolvedBuild } from "../build";
import type { Catalogue } from "../types";
import { Choice, type ChoiceLinkProps } from "./option-steps";

export const INTERIOR_HEADING = "Choose your interior";

/** The Interior step: the build's trims, or why there is none to choose. */
export function InteriorStep({ build, country, links }: { build: ResolvedBuild; country: Catalogue["country"]; links: ChoiceLinkProps }) {
  const messages = noInteriorMessages(build);
  return (
    <section className="config-section" aria-labelledby="step-interior">
      <h3 id="step-interior" className="config-section__heading">
        {INTERIOR_HEADING}
      </h3>
      {messages ? (
        <div className="config-interior__empty" role="status">
          {messages.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : (
        <ul className="config-choice__list">
          {build.interior.map((trim) => (
            <Choice key={trim.uuid} change={{ type: "trim", id: trim.id }} selected={build.trim?.uuid === trim.uuid} label={trim.name} links={links} anchor="step-interior">
              <span className="config-choice__name">{trim.name}</span>
              {trim.description ? <span className="config-choice__info">{trim.description}</span> : null}
              <span className="config-choice__price">{optionPriceText(trim.price, country)}</span>
            </Choice>
          ))}
        </ul>
      )}
    </section>
  );
}

import { InPlaceLink } from "~/islands/in-place-location";
import { trackStep } from "../analytics";
import { STEP_LABELS, STEPS, type Step } from "../view";

/** The numbered step links (Specs, Interior, Accessories, Summary); the current one is marked. */
export function ConfiguratorSteps(props: { step: Step; href: (step: Step) => string; lineName: string; country: string }) {
  return (
    <nav className="configurator__steps" aria-label="Configurator steps">
      <ol>
        {STEPS.map((s, i) => (
          <li key={s}>
            <InPlaceLink
              to={props.href(s)}
              className="configurator__step"
              aria-current={s === props.step ? "step" : undefined}
              onClick={() => trackStep(s, props.lineName, props.country)}
            >
              <span className="configurator__step-number" aria-hidden="true">
                {i + 1}
              </span>
              {STEP_LABELS[s]}
            </InPlaceLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}

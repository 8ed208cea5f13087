/** Configurator analytics events (declared on the shared AnalyticsEvents map). */
import { track } from "~/features/analytics/track";

declare module "~/features/analytics/track" {
  interface AnalyticsEvents {
    /** The visitor moved to another configurator step (tab). */
    configurator_step: { step: string; model_line: string; country: string };
    /** The visitor chose a variant, option, colour, trim or accessory. */
    configurator_choice: { choice_type: string; choice_value: string; model_line: string; country: string };
    /** The visitor copied or printed the build. */
    configurator_share: { method: "copy_link" | "print"; model_line: string; country: string };
  }
}

export function trackStep(step: string, modelLine: string, country: string): void {
  track("configurator_step", { step, model_line: modelLine, country });
}

export function trackChoice(choiceType: string, choiceValue: string, modelLine: string, country: string): void {
  track("configurator_choice", { choice_type: choiceType, choice_value: choiceValue, model_line: modelLine, country });
}

export function trackShare(method: "copy_link" | "print", modelLine: string, country: string): void {
  track("configurator_share", { method, model_line: modelLine, country });
}

import { localeAllows } from "~/content/locale";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { usePageForm } from "~/islands/page-form";
import { usePageLocation, usePageSearchParams } from "~/islands/page-location";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { Country } from "~/content/schema";
import { Modal } from "~/components/modal";
import { TextOrRichText } from "~/components/text-or-rich";
import { useHydrated } from "~/islands/use-hydrated";
import { DEALER_SELECTOR_NOT_GEOCODED, DEALER_SELECTOR_PROMPT } from "~/features/dealers/dealers-for-postcode";
import { useSite } from "~/features/site-state/site-context";
import { useBlockData } from "~/components/block-data";
import { BUILD_HANDOFF_TEXTS } from "~/features/configurator/handoff";
import { BUILD_FIELD, modelLineField, type FormBuildView } from "./build-handoff";
import { isFormActionData } from "./action-data";
import { trackFormError, trackFormProgress } from "./analytics";
import { BotCheckWidget } from "./bot-check-widget";
import { ErrorSummary, type SummaryError } from "./error-summary";
import {
  ANCHOR_FIELD,
  DEALERS_INTENT,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  INTENT_FIELD,
  SUBMITTED_PARAM,
} from "./constants";
import {
  choicesOf,
  dealerSelectorApplies,
  fieldComponent,
  fieldLabel,
  fieldsOf,
  fieldType,
  FIELD_LAYOUTS,
  type FormBlok,
  type FormField,
  type FormSection,
} from "./content";
import { todayIn } from "./dates";
import { dealerGroups, type DealerLookup } from "./dealer-lookup";
import { FORM_MESSAGES } from "./messages";
import { autocompleteOf, controlOf, htmlConstraints, isRequired, kindOf, kindOfName, POSTCODE_FIELD, PROGRESS_FIELDS } from "./field-kinds";
import { buildFormSchema } from "./schema";
import { mountIdempotencyKey, newIdempotencyKey, renewIdempotencyKey } from "./idempotency-key";
import { useDealerLookup } from "./use-dealer-lookup";
import { useJsonSubmit, type SubmitResult } from "./use-json-submit";
import { editable } from "~/components/editable";

type Values = Record<string, string | undefined>;

/** The name of the button conform submits with for its intents (validate, update, reset). */
const CONFORM_INTENT = "__intent__";
type Meta = FieldMetadata<string | undefined>;

/**
 * The idempotency key of one filled-in form. Rendered on the server into the markup (a resubmitted
 * no-JS post carries the same key) and used as it is during hydration; after mount each form takes
 * its own key (idempotency-key.ts: kept in sessionStorage until success), since a cached page
 * gives every visitor the markup's key. Renewed after a successful submission.
 */
function useIdempotencyKey(formId: string, inputId: string, fromServer: unknown): [string, () => void] {
  const [key, setKey] = useState(() => {
    if (typeof fromServer === "string" && fromServer) return fromServer;
    if (typeof document !== "undefined") {
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement && input.value) return input.value;
    }
    return newIdempotencyKey();
  });
  useEffect(() => setKey(mountIdempotencyKey(formId)), [formId]);
  return [key, useCallback(() => setKey(renewIdempotencyKey(formId)), [formId])];
}

/**
 * Default values: hidden values, the test drive date (today + 3 days), the model line from
 * ?model= and the dealer from ?dealer= (links from the compare grid and the dealer locator).
 */
function defaultValues(fields: readonly FormField[], country: Country, model: string | null, dealer: string | null): Values {
  const values: Values = {};
  for (const field of fields) {
    if (fieldType(field) === "hidden") values[field.name] = field.hidden_value ?? "";
    else if (fieldComponent(field) === "SelectDealership" && dealer?.trim()) values[field.name] = dealer.trim();
    else if (kindOfName(field.name)?.defaultValue) values[field.name] = kindOfName(field.name)?.defaultValue?.(country);
    else if (fieldComponent(field) === "SelectModelLine" && model) {
      const wanted = model.trim().toLowerCase();
      const match = choicesOf(field).find((c) => c.value.toLowerCase() === wanted || c.text.toLowerCase() === wanted);
      if (match) values[field.name] = match.value;
    }
  }
  return values;
}

export interface FormViewProps {
  blok: FormBlok;
  /** Set when the form is inside a modal-form: results show in that modal, the anchor is the modal's. */
  modal?: { id: string; headingId: string; onSuccess?: () => void };
}

/** The ids a form's parts carry and the addresses a post without JavaScript goes to. */
function formTargets(domId: string, modal: FormViewProps["modal"], pageAction: string) {
  const summaryId = `${domId}-errors`;
  const dealerAnchor = `${domId}-dealer`;
  // Without JavaScript a post returns to the page further down: a modal's form to the modal's
  // anchor (CSS :target opens it), a page's form to its error summary (shown when the post is refused).
  const action = modal ? `${pageAction}#${modal.id}` : `${pageAction}#${summaryId}`;
  return {
    anchor: modal?.id ?? `${domId}-block`,
    headingId: modal?.headingId ?? `${domId}-heading`,
    summaryId,
    dealerAnchor,
    action,
    lookupAction: modal ? action : `${pageAction}#${dealerAnchor}`,
  };
}

/** The server's refusal of a post, as the fields now show it (a corrected field drops out). */
function summaryErrorsOf(fields: readonly FormField[], meta: Record<string, Meta | undefined>, showDealer: boolean, dealerAnchor: string): SummaryError[] {
  const errors: SummaryError[] = [];
  for (const field of fields) {
    const message = meta[field.name]?.errors?.[0];
    if (!message || fieldType(field) === "hidden") continue;
    const isDealer = fieldComponent(field) === "SelectDealership";
    if (isDealer && !showDealer) continue;
    errors.push({ target: isDealer ? dealerAnchor : (meta[field.name]?.id ?? dealerAnchor), message });
  }
  return errors;
}

/**
 * An enquiry or competition form built from its blok. Without JavaScript it posts to the page's
 * action (errors next to the fields, values kept; success redirects to ?submitted=<form_id>).
 * With JavaScript conform validates on blur with the same schema as the server, and the form is
 * sent as JSON to /api/form/ or /api/competition/; the result shows in a modal.
 */
export function FormView({ blok, modal }: FormViewProps) {
  const { country } = useSite();
  const hydrated = useHydrated();
  const formId = blok.form_id;
  const domId = `form-${formId}`;
  const fields = useMemo(() => fieldsOf(blok, country), [blok, country]);
  const searchParams = usePageSearchParams();
  const location = usePageLocation();
  const pageForm = usePageForm();
  const actionData = pageForm?.result;
  const mine = isFormActionData(actionData) && actionData.formId === formId ? actionData : undefined;
  const submitted = searchParams.get(SUBMITTED_PARAM) === formId;
  const targets = formTargets(domId, modal, pageForm?.action ?? `${location.pathname}${location.search}`);

  const today = todayIn(country);
  const schema = useMemo(() => buildFormSchema(blok, { country, today }), [blok, country, today]);
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  // A configurator build from the link (?build=, resolved by the form's block loader).
  const blockData = useBlockData<{ build: FormBuildView | null; dealers?: DealerLookup | null }>(modal ? null : blok._uid);
  const buildView = blockData?.build ?? null;
  const model = buildView?.lineValue ?? searchParams.get("model");
  const dealerParam = searchParams.get("dealer");
  const defaultValue = useMemo(() => defaultValues(fields, country, model, dealerParam), [fields, country, model, dealerParam]);
  const [idempotencyKey, renewKey] = useIdempotencyKey(formId, `${domId}-key`, mine?.lastResult?.initialValue?.[IDEMPOTENCY_FIELD]);
  const { submitting, result, setResult, failureMessage, submit } = useJsonSubmit({ blok, country, idempotencyKey, renewKey, onSuccess: modal?.onSuccess });
  const validSubmitRef = useRef(false);
  const progressSent = useRef(new Set<string>());

  const [form, meta] = useForm<Values>({
    id: domId,
    lastResult: mine?.lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
    onSubmit(event, { formData }) {
      event.preventDefault();
      validSubmitRef.current = true;
      send(formData);
    },
  });

  const dealerField = fields.find((f) => fieldComponent(f) === "SelectDealership" && fieldType(f) !== "hidden");
  const { dealers, setDealers, setPostcodeLeft } = useDealerLookup({
    hydrated,
    dealerField,
    country,
    postcode: meta[POSTCODE_FIELD]?.value,
    presetDealer: dealerField ? meta[dealerField.name]?.initialValue : undefined,
    initial: mine?.dealers ?? blockData?.dealers ?? null,
  });

  // A stored lead starts the form afresh: no values, no dealers, progress counted again.
  function send(formData: FormData) {
    submit(formData, () => {
      form.reset();
      setDealers(null);
      progressSent.current.clear();
    });
  }

  const currentValues: Values = {};
  for (const field of fields) currentValues[field.name] = meta[field.name]?.value ?? meta[field.name]?.initialValue;
  const showDealer = dealerSelectorApplies(fields, currentValues);
  // The build goes with its own model line only (the server drops it otherwise too).
  const lineField = modelLineField(fields);
  const showBuild = buildView !== null && (!lineField || currentValues[lineField.name] === buildView.lineValue);

  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    validSubmitRef.current = false;
    const element = event.currentTarget;
    // Enter in the postcode field submits without leaving it: look its dealers up now.
    const postcode = element.elements.namedItem(POSTCODE_FIELD);
    if (postcode instanceof HTMLInputElement) setPostcodeLeft(postcode.value);
    formProps.onSubmit(event);
    // conform validates on blur by submitting with its own intent button: not a visitor's submit.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === CONFORM_INTENT) return;
    if (!validSubmitRef.current && event.defaultPrevented) {
      const check = parseWithZod(new FormData(element), { schema, disableAutoCoercion: true });
      trackFormError(formId, country, "validation", check.status === "error" ? Object.keys(check.error ?? {}) : []);
    }
  };
  const onBlur = (event: React.FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (target.name === POSTCODE_FIELD) setPostcodeLeft(target.value);
    if (!PROGRESS_FIELDS.includes(target.name) || !target.value.trim() || progressSent.current.has(target.name)) return;
    progressSent.current.add(target.name);
    trackFormProgress(formId, target.name, country);
  };

  if (submitted || (modal && result === "success")) {
    return (
      <div className="form-block" id={modal ? undefined : targets.anchor}>
        <SuccessPanel domId={domId} message={blok.success_message} />
      </div>
    );
  }

  const failure = mine?.failure ?? (result === "failure" && modal ? (failureMessage ?? FORM_MESSAGES.failure) : undefined);
  const summaryErrors = mine?.lastResult?.error ? summaryErrorsOf(fields, meta, showDealer, targets.dealerAnchor) : [];
  const renderField = (field: FormField) => (
    <FieldSlot key={field._uid} field={field} meta={meta[field.name] as Meta | undefined} country={country} showDealer={showDealer} dealers={dealers} hydrated={hydrated} targets={targets} />
  );

  return (
    <div className={["form-block", blok.background_color ? "form-block--background" : ""].filter(Boolean).join(" ")} id={modal ? undefined : targets.anchor} style={blok.background_color ? { backgroundColor: blok.background_color } : undefined}>
      <div className={modal ? "form-block__inner" : "container form-block__inner"}>
        {blok.heading ? (
          <h2 className="form-block__heading" id={targets.headingId}>
            {blok.heading}
          </h2>
        ) : null}
        <TextOrRichText value={blok.intro} className="richtext form-block__intro" />
        <ErrorSummary id={targets.summaryId} failure={failure} errors={summaryErrors} />
        <form method="post" action={targets.action} {...formProps} onSubmit={onSubmit} onBlur={onBlur} noValidate className="form" aria-labelledby={blok.heading ? targets.headingId : undefined}>
          <FormControls formId={formId} domId={domId} idempotencyKey={idempotencyKey} anchor={targets.anchor} />
          {showBuild && buildView ? <BuildSummary build={buildView} /> : null}
          {(blok.sections ?? []).map((section) => (
            <SectionView key={section._uid} section={section} country={country}>
              {(section.fields ?? []).filter((f) => fields.includes(f)).map(renderField)}
            </SectionView>
          ))}
          <TextOrRichText value={blok.consent_text} className="richtext form__consent" />
          <BotCheckWidget />
          <div className="form__actions">
            <button type="submit" className="button button--lg button--primary form__submit" aria-disabled={submitting || undefined}>
              {submitting ? FORM_MESSAGES.loading : blok.cta_text?.trim() || FORM_MESSAGES.submitDefault}
            </button>
          </div>
        </form>
      </div>
      {modal ? null : <ResultModal domId={domId} result={result} failureMessage={failureMessage} successMessage={blok.success_message} onClose={() => setResult(null)} />}
    </div>
  );
}

function SuccessPanel({ domId, message }: { domId: string; message: FormBlok["success_message"] }) {
  return (
    <div className="form-result" role="status">
      <h2 className="form-result__heading" id={`${domId}-result`}>
        {FORM_MESSAGES.successHeading}
      </h2>
      <TextOrRichText value={message} />
    </div>
  );
}

/** The result of a JavaScript submit of a page's form. */
function ResultModal({
  domId,
  result,
  failureMessage,
  successMessage,
  onClose,
}: {
  domId: string;
  result: SubmitResult;
  failureMessage: string | null;
  successMessage: FormBlok["success_message"];
  onClose: () => void;
}) {
  return (
    <Modal open={result !== null} onClose={onClose} labelledBy={`${domId}-result`} className="form-result-modal">
      <div className={result === "success" ? "form-result" : "form-result form-result--failure"}>
        <h2 className="form-result__heading" id={`${domId}-result`}>
          {result === "success" ? FORM_MESSAGES.successHeading : FORM_MESSAGES.failureHeading}
        </h2>
        {result === "success" ? <TextOrRichText value={successMessage} /> : <p>{failureMessage ?? FORM_MESSAGES.failure}</p>}
      </div>
    </Modal>
  );
}

/** The values every post carries besides the fields, and the honeypot bots fill in. */
function FormControls({ formId, domId, idempotencyKey, anchor }: { formId: string; domId: string; idempotencyKey: string; anchor: string }) {
  return (
    <>
      <input type="hidden" name="form_id" value={formId} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} id={`${domId}-key`} value={idempotencyKey} />
      <input type="hidden" name={ANCHOR_FIELD} value={anchor} />
      <div className="form__hp" aria-hidden="true">
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" aria-label={HONEYPOT_FIELD} />
      </div>
    </>
  );
}

/** The configurator build the enquiry is about, sent with it. */
function BuildSummary({ build }: { build: FormBuildView }) {
  return (
    <div className="form-build">
      <input type="hidden" name={BUILD_FIELD} value={build.path} />
      <p className="form-build__summary">
        <span className="form-build__label">{BUILD_HANDOFF_TEXTS.label}:</span> {build.text}
      </p>
      <p className="form-build__link">
        <a href={build.path}>{BUILD_HANDOFF_TEXTS.link}</a>
      </p>
    </div>
  );
}

/** One field of a section: a hidden value, the dealer selector (when it applies) or a control. */
function FieldSlot({
  field,
  meta,
  country,
  showDealer,
  dealers,
  hydrated,
  targets,
}: {
  field: FormField;
  meta: Meta | undefined;
  country: Country;
  showDealer: boolean;
  dealers: DealerLookup | null;
  hydrated: boolean;
  targets: { dealerAnchor: string; lookupAction: string };
}) {
  if (!meta) return null;
  if (fieldType(field) === "hidden") {
    return <input type="hidden" name={field.name} value={field.hidden_value ?? ""} />;
  }
  if (fieldComponent(field) === "SelectDealership") {
    if (!showDealer) return null;
    return <DealerField field={field} meta={meta} lookup={dealers} hydrated={hydrated} anchor={targets.dealerAnchor} lookupAction={targets.lookupAction} />;
  }
  return <FieldView field={field} meta={meta} country={country} />;
}

function SectionView({ section, country, children }: { section: FormSection; country: Country; children: ReactNode }) {
  if (!localeAllows(section.locale, country)) return null;
  const layout = section.field_layout && FIELD_LAYOUTS.includes(section.field_layout) ? section.field_layout : "one-column";
  const grid = <div className={`form-section__fields form-section__fields--${layout}`}>{children}</div>;
  if (section.heading?.trim()) {
    return (
      <fieldset {...editable(section, "form-section")}>
        <legend className="form-section__heading">{section.heading}</legend>
        {grid}
      </fieldset>
    );
  }
  return <div {...editable(section, "form-section")}>{grid}</div>;
}

function Label({ htmlFor, field }: { htmlFor: string; field: FormField }) {
  return (
    <label className="form-field__label" htmlFor={htmlFor}>
      {fieldLabel(field)}
      {isRequired(field) ? (
        <span className="form-field__required" aria-hidden="true">
          {" *"}
        </span>
      ) : null}
    </label>
  );
}

function FieldError({ meta }: { meta: Meta }) {
  const message = meta.errors?.[0];
  if (!message) return null;
  return (
    <p className="form-field__error" id={meta.errorId}>
      {message}
    </p>
  );
}

function Help({ field, meta }: { field: FormField; meta: Meta }) {
  if (!field.help_text?.trim()) return null;
  return (
    <p className="form-field__help" id={meta.descriptionId}>
      {field.help_text}
    </p>
  );
}

function FieldView({ field, meta, country }: { field: FormField; meta: Meta; country: Country }) {
  const control = controlOf(field);
  const choices = choicesOf(field);
  const describedBy = field.help_text?.trim() ? meta.descriptionId : undefined;
  const className = `form-field form-field--${field.name}${meta.errors?.length ? " form-field--invalid" : ""}`;

  if (control === "select") {
    const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: describedBy });
    return (
      <div {...editable(field, className)}>
        <Label htmlFor={meta.id} field={field} />
        <select key={key} {...props} className="form-field__control">
          <option value="">{field.placeholder ?? ""}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.text}
            </option>
          ))}
        </select>
        <Help field={field} meta={meta} />
        <FieldError meta={meta} />
      </div>
    );
  }
  if (control === "textarea") {
    const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: describedBy });
    return (
      <div {...editable(field, `${className} form-field--wide`)}>
        <Label htmlFor={meta.id} field={field} />
        <textarea
          key={key}
          {...props}
          maxLength={htmlConstraints(field).maxLength}
          rows={5}
          placeholder={field.placeholder || undefined}
          className="form-field__control"
        />
        <Help field={field} meta={meta} />
        <FieldError meta={meta} />
      </div>
    );
  }

  const kind = kindOf(field);
  const extra: React.InputHTMLAttributes<HTMLInputElement> = { ...htmlConstraints(field) };
  if (kind.min) extra.min = kind.min(todayIn(country));
  const { key, ...props } = getInputProps(meta, { type: kind.inputType, ariaDescribedBy: describedBy });
  return (
    <div {...editable(field, className)}>
      <Label htmlFor={meta.id} field={field} />
      <input
        key={key}
        {...props}
        placeholder={field.placeholder || undefined}
        {...extra}
        autoComplete={autocompleteOf(field)}
        className="form-field__control"
      />
      <Help field={field} meta={meta} />
      <FieldError meta={meta} />
    </div>
  );
}

/**
 * SelectDealership: 'Enter your postcode to select a nearby dealership' until the postcode is
 * known; then the dealers (PMA dealer first, then nearest), with 'Select a nearby dealership' as
 * the prompt when the postcode could not be placed. A list of one dealer or none is not shown as
 * a select (one dealer is sent as a hidden value). Without JavaScript a submit button lists the
 * dealers for the entered postcode (a round trip that keeps the values).
 */
function DealerField({
  field,
  meta,
  lookup,
  hydrated,
  anchor,
  lookupAction,
}: {
  field: FormField;
  meta: Meta;
  lookup: DealerLookup | null;
  hydrated: boolean;
  /** The field's id: the no-JS lookup returns here, and the error summary links here. */
  anchor: string;
  lookupAction: string;
}) {
  const dealers = lookup?.dealers ?? [];
  const prompt = lookup && !lookup.geocoded ? DEALER_SELECTOR_NOT_GEOCODED : DEALER_SELECTOR_PROMPT;
  const lookupButton = hydrated ? null : (
    <button type="submit" name={INTENT_FIELD} value={DEALERS_INTENT} formAction={lookupAction} className="button button--sm button--outline form-field__lookup">
      {field.lookup_label?.trim() || fieldLabel(field)}
    </button>
  );
  const className = `form-field form-field--dealer${meta.errors?.length ? " form-field--invalid" : ""}`;
  if (dealers.length <= 1) {
    return (
      <div {...editable(field, className)} id={anchor} tabIndex={-1}>
        {dealers.length === 1 ? <input type="hidden" name={field.name} value={dealers[0].code} /> : null}
        {dealers.length === 0 && typeof meta.initialValue === "string" && meta.initialValue ? (
          <input type="hidden" name={field.name} value={meta.initialValue} />
        ) : null}
        <p className="form-field__label" id={`${meta.id}-label`}>
          {fieldLabel(field)}
        </p>
        {dealers.length === 0 ? (
          <p className="form-field__help" id={meta.descriptionId}>
            {prompt}
          </p>
        ) : null}
        {lookupButton}
        <FieldError meta={meta} />
      </div>
    );
  }
  const chosen = typeof meta.initialValue === "string" ? meta.initialValue : "";
  // A no-JS post refused for want of a dealer shows the list unchosen, with its message.
  const refused = !hydrated && !!meta.errors?.length;
  const preselect = dealers.some((d) => d.code === chosen)
    ? chosen
    : !refused && lookup && (lookup.geocoded || lookup.pmaDealerCode)
      ? dealers[0].code
      : "";
  const { key, ...props } = getSelectProps(meta, { value: false });
  return (
    <div {...editable(field, className)} id={anchor} tabIndex={-1}>
      <Label htmlFor={meta.id} field={field} />
      <select key={`${key ?? ""}-${lookup?.postcode ?? ""}`} {...props} defaultValue={preselect} className="form-field__control">
        <option value="">{prompt}</option>
        {(lookup ? dealerGroups(lookup) : [{ label: null, dealers }]).map((group) => {
          const options = group.dealers.map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ));
          return group.label ? (
            <optgroup key={group.label} label={group.label}>
              {options}
            </optgroup>
          ) : (
            options
          );
        })}
      </select>
      {lookupButton}
      <FieldError meta={meta} />
    </div>
  );
}

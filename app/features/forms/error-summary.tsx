import { FORM_MESSAGES } from "./messages";

export interface SummaryError {
  /** The element the message is about (a field's control, or its wrapper when it has none). */
  target: string;
  message: string;
}

/**
 * What stopped a post, at the top of its form: the failure message, or each field's message
 * linking to the field. It is the target of the form's action fragment, so a refused post without
 * JavaScript lands on it, and the browser focuses it (a focusable fragment target takes the focus).
 */
export function ErrorSummary({ id, failure, errors }: { id: string; failure?: string; errors: readonly SummaryError[] }) {
  if (!failure && errors.length === 0) return null;
  return (
    <div className="form-alert form-error-summary" id={id} tabIndex={-1} role="alert" aria-labelledby={`${id}-heading`}>
      <p className="form-alert__heading" id={`${id}-heading`}>
        {FORM_MESSAGES.failureHeading}
      </p>
      {failure ? <p>{failure}</p> : null}
      {errors.length > 0 ? (
        <ul className="form-error-summary__list">
          {errors.map((error) => (
            <li key={error.target}>
              <a href={`#${error.target}`}>{error.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

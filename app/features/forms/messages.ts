/**
 * Visible strings of the forms, letter for letter from spec/transactional.md (sections 2, 4, 5, 8).
 * Field labels and every other piece of copy come from the content.
 */
export const FORM_MESSAGES = {
  /** '{label} is required'; comments take 'are required'. */
  required: (label: string, name?: string) => (name === "comments" ? `${label} are required` : `${label} is required`),
  phone: "Valid phone number required",
  postcode: "Valid postcode required",
  email: "Valid email required",
  testDriveDate: "Test drive date must be in the future",
  numbers: "Please only enter numbers",
  dealer: "A dealer is required",
  /** Default generic message: '{field} is not valid.' */
  invalid: (label: string) => `${label} is not valid.`,
  submitDefault: "Submit",
  loading: "Loading",
  successHeading: "Thank you",
  failureHeading: "Sorry",
  failure: "Sorry. We were unable to submit the form at this time. Please try again later.",
} as const;

/**
 * Not in the specification (it does not describe rate limiting): the answer to a client that
 * sent too many form posts, with the time until its limit resets (rounded up to whole minutes,
 * or seconds under a minute). Kept here with the other form strings so it can be reworded.
 */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} ${seconds === 1 ? "second" : "seconds"}` : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? "minute" : "minutes"}`;
  return `Too many form submissions from your connection. Please wait ${wait} and try again.`;
}

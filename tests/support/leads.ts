/**
 * The JSON body of a valid contact-us lead (a vehicle enquiry for AU-VIC-001), as the API posts of
 * the load bench (bench/load.ts), the crash test (tests/e2e/security.spec.ts) and the fault tests
 * (tests/unit/security/faults.test.ts) send it. `n` numbers the lead in its last name, email and
 * mobile number (each a different buyer, as the per-contact lead limit counts them);
 * `sender` says who posted it, so leads of different runs tell apart in a store or CRM.
 */
export interface LeadSender {
  firstName: string;
  /** The last name before the number. */
  lastName: string;
  /** The email's local part before the number (the domain is example.com). */
  emailUser: string;
  comments: string;
}

export function contactUsLead(n: number, sender: LeadSender) {
  return {
    form_id: "contact-us",
    country: "au",
    token: "",
    enquiry_type: "vehicle",
    vehicle_interested_in: "tarrak",
    first_name: sender.firstName,
    last_name: `${sender.lastName}${n}`,
    mobile_phone: `04${String(10_000_000 + (n % 90_000_000)).padStart(8, "0")}`,
    Email: `${sender.emailUser}${n}@example.com`,
    post_code: "3121",
    dealer_code: "AU-VIC-001",
    comments: sender.comments,
  };
}

/** The key a client sent, read back from the key its lead is stored under (scopedIdempotencyKey adds `.<digest>`). */
export function submittedKey(storedKey: string): string {
  return storedKey.replace(/\.[0-9a-f]{16}$/, "");
}

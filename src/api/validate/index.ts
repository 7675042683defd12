/** Validation of every request rule the spec states, before anything is sent. */
export type { SupportedLists } from "./common";
export { validateCompanySearch } from "./company-search";
export { emailAddressIn, emailDomain, validateEmailAddress, validateEmailFinder } from "./email";
export { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from "./keywords";
export { LEAD_LIMIT_DEFAULT, LEAD_LIMIT_REDUCED, validateLeadSearch } from "./lead-search";
export { validateLeadLookup } from "./lookup";
export { validateTransactionQuery } from "./transactions";

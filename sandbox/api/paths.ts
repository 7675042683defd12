/** The spec's endpoint paths, written out here (the sandbox takes only types from src/api/). */
export const API_PATHS = {
  companySearch: "/api/network/companies/by_icp/",
  leadSearch: "/api/network/leads/by_icp/",
  leadLookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
  /** The caller's account: balances and limits (PRODUCTION.md A9). */
  account: "/api/auth/users/me/",
  emailFinder: "/api/network/email_finder/",
  emailValidator: "/api/network/email_validator/",
} as const;

/**
 * The production API's current generation (PRODUCTION.md A19) the sandbox serves besides the spec:
 * bulk lead enrichment and the account profile. No network word in these paths (the fields carry it).
 */
export const V1_PATHS = {
  bulkRealtime: "/api/v1/enrich/realtime/leads/bulk/",
  bulkDatabase: "/api/v1/enrich/database/leads/bulk/",
  /** The status path's template: the job id stands where `{job_id}` is. */
  bulkStatus: "/api/v1/enrich/leads/bulk/{job_id}/",
  accountMe: "/api/v1/accounts/me/",
} as const;

const BULK_STATUS = /^\/api\/v1\/enrich\/leads\/bulk\/([^/]+)\/$/;

/** The job id of a bulk status path, or null for any other path. */
export function bulkJobIdOf(path: string): string | null {
  const match = BULK_STATUS.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

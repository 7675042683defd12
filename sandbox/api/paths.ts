/** The spec's endpoint paths, written out here (the sandbox takes only types from src/api/). */
export const API_PATHS = {
  companySearch: "/api/network/companies/by_icp/",
  leadSearch: "/api/network/leads/by_icp/",
  leadLookup: "/api/network/leads/by_link/",
  transactions: "/api/auth/transactions/",
  /** The caller's account: balances and limits (PRODUCTION.md A9). */
  account: "/api/auth/users/me/",
} as const;

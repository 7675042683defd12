/** The API client's public surface. */
export {
  type AccountState,
  accountState,
  readAccount,
  searchesLeftNote,
  searchParallel,
} from "./account";
export { BACKOFF_MS, type BatchResult, type Outcome, pendingIndices } from "./batch";
export {
  type AccountProfile,
  BULK_JOB_RETENTION_MS,
  BULK_MAX_LEADS,
  BULK_USD_PER_LEAD,
  type BulkJobItem,
  type BulkJobResult,
  type BulkJobState,
  type BulkMode,
} from "./bulk-enrich";
export {
  type BatchCallOptions,
  type BatchEndpoint,
  type Client,
  type ClientConfig,
  chunkLimit,
  createClient,
} from "./client";
export {
  estimateCompanySearchCost,
  estimateCompanySearchesCost,
  estimateLeadSearchCost,
  estimateLookupCost,
  REFINE_ANSWER_COST,
} from "./cost";
export {
  type ApiError,
  type ApiErrorKind,
  apiError,
  type Problem,
  stopsBatch,
  validationError,
} from "./errors";
export {
  countsAsSpent,
  creditsSpentBy,
  LEDGER_STATUSES,
  type LedgerTotals,
  ledgerStatus,
  ledgerTotals,
} from "./ledger";
export { COMPANIES_SEARCHED, companyPageRequests, type TransactionPages } from "./pagination";
export { normalizeProfileUrl } from "./profile-url";
export { authorization } from "./request";
export { isRefineAnswer } from "./responses";
export {
  type SupportedLists,
  validateCompanySearch,
  validateLeadLookup,
  validateLeadSearch,
  validateTransactionQuery,
} from "./validate";

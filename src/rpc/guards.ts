/**
 * The shape of every RPC method's argument, checked at the server's door before any handler runs
 * (src/rpc.ts dispatch). One entry per method of the contract: a method added without its check
 * fails to compile. Handlers then receive a fresh copy holding only the contract's fields.
 */
import { LOOKUP_OPTIONS } from "../api/wire";
import type { CompanySearchForm } from "../jobs/company-search/form";
import { FILTER_FIELDS, type FilterEntry } from "../jobs/credits/filters";
import type { EnrichOptions } from "../jobs/enrich/options";
import { type LeadSearchForm, type PersonaForm, TARGET_KINDS } from "../jobs/lead-search/form";
import type { RpcArg, RpcMethod } from "../rpc";
import type { CreditsExportRequest, CreditsListRequest } from "./credits";
import type { EnrichRequest } from "./enrich";
import type { HistorySettings } from "./history";
import type { LeadsRunRequest, PersonaPreset } from "./leads";
import type { RetryRequest } from "./retry";
import type { ScheduleRequest } from "./schedule";
import type { SettingsChange } from "./settings";
import {
  bool,
  either,
  fields,
  list,
  MAX_ENTRY,
  MAX_TEXT,
  nothing,
  nullable,
  num,
  oneOf,
  optional,
  type Shape,
  someOf,
  text,
} from "./shape";

/** A list entry typed into a chip: a name, a domain, an id. */
const entry = text(MAX_ENTRY);
const entries = list(entry);
const presetName = text(1_000);
const jobId = fields<{ jobId: string }>({ jobId: text(200) });
/** A search's id, made by the sidebar for its Cancel (search-cancel.ts). */
const runIdField = optional(text(100)) as Shape<string>;
const runId = fields<{ runId: string }>({ runId: text(100) });
/** A number typed as text or sent as a number; cleared inputs arrive as null. */
const numberOrText = either(num, text(50), "a number");

const companyForm = fields<CompanySearchForm>({
  company_types: entries,
  headcounts: entries,
  num_of_followers: entries,
  industries: entries,
  locations: entries,
  keywords: entries,
  revenue_min: text(50),
  revenue_max: text(50),
  exclude_domains: entries,
  exclude_ids: entries,
  strict_locations: bool,
  // Added later: a preset or a sidebar from before them sends neither.
  website_blacklist: optional(bool) as Shape<boolean>,
  sub_industries: optional(bool) as Shape<boolean>,
  // A number input the user cleared arrives as null: readForm marks it at its field.
  limit_by: nullable(num) as Shape<number>,
  offset_by: nullable(num) as Shape<number>,
  // Sheet names are at most 100 characters in Sheets; a header is one cell's text.
  sheet_name: optional(text(100)) as Shape<string>,
  leave_out_sheet: optional(text(100)) as Shape<string>,
  leave_out_column: optional(text(MAX_ENTRY)) as Shape<string>,
});

const persona = fields<PersonaForm>({
  name: entry,
  functions: entries,
  seniorities: entries,
  prohibit: entries,
  // The optional 5th position (PRODUCTION.md A5): a whole number typed as text or sent as a number.
  priority: optional(numberOrText),
});

const leadForm = fields<LeadSearchForm>({
  target: fields<LeadSearchForm["target"]>({ kind: oneOf(TARGET_KINDS), value: text() }),
  personas: list(persona, 100),
  locations: entries,
  lead_industries: entries,
  company_locations: entries,
  company_headcounts: entries,
  company_types: entries,
  past_company_names: entries,
  years_in_company: list(num, 100),
  years_in_position: list(num, 100),
  groups: entries,
  schools: entries,
  exclude_names: entries,
  filter_empty_vars: entries,
  changed_jobs: bool,
  posted_on_network: bool,
  mentioned_in_news: bool,
  limit_by: text(50),
  // Next page's offset_by (PRODUCTION.md A7), typed or sent as a number.
  offset_by: optional(numberOrText),
  sheet_name: optional(text(100)) as Shape<string>,
  leave_out_sheet: optional(text(100)) as Shape<string>,
  leave_out_column: optional(text(MAX_ENTRY)) as Shape<string>,
  find_emails: optional(bool) as Shape<boolean>,
});

const enrichOptions = fields<EnrichOptions>({
  fields: list(text(100), 200) as Shape<EnrichOptions["fields"]>,
  extras: someOf(LOOKUP_OPTIONS, bool),
  mode: oneOf(["fill", "refresh"] as const),
  skipRefreshedDays: optional(num),
  workEmail: optional(bool),
  resendMaybeCharged: optional(bool),
});

const enrichRequest = fields<EnrichRequest>({ options: enrichOptions, urlColumn: optional(num) });

const transactionFilters = someOf(
  FILTER_FIELDS,
  fields<FilterEntry>({ modifier: text(20), value: text(200) }),
);

export const RPC_SHAPES: { [M in RpcMethod]: Shape<RpcArg<M>> } = {
  getServerInfo: nothing,
  getSettings: nothing,
  saveSettings: fields<SettingsChange>({
    // Longer than any key: checkApiKey says what is wrong with a long one, at its field.
    apiKey: optional(text(MAX_TEXT)),
    baseUrl: optional(text(2_000)),
    chunkSize: optional(numberOrText),
    spendCap: optional(numberOrText),
    formulaBudget: optional(numberOrText),
    fetchQuota: optional(numberOrText),
    triggerMinutes: optional(numberOrText),
    headerStyle: optional(text(20)),
    listStyle: optional(text(20)),
    apiGeneration: optional(text(20)),
    emailRowsPerCall: optional(numberOrText),
  }),
  removeApiKey: nothing,
  testConnection: nothing,
  enrichPreview: enrichRequest,
  enrichEstimate: enrichRequest,
  enrichConfirm: jobId,
  enrichStep: jobId,
  enrichPause: jobId,
  enrichResume: jobId,
  enrichCancel: jobId,
  enrichSelectFailed: jobId,
  enrichBackground: jobId,
  enrichBringBack: jobId,
  enrichStartup: nothing,
  enrichTakeOverEstimate: jobId,
  enrichTakeOver: fields<{ jobId: string; confirmedCredits: number }>({
    jobId: text(200),
    confirmedCredits: num,
  }),
  creditsSummary: nothing,
  creditsList: fields<CreditsListRequest>({ filters: transactionFilters, limit: num, offset: num }),
  creditsExport: fields<CreditsExportRequest>({
    filters: transactionFilters,
    replace: bool,
    dropNotes: optional(bool) as Shape<boolean>,
  }),
  leadsSelection: nothing,
  leadsEstimate: fields<{ form: LeadSearchForm }>({ form: leadForm }),
  leadsRun: fields<LeadsRunRequest>({ form: leadForm, confirmedMaxCredits: num, runId: runIdField }),
  leadsCancel: runId,
  leadsPresets: nothing,
  leadsSavePreset: fields<PersonaPreset>({ name: presetName, personas: list(persona, 100) }),
  leadsDeletePreset: fields<{ name: string }>({ name: presetName }),
  companyEstimate: companyForm,
  companyRun: fields<{ form: CompanySearchForm; confirmedCredits: number; runId?: string }>({
    form: companyForm,
    confirmedCredits: num,
    runId: runIdField,
  }),
  companyCancel: runId,
  companyLastSearch: nothing,
  companyPresets: nothing,
  companySavePreset: fields<{ name: string; form: CompanySearchForm }>({
    name: presetName,
    form: companyForm,
  }),
  companyDeletePreset: fields<{ name: string }>({ name: presetName }),
  historyStatus: nothing,
  historySaveSettings: fields<HistorySettings>({ enabled: bool, maxRows: num }),
  historyUndoPreview: nothing,
  historyUndo: nullable(fields<{ runId?: string }>({ runId: runIdField })),
  historyDigest: jobId,
  historyShowJobChanges: fields<{ since: string }>({ since: text(20) }),
  emailsStartup: nothing,
  emailsEstimate: fields<{ kind: "find" | "validate"; includeMaybeCharged?: boolean }>({
    kind: oneOf(["find", "validate"] as const),
    includeMaybeCharged: optional(bool) as Shape<boolean>,
  }),
  emailsConfirm: jobId,
  emailsStep: jobId,
  emailsPause: jobId,
  emailsResume: jobId,
  emailsCancel: jobId,
  emailsRetryEstimate: fields<{ jobId: string; includeMaybeCharged?: boolean }>({
    jobId: text(200),
    includeMaybeCharged: optional(bool) as Shape<boolean>,
  }),
  enrichRetryCounts: jobId,
  enrichRetryEstimate: fields<RetryRequest>({ jobId: text(200), includeMaybeCharged: bool }),
  enrichFinishEstimate: jobId,
  scheduleStatus: nothing,
  scheduleSave: fields<ScheduleRequest>({
    request: optional(enrichRequest),
    period: oneOf(["week", "month"] as const),
    cap: num,
  }),
  scheduleRemove: nothing,
  scheduleEstimate: fields<{ cap: number }>({ cap: num }),
};

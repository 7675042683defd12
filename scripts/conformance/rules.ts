/**
 * The HTTP contract checks, one rule each, named after the spec section or the PRODUCTION.md fact
 * (A1..A12) they settle. Free rules cost nothing whatever the API does; a rule with `cost` may
 * spend up to that many credits and runs only within the run's --spend budget.
 */
import { call, isRecord, PATHS, type Reply, servedPath, type Target } from "./http.ts";

export interface Context {
  target: Target;
  /** A key with a zero balance (for A8), when the maintainer has one. */
  emptyKey?: string;
  /** A profile URL that exists (for the paid lookup checks). */
  profileUrl?: string;
  /** The network's profile host, for a well-formed URL of nobody (A3). */
  profileHost: string;
  /** A mail domain without the test person's mailbox, for the email charge checks (A16). */
  emailDomain: string;
}

export interface Rule {
  id: string;
  title: string;
  /** Most credits the rule can spend (0: free whatever the answer). */
  cost: number;
  /** Why the rule cannot run with this context, or null. */
  needs?: (context: Context) => string | null;
  /** Resolves with what the rule settled, when there is more to say than "pass" (A16's charge). */
  run(context: Context): Promise<void> | Promise<string>;
}

export class RuleFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new RuleFailure(message);
}

export function show(reply: Reply): string {
  return `${reply.status} ${reply.text.slice(0, 200)}`;
}

export function record(reply: Reply): Record<string, unknown> {
  check(isRecord(reply.body), `not a JSON object: ${show(reply)}`);
  return reply.body;
}

/** The error body of DESIGN.md: {status: "error", status_code: N, detail}. */
export function expectError(reply: Reply, status: number | number[]): Record<string, unknown> {
  const statuses = Array.isArray(status) ? status : [status];
  check(statuses.includes(reply.status), `expected ${statuses.join(" or ")}, got ${show(reply)}`);
  const body = record(reply);
  check(body.status === "error", `status is not "error": ${show(reply)}`);
  check(body.status_code === reply.status, `status_code ${String(body.status_code)} is not ${reply.status}`);
  check(body.detail !== undefined, `no detail: ${show(reply)}`);
  return body;
}

/** How many transaction records the key has (a free request counts as none more). */
export async function recordCount(context: Context): Promise<number> {
  const reply = await call(context.target, "GET", `${PATHS.transactions}?limit=1`);
  check(reply.status === 200, `transaction list: ${show(reply)}`);
  const count = record(reply).count;
  check(typeof count === "number", "transaction list has no count");
  return count;
}

/** Runs `request` and checks that it left no transaction record behind (it was free). */
export async function free(context: Context, request: () => Promise<Reply>): Promise<Reply> {
  const before = await recordCount(context);
  const reply = await request();
  const after = await recordCount(context);
  check(after === before, `charged: ${after - before} new transaction record(s) after ${show(reply)}`);
  return reply;
}

const hasHint = (body: Record<string, unknown>) => /hint/i.test(JSON.stringify(body.detail));

const NOTHING_MATCHES = "zzqxv conformance nomatch";

async function transactionPage(context: Context, query: string) {
  const reply = await call(context.target, "GET", `${PATHS.transactions}${query}`);
  check(reply.status === 200, `GET ${query}: ${show(reply)}`);
  const body = record(reply);
  check(Array.isArray(body.results), "results is not a list");
  return body as Record<string, unknown> & { results: Array<Record<string, unknown>> };
}

const needsProfile = (context: Context) =>
  context.profileUrl === undefined ? "needs --profile-url (a profile that exists)" : null;

/** The keys of `value` that carry `word` as a whole `_`-separated part, at any depth. */
function keysWith(value: unknown, word: string): string[] {
  const part = new RegExp(`(^|_)${word}(_|$)`);
  if (Array.isArray(value)) return value.flatMap((item) => keysWith(item, word));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(part.test(key) ? [key] : []),
    ...keysWith(item, word),
  ]);
}

/** The newest transaction records' amounts, newest first (A16: what one call charged). */
async function newestAmounts(context: Context, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const page = await transactionPage(context, `?limit=${count}`);
  return page.results.map((r) => Number(r.amount));
}

/**
 * Runs one paid call and answers its body and what it charged, from the records it added (none: 0).
 * A charge recorded later than the answer (PRODUCTION.md A11) is missed; the note says so.
 */
async function charged(
  context: Context,
  request: () => Promise<Reply>,
): Promise<{ reply: Reply; credits: number }> {
  const before = await recordCount(context);
  const reply = await request();
  const added = (await recordCount(context)) - before;
  const credits = (await newestAmounts(context, added)).reduce((sum, amount) => sum + Math.abs(amount), 0);
  return { reply, credits };
}

/** One answer object per item, each with the fields the add-on reads (PRODUCTION.md A16). */
function emailAnswers(reply: Reply, fields: readonly string[]): Array<Record<string, unknown>> {
  check(reply.status === 200, show(reply));
  check(Array.isArray(reply.body) && reply.body.length === 1, `not an array of one answer: ${show(reply)}`);
  const [answer] = reply.body as unknown[];
  check(isRecord(answer), `the answer is not an object: ${show(reply)}`);
  const missing = fields.filter((field) => !(field in answer));
  check(missing.length === 0, `no ${missing.join(", ")} in the answer: ${show(reply)}`);
  return [answer];
}

const EMAIL_RULES: Rule[] = [
  {
    id: "A16.validation",
    title:
      "A16: email finder and validator refuse a body that is no array, or a row without its fields, free",
    cost: 0,
    run: async (context) => {
      const { target } = context;
      for (const [path, body] of [
        [PATHS.emailFinder, { first_name: "Conformance" }],
        [PATHS.emailFinder, [{ first_name: "Conformance" }]],
        [PATHS.emailValidator, { email: "conformance" }],
      ] as const) {
        const reply = await free(context, () => call(target, "POST", path, body));
        check(
          reply.status >= 400 && reply.status < 500,
          `${servedPath(target, path)} ${JSON.stringify(body)}: expected a 4xx, got ${show(reply)}`,
        );
      }
    },
  },
  {
    id: "A16.finder-charge",
    title: "A16: the email finder answers one object per row; what a row without an email is charged",
    cost: 1,
    run: async (context) => {
      const row = { first_name: "Conformance", last_name: "Nobody", domain: context.emailDomain };
      const { reply, credits } = await charged(context, () =>
        call(context.target, "POST", PATHS.emailFinder, [row]),
      );
      const [answer] = emailAnswers(reply, ["result", "catch_all", "valid_email", "error"]);
      const found =
        answer?.result === "valid" && typeof answer.valid_email === "string" && answer.valid_email !== "";
      const rule = found
        ? "an email was found, so both rules charge it: run again with --email-domain of a domain without mail"
        : credits > 0
          ? "charged per row sent (emailCharge per_row)"
          : "charged per valid email found (emailCharge per_valid_email)";
      return `result ${JSON.stringify(answer?.result)}, charged ${credits}: ${rule}`;
    },
  },
  {
    id: "A16.validator-charge",
    title: "A16: the email validator answers one object per address; what one address is charged",
    cost: 1,
    run: async (context) => {
      const address = `conformance.nobody@${context.emailDomain}`;
      const { reply, credits } = await charged(context, () =>
        call(context.target, "POST", PATHS.emailValidator, [address]),
      );
      const [answer] = emailAnswers(reply, ["email", "result", "catch_all", "error"]);
      return `result ${JSON.stringify(answer?.result)}, charged ${credits} for one address`;
    },
  },
];

export const RULES: Rule[] = [
  {
    id: "A14.paths",
    title: "A14: the endpoints are served under --network-name (401 to an unknown key, not 404)",
    cost: 0,
    run: async ({ target }) => {
      for (const path of [PATHS.lookup, PATHS.leads, PATHS.companies]) {
        const reply = await call(target, "POST", path, {}, "conformance-not-a-key");
        check(
          reply.status !== 404,
          `404 on ${servedPath(target, path)}: this API does not serve the network name "${target.networkName}"; run again with the word its reference writes in /api/<name>/leads/by_link/ as --network-name`,
        );
        check(reply.status === 401, `expected 401 on ${servedPath(target, path)}, got ${show(reply)}`);
      }
    },
  },
  {
    id: "auth.missing",
    title: "no Authorization header: 401 with the error body",
    cost: 0,
    run: async ({ target }) => {
      expectError(await call(target, "GET", PATHS.transactions, undefined, null), 401);
    },
  },
  {
    id: "auth.invalid",
    title: "an unknown key: 401 with the error body, on every endpoint",
    cost: 0,
    run: async ({ target }) => {
      const key = "conformance-not-a-key";
      expectError(await call(target, "GET", PATHS.transactions, undefined, key), 401);
      for (const path of [PATHS.companies, PATHS.leads, PATHS.lookup])
        expectError(await call(target, "POST", path, {}, key), 401);
    },
  },
  {
    id: "A15.raw-key",
    title: 'a key without the Token scheme: 401 "Invalid token header", WWW-Authenticate: Token',
    cost: 0,
    run: async ({ target }) => {
      // The target's own key, sent raw: refused whatever it is, so nothing is spent.
      const response = await fetch(`${target.baseUrl}${PATHS.transactions}`, {
        headers: { Accept: "application/json", Authorization: target.key },
        signal: AbortSignal.timeout(target.timeoutMs),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const error = expectError({ status: response.status, body, text }, 401);
      check(/invalid token header/i.test(String(error.detail)), `detail: ${String(error.detail)}`);
      const scheme = response.headers.get("www-authenticate");
      check(scheme !== null && /^token\b/i.test(scheme), `WWW-Authenticate: ${String(scheme)}`);
    },
  },
  {
    id: "transactions.shape",
    title:
      "transaction list: count, next, previous, limit, max_limit, offset, results typed as the spec says",
    cost: 0,
    run: async (context) => {
      const page = await transactionPage(context, "");
      for (const field of ["count", "limit", "max_limit", "offset"])
        check(typeof page[field] === "number", `${field} is not a number`);
      for (const field of ["next", "previous"])
        check(page[field] === null || typeof page[field] === "string", `${field} is not a URL or null`);
      for (const t of page.results) {
        for (const field of ["id", "created_at", "updated_at", "status", "balance_type", "description"])
          check(typeof t[field] === "string", `record ${field} is not text: ${JSON.stringify(t)}`);
        for (const field of ["amount", "after_balance"])
          check(Number.isInteger(t[field]), `record ${field} is not an integer: ${JSON.stringify(t)}`);
        check(
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?/.test(String(t.created_at)),
          "created_at format",
        );
      }
    },
  },
  {
    id: "transactions.paging",
    title: "transaction list: limit and offset page the records newest first; limit above max_limit is cut",
    cost: 0,
    run: async (context) => {
      const two = await transactionPage(context, "?limit=2&offset=0");
      const second = await transactionPage(context, "?limit=1&offset=1");
      check(two.results.length <= 2, "limit=2 answered more than 2 records");
      if (two.results.length === 2) {
        check(second.results[0]?.id === two.results[1]?.id, "offset=1 does not start at the second record");
        check(typeof two.next === "string" || (two.count as number) <= 2, "next is null with more records");
        const [a, b] = two.results;
        check(String(a!.created_at) >= String(b!.created_at), "records are not newest first");
      }
      const big = await transactionPage(context, "?limit=100000");
      check(
        (big.limit as number) <= (big.max_limit as number),
        `limit ${big.limit} above max_limit ${big.max_limit}`,
      );
      check(big.results.length <= (big.max_limit as number), "more records than max_limit");
    },
  },
  {
    id: "transactions.filters",
    title: "transaction list: field__modifier filters (status, amount, created_at in both date formats)",
    cost: 0,
    run: async (context) => {
      const success = await transactionPage(context, "?status__exact=success&limit=20");
      check(
        success.results.every((t) => t.status === "success"),
        "status__exact=success answered other statuses",
      );
      const charges = await transactionPage(context, "?amount__lt=0&limit=20");
      check(
        charges.results.every((t) => (t.amount as number) < 0),
        "amount__lt=0 answered non-negative amounts",
      );
      await transactionPage(context, "?created_at__gte=2020-01-01");
      await transactionPage(context, "?created_at__range=2020-01-01T00:00:00.000000,2100-01-01");
    },
  },
  {
    id: "A9.account",
    title:
      "users/me: balance_platform is a number (the balance the add-on shows), blocked_balance_platform and the search limits numbers when sent; free",
    cost: 0,
    run: async (context) => {
      const before = await recordCount(context);
      const reply = await call(context.target, "GET", PATHS.account);
      check(reply.status === 200, `users/me: ${show(reply)}`);
      const body = record(reply);
      check(typeof body.balance_platform === "number", `balance_platform is not a number: ${show(reply)}`);
      for (const field of [
        "blocked_balance_platform",
        "max_parallel_searches",
        "max_searches_daily",
        "count_parallel_searches",
        "count_searches_completed_today",
        "count_searches_in_progress_today",
      ]) {
        check(body[field] === undefined || typeof body[field] === "number", `${field} is not a number`);
      }
      check((await recordCount(context)) === before, "reading users/me added a transaction record");
    },
  },
  {
    id: "A11.status-filter",
    title:
      "transaction list: status__exact=pending and =error answer only those rows; an unreadable status is not refused",
    cost: 0,
    run: async (context) => {
      for (const status of ["pending", "error"]) {
        const page = await transactionPage(context, `?status__exact=${status}&limit=20`);
        check(
          page.results.every((t) => t.status === status),
          `status__exact=${status} answered other statuses`,
        );
      }
      const unreadable = await call(
        context.target,
        "GET",
        `${PATHS.transactions}?status__exact=Succes&limit=1`,
      );
      check(unreadable.status === 200, `an unreadable status was refused: ${show(unreadable)}`);
    },
  },
  {
    id: "validation.industry",
    title: "company search with an unlisted industry: 400 ValidationError with a Hint, free",
    cost: 0,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "POST", PATHS.companies, { industries: ["Conformance Alchemy"], limit_by: 2 }),
      );
      check(hasHint(expectError(reply, 400)), `no Hint in the detail: ${show(reply)}`);
    },
  },
  {
    id: "validation.keywords",
    title: "company search with a keyword over 40 characters: 400, free",
    cost: 0,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "POST", PATHS.companies, { keywords: ["x".repeat(41)], limit_by: 2 }),
      );
      expectError(reply, 400);
    },
  },
  {
    id: "validation.persona",
    title: "A5: a persona of three positions: 400 ValidationError with a Hint, free",
    cost: 0,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "POST", PATHS.leads, {
          without_company: true,
          personas: [["three", ["sales"], []]],
          limit_by: 1,
        }),
      );
      check(hasHint(expectError(reply, 400)), `no Hint in the detail: ${show(reply)}`);
    },
  },
  {
    id: "validation.lookup-url",
    title: "lookup without url: 400, free",
    cost: 0,
    run: async (context) => {
      expectError(await free(context, () => call(context.target, "POST", PATHS.lookup, {})), 400);
    },
  },
  {
    id: "A3.other-host",
    title: 'A3: a profile URL on another host: 400 {amount: 0, detail: "Bad url", input_url as sent}, free',
    cost: 0,
    run: async (context) => {
      const url = "https://www.example.com/in/conformance-nobody";
      const reply = await free(context, () => call(context.target, "POST", PATHS.lookup, { url }));
      expectBadUrl(reply, url);
    },
  },
  {
    id: "A8.out-of-funds",
    title: "A8: a key with no credits: 402, or 400 whose detail says insufficient funds; free",
    cost: 0,
    needs: (context) => (context.emptyKey === undefined ? "needs --empty-key (a key with 0 credits)" : null),
    run: async (context) => {
      const reply = await call(
        context.target,
        "POST",
        PATHS.lookup,
        { url: context.profileUrl ?? `https://${context.profileHost}/in/conformance` },
        context.emptyKey,
      );
      const body = expectError(reply, [402, 400]);
      check(/insufficient funds/i.test(JSON.stringify(body.detail)), `detail: ${show(reply)}`);
    },
  },
  {
    id: "A3.nobody",
    title: "A3: a well-formed profile URL of nobody: 400 Bad url body, free",
    cost: 1,
    run: async (context) => {
      const url = `https://${context.profileHost}/in/conformance-nobody-${Date.now().toString(36)}-zzqxv`;
      const reply = await free(context, () => call(context.target, "POST", PATHS.lookup, { url }));
      expectBadUrl(reply, url);
    },
  },
  {
    id: "A1.no-match",
    title: "A1: a company search with no match: {amount: 0, companies: []}, free",
    cost: 2,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "POST", PATHS.companies, { keywords: [NOTHING_MATCHES], limit_by: 2 }),
      );
      check(reply.status === 200, show(reply));
      check(JSON.stringify(reply.body) === JSON.stringify({ amount: 0, companies: [] }), show(reply));
    },
  },
  {
    id: "A6.no-match",
    title:
      'A6: a lead search with no match: {amount: -1, leads: [], status: "No leads match with input criteria"}, free',
    cost: 1,
    run: async (context) => {
      const reply = await free(context, () =>
        call(context.target, "POST", PATHS.leads, {
          without_company: true,
          personas: [["nobody", [NOTHING_MATCHES], [], []]],
          limit_by: 1,
        }),
      );
      check(reply.status === 200, show(reply));
      const body = record(reply);
      check(body.amount === -1, `amount: ${show(reply)}`);
      check(Array.isArray(body.leads) && body.leads.length === 0, `leads: ${show(reply)}`);
      check(body.status === "No leads match with input criteria", `status: ${show(reply)}`);
    },
  },
  {
    id: "A1.count-when-asked",
    title:
      "A1: results_count only with get_max_companies (or include_total_count); the charge is the companies output",
    cost: 6,
    run: async (context) => {
      const body = { keywords: ["software"], limit_by: 2 };
      const plain = record(await call(context.target, "POST", PATHS.companies, body));
      check(!("results_count" in plain), "results_count answered without asking");
      for (const ask of ["get_max_companies", "include_total_count"]) {
        const reply = await call(context.target, "POST", PATHS.companies, { ...body, [ask]: true });
        const asked = record(reply);
        check(typeof asked.results_count === "number", `no results_count with ${ask}: ${show(reply)}`);
        check(
          asked.amount === -(asked.companies as unknown[]).length,
          `amount ${String(asked.amount)} is not minus the companies output`,
        );
      }
    },
  },
  {
    id: "A2.lookup",
    title:
      'A2: a lookup answers source "lead_by_link" and input_url as sent; its charge is a transaction record',
    cost: 1,
    needs: needsProfile,
    run: async (context) => {
      const url = context.profileUrl!;
      const reply = await call(context.target, "POST", PATHS.lookup, { url });
      check(reply.status === 200, show(reply));
      const body = record(reply);
      const lead = body.lead;
      check(isRecord(lead), "no lead");
      check(lead.source === "lead_by_link", `source is ${JSON.stringify(lead.source)}`);
      check(lead.input_url === url, `input_url is ${JSON.stringify(lead.input_url)}`);
      const [latest] = (await transactionPage(context, "?limit=1")).results;
      check(
        latest?.amount === body.amount,
        `newest record amount ${String(latest?.amount)} is not ${String(body.amount)}`,
      );
    },
  },
  {
    id: "A5.free-text",
    title:
      "A5: personas of five positions with free-text keywords ([] functions, CTO, a priority) are accepted",
    cost: 1,
    run: async (context) => {
      const reply = await call(context.target, "POST", PATHS.leads, {
        without_company: true,
        personas: [
          ["Tech leaders", [], ["CTO", "vp"], ["intern"], 1],
          ["Digital marketing", ["digital marketing"], ["head"], [], 0],
        ],
        limit_by: 1,
      });
      check(reply.status === 200, show(reply));
      check(Array.isArray(record(reply).leads), `no leads list: ${show(reply)}`);
    },
  },
  {
    id: "A7.reactions",
    title: "A7: lookup option reactions is accepted, adds reactions, and costs at most 1 more credit",
    cost: 2,
    needs: needsProfile,
    run: async (context) => {
      const reply = await call(context.target, "POST", PATHS.lookup, {
        url: context.profileUrl,
        reactions: true,
      });
      check(reply.status === 200, show(reply));
      const body = record(reply);
      check(body.amount === -1 || body.amount === -2, `amount ${String(body.amount)} is not -1 or -2`);
      check(isRecord(body.lead), "no lead");
      check(
        body.lead.reactions === undefined || Array.isArray(body.lead.reactions),
        "reactions is not a list",
      );
    },
  },
  {
    id: "A7.offset-exclude",
    title: "A7: lead search offset_by pages past the first leads; exclude_ids skips leads by sales id",
    cost: 4,
    run: async (context) => {
      const base = { without_company: true, personas: [["Sales", ["sales"], ["manager"], []]] };
      const first = record(await call(context.target, "POST", PATHS.leads, { ...base, limit_by: 2 }));
      const leads = first.leads as Array<Record<string, unknown>>;
      check(Array.isArray(leads) && leads.length === 2, "the first page has not 2 leads");
      const paged = record(
        await call(context.target, "POST", PATHS.leads, { ...base, limit_by: 1, offset_by: 1 }),
      );
      check(
        (paged.leads as Array<Record<string, unknown>>)[0]?.sales_id === leads[1]!.sales_id,
        "offset_by 1 does not start at the second lead",
      );
      const excluded = record(
        await call(context.target, "POST", PATHS.leads, {
          ...base,
          limit_by: 1,
          exclude_ids: [leads[0]!.sales_id],
        }),
      );
      check(
        (excluded.leads as Array<Record<string, unknown>>)[0]?.sales_id === leads[1]!.sales_id,
        "exclude_ids did not skip the first lead",
      );
    },
  },
  {
    id: "A14.fields",
    title:
      "A14: a company search answers keys under --network-name and --company-db-name, none in the spec's neutral words",
    cost: 2,
    run: async ({ target }) => {
      const reply = await call(target, "POST", PATHS.companies, { limit_by: 2 });
      check(reply.status === 200, show(reply));
      const companies = record(reply).companies;
      check(Array.isArray(companies) && companies.length > 0, "no companies to read the field names from");
      const first = companies[0];
      check(isRecord(first), "a company is not an object");
      for (const key of [
        `${target.networkName}_id`,
        `${target.networkName}_link`,
        `${target.companyDbName}_urn`,
      ])
        check(key in first, `no ${key} in a company (keys: ${Object.keys(first).join(", ").slice(0, 300)})`);
      for (const [word, option] of [
        ["network", target.networkName],
        ["company_db", target.companyDbName],
      ] as const) {
        if (option === word) continue;
        const neutral = keysWith(companies, word);
        check(neutral.length === 0, `keys in the spec's neutral word "${word}": ${neutral.join(", ")}`);
      }
    },
  },
  ...EMAIL_RULES,
];

function expectBadUrl(reply: Reply, url: string): void {
  check(reply.status === 400, `expected 400, got ${show(reply)}`);
  const body = record(reply);
  const expected = { amount: 0, detail: "Bad url", input_url: url, status: "error", status_code: 400 };
  for (const [field, value] of Object.entries(expected))
    check(body[field] === value, `${field} is ${JSON.stringify(body[field])}, not ${JSON.stringify(value)}`);
}

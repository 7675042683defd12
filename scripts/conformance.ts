/**
 * `npm run conformance -- --base-url URL --key KEY [--spend N]`: the HTTP contract checks against
 * any deployment of the API (the sandbox or production), one line per rule: PASS, FAIL or NOT RUN.
 * Paid checks run only within --spend (default 0). Exit status 1 when a rule fails.
 *
 * Optional: --empty-key KEY (a key with 0 credits, for the out-of-funds answer), --profile-url URL
 * (a profile that exists, for the lookup checks), --profile-host HOST, --timeout-ms N, --only a,b,
 * --network-name WORD and --company-db-name WORD (production's words for the spec's `network` and
 * `company_db`, PRODUCTION.md A14: the values to build the add-on with once every rule passes),
 * --email-domain DOMAIN (a domain where "Conformance Nobody" has no mailbox, default example.com:
 * A16's charge rules say what a row without an email costs, settling the undocumented rule).
 */
import { parseArgs } from "node:util";
import { formatResults, runConformance } from "./conformance/run.ts";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    key: { type: "string" },
    spend: { type: "string" },
    "empty-key": { type: "string" },
    "profile-url": { type: "string" },
    "profile-host": { type: "string" },
    "email-domain": { type: "string" },
    "timeout-ms": { type: "string" },
    only: { type: "string" },
    "network-name": { type: "string" },
    "company-db-name": { type: "string" },
  },
});

function usage(problem: string): never {
  console.error(
    `${problem}\nusage: npm run conformance -- --base-url URL --key KEY [--spend N] [--network-name WORD]`,
  );
  process.exit(2);
}

const baseUrl = values["base-url"] ?? usage("--base-url is required");
const key = values.key ?? process.env.API_KEY ?? usage("--key is required (or API_KEY)");
if (!/^https?:\/\//.test(baseUrl)) usage(`--base-url must start with http:// or https://, got ${baseUrl}`);
const whole = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) usage(`--${name} must be a whole number, got ${text}`);
  return Number(text);
};

function word(name: string, text: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(text)) usage(`--${name} must be one lower-case word, got ${text}`);
  return text;
}

const results = await runConformance({
  baseUrl,
  key,
  spend: whole("spend", values.spend) ?? 0,
  ...(values["empty-key"] === undefined ? {} : { emptyKey: values["empty-key"] }),
  ...(values["profile-url"] === undefined ? {} : { profileUrl: values["profile-url"] }),
  ...(values["profile-host"] === undefined ? {} : { profileHost: values["profile-host"] }),
  ...(values["email-domain"] === undefined ? {} : { emailDomain: values["email-domain"] }),
  ...(values["timeout-ms"] === undefined ? {} : { timeoutMs: whole("timeout-ms", values["timeout-ms"]) }),
  ...(values.only === undefined ? {} : { only: values.only.split(",").map((id) => id.trim()) }),
  ...(values["network-name"] === undefined
    ? {}
    : { networkName: word("network-name", values["network-name"]) }),
  ...(values["company-db-name"] === undefined
    ? {}
    : { companyDbName: word("company-db-name", values["company-db-name"]) }),
});
console.log(formatResults(results));
process.exitCode = results.some((r) => r.outcome === "fail") ? 1 : 0;

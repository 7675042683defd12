/**
 * `npm run bench -- wire-read [--answers 500] [--runs 10]`: what reading answers costs at the
 * client's wire boundary (src/api/request.ts interpret): JSON parsing alone (the baseline), then
 * with the key cut out in every spelling (redact.ts, issue 18.11), then with production's names
 * mapped back to the spec's (wire-names.ts, issue 19.1). The answers are the sandbox's own lookups
 * with three paid extras (about 8 KB each), served under another network name.
 */
import { startSandbox } from "../sandbox/api/server";
import type { Connection } from "../src/api/request";
import { interpret } from "../src/api/request";
import { readLeadLookup } from "../src/api/responses";
import { PATHS } from "../src/api/wire";
import { wireTranslation } from "../src/api/wire-names";
import { numberOption } from "./options";

const KEY = "sk/live+7f3c=9a2e-SECRET/key";
const NAMES = { network: "acme", companyDb: "acmedb" };

async function lookupBodies(count: number): Promise<string[]> {
  const sandbox = await startSandbox({
    networkName: NAMES.network,
    companyDbName: NAMES.companyDb,
    companyCount: 2000,
  });
  try {
    const urls = (await (await fetch(`${sandbox.url}/__sandbox/sample-urls?count=${count}`)).json()) as {
      urls: string[];
    };
    const bodies: string[] = [];
    for (const url of urls.urls) {
      const response = await fetch(`${sandbox.url}/api/${NAMES.network}/leads/by_link/`, {
        method: "POST",
        headers: { Authorization: "Token sandbox-demo-key", "Content-Type": "application/json" },
        body: JSON.stringify({ url, posts: true, comments: true, people_also_viewed: true }),
      });
      bodies.push(await response.text());
    }
    return bodies;
  } finally {
    await sandbox.close();
  }
}

/** Mean ms to read every body once, after warming up. */
function readMs(bodies: readonly string[], connection: Connection | undefined, runs: number): number {
  const readAll = () => {
    for (const body of bodies)
      interpret(PATHS.leadLookup, { kind: "response", status: 200, body }, readLeadLookup, connection);
  };
  for (let i = 0; i < 3; i++) readAll();
  const started = performance.now();
  for (let i = 0; i < runs; i++) readAll();
  return (performance.now() - started) / runs;
}

export async function run(args: string[]): Promise<void> {
  const answers = numberOption(args, "answers", 500);
  const runs = numberOption(args, "runs", 10);
  const distinct = await lookupBodies(Math.min(answers, 50));
  const bodies = Array.from({ length: answers }, (_, i) => distinct[i % distinct.length]!);
  const kb = bodies.reduce((sum, body) => sum + body.length, 0) / 1024;
  const base = { baseUrl: "https://api.example", apiKey: KEY };
  const parse = readMs(bodies, undefined, runs);
  const redact = readMs(bodies, base, runs);
  const named = readMs(bodies, { ...base, wire: wireTranslation(NAMES) }, runs);
  const per = (ms: number) => `${ms.toFixed(1)} ms (${((ms / answers) * 1000).toFixed(0)} µs an answer)`;
  console.log(`${answers} lookup answers, ${kb.toFixed(0)} KB: parse and shape check ${per(parse)}`);
  console.log(`  + the key cut out in every spelling: ${per(redact)}, x${(redact / parse).toFixed(2)}`);
  console.log(`  + production's names mapped back: ${per(named)}, x${(named / parse).toFixed(2)}`);
}

/**
 * False job changes: a refresh that lists people who did not move buries the ones who did. The
 * same employer written another way, a title respaced, an answer missing its company, a person
 * with two current jobs: none of them is a move, in the sheet (Job Changed, Previous Job), the
 * run's digest or Job changes. Real moves and promotions still are.
 */
import { describe, expect, it } from "vitest";
import type { Job, Lead } from "../../src/api/wire";
import { jobChangesOfRun, jobChangesSince } from "../../src/jobs/history/digest";
import { FakeClient, lead, url } from "./enrich-fakes";
import { historyWorld } from "./history-fakes";

const HEADER = ["Profile URL", "Title", "Company"];
const slugOf = (sent: string) => sent.split("/in/")[1]!;

/** A history world whose answers are `answers[slug]` (the person's headline job and jobs). */
function world(rows: string[][], answers: Record<string, Partial<Lead>>, header = HEADER) {
  const w = historyWorld([header, ...rows]);
  const client = new FakeClient((sent) => ({ ok: true, lead: lead(slugOf(sent), answers[slugOf(sent)]) }));
  w.d.client = () => client;
  return w;
}

const current = (job_title: string, company_name: string) =>
  ({ job_title, company_name, job_still_working: true, job_ended_on: null }) as Job;

describe("job changes on a refresh", () => {
  it("the same company or title written another way is no move; a move and a promotion are", () => {
    const w = world(
      [
        [url("a"), "VP Sales", "Acme"],
        [url("b"), "VP Sales", "Acme, Inc."],
        [url("c"), "vp  sales", "ACME"],
        [url("d"), "VP\u00a0Sales", "Acme Ltd."],
        [url("e"), "VP Sales", "Acme"],
        [url("f"), "VP Sales", "Acme"],
        [url("g"), "Менеджер", "Яндекс"],
      ],
      {
        a: { job_title: "VP Sales", company_name: "Acme, Inc." },
        b: { job_title: "VP Sales", company_name: "ACME Corp" },
        c: { job_title: "VP Sales", company_name: "Acme" },
        d: { job_title: "VP Sales", company_name: "Acme" },
        e: { job_title: "SVP Sales", company_name: "Acme" },
        f: { job_title: "VP Sales", company_name: "Globex" },
        // A name in another script is compared too, not read as no name at all.
        g: { job_title: "Менеджер", company_name: "Сбер" },
      },
    );
    const runId = w.run();
    expect(w.grid.column("job_changed")).toEqual([false, false, false, false, true, true, true]);
    expect(w.grid.column("previous_job")).toEqual([
      "",
      "",
      "",
      "",
      "VP Sales @ Acme",
      "VP Sales @ Acme",
      "Менеджер @ Яндекс",
    ]);
    const listed = jobChangesOfRun(w.history, runId).map((change) => [
      change.url,
      change.oldTitle,
      change.newTitle,
      change.oldCompany,
      change.newCompany,
    ]);
    expect(listed).toEqual([
      [url("e"), "VP Sales", "SVP Sales", "Acme", "Acme"],
      [url("f"), "VP Sales", "VP Sales", "Acme", "Globex"],
      [url("g"), "Менеджер", "Менеджер", "Яндекс", "Сбер"],
    ]);
    expect(jobChangesSince(w.history, "2000-01-01")).toHaveLength(3);
  });

  it("a title typed by hand in short forms is the API's title; another title at the same company is a change", () => {
    const w = world(
      [
        [url("a"), "VP of Sales", "Acme"],
        [url("b"), "Sr. Software Engineer", "Acme"],
        [url("c"), "Head of R&D", "Acme"],
        [url("d"), "C++ Developer", "Acme"],
        [url("e"), "Sales Manager", "Acme"],
      ],
      {
        a: { job_title: "Vice President, Sales", company_name: "Acme" },
        b: { job_title: "Senior Software Engineer", company_name: "Acme" },
        c: { job_title: "Head of R & D", company_name: "Acme" },
        d: { job_title: "C# Developer", company_name: "Acme" },
        e: { job_title: "Senior Sales Manager", company_name: "Acme" },
      },
    );
    const runId = w.run();
    expect(w.grid.column("job_changed")).toEqual([false, false, false, true, true]);
    expect(jobChangesOfRun(w.history, runId).map((change) => change.url)).toEqual([url("d"), url("e")]);
  });

  it("an answer without a company or title keeps the row's cell and is no move", () => {
    const w = world(
      [
        [url("a"), "VP Sales", "Acme"],
        [url("b"), "VP Sales", "Acme"],
        [url("c"), "VP Sales", "Acme"],
        [url("d"), "VP Sales", "Acme"],
        [url("e"), "VP Sales", "Acme"],
      ],
      {
        a: { job_title: "VP Sales", company_name: "" },
        b: { job_title: "VP Sales", company_name: null as unknown as string },
        c: { job_title: "", company_name: "Acme" },
        // A promotion the answer tells without its company: the company is still the row's.
        d: { job_title: "SVP Sales", company_name: "" },
        // Neither: nothing to compare, so Job Changed says nothing (not FALSE).
        e: { job_title: "", company_name: "" },
      },
    );
    const runId = w.run();
    expect(w.grid.cells.slice(1).map((row) => row.slice(1, 3))).toEqual([
      ["VP Sales", "Acme"],
      ["VP Sales", "Acme"],
      ["VP Sales", "Acme"],
      ["SVP Sales", "Acme"],
      ["VP Sales", "Acme"],
    ]);
    expect(w.grid.column("job_changed")).toEqual([false, false, false, true, ""]);
    expect(jobChangesOfRun(w.history, runId)).toEqual([
      expect.objectContaining({
        url: url("d"),
        oldCompany: "Acme",
        newCompany: "Acme",
        newTitle: "SVP Sales",
      }),
    ]);
  });

  it("a person with two current jobs whose answer heads with the other one has not moved", () => {
    const initech = "https://initech.example";
    const w = world(
      [
        [url("a"), "Advisor", "Initech", initech],
        [url("b"), "Advisor", "Initech", initech],
        [url("c"), "Advisor", "Initech", initech],
      ],
      {
        a: {
          job_title: "VP Sales",
          company_name: "Acme",
          company_website: "https://acme.example",
          jobs: [current("VP Sales", "Acme"), current("Advisor", "Initech")],
        },
        // The advisor role ended: a move.
        b: {
          job_title: "VP Sales",
          company_name: "Acme",
          company_website: "https://acme.example",
          jobs: [
            current("VP Sales", "Acme"),
            { ...current("Advisor", "Initech"), job_still_working: false, job_ended_on: "2025" },
          ],
        },
        // A work-history entry that does not say whether it is held (the current generation's
        // slimmer shape): no reason to miss the move.
        c: {
          job_title: "VP Sales",
          company_name: "Acme",
          company_website: "https://acme.example",
          jobs: [{ job_title: "Advisor", company_name: "Initech" } as Job],
        },
      },
      [...HEADER, "Company Website"],
    );
    const runId = w.run();
    // The row keeps the job it holds, with that job's own website (a Leads sheet's column).
    expect(w.grid.cells.slice(1).map((row) => row.slice(1, 4))).toEqual([
      ["Advisor", "Initech", initech],
      ["VP Sales", "Acme", "https://acme.example"],
      ["VP Sales", "Acme", "https://acme.example"],
    ]);
    expect(w.grid.column("job_changed")).toEqual([false, true, true]);
    expect(jobChangesOfRun(w.history, runId).map((change) => change.url)).toEqual([url("b"), url("c")]);
  });
});

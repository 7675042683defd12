/**
 * Two lists of people in the same rows (an account sheet with a champion and a buyer per row, or a
 * list pasted beside another): each profile URL column's people get columns of their own, headed
 * with that URL column's header ("Buyer URL · Job Title"), and no run writes one list's people over the
 * other's. Before, enriching the second column wrote its people's names and profile URLs over the
 * first list's Name and network_url cells (the playground, a list pasted beside its sample: 280
 * rows), and both lists shared one Title, Company and status columns. Built add-on, emulated
 * runtime, sandbox ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerCredits } from "../../sandbox/api/control";
import { API_PATHS } from "../../sandbox/api/paths";
import { normalizeProfileUrl } from "../../src/api/profile-url";
import { columnLetters } from "../../src/jobs/enrich/progress";
import type { EmailEstimate, EmailProgress } from "../../src/rpc/emails";
import type { EnrichEstimate, EnrichRequest } from "../../src/rpc/enrich";
import type { JobChangeDigest, UndoAnswer } from "../../src/rpc/history";
import { DEFAULT_LOOKUP_FIELDS } from "../../src/sheet/lead-fields";
import {
  chargesPerPerson,
  DEFAULT_REQUEST,
  driveSteps,
  type EnrichWorld,
  estimateAndConfirm,
  rpcValue,
  SHEET,
  startEnrichWorld,
  USER,
} from "../jobs/enrich-world";

const ROWS = 6;
let world: EnrichWorld;
let champions: string[];
let buyers: string[];

beforeAll(async () => {
  world = await startEnrichWorld({ rows: [], userProperties: { SPEND_CAP: "5000" } });
  champions = await world.control.sampleUrls(ROWS, 100);
  buyers = await world.control.sampleUrls(ROWS, 200);
});

afterAll(async () => {
  await world?.close();
});

const header = () =>
  world.runtime
    .getValues(SHEET, "A1:Z1")[0]!
    .map(String)
    .filter((text) => text !== "");
const column = (name: string) => header().indexOf(name);
const values = (name: string) =>
  world.runtime.getValues(SHEET, `A2:Z${ROWS + 1}`).map((row) => row[column(name)]);

function enrich(a1: string) {
  const jobId = estimateAndConfirm(world.runtime, a1);
  const end = driveSteps(world.runtime, jobId);
  expect(end.state).toBe("done");
  return jobId;
}

describe("two lists of people in the same rows", () => {
  it("enriches each URL column into its own columns, never over the other list", async () => {
    world.runtime.setValues(SHEET, "A1", [
      ["Account", "Name", "Champion URL", "Buyer URL", "Title", "Company"],
      ...champions.map((url, i) => [`Account ${i}`, `Champion ${i}`, url, buyers[i]!, "Old title", "Old Co"]),
    ]);
    const before = world.runtime.getValues(SHEET, `A1:F${ROWS + 1}`);
    await world.control.reset();

    enrich(`D1:D${ROWS + 1}`);
    // The buyers' columns, appended and headed with their URL column's header.
    expect(header().slice(6)).toEqual([
      "Buyer URL · Full Name",
      "Buyer URL · Job Title",
      "Buyer URL · Company",
      "Buyer URL · Location",
      "Buyer URL · Enrichment Status",
      "Buyer URL · Enriched At",
      "Buyer URL · Job Changed",
      "Buyer URL · Previous Job",
    ]);
    // The champions' Name, their URLs, and the unprefixed Title and Company are left as they were.
    expect(world.runtime.getValues(SHEET, `A1:F${ROWS + 1}`)).toEqual(before);
    expect(values("Buyer URL · Enrichment Status")).toEqual(new Array(ROWS).fill("ok"));
    const buyerNames = values("Buyer URL · Full Name");
    expect(buyerNames.every((name) => typeof name === "string" && name !== "")).toBe(true);
    const ledger = await world.control.stats();
    expect(ledger.creditsCharged).toBe(ROWS);

    // The champions, the first list (the leftmost: no header names a profile URL), keep the plain
    // columns as a sheet with one list does: their Name, Title and Company, the plain statuses.
    const buyersCells = world.runtime.getValues(SHEET, `G1:N${ROWS + 1}`);
    enrich(`C1:C${ROWS + 1}`);
    expect(header().slice(14)).toEqual([
      "Location",
      "Enrichment Status",
      "Enriched At",
      "Job Changed",
      "Previous Job",
    ]);
    expect(world.runtime.getValues(SHEET, `G1:N${ROWS + 1}`)).toEqual(buyersCells);
    expect(world.runtime.getValues(SHEET, `A1:A${ROWS + 1}`)).toEqual(before.map((row) => [row[0]]));
    expect(world.runtime.getValues(SHEET, `C1:D${ROWS + 1}`)).toEqual(before.map((row) => row.slice(2, 4)));
    expect(values("Name")).not.toEqual(buyerNames);
    expect(values("Title").every((title) => title !== "Old title")).toBe(true);
    expect(values("Job Changed")).toEqual(new Array(ROWS).fill(true));
  });

  it("refreshes a list in its own columns: none added, a job change found and told", async () => {
    const width = header().length;
    // A buyer whose Title and Company the sheet still shows as an old job.
    const title = column("Buyer URL · Job Title");
    const company = column("Buyer URL · Company");
    world.runtime.setValues(SHEET, `A2:Z2`, [
      world.runtime
        .getValues(SHEET, "A2:Z2")[0]!
        .map((value, index) => (index === title ? "Old title" : index === company ? "Old Co" : value)),
    ]);
    await world.control.reset();
    const jobId = enrich(`D1:D${ROWS + 1}`);
    expect(header().length).toBe(width);
    expect(values("Buyer URL · Job Changed")[0]).toBe(true);
    expect(values("Buyer URL · Previous Job")[0]).toBe("Old title @ Old Co");
    // The champions' own job change column says nothing of the buyer.
    expect(values("Job Changed")[0]).toBe(true);
    const digest = rpcValue<JobChangeDigest>(world.runtime, "historyDigest", { jobId });
    expect(digest.count).toBe(1);
    expect(digest.changes[0]).toMatchObject({ oldTitle: "Old title", oldCompany: "Old Co" });
  });

  it("the first list's estimate says the rows hold another list, before it writes the plain columns", async () => {
    // Before, it said nothing: a list pasted left of an enriched one (both headed as profile URLs)
    // took the plain columns that held the other list's people, with no word before paying.
    const sheet = "First of two";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["LinkedIn URL", "Name", "network_url"],
      ...champions.map((url, i) => [buyers[i]!, `Sample ${i}`, url]),
    ]);
    world.runtime.select(sheet, `A1:A${ROWS + 1}`);
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", DEFAULT_REQUEST);
    expect(estimate.preview.lists).toEqual({ others: ["C"], name: "", first: true });
    world.runtime.deleteSheet(sheet);
  });

  it("a list pasted beside another: the other's Name and network_url are left alone", async () => {
    const sheet = "Pasted beside";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Name", "network_url", "", "Profile URL"],
      ...champions.map((url, i) => [`Sample ${i}`, url, "", buyers[i]!]),
    ]);
    const before = world.runtime.getValues(sheet, `A1:D${ROWS + 1}`);
    await world.control.reset();
    // The Enrich tab's default fields, the profile URL among them.
    const request = { options: { ...DEFAULT_REQUEST.options, fields: [...DEFAULT_LOOKUP_FIELDS] } };
    world.runtime.select(sheet, `D1:D${ROWS + 1}`);
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", request);
    // The estimate says why the columns are new, before anything is spent.
    expect(estimate.preview.lists).toEqual({ others: ["B"], name: "Profile URL", first: false });
    expect(estimate.preview.targets[0]).toMatchObject({ column: "E", newHeader: "Profile URL · Full Name" });
    rpcValue(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    expect(driveSteps(world.runtime, estimate.progress.jobId).state).toBe("done");
    expect(world.runtime.getValues(sheet, `A1:D${ROWS + 1}`)).toEqual(before);
    const headers = world.runtime
      .getValues(sheet, "E1:Z1")[0]!
      .map(String)
      .filter((text) => text !== "");
    expect(headers[0]).toBe("Profile URL · Full Name");
    expect(headers).not.toContain("Profile URL · network_url");
    expect((await world.control.stats()).creditsCharged).toBe(ROWS);
  });

  it("a list named by hostile header text gets headers that stay text", async () => {
    const sheet = "Hostile header";
    world.runtime.insertSheet(sheet);
    // What a user typed as text ('+Buyer, '=1+1): the header is read without its apostrophe.
    world.runtime.setValues(sheet, "A1", [
      ["'=1+1", "'+Buyer"],
      ...champions.map((url, i) => [url, buyers[i]!]),
    ]);
    const jobId = estimateAndConfirm(world.runtime, `B1:B${ROWS + 1}`, DEFAULT_REQUEST, sheet);
    expect(driveSteps(world.runtime, jobId).state).toBe("done");
    const cells = world.runtime.getSheetCells(sheet)[0]!;
    expect(cells[2]).toMatchObject({ value: "+Buyer · Full Name" });
    expect(cells.some((cell) => cell.formula !== undefined)).toBe(false);
  });

  it("Work email and Undo keep to the list's own columns", async () => {
    const sheet = "Emails and undo";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Champion URL", "Email", "Buyer URL"],
      ...champions.map((url, i) => [url, `champion${i}@example.com`, buyers[i]!]),
    ]);
    const before = world.runtime.getValues(sheet, `A1:C${ROWS + 1}`);
    await world.control.reset();
    world.runtime.select(sheet, `C1:C${ROWS + 1}`);
    const request = {
      options: {
        ...DEFAULT_REQUEST.options,
        fields: ["full_name", "company_name", "company_website"],
        workEmail: true,
      },
    } as EnrichRequest;
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichEstimate", request);
    expect(estimate.preview.workEmail?.headers).toEqual(["Buyer URL · Email", "Buyer URL · Email Status"]);
    rpcValue(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    expect(driveSteps(world.runtime, estimate.progress.jobId).state).toBe("done");
    const headers = world.runtime.getValues(sheet, "A1:Z1")[0]!.map(String);
    expect(headers).toContain("Buyer URL · Email");
    // The champions' own Email column is never the buyers'.
    expect(world.runtime.getValues(sheet, `A1:C${ROWS + 1}`)).toEqual(before);

    const undone = rpcValue<UndoAnswer>(world.runtime, "historyUndo", null);
    expect(undone.leftAlone).toBe(0);
    const after = world.runtime.getValues(sheet, `A1:Z${ROWS + 1}`);
    expect(after.map((row) => row.slice(0, 3))).toEqual(before);
    expect(after.every((row) => row.slice(3).every((value) => value === ""))).toBe(true);
  });

  it("the Emails action over a second list's cells writes that list's Email columns", async () => {
    const sheet = "Emails action";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Champion URL", "Email", "Buyer URL"],
      ...champions.map((url, i) => [url, `champion${i}@example.com`, buyers[i]!]),
    ]);
    const request = {
      options: { ...DEFAULT_REQUEST.options, fields: ["full_name", "company_website"] },
    } as EnrichRequest;
    expect(
      driveSteps(world.runtime, estimateAndConfirm(world.runtime, `C1:C${ROWS + 1}`, request, sheet)).state,
    ).toBe("done");
    const before = world.runtime.getValues(sheet, `A1:C${ROWS + 1}`);
    const names =
      world.runtime.getValues(sheet, "A1:Z1")[0]!.map(String).indexOf("Buyer URL · Full Name") + 1;
    expect(names).toBeGreaterThan(0);
    await world.control.reset();
    // The buyers' names selected, as a user picks whose emails to find.
    world.runtime.select(sheet, `${columnLetters(names)}2:${columnLetters(names)}${ROWS + 1}`);
    const estimate = rpcValue<EmailEstimate>(world.runtime, "emailsEstimate", { kind: "find" });
    rpcValue(world.runtime, "emailsConfirm", { jobId: estimate.progress.jobId });
    let progress = rpcValue<EmailProgress>(world.runtime, "emailsStep", { jobId: estimate.progress.jobId });
    for (let i = 0; progress.state === "running" && i < 20; i += 1)
      progress = rpcValue<EmailProgress>(world.runtime, "emailsStep", { jobId: estimate.progress.jobId });
    const headers = world.runtime.getValues(sheet, "A1:Z1")[0]!.map(String);
    expect(headers).toContain("Buyer URL · Email");
    expect(headers).toContain("Buyer URL · Email Status");
    // The champions' Email column is never where the buyers' addresses go.
    expect(world.runtime.getValues(sheet, `A1:C${ROWS + 1}`)).toEqual(before);
    const statuses = world.runtime
      .getValues(sheet, `A2:Z${ROWS + 1}`)
      .map((row) => String(row[headers.indexOf("Buyer URL · Email Status")] ?? ""));
    expect(statuses.every((status) => status !== "")).toBe(true);
    expect(await ledgerCredits(world.control, "email")).toBeLessThanOrEqual(ROWS);
  });

  it("rows selected by a second list's names refresh that list", async () => {
    // The first sheet, enriched above: the buyers' names selected, not their URLs.
    const names = column("Buyer URL · Full Name") + 1;
    const width = header().length;
    await world.control.reset();
    const letter = columnLetters(names);
    const jobId = estimateAndConfirm(world.runtime, `${letter}2:${letter}${ROWS + 1}`);
    expect(driveSteps(world.runtime, jobId)).toMatchObject({ state: "done", ok: ROWS });
    expect(header().length).toBe(width);
    expect((await world.control.stats()).creditsCharged).toBe(ROWS);
  });

  it("Retry failed rows of a second list retries them in its own columns", async () => {
    const sheet = "Retry";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["Champion URL", "Buyer URL"],
      ...champions.map((url, i) => [url, buyers[i]!]),
    ]);
    await world.control.reset();
    // The lookup path, one URL a request: the first URL meets the API's own 500 on every try and fails.
    world.runtime.properties.user(USER).setAll({ CHUNK_SIZE: "1", API_GENERATION: "legacy" });
    await world.control.configure({
      faults: [{ path: API_PATHS.leadLookup, kind: "server_error", count: 5 }],
    });
    const first = driveSteps(
      world.runtime,
      estimateAndConfirm(world.runtime, `B1:B${ROWS + 1}`, DEFAULT_REQUEST, sheet),
    );
    expect(first).toMatchObject({ state: "done", failed: 1, ok: ROWS - 1 });
    const width = world.runtime.getValues(sheet, "A1:Z1")[0]!.filter((text) => text !== "").length;
    const estimate = rpcValue<EnrichEstimate>(world.runtime, "enrichRetryEstimate", {
      jobId: first.jobId,
      includeMaybeCharged: false,
    });
    expect(estimate.preview.toFetch).toBe(1);
    rpcValue(world.runtime, "enrichConfirm", { jobId: estimate.progress.jobId });
    expect(driveSteps(world.runtime, estimate.progress.jobId)).toMatchObject({ state: "done", ok: 1 });
    const headers = world.runtime
      .getValues(sheet, "A1:Z1")[0]!
      .map(String)
      .filter((text) => text !== "");
    expect(headers.length).toBe(width);
    const status = headers.indexOf("Buyer URL · Enrichment Status");
    const statuses = world.runtime.getValues(sheet, `A2:Z${ROWS + 1}`).map((row) => String(row[status]));
    expect(statuses).toEqual(new Array(ROWS).fill("ok"));
    // Each buyer charged once in the sandbox's ledger, the retried one included.
    const charges = await chargesPerPerson(world.control);
    expect(buyers.map((url) => charges.get(normalizeProfileUrl(url)!) ?? 0)).toEqual(new Array(ROWS).fill(1));
  });

  it("a URL column beside one that holds the same people is one list (a CRM's two spellings)", async () => {
    const sheet = "Same people";
    world.runtime.insertSheet(sheet);
    world.runtime.setValues(sheet, "A1", [
      ["LinkedIn URL", "Profile link", "Title"],
      ...champions.map((url) => [url, url.replace("https://www.", "http://"), "Old title"]),
    ]);
    const jobId = estimateAndConfirm(world.runtime, `A1:A${ROWS + 1}`, DEFAULT_REQUEST, sheet);
    expect(driveSteps(world.runtime, jobId).state).toBe("done");
    const headers = world.runtime.getValues(sheet, "A1:Z1")[0]!.map(String);
    expect(headers.slice(0, 4)).toEqual(["LinkedIn URL", "Profile link", "Title", "Full Name"]);
    expect(headers.some((text) => text.includes(" · "))).toBe(false);
  });
});

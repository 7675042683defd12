/**
 * README.md and every page under docs/ name only files and headings that exist, and the README
 * keeps its promises: at most 150 lines, the quick start in the first screen, and one click to
 * every section the old 1,137-line README had.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { headingAnchors, isExternal, markdownLinks } from "./markdown-links";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const readme = join(root, "README.md");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const pages = [readme, ...markdownFiles(join(root, "docs"))];

/** Where a link of `page` lands: the file it names (itself for `#anchor`) and the anchor, if any. */
function resolveLink(page: string, target: string): { file: string; anchor: string | null } {
  const [path, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = path === "" ? page : join(dirname(page), decodeURIComponent(path));
  return { file, anchor: anchor ?? null };
}

describe("documentation links", () => {
  it.each(pages.map((page) => relative(root, page)))(
    "%s names only files and headings that exist",
    (name) => {
      const page = join(root, name);
      const broken: string[] = [];
      for (const link of markdownLinks(readFileSync(page, "utf8"))) {
        if (isExternal(link.target)) continue;
        const { file, anchor } = resolveLink(page, link.target);
        if (!existsSync(file)) {
          broken.push(`${link.target}: no such ${link.image ? "image" : "file"}`);
          continue;
        }
        if (
          anchor !== null &&
          file.endsWith(".md") &&
          !headingAnchors(readFileSync(file, "utf8")).has(anchor)
        ) {
          broken.push(`${link.target}: no heading makes #${anchor}`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it("every screenshot under docs/ is shown by some page", () => {
    const shown = new Set(
      pages.flatMap((page) =>
        markdownLinks(readFileSync(page, "utf8"))
          .filter((link) => link.image && !isExternal(link.target))
          .map((link) => resolveLink(page, link.target).file),
      ),
    );
    const images = readdirSync(join(root, "docs"))
      .filter((name) => name.endsWith(".png"))
      .map((name) => join(root, "docs", name));
    expect(images.filter((image) => !shown.has(image)).map((image) => relative(root, image))).toEqual([]);
  });
});

describe("README.md", () => {
  const text = readFileSync(readme, "utf8");
  const lines = text.split("\n");

  it("is at most 150 lines", () => {
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  it("shows the two quick-start commands within the first screen (40 lines)", () => {
    const firstScreen = lines.slice(0, 40).join("\n");
    expect(firstScreen).toContain("npm install && npm start");
    expect(firstScreen).toMatch(/^npm test\b/m);
  });

  /** Each section of the old README, and the page and anchor it lives at now. */
  const oldSections: [string, string][] = [
    ["Quick start", "README.md#quick-start"],
    ["Scripts", "docs/development.md#scripts"],
    ["The playground", "docs/playground.md"],
    ["Deploying to a real spreadsheet with clasp", "docs/deploy.md"],
    ["Formulas", "docs/formulas.md"],
    ["What formulas cost", "docs/formulas.md#what-formulas-cost"],
    [
      "Shared spreadsheets spend the owner's key",
      "docs/formulas.md#shared-spreadsheets-spend-the-owners-key",
    ],
    ["Caching, and how to get fresh data", "docs/formulas.md#caching-and-how-to-get-fresh-data"],
    ["Batch enrichment", "docs/enrichment.md"],
    ["Measured: npm run bench -- enrich", "docs/enrichment.md#measured-npm-run-bench----enrich"],
    ["Keeping lists fresh", "docs/keeping-lists-fresh.md"],
    ["Change history and Undo last run", "docs/keeping-lists-fresh.md#change-history-and-undo-last-run"],
    [
      "Measured: what the history costs",
      "docs/keeping-lists-fresh.md#measured-what-the-history-costs-npm-run-bench----enrich",
    ],
    ["Job changes", "docs/keeping-lists-fresh.md#job-changes"],
    ["Retry failed rows", "docs/keeping-lists-fresh.md#retry-failed-rows"],
    ["Scheduled refresh", "docs/keeping-lists-fresh.md#scheduled-refresh"],
    ["Freeze selected formulas to values", "docs/keeping-lists-fresh.md#freeze-selected-formulas-to-values"],
    ["Company search", "docs/search.md#company-search-find-companies-by-ideal-customer-profile"],
    ["Lead search", "docs/search.md#lead-search-find-people-by-persona"],
    ["Forms: lists, pick lists and presets", "docs/search.md#forms-lists-pick-lists-and-presets"],
    ["Settings", "docs/settings.md"],
    ["Credits", "docs/credits.md"],
    ["Paid rows are never lost to a sheet", "docs/search.md#paid-rows-are-never-lost-to-a-sheet"],
    ["What things cost", "README.md#what-things-cost"],
    ["Limits you will meet", "docs/limits.md"],
    ["Tests and benchmarks", "docs/development.md#tests-and-benchmarks"],
    ["Checking production", "docs/production.md"],
    ["How it is built", "docs/development.md#how-it-is-built"],
    ["Project layout", "docs/development.md#project-layout"],
  ];

  it.each(oldSections)("reaches the old section %s in one click", (_title, place) => {
    const [file, anchor] = place.split("#", 2) as [string, string | undefined];
    if (file === "README.md") {
      expect(headingAnchors(text).has(anchor!)).toBe(true);
      return;
    }
    const targets = markdownLinks(text).map((link) => link.target);
    expect(targets).toContain(anchor ? `${file}#${anchor}` : file);
  });
});

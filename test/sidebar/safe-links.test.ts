/**
 * Links in the sidebar are http(s) only (issue 18.12): the job-change digest links each person's
 * profile from the history sheet's Profile URL cell, which any editor can set to `javascript:...`;
 * a click would run that script in the owner's sidebar. Every link built from data goes through
 * one helper (sidebar/components/safe-link.tsx) that keeps http and https URLs and shows anything
 * else as text; a scan of the built sidebar finds no `href` outside it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { ChangeLine } from "../../sidebar/tabs/enrich/history";
import type { JobChange } from "../../src/rpc/history";
import { vnodeHtml } from "./vnode-html";

const root = join(import.meta.dirname, "../..");

const change = (url: string): JobChange => ({
  runId: "run-1",
  time: "2026-11-21T10:00:00",
  sheet: "CRM",
  row: 2,
  name: "Ada Lovelace",
  url,
  oldTitle: "Engineer",
  newTitle: "CTO",
  oldCompany: "Old Co",
  newCompany: "New Co",
  kept: "",
});

describe("the job-change digest's profile link", () => {
  it("links an https profile URL, opening a new tab without handing it the sidebar", () => {
    const html = vnodeHtml(ChangeLine({ change: change("https://www.network.example/in/ada-1") }));
    expect(html).toContain(
      '<a href="https://www.network.example/in/ada-1" target="_blank" rel="noopener noreferrer">profile</a>',
    );
  });

  it.each([
    "javascript:alert(document.domain)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/in/x",
    "/in/relative",
    "ftp://files.example/x",
  ])("renders %j as text, never as an href", (url) => {
    const html = vnodeHtml(ChangeLine({ change: change(url) }));
    expect(html).not.toContain("href=");
    expect(html).not.toContain("<a");
  });
});

/** The sidebar bundled as the build bundles it, unminified, so each module's code can be told apart. */
async function sidebarModules(): Promise<Map<string, string>> {
  const result = await esbuild.build({
    entryPoints: [join(root, "sidebar/main.tsx")],
    bundle: true,
    format: "esm",
    target: "es2020",
    platform: "browser",
    minify: false,
    write: false,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    logLevel: "silent",
  });
  const text = result.outputFiles[0]!.text;
  // esbuild heads each module's code with a comment naming its file.
  const modules = new Map<string, string>();
  const parts = text.split(/^\/\/ (\S+\.(?:tsx?|jsx?|mjs))$/m);
  for (let i = 1; i < parts.length; i += 2)
    modules.set(parts[i]!, (modules.get(parts[i]!) ?? "") + parts[i + 1]);
  return modules;
}

describe("every link in the built sidebar goes through the one helper", () => {
  it("the bundle's only href is set in sidebar/components/safe-link.tsx", async () => {
    const modules = await sidebarModules();
    expect(modules.size).toBeGreaterThan(20);
    const ours = [...modules].filter(([file]) => !file.startsWith("node_modules/"));
    const withHref = ours.filter(([, code]) => /\bhref\b/.test(code)).map(([file]) => file);
    expect(withHref).toEqual(["sidebar/components/safe-link.tsx"]);
    // Nor is any data put in as HTML, where a link could hide.
    expect(ours.filter(([, code]) => /dangerouslySetInnerHTML|innerHTML|outerHTML/.test(code))).toEqual([]);
  });

  it("the built dist/sidebar.html sets an href in one place only (the helper's), and has no javascript: URL", () => {
    const built = readFileSync(join(root, "dist/sidebar.html"), "utf8");
    // An object property href (a JSX attribute): the helper's one.
    expect(built.match(/[{,]\s*href\s*:/g)?.length ?? 0).toBe(1);
    expect(built).not.toMatch(/javascript:/i);
  });
});

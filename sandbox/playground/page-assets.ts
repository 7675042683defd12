/**
 * Bundles the playground page and the sidebar's google.script shim with esbuild, in memory, at
 * start: nothing is fetched from the network and nothing is written to disk.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleForBrowser, inlineScriptText } from "../../scripts/browser-bundle";

export interface PageAssets {
  indexHtml: string;
  appJs: string;
  appCss: string;
  /** The shim as an inline <script> element, ready to put at the top of the sidebar's <head>. */
  shimScript: string;
}

/** `pageDir` is sandbox/playground/page (passed in: this module may run from a bundle). */
export async function buildPageAssets(pageDir: string): Promise<PageAssets> {
  const [appJs, shimJs] = await Promise.all([
    bundleForBrowser(join(pageDir, "main.tsx")),
    bundleForBrowser(join(pageDir, "sidebar-shim.ts")),
  ]);
  return {
    indexHtml: readFileSync(join(pageDir, "index.html"), "utf8"),
    appJs,
    appCss: readFileSync(join(pageDir, "style.css"), "utf8"),
    shimScript: `<script>${inlineScriptText(shimJs)}</script>`,
  };
}

/** Puts the shim first in the sidebar's <head>, so google.script exists before the sidebar's script runs. */
export function injectShim(sidebarHtml: string, shimScript: string): string {
  const head = /<head[^>]*>/i.exec(sidebarHtml);
  if (!head) return shimScript + sidebarHtml;
  const at = head.index + head[0].length;
  return sidebarHtml.slice(0, at) + shimScript + sidebarHtml.slice(at);
}

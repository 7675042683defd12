/**
 * One way to bundle browser code (the sidebar, the playground page and its shim): a minified
 * IIFE for es2020 with Preact's JSX, to be inlined into an HTML page.
 */
import * as esbuild from "esbuild";

export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    minify: true,
    charset: "utf8",
    write: false,
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
  });
  return result.outputFiles[0]!.text;
}

/** An inline script ends at the first "</script" whatever the JavaScript means, so break it up. */
export function inlineScriptText(js: string): string {
  return js.replaceAll("</script", "<\\/script");
}

/**
 * The project's manifest (appsscript.json) as the runtime enforces it.
 *
 * urlFetchWhitelist (G3 of PRODUCTION.md; Google's "Allowlist URLs" page): when the manifest has
 * it, every fetched URL must match one of its prefixes, else the call throws "Request to <url>
 * failed because the URL has not been whitelisted in the script manifest." (the text users
 * report). Matching as Google states it: same scheme and host (a leading `*.` in the prefix's host
 * matches subdomains), the URL's path equal to the prefix's path or below it, paths compared case
 * sensitively; query strings do not matter. A URL carrying a user name or password never matches
 * (`https://allowed.example@elsewhere.example/` is elsewhere).
 *
 * Emulation-only extension: a prefix may name the port `*` (`http://127.0.0.1:*\/`), which
 * matches any port. Only sandbox builds write it (scripts/build.ts `sandbox: true`), so tests and
 * the playground may fetch the sandbox on its ephemeral port; Google refuses http prefixes, and a
 * production build never has it.
 */

export interface Manifest {
  urlFetchWhitelist?: string[];
  oauthScopes?: string[];
  [field: string]: unknown;
}

export function parseManifest(text: string): Manifest {
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error("appsscript.json is not a JSON object");
  }
  return parsed as Manifest;
}

export function whitelistMessage(url: string): string {
  return `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`;
}

interface Prefix {
  protocol: string;
  /** Host without port; "*.example.com" matches subdomains. */
  host: string;
  /** "" for the scheme's default port; "*" for any port (emulation only). */
  port: string;
  path: string;
}

const PREFIX = /^([a-z][a-z0-9+.-]*:)\/\/(\*\.)?([^/:?#@]+)(?::(\d+|\*))?(\/[^?#]*)?$/i;
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

function readPrefix(text: string): Prefix | null {
  const match = PREFIX.exec(text);
  if (!match) return null;
  const protocol = match[1]!.toLowerCase();
  const port = match[4] ?? "";
  return {
    protocol,
    host: `${match[2] ?? ""}${match[3]!.toLowerCase()}`,
    port: port === DEFAULT_PORTS[protocol] ? "" : port,
    path: match[5] ?? "/",
  };
}

function hostMatches(prefixHost: string, host: string): boolean {
  if (!prefixHost.startsWith("*.")) return prefixHost === host;
  return host.endsWith(prefixHost.slice(1));
}

function pathMatches(prefixPath: string, path: string): boolean {
  if (path === prefixPath) return true;
  if (!path.startsWith(prefixPath)) return false;
  return prefixPath.endsWith("/") || path[prefixPath.length] === "/";
}

/** Whether the manifest lets the script fetch `url` (no whitelist: anything). */
export function fetchAllowed(manifest: Manifest | undefined, url: string): boolean {
  const list = manifest?.urlFetchWhitelist;
  if (!Array.isArray(list)) return true;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.username !== "" || target.password !== "") return false;
  return list.some((text) => {
    const prefix = readPrefix(String(text));
    return (
      prefix !== null &&
      prefix.protocol === target.protocol &&
      hostMatches(prefix.host, target.hostname) &&
      (prefix.port === "*" || prefix.port === target.port) &&
      pathMatches(prefix.path, target.pathname)
    );
  });
}

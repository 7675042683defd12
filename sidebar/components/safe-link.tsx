/**
 * The one way the sidebar links to a URL that came from data (a sheet cell, an API answer): any
 * editor of a shared spreadsheet can put `javascript:...` in a cell the sidebar later links, and a
 * click would run it in the owner's sidebar with the owner's authority. Only http and https URLs
 * become links, opened in a new tab that gets no handle on the sidebar (noopener) and no referrer;
 * anything else is shown as text. test/sidebar/safe-links.test.ts checks the built sidebar sets
 * `href` nowhere else.
 */
import type { ComponentChildren } from "preact";

const WEB_SCHEMES = new Set(["http:", "https:"]);

/**
 * The URL as a link may carry it: an absolute http(s) URL, as the URL parser reads it (so tabs,
 * new lines and letter case cannot disguise the scheme); null for anything else, relative and
 * protocol-relative URLs included.
 */
export function safeLinkUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return WEB_SCHEMES.has(url.protocol) ? url.href : null;
}

/**
 * A link to `url` showing `children`, or, when `url` is not an http(s) URL, `children` and the
 * URL as plain text (Preact escapes text), so the user still sees what the cell holds.
 */
export function DataLink({ url, children }: { url: unknown; children: ComponentChildren }) {
  const href = safeLinkUrl(url);
  if (href === null) {
    return (
      <span class="muted" title="Not a web address, so not a link">
        {children}: {String(url ?? "")}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

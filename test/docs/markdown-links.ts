/**
 * Reads the links of the repository's Markdown pages and the headings they can point at, the way
 * GitHub renders them: the docs tests check that every link and image a page names exists.
 */

/** One link or image of a page: its target as written and whether it is an image. */
export interface MarkdownLink {
  target: string;
  image: boolean;
}

/** The page's text with fenced code blocks and inline code spans blanked (they hold no links). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Every `[text](target)` and `![alt](target)` of a page, outside code. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const match of withoutCode(markdown).matchAll(/(!?)\[[^[\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    links.push({ target: match[2]!, image: match[1] === "!" });
  }
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a page's headings make, with GitHub's -1, -2 suffixes for repeated ones. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```/gm, "");
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = headingSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** A target that leaves the repository (a web address or mail link) rather than naming a file. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

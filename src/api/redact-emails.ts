/**
 * Email addresses cut out of text that may reach a status cell, a message, a log or the sidebar
 * (issue 21, item 7: emails never appear in logs or error text). A server's error detail or a
 * row's `error` may echo the address it was checking; the row's own cells are where it belongs.
 */

const ADDRESS = /[^\s@"'<>(),;:[\]]+@[^\s@"'<>(),;:[\]]+\.[^\s@"'<>(),;:[\]]+/g;
const MARK = "[address]";

/** `text` with every address-shaped word replaced by `[address]`. */
export function redactEmails(text: string): string {
  return text.includes("@") ? text.replace(ADDRESS, MARK) : text;
}

/**
 * Proof that a history row was written by the add-on, so that Undo writes only what a run wrote.
 *
 * Threat model. Anyone who can edit the spreadsheet can add, change or delete rows of
 * `Prospecting changes`: it is an ordinary sheet. Undo runs as whoever presses it, often the
 * owner, and writes the history's old values into the document: a row typed by an editor could
 * make the owner's Undo write `=IMPORTDATA("https://evil...")` anywhere, or grow a sheet to
 * 120,000 rows. So every compact row carries an HMAC-SHA256 of its Changes JSON under a secret
 * that only the add-on's code can read, and Undo writes nothing a row does not prove.
 *
 * Where the secret lives. In document properties, made at random on the first run. Editors cannot
 * read or write them except through the add-on's own code (a published add-on's code is ours, not
 * theirs, and none of it sends the secret to a sidebar, a cell or a log), so they can neither
 * forge a signature nor read one back. User properties would be safer from the code's own
 * mistakes but are per user: a run made by an editor (with their own key) would then be signed
 * with a secret the owner's Undo cannot read, and undoing a colleague's run is a normal thing to
 * do. An editor's run is signed with the same document secret, which is right: what it recorded
 * are the values the add-on itself read from the sheet and the API, nothing the editor typed into
 * the history. Left open: a script bound to the spreadsheet (DESIGN.md: only for a personal try)
 * lets its editors edit the code itself, and nothing in the sheet can defend against that.
 *
 * What Undo does with rows it cannot verify (undo.ts): a compact row with a wrong signature (edited
 * or added by hand) is refused and named. Rows in the earlier, unsigned layout (histories written
 * before this format) are still undone, but only within what the editor could do by hand anyway:
 * never a formula, only in an existing row found by its profile URL and a column found by its
 * header, and only where the cell still holds what the row says the run wrote. An unsigned row
 * claiming a run that has signed rows is refused (runs recorded since are signed whole), and so is
 * an unsigned run that was not in the history when the secret was made (historyKeys).
 */
import type { Store } from "../enrich/ports";
import { isUndoId } from "./columns";
import type { HistoryTable } from "./ports";
import { hmacSha256Hex } from "./sha256";

const KEYS = "history.secret";
const SIGNATURE = /,"sig":"([0-9a-f]{32})"\}$/;
/** Legacy runs remembered as the history's own (a document property holds 9 KB). */
const LEGACY_KEPT = 300;

export interface HistoryKeys {
  /** Signs and verifies compact rows. */
  secret: string;
  /**
   * The runs the unsigned history held when the secret was made: the only unsigned runs Undo
   * treats as the add-on's. Any unsigned run added later was typed in by hand.
   */
  legacyRuns: ReadonlySet<string>;
}

/**
 * The document's history keys (one property read), made on first use: the secret from `fresh`
 * (random text: Utilities.getUuid in Apps Script), and the list of the unsigned runs then in the
 * history (one read of its Run column, once per document).
 */
export function historyKeys(store: Store, table: HistoryTable, fresh: () => string): HistoryKeys {
  try {
    const saved = JSON.parse(store.get(KEYS) ?? "null") as { secret?: unknown; legacy?: unknown } | null;
    if (
      saved &&
      typeof saved.secret === "string" &&
      saved.secret.length >= 32 &&
      Array.isArray(saved.legacy)
    ) {
      return { secret: saved.secret, legacyRuns: new Set(saved.legacy.map(String)) };
    }
  } catch {
    // Unreadable: made again below. Rows signed with the lost secret then read as forged.
  }
  const size = table.size();
  const legacy = new Set<string>();
  for (const cells of size === 0 ? [] : table.read(1, size, 1)) {
    const id = cells[0] ?? "";
    if (id !== "" && !isUndoId(id)) legacy.add(id);
  }
  const kept = [...legacy].slice(-LEGACY_KEPT);
  const secret = fresh();
  store.set(KEYS, JSON.stringify({ secret, legacy: kept }));
  return { secret, legacyRuns: new Set(kept) };
}

const signatureFor = (secret: string, body: string) => hmacSha256Hex(secret, body).slice(0, 32);

/** The JSON body (an object) with its signature as the last field. */
export function signed(secret: string, body: string): string {
  return `${body.slice(0, -1)},"sig":"${signatureFor(secret, body)}"}`;
}

/** A signed text split into its body and signature ("" when it has none). */
export function signatureOf(text: string): { body: string; signature: string } {
  const match = SIGNATURE.exec(text);
  if (!match) return { body: text, signature: "" };
  return { body: `${text.slice(0, match.index)}}`, signature: match[1]! };
}

/** The body when the signature is the secret's, else null. */
export function verified(secret: string, text: string): string | null {
  const { body, signature } = signatureOf(text);
  if (signature === "") return null;
  // Compared whole, not early-out by character: nothing is timed here, but it costs nothing.
  let difference = 0;
  const expected = signatureFor(secret, body);
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return difference === 0 ? body : null;
}

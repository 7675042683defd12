/** The page's calls to the playground server (same origin). */
import type { ExecutionView } from "../protocol";

async function send<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(text || `${response.status} ${response.statusText}`);
  return JSON.parse(text) as T;
}

export const playgroundApi = {
  /** Opens the document: runs onOpen (which builds the add-on menu) and returns the spreadsheet. */
  open: () => send<ExecutionView>("POST", "/api/open", {}),
  runMenuItem: (functionName: string) => send<ExecutionView>("POST", "/api/menu", { functionName }),
  setCell: (sheet: string, a1: string, input: string) =>
    send<ExecutionView>("POST", "/api/cell", { sheet, a1, input }),
  /** Ctrl+V of plain text, or Delete over a block: `rows` from `a1`, each string read as typed. */
  paste: (sheet: string, a1: string, rows: string[][]) =>
    send<ExecutionView>("POST", "/api/paste", { sheet, a1, rows }),
  select: (sheet: string, a1Range: string) =>
    send<{ activeRange: string }>("POST", "/api/select", { sheet, a1Range }),
  addSheet: () => send<ExecutionView>("POST", "/api/add-sheet", {}),
  /** The Clock menu: moves the runtime's clock ahead, running the triggers that fall due. */
  advanceClock: (ms: number) => send<ExecutionView>("POST", "/api/advance-clock", { ms }),
  /** The User menu: act as the owner or as an editor of the shared spreadsheet. */
  setUser: (user: string) => send<ExecutionView>("POST", "/api/user", { user }),
  closeSidebar: () => send<{ closed: true }>("POST", "/api/close-sidebar", {}),
};

/**
 * The playground's HTTP routes: the page and its assets, the sidebar with the shim injected, and the
 * JSON calls that the page and the shim make, each forwarded to the runtime worker.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EngineClient } from "./engine-client";
import { injectShim, type PageAssets } from "./page-assets";
import type { EngineRequest } from "./protocol";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

class BadRequest extends Error {}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequest("Request body too large.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const parsed: unknown = text ? JSON.parse(text) : {};
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest("Expected a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== "string") throw new BadRequest(`"${name}" must be a string.`);
  return value;
}

/** The most cells one paste may hold: a pasted CRM export of some thousand rows fits. */
const MAX_PASTE_CELLS = 50_000;

function textRows(body: Record<string, unknown>, name: string): string[][] {
  const value = body[name];
  const isRow = (row: unknown): row is string[] =>
    Array.isArray(row) && row.every((cell) => typeof cell === "string");
  if (!Array.isArray(value) || !value.every(isRow))
    throw new BadRequest(`"${name}" must be an array of rows of strings.`);
  const cells = value.reduce((sum, row) => sum + row.length, 0);
  if (cells > MAX_PASTE_CELLS) throw new BadRequest(`Paste at most ${MAX_PASTE_CELLS} cells at once.`);
  return value;
}

/** Turns a JSON call into the engine request it stands for. */
function engineRequest(path: string, body: Record<string, unknown>): EngineRequest | null {
  switch (path) {
    case "/api/open":
      return { op: "open" };
    case "/api/view":
      return { op: "view" };
    case "/api/menu":
      return { op: "menu", functionName: text(body, "functionName") };
    case "/api/cell":
      return { op: "setCell", sheet: text(body, "sheet"), a1: text(body, "a1"), input: text(body, "input") };
    case "/api/paste":
      return { op: "paste", sheet: text(body, "sheet"), a1: text(body, "a1"), rows: textRows(body, "rows") };
    case "/api/select":
      return { op: "select", sheet: text(body, "sheet"), a1Range: text(body, "a1Range") };
    case "/api/add-sheet":
      return { op: "addSheet" };
    case "/api/close-sidebar":
      return { op: "closeSidebar" };
    case "/api/advance-clock": {
      const ms = body.ms;
      if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0 || ms > 366 * 86_400_000)
        throw new BadRequest('"ms" must be a number of milliseconds from 0 to a year.');
      return { op: "advanceClock", ms };
    }
    case "/api/user":
      return { op: "setUser", user: text(body, "user") };
    case "/api/script": {
      const args = body.args ?? [];
      if (!Array.isArray(args)) throw new BadRequest('"args" must be an array.');
      return { op: "script", functionName: text(body, "functionName"), args };
    }
    default:
      return null;
  }
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  response.end(body);
}

/** `sidebarHtml` is dist/sidebar.html: served until the add-on opens a sidebar of its own. */
export function createHandler(engine: EngineClient, assets: PageAssets, sidebarHtml: string) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    try {
      if (request.method === "GET" && (path === "/" || path === "/index.html")) {
        return send(response, 200, "text/html; charset=utf-8", assets.indexHtml);
      }
      if (request.method === "GET" && path === "/app.js") {
        return send(response, 200, "text/javascript; charset=utf-8", assets.appJs);
      }
      if (request.method === "GET" && path === "/app.css") {
        return send(response, 200, "text/css; charset=utf-8", assets.appCss);
      }
      if (request.method === "GET" && path === "/sidebar.html") {
        const { html } = await engine.call({ op: "sidebarHtml" });
        return send(
          response,
          200,
          "text/html; charset=utf-8",
          injectShim(html ?? sidebarHtml, assets.shimScript),
        );
      }
      if (path === "/favicon.ico") {
        response.writeHead(204).end();
        return;
      }
      if (path.startsWith("/api/")) {
        if (request.method !== "POST" && !(request.method === "GET" && path === "/api/view")) {
          return send(response, 405, "text/plain", "Use POST.");
        }
        const body = request.method === "POST" ? await readJson(request) : {};
        const call = engineRequest(path, body);
        if (call) return send(response, 200, "application/json", JSON.stringify(await engine.call(call)));
      }
      return send(response, 404, "text/plain", "Not found.");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = error instanceof BadRequest || error instanceof SyntaxError ? 400 : 500;
      return send(response, status, "text/plain; charset=utf-8", message);
    }
  };
}

/** The playground's saved state: one JSON file, replaced atomically so a crash never leaves half of it. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export function readState<T>(path: string): T | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as T;
  } catch {
    // A corrupt file is set aside rather than crashing the playground: the next save replaces it.
    renameSync(path, `${path}.corrupt-${Date.now()}`);
    return null;
  }
}

export function writeState(path: string, state: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, path);
}

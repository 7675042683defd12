import type { CallWindow } from "../../api/client-core";

/**
 * A step's call window: its deadline, and the step's Cancel check when it watches for one
 * (cancel.ts), so a throttled call's wait ends when Cancel is pressed (api/wait.ts).
 */
export function callWindow(deadline: number, stopAsked: (() => boolean) | undefined): CallWindow {
  return stopAsked ? { deadline, stop: stopAsked } : { deadline };
}

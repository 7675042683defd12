/**
 * What every tab does around a server call: mark itself busy, run the call, show a failure in the
 * notice area (as a UserError, with its next step) and unmark busy whatever happened.
 *
 *   const { busy, run } = useServerCall();
 *   const answer = await run(() => call("method", arg)); // undefined when it failed (error shown)
 *
 * `Task` names what is running, for labels such as "Saving…" (`task`); `busy` is whether anything
 * is. Each use of the hook has its own busy state, so a call that must not grey out the tab's main
 * buttons takes its own instance.
 */
import { useRef, useState } from "preact/hooks";
import { asUserError } from "../rpc-client";
import { useNotices } from "./notices";

export interface ServerCallOptions {
  /**
   * Refuse a call while one is running (run returns undefined without calling): for tabs whose
   * buttons stay focusable while busy (aria-disabled), where a keypress may arrive before the
   * re-render that marks them busy.
   */
  oneAtATime?: boolean;
}

export interface ServerCall<Task extends string> {
  busy: boolean;
  /** What is running, when run was given a task name; null when idle or unnamed. */
  task: Task | null;
  /** Whether a call is running now, before any re-render shows it. */
  isRunning(): boolean;
  run<T>(work: () => Promise<T>, task?: Task): Promise<T | undefined>;
}

export function useServerCall<Task extends string = never>(
  options: ServerCallOptions = {},
): ServerCall<Task> {
  const notices = useNotices();
  const [running, setRunning] = useState<{ task: Task | null } | null>(null);
  const runningNow = useRef(false);

  async function run<T>(work: () => Promise<T>, task?: Task): Promise<T | undefined> {
    if (options.oneAtATime && runningNow.current) return undefined;
    runningNow.current = true;
    setRunning({ task: task ?? null });
    try {
      return await work();
    } catch (error) {
      notices.showError(asUserError(error));
      return undefined;
    } finally {
      runningNow.current = false;
      setRunning(null);
    }
  }

  return { busy: running !== null, task: running?.task ?? null, isRunning: () => runningNow.current, run };
}

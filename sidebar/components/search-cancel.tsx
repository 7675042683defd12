/**
 * Cancel for a long search (Companies, Leads). The search is one server call that answers only at
 * its end; Cancel is a second call, naming the run by an id this sidebar made for it, which leaves
 * a request the search reads before each group of requests (src/gas/search-cancel.ts). The
 * requests already out cannot be called back: the panel says so at once, and the search's own
 * answer then says what was written and what it cost.
 *
 *   const cancel = useSearchCancel("companyCancel");
 *   call("companyRun", { form, confirmedCredits, runId: cancel.start() });
 *   {task === "run" ? <SearchRunning what="Searching" cancel={cancel} /> : null}
 */
import { useRef, useState } from "preact/hooks";
import type { SearchCancelAnswer } from "../../src/rpc/companies";
import { call } from "../rpc-client";
import { useServerCall } from "./use-server-call";

export interface SearchCancel {
  /** A new run: its id, to send with the run call. */
  start(): string;
  cancel(): Promise<void>;
  /** The server's answer to Cancel; null before Cancel. */
  stopping: SearchCancelAnswer | null;
  /** The Cancel call is on its way. */
  pending: boolean;
}

/** 96 random bits as hex: an id no other run (or user) can guess or repeat. */
function newRunId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function useSearchCancel(method: "companyCancel" | "leadsCancel"): SearchCancel {
  const runId = useRef("");
  const [stopping, setStopping] = useState<SearchCancelAnswer | null>(null);
  // Its own busy state: the search's call keeps the tab busy, and Cancel must stay pressable.
  const { busy, run } = useServerCall({ oneAtATime: true });
  return {
    start: () => {
      runId.current = newRunId();
      setStopping(null);
      return runId.current;
    },
    cancel: async () => {
      const id = runId.current;
      if (id === "") return;
      const answer = await run(() => call(method, { runId: id }));
      if (answer) setStopping(answer);
    },
    stopping,
    pending: busy,
  };
}

/** While the search runs: what it is doing and Cancel; after Cancel, what stopping means. */
export function SearchRunning({ what, cancel }: { what: string; cancel: SearchCancel }) {
  return (
    <div class="notice info" aria-live="polite" data-testid="search-running">
      {cancel.stopping ? (
        <>
          <strong>{cancel.stopping.message}</strong>
          <span class="next">{cancel.stopping.next}</span>
        </>
      ) : (
        <span>{what}… Cancel stops it before the next requests go out.</span>
      )}
      <div class="buttons">
        <button
          type="button"
          class="secondary"
          data-testid="search-cancel"
          disabled={cancel.pending || cancel.stopping !== null}
          onClick={() => void cancel.cancel()}
        >
          {cancel.stopping || cancel.pending ? "Stopping…" : "Cancel search"}
        </button>
      </div>
    </div>
  );
}

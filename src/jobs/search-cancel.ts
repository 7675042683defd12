/**
 * Cancel for the sidebar's searches (Companies, Leads). A search is one long execution; Cancel is
 * another, which leaves a request under SEARCH_CANCEL_KEY naming the run (stop-request.ts). The
 * search checks before every fetchAll: the requests already sent cannot be called back and are
 * paid, so what they bring is still written; nothing further is sent.
 */

/** The document property (and cache key) of a search's Cancel request. */
export const SEARCH_CANCEL_KEY = "search.cancel";

export interface CancelTracker {
  /** The check handed to the batch (asked before every fetchAll); true once Cancel was seen. */
  stop: () => boolean;
  /** Whether the run saw Cancel: what was not sent after it is "not sent", not a failure. */
  seen(): boolean;
}

/** Remembers whether the run saw Cancel, and asks no more once it did. */
export function trackCancel(asked?: () => boolean): CancelTracker {
  let seen = false;
  return {
    stop: () => {
      if (!seen && asked?.() === true) seen = true;
      return seen;
    },
    seen: () => seen,
  };
}

/** What Cancel answers at once, while the search's execution finishes what it already sent. */
export interface SearchCancelAnswer {
  message: string;
  next: string;
}

export const STOPPING: SearchCancelAnswer = {
  message:
    "Stopping: the requests already sent cannot be called back, so they are paid for and what they bring is written.",
  next: "Nothing further is sent; the result says what was written and what the API's ledger charged.",
};

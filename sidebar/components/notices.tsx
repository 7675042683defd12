/** The sidebar's one place for errors and notices: a context any tab can post to. */
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { UserError } from "../../src/rpc";

export interface Notice {
  tone: "error" | "ok" | "info";
  message: string;
  next?: string;
}

interface NoticeApi {
  notice: Notice | null;
  show(notice: Notice): void;
  showError(error: UserError): void;
  clear(): void;
}

const NoticeContext = createContext<NoticeApi | null>(null);

/** `resetKey`: the notice belongs to what the user looks at; a new key (another tab) clears it. */
export function NoticeProvider({ children, resetKey }: { children: ComponentChildren; resetKey?: string }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const clear = useCallback(() => setNotice(null), []);
  // resetKey is the trigger, not an input of the effect.
  useEffect(() => setNotice(null), [resetKey]);
  const showError = useCallback(
    (error: UserError) => setNotice({ tone: "error", message: error.message, next: error.next }),
    [],
  );
  const api = useMemo(() => ({ notice, show: setNotice, showError, clear }), [notice, showError, clear]);
  return <NoticeContext.Provider value={api}>{children}</NoticeContext.Provider>;
}

export function useNotices(): NoticeApi {
  const api = useContext(NoticeContext);
  if (!api) throw new Error("useNotices needs a NoticeProvider");
  return api;
}

/** Renders the current notice. Text is rendered as text (Preact escapes it), never as HTML. */
export function NoticeBar() {
  const { notice, clear } = useNotices();
  const box = useRef<HTMLDivElement>(null);
  // The bar is at the top of the sidebar; a button that fails is often far below it (Estimate at
  // the foot of a long form): a new error comes into view, or the button seems to do nothing.
  useEffect(() => {
    if (notice?.tone === "error") box.current?.scrollIntoView?.({ block: "nearest" });
  }, [notice]);
  if (!notice) return null;
  return (
    <div ref={box} class={`notice ${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      <button type="button" class="dismiss" aria-label="Dismiss" onClick={clear}>
        ×
      </button>
      {notice.message}
      {notice.next ? <span class="next">{notice.next}</span> : null}
    </div>
  );
}

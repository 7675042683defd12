/**
 * Text still being typed in list fields. A click on Estimate must not lose it, and must not miss the
 * click either: committing a chip on blur grows the form and moves the button between mouse down and
 * up, so the browser never fires the click. The buttons keep the focus where it is (mouse down does
 * not blur) and commit every field's draft first through this registry; the action then runs on the
 * next render, with the committed values. When a draft cannot be accepted (an industry not in the
 * list), the action does not run and the first such field is brought into view with the focus: its
 * reason is shown there, often far above the button that was clicked.
 */
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";

/** A field's draft: commit it (false when some of it could not be accepted: it stays, with why). */
interface Draft {
  commit(): boolean;
  /** Brings the field into view and focuses it, after the render that shows why. */
  reveal(): void;
}

interface DraftRegistry {
  register(draft: Draft): () => void;
  /** Commits every draft and reveals the first refused one; true when all were accepted. */
  commitAll(): boolean;
}

const DraftContext = createContext<DraftRegistry | null>(null);

export function DraftScope({ children }: { children: ComponentChildren }) {
  const registry = useMemo<DraftRegistry>(() => {
    const drafts = new Set<Draft>();
    return {
      register(draft) {
        drafts.add(draft);
        return () => drafts.delete(draft);
      },
      commitAll() {
        // Every draft is committed (no short cut), so each refused field shows its reason.
        const refused = [...drafts].filter((draft) => !draft.commit());
        refused[0]?.reveal();
        return refused.length === 0;
      },
    };
  }, []);
  return <DraftContext.Provider value={registry}>{children}</DraftContext.Provider>;
}

/**
 * A list field registers its commit (the latest one: it closes over the field's values) and the
 * element to reveal when that commit is refused.
 */
export function useDraftCommit(commit: () => boolean, field: { current: HTMLElement | null }): void {
  const registry = useContext(DraftContext);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(
    () =>
      registry?.register({
        commit: () => latest.current(),
        reveal: () =>
          setTimeout(() => {
            field.current?.scrollIntoView({ block: "center" });
            field.current?.focus();
          }, 0),
      }),
    [registry, field],
  );
}

/**
 * An action that first commits the drafts, then runs after the next render (so it sees them).
 * Returns the trigger and mouse-down props that keep the focus (and the layout) where it is.
 */
export function useCommittedAction(action: () => void): {
  trigger(): void;
  keepFocus: { onMouseDown(e: MouseEvent): void };
} {
  const registry = useContext(DraftContext);
  const [pending, setPending] = useState(0);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (pending > 0) latest.current();
  }, [pending]);
  return {
    trigger() {
      if (registry && !registry.commitAll()) return;
      setPending((n) => n + 1);
    },
    keepFocus: { onMouseDown: (e: MouseEvent) => e.preventDefault() },
  };
}

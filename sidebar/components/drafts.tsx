/**
 * Text still being typed in list fields. A click on Estimate must not lose it, and must not miss the
 * click either: committing a chip on blur grows the form and moves the button between mouse down and
 * up, so the browser never fires the click. The buttons keep the focus where it is (mouse down does
 * not blur) and commit every field's draft first through this registry; the action then runs on the
 * next render, with the committed values.
 */
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";

/** Commits a field's draft; false when some of it could not be accepted (it stays, with why). */
type Commit = () => boolean;

interface DraftRegistry {
  register(commit: Commit): () => void;
  /** Commits every draft; true when all were accepted. */
  commitAll(): boolean;
}

const DraftContext = createContext<DraftRegistry | null>(null);

export function DraftScope({ children }: { children: ComponentChildren }) {
  const registry = useMemo<DraftRegistry>(() => {
    const commits = new Set<Commit>();
    return {
      register(commit) {
        commits.add(commit);
        return () => commits.delete(commit);
      },
      commitAll: () => [...commits].map((commit) => commit()).every(Boolean),
    };
  }, []);
  return <DraftContext.Provider value={registry}>{children}</DraftContext.Provider>;
}

/** A list field registers its commit (the latest one: it closes over the field's values). */
export function useDraftCommit(commit: Commit): void {
  const registry = useContext(DraftContext);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => registry?.register(() => latest.current()), [registry]);
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

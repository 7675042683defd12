/**
 * Saved presets (ICP presets, saved personas): load, save, rename and delete, asking first whenever
 * something would be lost: saving over a name that exists, loading over unsaved edits, deleting.
 * Rename is save-under-the-new-name then delete the old one (both stores key presets by name).
 */
import { useState } from "preact/hooks";

type Pending =
  | { kind: "overwrite"; name: string; proceed: () => void }
  | { kind: "load"; name: string }
  | { kind: "delete"; name: string };

export interface PresetManagerProps {
  /** Ids prefix, e.g. "co-preset". */
  id: string;
  /** "preset", "saved personas": the words the questions use. */
  noun: string;
  names: readonly string[];
  busy: boolean;
  /** Whether the form holds edits not saved in any preset (loading would lose them). */
  dirty: boolean;
  placeholder: string;
  saveLabel: string;
  onLoad(name: string): void;
  onSave(name: string): Promise<void>;
  onDelete(name: string): Promise<void>;
  onRename(from: string, to: string): Promise<void>;
}

export function PresetManager(props: PresetManagerProps) {
  const [picked, setPicked] = useState("");
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const exists = (n: string) => props.names.includes(n.trim());
  const chosen = props.names.includes(picked) ? picked : "";

  const save = () => {
    const target = name.trim();
    const done = () => void props.onSave(target).then(() => setName(""));
    if (exists(target)) setPending({ kind: "overwrite", name: target, proceed: done });
    else done();
  };
  const rename = () => {
    const target = newName.trim();
    const done = () =>
      void props.onRename(chosen, target).then(() => {
        setRenaming(false);
        setNewName("");
        setPicked(target);
      });
    if (target === chosen) setRenaming(false);
    else if (exists(target)) setPending({ kind: "overwrite", name: target, proceed: done });
    else done();
  };
  const load = () => {
    if (props.dirty) setPending({ kind: "load", name: chosen });
    else props.onLoad(chosen);
  };

  const question =
    pending === null
      ? ""
      : pending.kind === "overwrite"
        ? `A ${props.noun} named "${pending.name}" exists. Replace it?`
        : pending.kind === "load"
          ? `Loading "${pending.name}" replaces what you changed in the form, which is not saved. Load it anyway?`
          : `Delete the ${props.noun} "${pending.name}" for everyone who edits this spreadsheet?`;
  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === "overwrite") pending.proceed();
    else if (pending.kind === "load") props.onLoad(pending.name);
    else void props.onDelete(pending.name).then(() => setPicked(""));
  };

  return (
    <div class="form-group" data-testid={props.id}>
      {props.names.length > 0 ? (
        <>
          <label for={`${props.id}-pick`}>Saved</label>
          <select id={`${props.id}-pick`} value={chosen} onChange={(e) => setPicked(e.currentTarget.value)}>
            <option value="">Choose…</option>
            {props.names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <div class="buttons">
            <button type="button" class="secondary" disabled={props.busy || !chosen} onClick={load}>
              Load
            </button>
            <button
              type="button"
              class="secondary"
              disabled={props.busy || !chosen}
              onClick={() => {
                setRenaming(!renaming);
                setNewName(chosen);
              }}
            >
              Rename
            </button>
            <button
              type="button"
              class="secondary"
              disabled={props.busy || !chosen}
              onClick={() => setPending({ kind: "delete", name: chosen })}
            >
              Delete
            </button>
          </div>
          {renaming && chosen ? (
            <>
              <label for={`${props.id}-rename`}>New name for "{chosen}"</label>
              <input
                id={`${props.id}-rename`}
                type="text"
                maxLength={60}
                value={newName}
                onInput={(e) => setNewName(e.currentTarget.value)}
              />
              <div class="buttons">
                <button
                  type="button"
                  class="secondary"
                  disabled={props.busy || newName.trim() === ""}
                  onClick={rename}
                >
                  Save new name
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : (
        <span class="hint">None saved in this spreadsheet yet.</span>
      )}
      <label for={`${props.id}-name`}>{props.saveLabel}</label>
      <input
        id={`${props.id}-name`}
        type="text"
        maxLength={60}
        placeholder={props.placeholder}
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <div class="buttons">
        <button type="button" class="secondary" disabled={props.busy || name.trim() === ""} onClick={save}>
          Save
        </button>
      </div>
      {pending ? (
        <div role="alertdialog" aria-labelledby={`${props.id}-question`} class="notice info">
          <span id={`${props.id}-question`}>{question}</span>
          <div class="buttons">
            <button type="button" class="action" onClick={confirm}>
              {pending.kind === "overwrite" ? "Replace" : pending.kind === "load" ? "Load" : "Delete"}
            </button>
            <button type="button" class="secondary" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

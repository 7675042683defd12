/** Saved ICP presets (document properties: shared with everyone editing this spreadsheet). */
import { useState } from "preact/hooks";
import type { CompanySearchForm, Presets } from "../../../src/rpc/companies";

export function PresetBar({
  presets,
  busy,
  onLoad,
  onSave,
  onDelete,
}: {
  presets: Presets;
  busy: boolean;
  onLoad(form: CompanySearchForm, name: string): void;
  onSave(name: string): void;
  onDelete(name: string): void;
}) {
  const [picked, setPicked] = useState("");
  const [name, setName] = useState("");
  const names = Object.keys(presets).sort();
  return (
    <details class="form-group">
      <summary>ICP presets{names.length > 0 ? ` (${names.length})` : ""}</summary>
      {names.length > 0 ? (
        <>
          <label for="co-preset">Saved</label>
          <select id="co-preset" value={picked} onChange={(e) => setPicked(e.currentTarget.value)}>
            <option value="">Choose a preset</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <div class="buttons">
            <button
              type="button"
              class="secondary"
              disabled={busy || !presets[picked]}
              onClick={() => presets[picked] && onLoad(presets[picked], picked)}
            >
              Load
            </button>
            <button
              type="button"
              class="secondary"
              disabled={busy || !presets[picked]}
              onClick={() => onDelete(picked)}
            >
              Delete
            </button>
          </div>
        </>
      ) : null}
      <label for="co-preset-name">Save the form as</label>
      <input
        id="co-preset-name"
        type="text"
        maxLength={60}
        placeholder="e.g. DACH SaaS 51-500"
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <div class="buttons">
        <button
          type="button"
          class="secondary"
          disabled={busy || name.trim() === ""}
          onClick={() => onSave(name)}
        >
          Save preset
        </button>
      </div>
    </details>
  );
}

/** Saved ICP presets (document properties: shared with everyone editing this spreadsheet). */
import type { CompanySearchForm, Presets } from "../../../src/rpc/companies";
import { PresetManager } from "../../components/preset-manager";

export function PresetBar({
  presets,
  busy,
  dirty,
  onLoad,
  onSave,
  onDelete,
  onRename,
}: {
  presets: Presets;
  busy: boolean;
  dirty: boolean;
  onLoad(form: CompanySearchForm, name: string): void;
  onSave(name: string): Promise<void>;
  onDelete(name: string): Promise<void>;
  onRename(from: string, to: string): Promise<void>;
}) {
  const names = Object.keys(presets).sort();
  return (
    <details class="form-group">
      <summary>ICP presets{names.length > 0 ? ` (${names.length})` : ""}</summary>
      <PresetManager
        id="co-preset"
        noun="preset"
        names={names}
        busy={busy}
        dirty={dirty}
        placeholder="e.g. DACH SaaS 51-500"
        saveLabel="Save the form as"
        onLoad={(name) => {
          const form = presets[name];
          if (form) onLoad(form, name);
        }}
        onSave={onSave}
        onDelete={onDelete}
        onRename={onRename}
      />
    </details>
  );
}

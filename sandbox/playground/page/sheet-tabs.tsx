/** The sheet tabs along the bottom. */
interface SheetTabsProps {
  names: string[];
  active: string;
  onSelect(name: string): void;
  onAdd(): void;
}

export function SheetTabs({ names, active, onSelect, onAdd }: SheetTabsProps) {
  return (
    <div class="sheet-bar">
      <button
        type="button"
        class="icon-button add-sheet"
        aria-label="Add sheet"
        title="Add sheet"
        onClick={onAdd}
      >
        +
      </button>
      <div class="sheet-tabs" role="tablist" aria-label="Sheets">
        {names.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === active}
            class={name === active ? "sheet-tab active" : "sheet-tab"}
            onClick={() => onSelect(name)}
          >
            {name}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Accessible tabs: arrow keys, Home and End move between them (WAI-ARIA tabs pattern). */
import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";

export interface TabSpec<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  tabs: readonly TabSpec<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  children: ComponentChildren;
}

export function Tabs<const Id extends string>({ tabs, selected, onSelect, children }: TabsProps<Id>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  // One <main> landmark around the tabs and the panel: a <main> with role="tabpanel" stopped being a
  // landmark (axe: landmark-one-main, aria-allowed-role) and left the tab list outside any (region).
  return (
    <main>
      <div role="tablist" ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            type="button"
            role="tab"
            key={tab.id}
            id={`tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`}>
        {children}
      </div>
    </main>
  );
}

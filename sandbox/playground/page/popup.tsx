/** A menu of the menu bar: its title button and popup, closed by a click outside it. */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

/** The title toggles the popup; `children` gets a way to close it (after an item ran). */
export function Menu({ title, children }: { title: string; children(close: () => void): ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("mousedown", close);
    return () => window.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div class="menu" ref={root}>
      <button
        type="button"
        class="menu-title"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {title}
      </button>
      {open && (
        <div class="menu-popup" role="menu" aria-label={title}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

/** One item of a menu: runs `action` after closing the menu. */
export function MenuItem(props: { label: string; disabled: boolean; close(): void; action(): void }) {
  return (
    <button
      type="button"
      role="menuitem"
      class="menu-item"
      disabled={props.disabled}
      onClick={() => {
        props.close();
        props.action();
      }}
    >
      {props.label}
    </button>
  );
}

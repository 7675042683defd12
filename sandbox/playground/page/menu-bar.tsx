/** The menu bar: a Sheets-like "Extensions" menu holding the add-on's submenu built by onOpen. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { MenuView } from "../protocol";

interface MenuBarProps {
  menu: MenuView | null;
  busy: boolean;
  onRun(functionName: string): void;
}

const INERT_MENUS = ["File", "Edit", "View", "Insert", "Format", "Data", "Tools"];

export function MenuBar({ menu, busy, onRun }: MenuBarProps) {
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
    <nav class="menu-bar" aria-label="Menu bar">
      {INERT_MENUS.map((name) => (
        <span key={name} class="menu-title inert">
          {name}
        </span>
      ))}
      <div class="menu" ref={root}>
        <button
          type="button"
          class="menu-title"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          Extensions
        </button>
        {open && (
          <div class="menu-popup" role="menu" aria-label="Extensions">
            {menu ? (
              <div class="submenu-host" role="none">
                <div class="menu-item has-submenu" role="menuitem" aria-haspopup="menu" tabIndex={0}>
                  {menu.title}
                </div>
                <div class="menu-popup submenu" role="menu" aria-label={menu.title}>
                  {menu.items.map((item) => (
                    <button
                      key={item.functionName}
                      type="button"
                      role="menuitem"
                      class="menu-item"
                      disabled={busy}
                      onClick={() => {
                        setOpen(false);
                        onRun(item.functionName);
                      }}
                    >
                      {item.label}
                    </button>
                  ))}
                </div>
              </div>
            ) : (
              <div class="menu-item inert">No add-on menu (onOpen did not build one)</div>
            )}
          </div>
        )}
      </div>
    </nav>
  );
}

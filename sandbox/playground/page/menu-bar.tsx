/** The menu bar: a Sheets-like "Extensions" menu holding the add-on's submenu built by onOpen. */
import { Fragment } from "preact";
import type { ClockView, MenuView, UserView } from "../protocol";
import { ClockMenu } from "./clock-menu";
import { Menu, MenuItem } from "./popup";
import { UserMenu } from "./user-menu";

interface MenuBarProps {
  menu: MenuView | null;
  busy: boolean;
  onRun(functionName: string): void;
  clock: ClockView | null;
  onAdvanceClock(ms: number): void;
  user: UserView | null;
  onSetUser(user: string): void;
}

const INERT_MENUS = ["File", "Edit", "View", "Insert", "Format", "Data", "Tools"];

export function MenuBar({ menu, busy, onRun, clock, onAdvanceClock, user, onSetUser }: MenuBarProps) {
  return (
    <nav class="menu-bar" aria-label="Menu bar">
      {INERT_MENUS.map((name) => (
        <span key={name} class="menu-title inert">
          {name}
        </span>
      ))}
      <Menu title="Extensions">
        {(close) =>
          menu ? (
            <div class="submenu-host" role="none">
              <div class="menu-item has-submenu" role="menuitem" aria-haspopup="menu" tabIndex={0}>
                {menu.title}
              </div>
              <div class="menu-popup submenu" role="menu" aria-label={menu.title}>
                {menu.items.map((item) => (
                  <Fragment key={item.functionName}>
                    {item.separatorBefore ? <hr class="menu-separator" /> : null}
                    <MenuItem
                      label={item.label}
                      disabled={busy}
                      close={close}
                      action={() => onRun(item.functionName)}
                    />
                  </Fragment>
                ))}
              </div>
            </div>
          ) : (
            <div class="menu-item inert">No add-on menu (onOpen did not build one)</div>
          )
        }
      </Menu>
      <ClockMenu clock={clock} busy={busy} onAdvance={onAdvanceClock} />
      <UserMenu user={user} busy={busy} onSetUser={onSetUser} />
    </nav>
  );
}

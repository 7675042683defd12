/**
 * The playground's User menu: act as the spreadsheet's owner or as an editor it is shared with,
 * to see what a collaborator can and cannot do (a schedule's owner, a run's owner, formulas that
 * spend the owner's key). Switching closes the sidebar: each user opens their own. Not part of
 * Sheets: the emulation's control.
 */
import type { UserView } from "../protocol";
import { Menu, MenuItem } from "./popup";

interface UserMenuProps {
  user: UserView | null;
  busy: boolean;
  onSetUser(user: string): void;
}

export function UserMenu({ user, busy, onSetUser }: UserMenuProps) {
  return (
    <Menu title="User">
      {(close) => (
        <>
          <div class="menu-item inert">{user ? `Acting as ${user.current}` : "…"}</div>
          {user?.choices.map((choice, index) => (
            <MenuItem
              key={choice}
              label={`${choice === user.current ? "✓ " : ""}${choice}${index === 0 ? " (owner)" : " (editor)"}`}
              disabled={busy || choice === user.current}
              close={close}
              action={() => onSetUser(choice)}
            />
          ))}
        </>
      )}
    </Menu>
  );
}

/**
 * The playground's Clock menu: the emulated runtime's time and its time-driven triggers, and steps
 * that move the clock ahead so a schedule can be seen running (each trigger that falls due runs as
 * its own execution; a toast says what ran). Not part of Sheets: the emulation's control.
 */
import type { ClockView } from "../protocol";
import { Menu, MenuItem } from "./popup";

const HOUR_MS = 3_600_000;
const STEPS = [
  { label: "Advance 1 hour", ms: HOUR_MS },
  { label: "Advance 6 hours", ms: 6 * HOUR_MS },
  { label: "Advance 1 day", ms: 24 * HOUR_MS },
  { label: "Advance 1 week", ms: 7 * 24 * HOUR_MS },
];

const shortTime = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

interface ClockMenuProps {
  clock: ClockView | null;
  busy: boolean;
  onAdvance(ms: number): void;
}

export function ClockMenu({ clock, busy, onAdvance }: ClockMenuProps) {
  return (
    <Menu title="Clock">
      {(close) => (
        <>
          <div class="menu-item inert">{clock ? `Now ${shortTime(clock.now)}` : "…"}</div>
          {clock?.triggers.map((t) => (
            <div key={`${t.handler}${t.user}${t.nextRunAt}`} class="menu-item inert">
              {`${t.handler} (${t.user}) next ${shortTime(t.nextRunAt)}`}
            </div>
          ))}
          {clock && clock.triggers.length === 0 && <div class="menu-item inert">No time-driven triggers</div>}
          {STEPS.map((step) => (
            <MenuItem
              key={step.label}
              label={step.label}
              disabled={busy}
              close={close}
              action={() => onAdvance(step.ms)}
            />
          ))}
        </>
      )}
    </Menu>
  );
}

// A table's clock: chosen in the create form for kinds with turns (`clock_schema` not null) as
// none, seconds per turn, or a bank with an increment per move (a Fischer clock); shown at the
// table per seat, counting down live to the deadline of each seat that must act, then, once
// the seat is warned that its time is up, to the end of its grace (`GraceWarning` tells the
// seat itself, above the board).
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../http";
import "./clock.css";

type ClockView = Schemas["ClockView"];
type SeatClock = Schemas["SeatClock"];
export type ClockChoice =
  | { type: "none" }
  | { type: "turn"; turnSeconds: string }
  | { type: "bank"; bankSeconds: string; incrementSeconds: string };

export const NO_CLOCK: ClockChoice = { type: "none" };
const PER_TURN: ClockChoice = { type: "turn", turnSeconds: "30" };
const BANK: ClockChoice = { type: "bank", bankSeconds: "300", incrementSeconds: "5" };

/** The `clock` option the choice stands for, or null for none. */
export function clockOption(choice: ClockChoice): Record<string, number> | null {
  if (choice.type === "turn") return { turn_seconds: Number(choice.turnSeconds) };
  if (choice.type === "bank") return { bank_seconds: Number(choice.bankSeconds), increment_seconds: Number(choice.incrementSeconds) };
  return null;
}

const DEFAULT_CHOICE: Record<ClockChoice["type"], ClockChoice> = { none: NO_CLOCK, turn: PER_TURN, bank: BANK };

export function ClockFields({ choice, change }: { choice: ClockChoice; change: (choice: ClockChoice) => void }) {
  const pick = (event: Event): void => change(DEFAULT_CHOICE[(event.currentTarget as HTMLSelectElement).value as ClockChoice["type"]]);
  return (
    <>
      <label class="field">
        <span class="field__name">clock</span>
        <select name="clock" value={choice.type} onChange={pick}>
          <option value="none">none</option>
          <option value="turn">seconds per turn</option>
          <option value="bank">bank + increment</option>
        </select>
      </label>
      {choice.type === "turn" ? (
        <Seconds name="turn_seconds" label="seconds per turn" text={choice.turnSeconds} max={86400} change={(turnSeconds) => change({ ...choice, turnSeconds })} />
      ) : null}
      {choice.type === "bank" ? (
        <>
          <Seconds name="bank_seconds" label="bank seconds" text={choice.bankSeconds} max={86400} change={(bankSeconds) => change({ ...choice, bankSeconds })} />
          <Seconds name="increment_seconds" label="increment" text={choice.incrementSeconds} min={0} max={3600} change={(incrementSeconds) => change({ ...choice, incrementSeconds })} />
        </>
      ) : null}
    </>
  );
}

interface SecondsProps {
  name: string;
  label: string;
  text: string;
  min?: number;
  max: number;
  change: (text: string) => void;
}

function Seconds({ name, label, text, min = 1, max, change }: SecondsProps) {
  return (
    <label class="field">
      <span class="field__name">{label}</span>
      <input type="number" name={`clock.${name}`} value={text} min={min} max={max} required onInput={(event) => change(event.currentTarget.value)} />
      <span class="field__hint">seconds, {min} to {max}</span>
    </label>
  );
}

/** A seat's time left at `now`: to its deadline while it must act, else as of the clock's
 * `since` (its bank, or null for a clock per turn). */
function remainingMs(seat: SeatClock, now: number): number | null {
  if (seat.deadline !== null) return Math.max(0, Date.parse(seat.deadline) - now);
  return seat.remaining_ms;
}

function timeWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** A seat's clock, if the table has one; "away" once the seat is marked absent, the grace
 * left once it is warned. */
export function Clock({ clock, seat }: { clock: ClockView | null; seat: number }) {
  const shown = clock?.seats.find((each) => each.seat === seat);
  const acting = shown?.deadline != null;
  const now = useNow(acting);
  if (!clock || !shown) return null;
  const left = remainingMs(shown, now);
  const turn = clock.options.turn_seconds;
  const grace = shown.grace_until ? Math.max(0, Date.parse(shown.grace_until) - now) : null;
  const words = grace !== null ? `time up: ${timeWords(grace)} of grace` : left !== null ? timeWords(left) : turn !== null ? `${turn} s a turn` : "";
  return (
    <span class={`clock${acting ? " clock--running" : ""}${shown.absent ? " clock--away" : ""}`} data-testid="clock" data-seat={seat}>
      {words}
      {shown.absent ? " · away" : ""}
    </span>
  );
}

/** Said to the seat itself once it is warned: its time is up, and when a move is made for it. */
export function GraceWarning({ clock, seat }: { clock: ClockView | null; seat: number | null }) {
  const shown = seat === null ? undefined : clock?.seats.find((each) => each.seat === seat);
  const now = useNow(Boolean(shown?.grace_until));
  if (!shown?.grace_until) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(shown.grace_until) - now) / 1000));
  return (
    <p class="panel grace-warning" role="alert" data-testid="grace-warning">
      Your time is up: move now, or a move is made for you <span aria-hidden="true">in {seconds} s</span>
      <span class="visually-hidden">soon</span>.
    </p>
  );
}

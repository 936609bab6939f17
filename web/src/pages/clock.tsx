// The clock choice of the create form, for kinds with turns (`clock_schema` not null): none,
// seconds per turn, or a bank with an increment per move (a Fischer clock).
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

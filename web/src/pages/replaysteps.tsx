// A replay's steps: each command of the published log is one step, its events told together;
// a step of the game's own is a move, numbered (a move made for a seat out of time too), while
// one of the table's (opened, a seat taken, the start, a return) is not; a round (or hand) begins at the step that deals it. The
// scrubber moves by move and by round, and plays the game on by itself (autoplay). Before the
// log is published (a game still going) each version is a step.
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../http";
import { worthTelling } from "../narration";

type LogRecord = Schemas["LogRecord"];

/** One command and the events it appended (versions `from` to `to`), told in words; `move`
 * counts the game's moves (null for a step of the table's alone), `round` the deals so far. */
export interface Step {
  from: number;
  to: number;
  told: string[];
  move: number | null;
  round: number;
}

interface CommandMetadata {
  ends_command?: boolean;
  command?: { type?: string };
}

/** The table's own commands: their steps are not moves of the game. */
const TABLE_COMMANDS = new Set(["create_table", "take_seat", "start_game", "cancel_table", "open_rematch", "expire_table", "return_to_table"]);

/** The events that deal a new round (or hand) of each kind's game. */
const ROUND_STARTS = new Set(["gnono.round_dealt", "cno.round_dealt", "onexeno.hand_dealt", "mad.dealt", "ecliptic.game_opened"]);
const AUTOPLAY_MS = 900;

/** The steps of a published log, each event told in the sentence the table showed. */
export function stepsOf(records: LogRecord[], said: Map<number, string>): Step[] {
  const steps: Step[] = [];
  let open: Step | null = null;
  let moves = 0;
  let round = 0;
  let game = false;
  for (const record of records) {
    const metadata = record.metadata as CommandMetadata;
    if (!open) {
      open = { from: record.version, to: record.version, told: [], move: null, round };
      game = !TABLE_COMMANDS.has(metadata.command?.type ?? "create_table");
      steps.push(open);
    }
    open.to = record.version;
    if (ROUND_STARTS.has(record.type)) open.round = ++round;
    const words = said.get(record.version);
    if (words && worthTelling(record)) open.told.push(words);
    if (metadata.ends_command ?? true) {
      if (game) open.move = ++moves;
      open = null;
    }
  }
  return steps;
}

/** Each version a step of its own, while the log is not published. */
export function versionSteps(last: number): Step[] {
  return Array.from({ length: last }, (_, index) => ({ from: index + 1, to: index + 1, told: [], move: null, round: 0 }));
}

function stepAt(steps: Step[], at: number): number {
  const index = steps.findIndex((step) => step.from <= at && at <= step.to);
  return index < 0 ? steps.length - 1 : index;
}

/** Where each button of the scrubber leads from `at` (the version of a step's end). */
function targets(steps: Step[], at: number) {
  const here = stepAt(steps, at);
  const step = steps[here];
  const round = step?.round ?? 0;
  const firstOf = (wanted: number): Step | undefined => steps.find((each) => each.round === wanted);
  const roundStart = firstOf(round);
  const back = roundStart && roundStart.to < at ? roundStart : firstOf(round - 1);
  return {
    back: steps[Math.max(here - 1, 0)]?.to ?? 1,
    forward: steps[Math.min(here + 1, steps.length - 1)]?.to ?? at,
    roundBack: back?.to ?? 1,
    roundForward: firstOf(round + 1)?.to ?? steps.at(-1)?.to ?? at,
    step,
    rounds: steps.at(-1)?.round ?? 0,
    moves: steps.reduce((most, each) => Math.max(most, each.move ?? 0), 0),
  };
}

/** Plays the steps on by themselves, one every `AUTOPLAY_MS`, until the last (or paused). */
function useAutoplay(at: number, last: number, forward: number, scrub: (version: number) => void): [boolean, (playing: boolean) => void] {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const timer = window.setTimeout(() => scrub(forward), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, at]);
  return [playing, setPlaying];
}

export function Scrubber({ at, last, steps, scrub }: { at: number; last: number; steps: Step[]; scrub: (version: number) => void }) {
  const to = targets(steps, at);
  const [playing, setPlaying] = useAutoplay(at, last, to.forward, scrub);
  const jump = (where: number, testid: string, label: string, glyph: string) => (
    <button type="button" class="button--quiet" data-testid={testid} title={label} aria-label={label} disabled={where === at} onClick={() => scrub(where)}>
      {glyph}
    </button>
  );
  const rounds = to.rounds > 1;
  const play = playing ? "pause" : "play the game on";
  return (
    <nav class="panel scrubber" aria-label="steps of the game">
      {jump(1, "first", "the table as created", "|◀")}
      {rounds ? jump(to.roundBack, "round-back", "the round before", "◀◀") : null}
      {jump(to.back, "step-back", "one move back", "◀")}
      <button type="button" class="button--quiet" data-testid="autoplay" aria-label={play} title={play} aria-pressed={playing} disabled={at >= last && !playing} onClick={() => setPlaying(!playing)}>
        {playing ? "pause" : "play"}
      </button>
      {jump(to.forward, "step-forward", "one move forward", "▶")}
      {rounds ? jump(to.roundForward, "round-forward", "the next round", "▶▶") : null}
      {jump(last, "last", "the last step", "▶|")}
      <input type="range" class="scrubber__range" data-testid="scrubber" aria-label="step" min={1} max={last} value={at} onInput={(event) => scrub(Number(event.currentTarget.value))} />
      <span class="scrubber__version">
        step <strong data-testid="replay-version">{at}</strong> of {last}
      </span>
      {to.moves ? (
        <span class="scrubber__move" data-testid="replay-move">
          {to.step?.move ? `move ${to.step.move} of ${to.moves}` : "before the moves"}
          {rounds && to.step?.round ? `, round ${to.step.round} of ${to.rounds}` : ""}
        </span>
      ) : null}
    </nav>
  );
}

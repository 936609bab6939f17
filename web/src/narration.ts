// What happened at a table, in words: each event's narration as the service tells it to this
// viewer (`event: narration` in the live stream, `narration` beside each event in answers),
// and where a move lies on the board so the table can mark the last one.
import type { Schemas } from "./http";
import type { Kind } from "./games/board";

export type Told = Schemas["Narration"];

/** Events that are bookkeeping for people (a clock restarted after every move): not logged. */
const UNTOLD = new Set(["table.clock_restarted"]);

export function worthTelling(told: { type: string }): boolean {
  return !UNTOLD.has(told.type);
}

/** A line of the table's log: one event told, or a run of the same minor event told once
 * ("Ada turned over 6 cards"); `version` is the run's last, `count` its length. */
export interface Line {
  version: number;
  type: string;
  narration: string;
  count: number;
}

/** How a run of one minor event is told, by its type (any other run of the same sentence is
 * told once, with its count). */
const RUNS: Record<string, (sentence: string, count: number) => string> = {
  "cno.hand_cycled": (sentence, count) => `${sentence.split(" turned over")[0] ?? sentence} turned over ${count} cards`,
};

/** A line in words: a run of the same event told once. */
export function lineWords(line: Line): string {
  if (line.count === 1) return line.narration;
  return RUNS[line.type]?.(line.narration, line.count) ?? `${line.narration} (${line.count} times)`;
}

/** The lines worth telling, each run of the same sentence in a row told as one line. */
export function logLines(told: Told[]): Line[] {
  const lines: Line[] = [];
  for (const each of told.filter(worthTelling)) {
    const previous = lines.at(-1);
    if (previous && previous.type === each.type && previous.narration === each.narration) {
      lines[lines.length - 1] = { ...previous, version: each.version, count: previous.count + 1 };
    } else {
      lines.push({ version: each.version, type: each.type, narration: each.narration, count: 1 });
    }
  }
  return lines;
}

/** The events that put a card on the board, by kind: the table marks the latest one. */
export const MOVES: Record<Kind, string[]> = {
  gnono: ["gnono.card_played"],
  mad: ["mad.card_placed"],
  onexeno: ["onexeno.card_placed"],
  ecliptic: ["ecliptic.turn_played"],
  cno: ["cno.card_played", "cno.pile_started"],
};

export interface Move {
  version: number;
  type: string;
  event: Record<string, unknown>;
}

/** A CSS selector for the place on the board where a move put its card (within the felt). */
export function placeOf(move: Move): string {
  const event = move.event;
  switch (move.type) {
    case "gnono.card_played":
      return ".gnono__discard .pile__top";
    case "mad.card_placed":
      return `[data-row="${Number(event["row"])}"][data-column="${Number(event["column"])}"]`;
    case "onexeno.card_placed":
      return `[data-cell="${Number(event["row"])},${Number(event["col"])}"]`;
    case "ecliptic.turn_played": {
      const card = event["card"] as { sign: number };
      return `.ecliptic__column[data-sign="${Number(card.sign)}"] .ecliptic__slot[data-seat="${Number(event["seat"])}"]`;
    }
    default:
      return `.cno__pile[data-pile="${Number(event["pile"])}"]`;
  }
}

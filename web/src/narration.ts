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

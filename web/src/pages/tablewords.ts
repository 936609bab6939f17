// A table in the lobby in words: how long ago it was opened or finished, its options as a
// person reads them ("7 cards each, to 500 points, 30 seconds a turn"), and a finished game's
// winner and score.
import type { LobbyTable, TableSummary } from "../http";

type Options = Record<string, unknown>;

const MINUTE = 60_000;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ageWords(at: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / MINUTE));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** The day and time, as the browser's language writes them: "28 Nov 2026, 14:05". */
export function dateWords(at: string): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

const num = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);

/** Each game's own options, said the way its players speak of them. */
const GAME_WORDS: Record<string, (options: Options, seats: number) => string[]> = {
  gnono: (o) => [`${num(o["hand_size"], 7)} cards each`, `to ${num(o["playout_score"], 500)} points`],
  mad: (o, seats) => {
    const sizes = Array.isArray(o["hand_sizes"]) ? (o["hand_sizes"] as number[]) : [10, 9, 8, 7, 6];
    return [`${sizes[seats - 2] ?? sizes[0]} cards each`];
  },
  onexeno: (o) => [
    num(o["teams"], 0) ? `${num(o["teams"], 0)} pairs of partners` : "each for themselves",
    num(o["hands"], 1) === 1 ? "one hand" : `${num(o["hands"], 1)} hands`,
    ...(o["corner_match"] === false ? ["corners need not match"] : []),
  ],
  ecliptic: (o) => [o["colour_scoring"] === "run" ? "colours score by runs" : "colours score by groups"],
  cno: (o) => {
    const copies = Array.isArray(o["copies"]) ? (o["copies"] as number[]) : [];
    const deck = copies.reduce((sum, copy) => sum + copy, 0);
    const rounds = num(o["rounds"], 1);
    const target = num(o["target_score"], 0);
    return [
      ...(deck && deck !== 52 ? [`decks of ${deck} cards`] : []),
      rounds === 1 ? "one round" : `${rounds} rounds`,
      ...(target ? [`first to ${target}`] : []),
    ];
  },
};

function clockWords(o: Options): string[] {
  const turn = o["turn_seconds"];
  const bank = o["bank_seconds"];
  if (typeof turn === "number") return [`${turn} seconds a turn`];
  if (typeof bank === "number") {
    const increment = num(o["increment_seconds"], 0);
    return [`${Math.round(bank / 60)} minutes each${increment ? ` plus ${increment} seconds a move` : ""}`];
  }
  return [];
}

/** A waiting table's options in words, its clock included. */
export function optionWords(table: LobbyTable): string {
  const options = table.options as Options;
  const game = GAME_WORDS[table.kind]?.(options, table.max_seats) ?? [];
  return [...game, ...clockWords(options)].join(", ");
}

interface Seen {
  seats?: { name: string }[];
  standings?: { seat: number; place: number; score: number }[];
}

/** A finished game's winners and their score: "Ada won with 17", "Ada and Bo shared first place with 3". */
export function resultWords(game: TableSummary): string {
  const seen = game.public_view as Seen;
  const first = (seen.standings ?? []).filter((standing) => standing.place === 1);
  const name = (seat: number): string => game.seats[seat] ?? seen.seats?.[seat]?.name ?? `seat ${seat + 1}`;
  if (!first.length) return "no winner";
  const score = first[0]?.score ?? 0;
  const names = first.map((standing) => name(standing.seat));
  return first.length === 1 ? `${names[0]} won with ${score}` : `${names.join(" and ")} shared first place with ${score}`;
}

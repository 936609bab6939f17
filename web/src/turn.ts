// Whose turn it is, read from each kind's own view (CNO has no turns: everyone plays at once).
import type { TableView } from "./http";

export function seatToAct(view: TableView): number | null {
  if (view.status !== "playing" || !view.game) return null;
  switch (view.kind) {
    case "gnono":
      return view.game.current;
    case "mad":
      return view.game.turn;
    case "onexeno":
      return view.game.turn;
    case "ecliptic":
      return view.game.to_move;
    case "cno":
      return null;
  }
}

/** What the table waits for, in a few words: the one status a header shows. */
export function turnWords(view: TableView): string {
  if (view.status === "finished") return "game over";
  if (view.status === "cancelled") return "called off";
  if (view.status === "expired") return "closed: nobody started it";
  if (view.status !== "playing") return "waiting for the start";
  if (view.kind === "cno") return "everyone plays at once";
  const seat = seatToAct(view);
  if (seat === null) return "between turns";
  if (seat === view.you) return "your turn";
  return `${view.seats[seat]?.name ?? `seat ${seat}`} to play`;
}

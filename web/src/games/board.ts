// THE BOARD INTERFACE: one file per kind, `src/games/<kind>.tsx`, exporting
//
//     export function Board(props: BoardProps<"<kind>">): JSX.Element
//
// and registered in `src/games/index.ts`. The table page draws the header, the seats, the
// refusals and the final standings; a board draws the game itself from `view` (the table as
// this viewer sees it, exactly `GET /games/{id}`: `view.game` is the kind's own view, null
// before the start) and sends moves with `send`. `legalMoves` are the commands this viewer
// may send now, each complete as it is (start_game included), and none while a move sent is
// on its way (from its sending until the view it leads to arrives, or its refusal); a board sends one of them
// unchanged, or builds one the same way. `seat` is the viewer's seat, null for a spectator.
// `send` resolves once the service has answered; a refusal is shown by the page (see below),
// and the new view arrives through the game's stream, so a board keeps no game state of its
// own beyond what a person is selecting.
//
// THE CLICKING CONVENTION the browser tests rely on:
// - Every element a person clicks to make a move, or part of one, carries `data-action` (a
//   short description, e.g. "play blue 5", "draw", "pile 2") and is present and enabled only
//   when that action is legal now.
// - A two-step move (select a card, then a place) shows the second step's targets, each with
//   `data-action`, only after the first click; clicking a first step again may change it.
// - Nothing else carries `data-action` (seating, bots and navigation use other attributes).
// - A finished game shows its standings in a table `data-testid="standings"`, one row per
//   seat with `data-seat`, its cells `data-field="place" | "name" | "score"` (the page draws it).
// - A refusal shows its sentence (the problem's `detail`) in `data-testid="refusal"`.
import type { Schemas, TableView } from "../http";

export type Kind = TableView["kind"];
/** The table view of one kind (its `game` is that kind's own view). */
export type ViewOf<K extends Kind> = Extract<TableView, { kind: K }>;
/** The commands of one kind (start_game included). */
export type CommandOf<K extends Kind> = ViewOf<K>["legal_moves"][number];
/** A kind's own game view, as `view.game` holds it once the game has started. */
export type GameOf<K extends Kind> = NonNullable<ViewOf<K>["game"]>;
export type AnyCommand = Schemas["AnyCommand"];

export interface BoardProps<K extends Kind = Kind> {
  view: ViewOf<K>;
  seat: number | null;
  legalMoves: CommandOf<K>[];
  send(command: CommandOf<K>): Promise<void>;
}

// Compiles only while the generated types describe the service: a command, a view of each
// kind, a refusal, a stream ticket and live messages, all typed from src/api.d.ts alone (no
// hand-written types).
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type Command = NonNullable<
  paths["/games/{game_id}/commands"]["post"]["requestBody"]
>["content"]["application/json"];
type Accepted =
  paths["/games/{game_id}/commands"]["post"]["responses"][200]["content"]["application/json"];
type CommandRefusal =
  paths["/games/{game_id}/commands"]["post"]["responses"][409]["content"]["application/problem+json"];
type MissingToken =
  paths["/games/{game_id}/commands"]["post"]["responses"][401]["content"]["application/problem+json"];
type TableView = paths["/games/{game_id}"]["get"]["responses"][200]["content"]["application/json"];
type CreateGame = paths["/games"]["post"]["requestBody"]["content"]["application/json"];
type LiveEvent = Schemas["AnyEvent"];
type Ticket =
  paths["/games/{game_id}/tickets"]["post"]["responses"][201]["content"]["application/json"];
type LiveQuery = NonNullable<paths["/games/{game_id}/live"]["get"]["parameters"]["query"]>;

export const create: CreateGame = { kind: "gnono", options: { hand_size: 7 } };

export const play: Command = {
  type: "play_card",
  card: { rank: "wild", colour: null, copy: 0 },
  colour: "red",
};
export const start: Schemas["StartGame"] = { type: "start_game" };

export const refusal: CommandRefusal = {
  type: "urn:cardroom:problem:not_your_turn",
  title: "not your turn",
  status: 409,
  detail: "it is seat 1's turn",
  code: "not_your_turn",
};
export const noToken: MissingToken = {
  type: "urn:cardroom:problem:missing_token",
  title: "missing token",
  status: 401,
  detail: "commands need `Authorization: Bearer <seat token>`",
  code: "missing_token",
};

/** One line about a table, narrowed by its kind to that kind's own view. */
export function describe(view: TableView): string {
  const moves: number = view.legal_moves.length;
  if (view.game === null) return `${view.kind} table, ${view.status}, ${moves} moves`;
  switch (view.kind) {
    case "gnono": {
      const top: Schemas["GnonoCard"] | null = view.game.top;
      return `gnono round ${view.game.round}, top ${top?.rank ?? "none"}`;
    }
    case "mad":
      return `mad ${view.game.phase}, ${view.game.stockpile_size} in the stockpile`;
    case "onexeno":
      return `onexeno hand ${view.game.hand_number} of ${view.game.hands_to_play}`;
    case "ecliptic":
      return `ecliptic ${view.game.phase}, ${view.game.hand.length} cards in hand`;
    case "cno":
      return `cno round ${view.game.round} of ${view.game.rounds}`;
  }
}

/** The moves a view offers are commands its kind accepts. */
export function firstMove(view: TableView): Command | undefined {
  return view.legal_moves[0];
}

export function lastVersion(accepted: Accepted): number {
  const events: LiveEvent[] = accepted.events.map((shown) => shown.event);
  return events.length > 0 ? accepted.version : 0;
}

export function isRefusal(body: unknown): body is Schemas["Problem"] {
  return typeof body === "object" && body !== null && "code" in body;
}

/** What `GET /games/{game_id}/live?ticket=...&include=view` is opened with, from a ticket. */
export function liveQuery(issued: Ticket): LiveQuery {
  return { ticket: issued.ticket, include: "view" };
}

/** The data of a live message: a view (`event: view`) or an event, by the message's name. */
export function liveData(event: string, data: string): TableView | LiveEvent {
  return event === "view" ? (JSON.parse(data) as TableView) : (JSON.parse(data) as LiveEvent);
}

export const emptyLobby: Schemas["LobbyPage"] = { items: [], next_offset: null };

// The board of each kind, by kind (see board.ts for the interface every board implements).
import type { FunctionComponent } from "preact";
import type { BoardProps, Kind } from "./board";
import { Board as cno } from "./cno";
import { Board as ecliptic } from "./ecliptic";
import { Board as gnono } from "./gnono";
import { Board as mad } from "./mad";
import { Board as onexeno } from "./onexeno";

type Boards = { [K in Kind]: FunctionComponent<BoardProps<K>> };

export const BOARDS: Boards = { gnono, mad, onexeno, ecliptic, cno };

/** The board of the view's kind: each board takes its own kind's props, which `view.kind`
 * guarantees here (TypeScript cannot follow that through the lookup, hence the widening). */
export function boardFor(kind: Kind): FunctionComponent<BoardProps> {
  return BOARDS[kind] as FunctionComponent<BoardProps>;
}

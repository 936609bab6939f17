// The mad board: the generic board until this kind's own is drawn (see board.ts).
import type { BoardProps } from "./board";
import { GenericBoard } from "./generic";

export function Board(props: BoardProps<"mad">) {
  return <GenericBoard {...props} />;
}

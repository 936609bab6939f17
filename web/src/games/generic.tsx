// The board every kind uses until its own lands: the kind's view, compactly, and every legal
// move as a button (one click, one move; see the clicking convention in board.ts).
import { useState } from "preact/hooks";
import type { BoardProps, Kind } from "./board";
import { commandWords, words } from "./words";

export function GenericBoard<K extends Kind>({ view, legalMoves, send }: BoardProps<K>) {
  const [sending, setSending] = useState(false);
  const choose = (move: (typeof legalMoves)[number]): void => {
    setSending(true);
    send(move).finally(() => setSending(false));
  };
  const game = (view.game ?? {}) as Record<string, unknown>;
  return (
    <div class="generic-board">
      <dl class="facts">
        {Object.entries(game).map(([name, value]) => (
          <div class="facts__row">
            <dt>{name.replaceAll("_", " ")}</dt>
            <dd>{words(value)}</dd>
          </div>
        ))}
      </dl>
      <div class="moves">
        {legalMoves.map((move) => (
          <button type="button" class="move" data-action={commandWords(move)} disabled={sending} onClick={() => choose(move)}>
            {commandWords(move)}
          </button>
        ))}
      </div>
    </div>
  );
}

// "How to play" at the table: the game's rules for players (src/rules/), opened over the table
// in a dialog (the board keeps its size and place beneath), with a link to the same rules on
// a page of their own; and how the score is made, in a sentence, where the score is shown.
import { useRef } from "preact/hooks";
import { RulesText } from "../rules/sections";
import { Link } from "../router";
import type { Kind } from "./board";

/** How each game's score is made, in a sentence, for the standings and score tables. */
export const SCORING: Record<Kind, string> = {
  gnono: "A round's winner scores the cards left in the other hands (numbers at face value, actions 20, wilds 50); the first to the target score wins.",
  mad: "The score is the cards left in hand: fewest wins.",
  onexeno: "A hand scores the values of the lines of five you took, less the values left in your hand (partners add theirs); the session total wins.",
  ecliptic: "A side scores its longest run of signs plus its largest colour group, and 1 for its own sign; highest wins.",
  cno: "A round scores 2 per card you laid on a pile, -1 per card left in your hand, row and stock, and the size of every pile you closed with a neon-20; the running total wins.",
};

export function HowToPlay({ kind, title }: { kind: Kind; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" class="button button--quiet how-to-play__open" onClick={() => dialog.current?.showModal()}>
        How to play
      </button>
      <dialog class="panel how-to-play" data-testid="how-to-play" ref={dialog} aria-labelledby="how-to-play-title">
        <form method="dialog" class="how-to-play__head">
          <h2 id="how-to-play-title">How to play {title}</h2>
          <button type="submit" class="button">close</button>
        </form>
        <RulesText kind={kind} level={3} />
        <p>
          <Link href={`/rules/${kind}`}>These rules on a page of their own</Link>
        </p>
      </dialog>
    </>
  );
}

// What every game's rules for players are made of: four parts, each a component, written for
// someone who has never played (what you are trying to do, a turn, scoring, a small worked
// example drawn with the game's own cards), and the pieces the examples are laid out with.
import type { ComponentChildren } from "preact";
import "./rules.css";

export interface PlayerRules {
  /** What you are trying to do, in a few sentences. */
  Aim: () => preact.JSX.Element;
  /** What happens on a turn (or, in a game without turns, whenever you act). */
  Turn: () => preact.JSX.Element;
  /** How the score is made and who wins. */
  Scoring: () => preact.JSX.Element;
  /** A small worked example, drawn with the game's own card components. */
  Example: () => preact.JSX.Element;
}

/** A few cards laid out on a strip of felt, with a caption under them. */
export function Cards({ caption, children }: { caption: string; children: ComponentChildren }) {
  return (
    <figure class="rules-cards">
      <div class="rules-cards__row">{children}</div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

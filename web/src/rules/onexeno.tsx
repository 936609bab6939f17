// ONEXENO for players: lay square cards edge to edge and take lines of five.
import { CardFace } from "../games/onexeno";
import { Cards, type PlayerRules } from "./parts";

/** A card at the size of the examples (the game's own face, drawn square). */
function Square({ pattern, value }: { pattern: number; value: number }) {
  return (
    <span class="rules-onexeno">
      <CardFace card={{ pattern, value }} />
    </span>
  );
}

export const onexeno: PlayerRules = {
  Aim: () => (
    <p>
      Take more points than the others by completing lines of five cards on a shared field. Each card is a square with
      eight border cells, each dark or light, around a number: the number of its dark cells, which is also what the
      card is worth.
    </p>
  ),
  Turn: () => (
    <>
      <p>
        Everyone holds five cards, and one card starts the field. On your turn you draw a card from the stack (the
        board does it for you), then place one card on the field, or pass.
      </p>
      <ul>
        <li>The card must touch a card of the field by a side. You may turn it first, a quarter at a time.</li>
        <li>
          Where it touches a neighbour, the three border cells along the shared side must match theirs, dark against
          dark and light against light. A neighbour touching only at a corner must match at that corner.
        </li>
        <li>The whole field must stay within 5 cards by 5.</li>
        <li>
          If your card completes a line of five (a row, a column or a diagonal), you take those five cards and keep
          them face up in front of you.
        </li>
      </ul>
      <p>
        Once the stack is empty, a player who passes is out for the rest of the hand. The hand ends when nobody can
        play, or when someone plays their last card.
      </p>
    </>
  ),
  Scoring: () => (
    <p>
      At the end of a hand you score the numbers of the cards you took, less the numbers of the cards still in your
      hand. In the partners game, partners sit opposite and add their scores together. Over several hands the totals
      add up, and the highest total wins.
    </p>
  ),
  Example: () => (
    <>
      <Cards caption="A 3 whose right side is all dark, and a 3 whose left side is all dark: they may lie side by side.">
        <Square pattern={28} value={3} />
        <Square pattern={193} value={3} />
      </Cards>
      <p>
        The first card's right side reads dark, dark, dark from top to bottom, and so does the second card's left side,
        so the second may go to the right of the first. Turned a quarter clockwise, its dark side would face up and it would
        no longer fit there. Had it completed a row of five worth 3, 3, 5, 2 and 4, you would take 17 points; holding a
        6 at the end of the hand, you would score 17 − 6 = 11.
      </p>
    </>
  ),
};

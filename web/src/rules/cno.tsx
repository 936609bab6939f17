// CNO Cycle for players: a race, everyone at once, to lay the carbon-nitrogen-oxygen cycle.
import { Face } from "../games/cno";
import { Cards, type PlayerRules } from "./parts";

export const cno: PlayerRules = {
  Aim: () => (
    <p>
      Lay more of your cards than the others on shared piles, in the order of the carbon-nitrogen-oxygen cycle that
      powers stars. There are no turns: everyone plays at the same time, as fast as they can.
    </p>
  ),
  Turn: () => (
    <>
      <p>
        Everyone has a deck of their own: 15 cards in hand (only the top one face up), a row of 4 face-up cards, and
        the rest as a stock with its top card face up. You may play any face-up card of yours at any moment.
      </p>
      <ul>
        <li>
          A card may go on a pile whose top card it follows in the cycle. Every card says in its corner which cards it
          may go on: a carbon-13 shows "on N13", so it goes on a nitrogen-13.
        </li>
        <li>A carbon-12 starts a new pile (up to two piles per player). A neon-20 closes the pile it lands on.</li>
        <li>A gap in your row is filled from your stock. Turn your hand's next card up by cycling it, as often as you like.</li>
        <li>When your stock or your hand is empty you may call Done, and the round ends for everyone.</li>
      </ul>
      <p>If nobody can lay any card, everyone lays out a fresh row from their stock and play goes on.</p>
    </>
  ),
  Scoring: () => (
    <p>
      Each card you laid on a pile scores 2, each card left in your hand, row and stock costs 1, and a pile you closed
      with a neon-20 adds as many points as it holds cards. Over several rounds the totals add up; the highest wins.
    </p>
  ),
  Example: () => (
    <div class="cno">
      <Cards caption="A pile shows nitrogen-13 on top. In your row: a carbon-13 and an oxygen-16.">
        <Face card={{ owner: 1, isotope: "N13", copy: 0 }} />
        <span class="rules-cards__word">your row:</span>
        <Face card={{ owner: 0, isotope: "C13", copy: 0 }} />
        <Face card={{ owner: 0, isotope: "O16", copy: 0 }} />
      </Cards>
      <p>
        The carbon-13 goes on the nitrogen-13 (its corner says so); the oxygen-16 must wait for a nitrogen-15 or a
        fluorine-19. If at the end of the round you have laid 12 cards, hold 5, and closed a pile of 9 cards with a
        neon-20, you score 2 × 12 − 5 + 9 = 28.
      </p>
    </div>
  ),
};

// MAD for players: place your cards on the shared Core without setting off a Criticality.
import { Face } from "../games/mad";
import { Cards, type PlayerRules } from "./parts";

export const mad: PlayerRules = {
  Aim: () => (
    <p>
      End the game holding as few cards as you can. Everyone places cards on the Core, a shared grid of 5 by 5 spaces.
      Each card is one of four elements (plutonium, radium, thorium, uranium) and a number from 1 to 13. Put three
      cards of one element or one number side by side and you set off a Criticality: you pick them all up.
    </p>
  ),
  Turn: () => (
    <>
      <p>
        With two players each holds 10 cards (fewer with more players); the rest is the face-down Stockpile. Turns go
        round the table, and on your turn you place exactly one card on an empty space of the Core.
      </p>
      <ul>
        <li>
          Your first turn (Nuclear Proliferation): place your card on any space with no card beside it. Beside means
          sharing a side, not only a corner.
        </li>
        <li>
          Every later turn (Nuclear Escalation): place your card beside a card of the same element or the same number.
        </li>
        <li>
          If no card in your hand fits anywhere, draw from the Stockpile until you draw one that fits, and place that
          card.
        </li>
      </ul>
      <p>
        Criticality: if the card you place joins a side-by-side group of three or more cards of one number, or of one
        element, you pick up every card of that group, yours included. Then everyone else draws one card (the fallout).
        The board shows a ☢ and how many cards a space would make you pick up before you place there.
      </p>
    </>
  ),
  Scoring: () => (
    <p>
      The game ends when the Core is emptied or filled, when a player places their last card, or when someone has to
      draw and the Stockpile cannot give them a card. Whoever holds the fewest cards wins; players holding as many
      share the place.
    </p>
  ),
  Example: () => (
    <>
      <Cards caption="On the Core, side by side: radium 4 and radium 8. Your hand: radium 11, plutonium 4 and thorium 2.">
        <Face card={{ element: "Ra", number: 4 }} />
        <Face card={{ element: "Ra", number: 8 }} />
        <span class="rules-cards__word">your hand:</span>
        <Face card={{ element: "Ra", number: 11 }} />
        <Face card={{ element: "Pu", number: 4 }} />
        <Face card={{ element: "Th", number: 2 }} />
      </Cards>
      <p>
        The thorium 2 fits beside neither card. The plutonium 4 may go beside the radium 4 (same number): safe, a group
        of two. The radium 11 beside the radium 8 would make three radium cards in a row: a Criticality, and you would
        pick up all three. So you place the plutonium 4, and hold two cards.
      </p>
    </>
  ),
};

// Gnono for players: shed your hand by matching the discard's colour or number.
import { Face } from "../games/gnono";
import { Cards, type PlayerRules } from "./parts";

export const gnono: PlayerRules = {
  Aim: () => (
    <p>
      Be the first to play every card in your hand. Each round you win scores points for the cards the others are
      still holding, and the first player to reach the target score (500 unless the table chose otherwise) wins the
      game.
    </p>
  ),
  Turn: () => (
    <>
      <p>
        Everyone starts a round with 7 cards. One card lies face up on the discard pile. On your turn, play one card
        from your hand onto it if it matches: the same colour, the same number, or the same symbol. A Wild matches
        anything, and you name the colour play goes on in.
      </p>
      <p>
        If you cannot or do not want to play, draw one card. You may play that card at once if it matches; otherwise
        your turn is over.
      </p>
      <ul>
        <li>Skip: the next player misses a turn.</li>
        <li>Reverse: play turns the other way round the table (with two players it works as a Skip).</li>
        <li>Take Two: the next player draws two cards and misses their turn.</li>
        <li>
          Wild +4: name a colour; the next player draws four cards and misses their turn. You may only play it when
          nothing else in your hand matches the colour in force.
        </li>
      </ul>
    </>
  ),
  Scoring: () => (
    <p>
      When someone plays their last card, the round ends. They score the cards left in everyone else's hands: a number
      card is worth its number, Skip, Reverse and Take Two 20 each, and a Wild or Wild +4 50 each. Then a new round is
      dealt, until someone's total reaches the target.
    </p>
  ),
  Example: () => (
    <div class="gnono">
      <Cards caption="The discard is the blue 7.">
        <Face card={{ rank: "7", colour: "blue", copy: 0 }} />
      </Cards>
      <Cards caption="Your hand: the red 7 matches by number, the blue 2 by colour, the Wild always; the green Skip does not match.">
        <Face card={{ rank: "7", colour: "red", copy: 0 }} />
        <Face card={{ rank: "2", colour: "blue", copy: 0 }} />
        <Face card={{ rank: "wild", colour: null, copy: 0 }} />
        <Face card={{ rank: "skip", colour: "green", copy: 0 }} />
      </Cards>
      <p>
        You play the red 7: now red is in force, and the next player needs a red card or a 7. Later you play your last
        card while the others still hold a yellow 9, a red Take Two and a Wild: you score 9 + 20 + 50 = 79 points.
      </p>
    </div>
  ),
};

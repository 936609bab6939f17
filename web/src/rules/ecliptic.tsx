// Ecliptic for players: build runs of zodiac signs on your side of the line.
import { Face } from "../games/ecliptic";
import { Cards, type PlayerRules } from "./parts";

export const ecliptic: PlayerRules = {
  Aim: () => (
    <p>
      Two players each fill their own side of the zodiac line, twelve places from Aries to Pisces, one card of each
      sign. Score more than the other side with a long run of signs that follow each other and many cards of one
      colour.
    </p>
  ),
  Turn: () => (
    <>
      <p>You hold 7 cards. Each card shows a sign and a colour (each colour has its own symbol). On your turn:</p>
      <ol>
        <li>Discard a pair: two cards of the same sign, or two cards of the same colour.</li>
        <li>Place a third card on your side, in the place of its sign, if that place is still free.</li>
        <li>Draw back up to 7 cards.</li>
      </ol>
      <p>
        If all three cards are of one sign, you play again. If the other side already holds the sign you placed, there
        is a battle: both players draw up, and each counts their hand's strength, the longest run of signs that follow
        each other plus the largest group of one colour. The stronger hand wins (the attacker wins ties) and keeps one
        of the two cards of that sign on their own side; the other is discarded. Then each takes a card at random from
        the other's hand.
      </p>
      <p>The game ends soon after the stock runs out, or when the player to move cannot play.</p>
    </>
  ),
  Scoring: () => (
    <p>
      Your side scores its longest run of signs that follow each other around the zodiac (Pisces is followed by Aries
      again), plus its largest group of cards of one colour, plus 1 if it holds your own sign. The higher score wins.
    </p>
  ),
  Example: () => (
    <div class="ecliptic">
      <Cards caption="Two red cards make a pair; the green Virgo is placed on your side.">
        <div class="ecliptic__cards ecliptic__cards--big">
          <Face card={{ sign: 5, colour: "red", symbol: "star" }} />
          <Face card={{ sign: 1, colour: "red", symbol: "star" }} />
          <Face card={{ sign: 6, colour: "green", symbol: "planet" }} />
        </div>
      </Cards>
      <p>
        You discard the red Leo and the red Aries (one colour), and place the green Virgo. Suppose your side then holds
        Gemini, Cancer and Virgo, two of them green, and your own sign is Cancer: the run Gemini, Cancer scores 2, the
        two green cards 2, your own sign 1, 5 points in all.
      </p>
    </div>
  ),
};

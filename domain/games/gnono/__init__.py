"""Gnono, the GNOME Uno clone: shed your hand by matching colour, number or action.

Rules in brief:

* 108 cards: per colour (red, yellow, green, blue) one 0, two each of 1-9, Take Two, Reverse
  and Skip; four Wilds and four Wild Take Fours. 2-10 seats (2-8 with 11-card hands).
* Before the first round every seat draws a card; the highest number plays first (action
  cards and wilds count 0); tied seats draw again. The cards go back and the deck is shuffled.
* Each round: deal 7 or 11 cards, turn up the first discard, play clockwise. A first
  discard acts on the first player F: Take Two (F draws 2, next seat starts), Skip (next
  seat starts), Reverse (counter-clockwise, the seat before F starts), Wild (F names the
  colour, then plays), Wild Take Four (put back, the pile reshuffled, a new card turned).
* On a turn play one matching card (same colour as the current one, same number, same
  action kind, or a Wild), or draw one card and then play that card only, or keep it.
  A Wild Take Four may be played only when no other card in hand but a wild matches.
* Skip skips the next seat; Reverse flips direction (a Skip with two players); Take Two and
  Wild Take Four make the next seat draw 2 / 4 and lose the turn (no stacking). Wilds name
  any colour, the current one included.
* An empty pick-up pile is refilled by shuffling every discard but the top one.
* A round ends when a hand is empty; a final Take Two / Take Four is drawn first; the
  winner scores the cards left in the other hands (numbers at face value, actions 20,
  wilds 50). Reaching the playout score (default 500) wins; otherwise a new round is
  dealt and the seat after the previous round's first player plays first.

Decisions where the rules are silent or leave a choice:

* A draw is the `draw_card` command; when the drawn card cannot be played the turn passes
  at once (keeping it is the only choice), otherwise the seat sends `play_drawn` or `keep`.
* A Wild turned up first waits for `choose_colour` from the first player, who then plays a
  normal turn. Every other command is refused with `choose_colour_first` meanwhile.
* A draw larger than the pile takes what the pile holds and, once the pile runs out,
  shuffles the discards (all but the top one) under it; the reshuffle order is an event.
  With nothing left anywhere the seat draws fewer cards (maybe none) and a penalised seat
  still loses its turn.
* A round ends with its scores shown and every hand open to all; the round's winner then
  sends `deal_next_round` to shuffle and deal the next one (so no card of the old round
  is ever told beside the new deal). Anything else is refused with `round_over`.
* A Reverse played by one of two players is a pure Skip (the direction stays); a Reverse
  turned up first flips the direction at any table size, as the rules say.
* Colours are named only for wilds: a colour on a coloured card is refused.
* The Wild Take Fours turned up first and put back are listed in the deal event; other
  viewers see only their count, since those cards now lie in the hidden pile.
* Round scoring records points per hand, not the cards, since those cards are dealt again.
* Seats that did not win share places by score; the game winner is always first alone.
* The game over, every hand is shown to every viewer (the table views it as the referee).

Refusal codes:

* `not_started` / `game_over`: no round is in play yet, or any more.
* `not_your_turn`: only the seat whose turn it is acts (after a round, only its winner).
* A command the moment does not allow is refused with the step's code:
  `choose_colour_first`, `play_drawn_or_keep`, `round_over`, or during a turn `nothing_drawn`
  (`play_drawn` or `keep` without a draw) and `illegal_move` (anything else).
* `not_the_drawn_card`: after a draw only the drawn card may be played.
* `card_not_in_hand`, `card_does_not_match`, `take_four_not_allowed`: the card is not held,
  does not match, or is a Wild Take Four while another card but a wild matches.
* `colour_required` / `colour_not_allowed`: a wild needs a colour, any other card takes none.
"""

from domain.decider import GameRules
from domain.errors import codes
from domain.games.gnono.bot import heuristic
from domain.games.gnono.cards import Card
from domain.games.gnono.model import Command, Event, Options, initial_state, seat_limits
from domain.games.gnono.narration import narrate
from domain.games.gnono.rules import Code, decide, evolve, is_terminal, legal_moves, start
from domain.games.gnono.views import (
    all_cards,
    deal_unseen,
    hidden,
    outcome,
    redact,
    sample,
    view,
)

rules = GameRules(
    kind="gnono",
    title="Gnono",
    min_seats=2,
    max_seats=10,
    Options=Options,
    Command=Command,
    Event=Event,
    Card=Card,
    initial_state=initial_state,
    start=start,
    decide=decide,
    evolve=evolve,
    legal_moves=legal_moves,
    view=view,
    redact=redact,
    is_terminal=is_terminal,
    outcome=outcome,
    all_cards=all_cards,
    hidden=hidden,
    heuristic=heuristic,
    narrate=narrate,
    sample=sample,
    deal_unseen=deal_unseen,
    refusal_codes=codes(Code),
    seat_limits=seat_limits,
    blurb=(
        "Shed your hand first by matching colour or "
        "number; action cards skip, reverse and make others draw."
    ),
    minutes=(10, 30),
)

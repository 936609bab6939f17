"""MAD (Mutually Assured Destruction): place cards on a 5 x 5 Core, avoid Criticalities.

The rules in brief:

* 52 cards, one per element (Pu, Ra, Th, U) and number (1-13); 2 to 6 seats. Hands are
  dealt by seat count from `Options.hand_sizes` (10, 9, 8, 7, 6 for 2..6 seats); the rest is
  the face-down Stockpile. The first seat is chosen at random; turns pass to the left
  (seat + 1).
* Nuclear Proliferation: each seat's first turn places one card on any empty space with no
  occupied space beside it (sharing a side).
* Nuclear Escalation, every later turn: place exactly one card on an empty space beside a
  card that shares its number or its element. With no such placement in hand, the seat
  draws (`draw_cards`) one card at a time until a drawn card has a space; that card must be
  placed next, on a space of the seat's choosing.
* Criticality: after an escalation placement, the side-connected group of same-number cards
  through the placed card and the one of same-element cards are each a Criticality when
  they hold 3 or more cards. The placer picks up every card of every Criticality (the whole
  group, the placed card included). Fallout: every other seat then draws one card, if the
  Stockpile holds enough for all of them; otherwise nobody draws and the game ends.
* The game ends when a pick-up empties the Core (after Fallout), when a placement without
  Criticality fills the 25th space or empties the placer's hand, or when a seat must draw
  (forced draw or Fallout) and the Stockpile is empty or short. Fewest cards in hand wins;
  ties share the place.

Decisions where the rules are silent or leave a choice:

* Hand sizes are an option (`hand_sizes`, one entry per seat count, default the rules'
  proposed table); each entry is at least 1 and at most what the deck can deal.
* A forced draw is one command, `draw_cards`, offered only when no card in hand has a
  space: it draws card after card in one event, because no choice happens between draws.
  Each card is drawn at random from the Stockpile at that moment (the pile has no order).
  Until it is placed, the card that ended the draw is the only card the seat may place.
* When the turn passes to a seat that has no placement and the Stockpile is empty, the game
  ends in the same decision (it would otherwise wait for a draw that cannot happen).
* Fallout draws go round from the placer's left, each card at random from the Stockpile.
* Cards picked up from the Core stay public while they are in a hand: every view lists them
  per seat. Dealt and drawn cards are seen only by their holder; the number drawn is public.
* The end conditions apply in both phases (an option-made hand of one card empties on its
  seed). When several hold at once, `GameEnded` lists them all.
* The centre mark has no rule effect, so the Core has none.

Refusal codes: not_your_turn, card_not_in_hand, must_place_drawn_card, space_occupied,
space_not_isolated (proliferation), space_not_adjacent, no_match, placement_available (a
draw while a card fits), game_over, not_started.
"""

from domain.decider import GameRules
from domain.errors import codes
from domain.games.mad.bot import heuristic
from domain.games.mad.cards import Card
from domain.games.mad.model import MAX_SEATS, MIN_SEATS, Command, Event, Options, initial_state
from domain.games.mad.narration import narrate
from domain.games.mad.rules import Code, decide, evolve, is_terminal, legal_moves, start
from domain.games.mad.views import (
    all_cards,
    deal_unseen,
    hidden,
    outcome,
    redact,
    sample,
    view,
)

rules = GameRules(
    kind="mad",
    title="MAD (Mutually Assured Destruction)",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
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
    refusal_codes=codes(Code),
    blurb=(
        "Lay cards on a 5 x 5 Core without "
        "setting off a Criticality; whoever holds the fewest cards wins."
    ),
    minutes=(10, 20),
    narrate=narrate,
    sample=sample,
    deal_unseen=deal_unseen,
)

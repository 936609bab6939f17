"""ONEXENO (Penrose Press), the basic game and the partners game.

The rules in brief:

* 70 square cards, one per pattern of dark/light border cells of a 3x3 grid counted once
  under rotation; a card is worth its number of dark cells (0-8). Cards turn, never flip.
* 2-7 seats playing alone, or 2 or 3 partnerships of two seated opposite (option `teams`).
  The highest draw deals first (ties draw again); five cards each; the stack's next card
  starts the field at (0, 0). The seat left of the dealer (the next seat clockwise) begins.
* A turn: draw the stack's top card (automatically, while the stack lasts), then place a card
  or pass. A placed card touches the field by a side, matches every orthogonal neighbour edge
  by edge and, by default (`corner_match`), every diagonal neighbour at the shared corner, and
  keeps the field within 5x5. Every completed line of five through it (row, column, both
  diagonals) is taken at once into the placer's public taken pile.
* Once the stack is empty a pass is for good, and in the partners game it benches the
  partner too. The hand ends when nobody can play or a seat plays its last card.
* A hand scores taken values minus values left in hand; partners add their scores. A session
  of `hands` hands keeps running totals; the deal passes left (to the next seat) each hand.

Decisions where the rules are silent or leave a choice:

* The draw at the start of a turn is not a command: it is written into the `TurnBegan` event
  that hands the turn over, so every legal move is a placement or a pass.
* Coordinates are (row, col) relative to the first field card at (0, 0); a card placed on an
  emptied field goes at (0, 0) again (code `must_place_at_centre` otherwise).
* A placement is (card, cell, rotation) with rotation in quarter turns clockwise below the
  card's symmetry period (1, 2 or 4): each distinct face is offered once; other rotations are
  refused as `redundant_rotation`.
* A pass is permanent when the stack is empty at the moment of passing (including for the
  seat that drew the last card). A permanently passed seat, and its benched partner, are
  skipped; when every seat is benched the hand ends.
* Between hands of a session the next dealer sends `deal_hand`, so the end of one hand (whose
  last cards are public) and the hidden deal of the next are separate decisions, and the hand's
  result stays on the table until then.
* The dealer draw reshuffles the whole deck for each tie round; only tied seats redraw. The
  drawn cards are shown face up in `DealerChosen`, then go back before the deal's shuffle.
* Partnerships are the option `teams` (0, 2 or 3) rather than a flag, so the seat count
  follows from it exactly (4 or 6).
* Partnership places are ranked by team: 1 + the number of teams with a higher total.
* No bonus for going out; a player with no legal placement simply passes (a pass is always
  offered except on an empty field, where a placement always exists).
* Points left in hand are reported by value at the end of a hand; hands are not revealed
  until the session ends (the finished table shows everything).
* Taken piles are public: `TricksTaken` names the cards, and the view keeps each seat's
  taken points (not the cards again) so the view stays small.
* With `corner_match` off, a cell where two neighbours disagree on the corner it would share
  with both stays unfillable (no card can match both edges).
* The "mismatched card" claim has no command: every placement is checked, so no mismatched
  card can lie on the field.
* Partnerships: seat s partners seat s + seats / 2; teams are numbered s mod (seats / 2).

Refusal codes:

* `not_started` / `game_over`: no hand has been dealt yet, or the session is over.
* `hand_over` / `not_your_deal`: between hands only `deal_hand` is due, from the seat left of
  the last dealer.
* `not_your_turn`: only the seat whose turn it is acts; `hand_in_play`: during a hand the
  commands are a placement and a pass.
* `card_not_in_hand`, `redundant_rotation`: the card is not held, or is turned to a face
  a lower rotation already shows.
* `must_place_at_centre`, `cell_occupied`, `not_adjacent`, `field_too_large`: where a card may
  not go (off (0, 0) on an empty field, on a card, touching no side, beyond five by five).
* `mismatch`: the card does not match a neighbour.
* `must_place`: on an empty field there is no pass.
"""

from domain.decider import GameRules
from domain.errors import codes
from domain.games.onexeno.bot import heuristic
from domain.games.onexeno.cards import Card
from domain.games.onexeno.model import Command, Event, Options, initial_state, seat_limits
from domain.games.onexeno.narration import narrate
from domain.games.onexeno.rules import Code, decide, evolve, is_terminal, legal_moves, start
from domain.games.onexeno.views import (
    all_cards,
    deal_unseen,
    hidden,
    outcome,
    redact,
    sample,
    view,
)

rules = GameRules(
    kind="onexeno",
    title="ONEXENO",
    min_seats=2,
    max_seats=7,
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
        "Lay square cards whose dark and light edges match, "
        "and take every line of five you complete for points."
    ),
    minutes=(15, 30),
)

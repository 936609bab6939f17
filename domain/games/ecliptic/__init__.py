"""Ecliptic (Jean-Louis Cazaux, v2.0): two players build runs of zodiac signs.

The rules in brief:

* 72 cards, one per sign (1 Aries ... 12 Pisces, cyclic) and colour; each colour has its
  symbol (yellow sun, grey moon, red star, violet galaxy, green planet, orange comet).
  Each seat has a side of the zodiac line: 12 slots, one per sign, one card each.
* Setup: each seat's own sign (option `signs`, drawn at random when not given); the sign of
  the day from the start date; shuffle, deal 7 each, 58 to the stock. A random seat takes
  the white side and moves first.
* A turn (`play_turn`): discard a pair (same sign or same colour) and place a third card on
  one's own side where that sign is free. If the other side lacks that sign, refill to 7;
  a triplet (pair and card all one sign) then earns another turn, else the other seat moves.
  If the other side holds that sign, a battle follows (a triplet earns nothing then).
* Battle: the attacker refills, then the defender; strength = longest cyclic run of
  distinct signs in hand + largest colour group; ties go to the attacker. The attacker's
  contributing cards are shown to the defender, the defender's to the attacker only if the
  defender wins. The winner keeps either card of the sign on their own side (`keep_card`),
  the other is discarded; then each seat takes one card at random from the other's hand,
  and the defender moves.
* The end: when the last stock card is drawn in a turn's refill, the other seat plays one
  final turn (with its battle, no draws); when drawn in a battle's refill, that battle
  finishes. The game also ends when the seat to move has no legal turn.
* Score per side: longest cyclic run of occupied signs + largest colour group (or, with
  `colour_scoring="run"`, the longest run of one colour) + 1 for one's own sign. Ties:
  more cards on the side, then fewer colours, then holding the sign of the day; else a draw.

Decisions where the rules are silent or leave a choice:

* Signs are numbers 1-12 in cards and events; option `signs` takes lowercase sign names.
  The random signs and the first seat are drawn before the shuffle, in that order.
* The sign of the day uses the rules' table on the UTC date of the start, shifted by
  option `utc_offset_minutes`; the date used is recorded in `ecliptic.game_opened`.
* The pair may be sent in either order; `legal_moves` lists it in deck order.
* Shown cards are shown to the other seat, not to spectators, who see totals and winners.
  A seat keeps knowing a card it was shown (or lost in an exchange) while it stays in the
  other's hand: the view lists it under `shown` and `hidden` leaves it out. A card taken in
  the exchange is known to both seats.
* Cards shown for a total: the largest colour group (ties: earlier colour) and one card per
  sign of the longest run (ties: lowest first sign), preferring the group's colour.
* When the attacker wins, the defender's strength is not recorded at all (it can be
  recomputed from the published log after the game).
* The exchange draws the attacker's pick first; an empty hand gives nothing.
* A refill at a turn's end that finds the stock already empty (the final turn) draws
  nothing; the game then ends. A triplet on the turn that drew the last card, or on the
  final turn, earns no replay. After a battle the game ends if the stock is empty.
* Standings: score is the points; places compare (points, cards, fewer colours, day sign),
  so a full tie shares first place.

Refusal codes: game_over, not_your_turn, battle_pending (a turn while the battle winner has
yet to choose), same_card, card_not_in_hand, not_a_pair, sign_taken, no_battle,
not_your_choice, not_disputed.
"""

from domain.decider import GameRules
from domain.errors import codes
from domain.games.ecliptic.bot import heuristic
from domain.games.ecliptic.cards import Card
from domain.games.ecliptic.model import Command, Event, Options, initial_state
from domain.games.ecliptic.narration import narrate
from domain.games.ecliptic.rules import Code, decide, evolve, is_terminal, legal_moves, start
from domain.games.ecliptic.views import (
    all_cards,
    deal_unseen,
    hidden,
    outcome,
    redact,
    sample,
    view,
)

rules = GameRules(
    kind="ecliptic",
    title="Ecliptic",
    min_seats=2,
    max_seats=2,
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
        "Two players build runs of zodiac signs, battling "
        "with their hands whenever both claim a sign."
    ),
    minutes=(15, 25),
    narrate=narrate,
    sample=sample,
    deal_unseen=deal_unseen,
)

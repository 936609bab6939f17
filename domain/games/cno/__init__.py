"""CNO Cycle: a real-time race to lay the carbon-nitrogen-oxygen cycle on shared piles.

Rules in brief:

* 2-4 seats, each with its own deck of 13 isotopes x 4 copies. Deal: 15 cards to the hand
  (only its top face up), 4 face up to the play row, the rest is the stock (top face up).
* No turns: every seat may act at any moment. A face-up card (hand top, stock top, row card)
  may be laid on a reaction pile whose top it follows in the cycle (`cards.PLAYED_ON`);
  carbon-12 also starts a new pile while fewer than 2 x seats piles exist (closed included).
  A row slot refills from the stock top; the stock or hand turns up its next card.
* The hand may be cycled one card at a time, without limit. A face-up neon-20 may be set
  aside at any time (it scores nothing). Neon-20 on a pile closes it.
* A seat whose stock or hand is empty may declare Done: the round ends for everyone.
* Stuck rule, checked after every change: when no seat can lay any row card, stock top or
  hand card, every seat puts its stock top and row 1-4 under its stock and lays out a new
  row and stock top, repeated while stuck, as long as every seat holds stock and hand
  cards; otherwise the round ends. Loop guard: the round also ends once
  ceil(max(stock + row) / 5) + 1 consecutive resets have happened with no card played.
* Score: 2 per card laid on a pile, -1 per card left in hand, row and stock, plus the size
  of every pile topped by a neon-20 one laid. A series keeps running totals.

Decisions where the rules are silent or leave a choice:

* Every play names what the player saw: the source card, the pile's top card, or the index
  a new pile will take. A command that no longer matches is refused as `stale`, so two
  seats racing for one pile cannot both land on it. Cycling names the hand's top card.
* The stock top is playable and counts for the stuck test; carbon-12 may go on a
  nitrogen-15 pile as well as start one; neon-20 is set aside only from a face-up spot, so
  from the hand only once cycled to the top.
* Only a card laid on a pile (or a new pile) counts as "a card played" for the loop guard;
  setting a neon-20 aside does not clear the count of consecutive resets.
* The loop guard counts resets made: ceil(max(stock + row) / 5) + 1 consecutive resets
  with no card played may happen (the view's `reset_limit`); when the table is still stuck
  after them, the round ends instead of resetting again.
* Events name only cards that stay public (laid on a pile, set aside); the cards a play or
  a reset turns up are read from the view. A deal is shown to seats and spectators as its
  sizes only. Face-down cards are in no view but the referee's (audits, finished games).
  A pile is shown as its top card, its size and whether it is closed; the cards beneath
  were each announced by the event that laid them.
* Series: `rounds` (default 1) caps the number of rounds; `target_score` (0 = none) ends it
  as soon as a running total reaches it. Between rounds any seat sends `deal_round` to
  shuffle and deal the next one, so each deal is its own decision; a second `deal_round`
  for the same round is `stale`.
* `copies` is the per-isotope multiplicity vector (2-8 each, default 4).
* No round-robin step mode: the service applies commands in arrival order, which is all
  the real-time game needs; random players simply pick any seat with a move.

Refusal codes:

* `not_seated`: the sender holds no seat at the table.
* `stale`: the command names a card, pile top, pile count, hand top or round that is no
  longer what lies on the table.
* `round_over`: a play, cycle or Done between rounds or after the series.
* `not_your_card`: the card belongs to another seat's deck.
* `no_such_pile`, `pile_closed`, `cannot_follow`: the pile does not exist, a neon-20 has
  closed it, or the card does not follow its top in the cycle.
* `not_carbon_12`, `pile_limit`: only carbon-12 starts a pile, and only while fewer than
  2 x seats piles exist.
* `not_neon_20`: only neon-20 is set aside.
* `cannot_cycle`: cycling needs two cards in hand.
* `cannot_declare_done`: Done needs an empty stock or an empty hand.
* `game_over`, `round_in_progress`, `wrong_round`: `deal_round` after the series, during a
  round, or naming a round other than the next one.
"""

from domain.decider import GameRules
from domain.errors import codes
from domain.games.cno.bot import heuristic
from domain.games.cno.cards import Card
from domain.games.cno.model import Command, Event, Options, initial_state
from domain.games.cno.narration import narrate
from domain.games.cno.rules import Code, decide, evolve, is_terminal, legal_moves, start
from domain.games.cno.views import (
    all_cards,
    deal_unseen,
    hidden,
    outcome,
    redact,
    sample,
    view,
)

rules = GameRules(
    kind="cno",
    title="CNO Cycle",
    min_seats=2,
    max_seats=4,
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
    real_time=True,
    blurb=(
        "No turns: everyone races at once to lay the carbon-nitrogen-oxygen cycle on shared piles."
    ),
    minutes=(5, 10),
)

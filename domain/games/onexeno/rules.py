"""How ONEXENO is played: the opening deal, every decision, the fold and the legal moves."""

from collections.abc import Iterator
from functools import reduce

import msgspec

from domain.cards import deal
from domain.chance import Chance
from domain.decider import Context
from domain.errors import refuse, require
from domain.games.onexeno import board
from domain.games.onexeno.cards import DECK, FACES, Card
from domain.games.onexeno.model import (
    HAND_SIZE,
    CardPlaced,
    Command,
    DealerChosen,
    DealerDraw,
    DealHand,
    Event,
    Finished,
    Hand,
    HandDealt,
    HandEnded,
    Options,
    Pass,
    Passed,
    PlaceCard,
    Placed,
    Playing,
    State,
    TricksTaken,
    TurnBegan,
    Waiting,
)
from domain.seats import next_seat, opposite

replace = msgspec.structs.replace

_recent: dict[int, tuple[State, tuple[Command, ...]]] = {}
"""Per seat, the last state asked about and its legal moves. States are immutable, so while
the very same state object is asked about again (a view, then a check, then a decision) the
answer is reused instead of recomputed; this holds at most one state per seat."""


def initial_state(options: Options, seats: int) -> State:
    return Waiting(options, seats)


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """Draw for the first dealer, then deal the first hand and begin its first turn."""
    if not isinstance(state, Waiting):
        raise refuse("already_started", "the game has already started")
    chosen = _choose_dealer(state.seats, ctx.chance)
    return (chosen, *_deal(evolve(state, chosen), chosen.dealer, 1, ctx.chance))


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    """Place or pass for the seat whose turn it is, then what follows: tricks, next turn, end.

    Between hands the only command is the next dealer's `DealHand`.
    """
    playing = _playing(state)
    seat = ctx.seat
    if playing.hand.turn < 0:
        return _deal_next(playing, command, seat, ctx.chance)
    require(seat == playing.hand.turn, "not_your_turn", "it is not your turn")
    assert seat is not None
    match command:
        case PlaceCard():
            events = _place(playing, command, seat)
        case Pass():
            events = (_pass(playing, seat),)
        case _:
            raise refuse("hand_in_play", "the hand is still being played")
    after = reduce(evolve, events, state)
    assert isinstance(after, Playing)
    return (*events, *_after_turn(after, seat))


def evolve(state: State, event: Event) -> State:
    """Apply one event to the session."""
    match event:
        case DealerChosen():
            return replace(state, dealer=event.dealer)
        case HandDealt():
            return _dealt(state, event)
        case HandEnded():
            return _ended(_playing(state), event)
        case _:
            playing = _playing(state)
            return replace(playing, hand=_evolve_hand(playing.hand, event))


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """Every distinct placement (cell, card, rotation) the seat may make, then a pass."""
    recent = _recent.get(seat)
    if recent is not None and recent[0] is state:
        return recent[1]
    moves: tuple[Command, ...] = ()
    if isinstance(state, Playing) and state.hand.turn == seat:
        hand = state.hand
        moves = (*_placements(hand, hand.hands[seat], state.options.corner_match),)
        moves += (Pass(),) if hand.field else ()
    elif isinstance(state, Playing) and state.hand.turn < 0 and seat == _next_dealer(state):
        moves = (DealHand(),)
    _recent[seat] = (state, moves)
    return moves


def partner(seat: int, seats: int, options: Options) -> int | None:
    """The partner seated opposite, in a partnership game."""
    return opposite(seat, seats) if options.teams else None


def team(seat: int, seats: int, options: Options) -> int | None:
    """Partnerships are numbered by their lower seat: seat s plays for s mod (seats / 2)."""
    return seat % (seats // 2) if options.teams else None


def _choose_dealer(seats: int, chance: Chance) -> DealerChosen:
    """Everyone draws; the tied highest draw again from a reshuffled deck until one is left."""
    contenders = tuple(range(seats))
    rounds: list[tuple[DealerDraw, ...]] = []
    while len(contenders) > 1:
        shuffled = chance.shuffle(DECK)
        draws = tuple(
            DealerDraw(seat, card) for seat, card in zip(contenders, shuffled, strict=False)
        )
        best = max(draw.card.value for draw in draws)
        contenders = tuple(draw.seat for draw in draws if draw.card.value == best)
        rounds.append(draws)
    return DealerChosen(tuple(rounds), contenders[0])


def _deal(state: State, dealer: int, number: int, chance: Chance) -> tuple[Event, ...]:
    shuffled = chance.shuffle(DECK)
    seats = state.seats
    hands, rest = deal(shuffled, seats, HAND_SIZE)
    sizes = tuple(len(hand) for hand in hands)
    dealt = HandDealt(number, dealer, hands, rest[1:], rest[0], sizes, len(rest) - 1)
    after = _playing(evolve(state, dealt))
    return (dealt, _begin(after, next_seat(dealer, seats)))


def _begin(state: Playing, seat: int) -> TurnBegan:
    """The seat's turn starts with a draw, while the stack lasts."""
    stack = state.hand.stack
    return TurnBegan(seat, bool(stack), stack[0] if stack else None)


def _place(state: Playing, command: PlaceCard, seat: int) -> tuple[Event, ...]:
    hand = state.hand
    card, cell = command.card, (command.row, command.col)
    require(card in hand.hands[seat], "card_not_in_hand", f"you do not hold {card}")
    faces_of = FACES[card.pattern]
    require(
        command.rotation < len(faces_of),
        "redundant_rotation",
        f"this card shows {len(faces_of)} distinct rotations: use rotation 0-{len(faces_of) - 1}",
    )
    face = faces_of[command.rotation]
    faces = _faces(hand)
    _check_cell(faces, cell)
    require(
        board.fits(faces, cell, face, state.options.corner_match),
        "mismatch",
        "the card does not match its neighbours",
    )
    placed = CardPlaced(seat, card, *cell, command.rotation, face)
    lines = board.tricks({**faces, cell: face}, cell)
    if not lines:
        return (placed,)
    return (placed, _taken(hand, seat, card, lines))


_REASONS = {
    "must_place_at_centre": "on an empty field the card goes at (0, 0)",
    "cell_occupied": "that cell already holds a card",
    "not_adjacent": "a card must touch the field by a side",
    "field_too_large": "the field may not exceed five by five cards",
}


def _check_cell(faces: board.Faces, cell: board.Cell) -> None:
    code = board.refusal(faces, cell)
    if code is not None:
        raise refuse(code, _REASONS[code])


def _taken(
    hand: Hand, seat: int, card: Card, lines: tuple[tuple[board.Cell, ...], ...]
) -> TricksTaken:
    cells = tuple(sorted({cell for line in lines for cell in line}))
    by_cell = {(placed.row, placed.col): placed.card for placed in hand.field}
    cards = tuple(by_cell.get(cell, card) for cell in cells)
    return TricksTaken(seat, len(lines), cells, cards, sum(taken.value for taken in cards))


def _pass(state: Playing, seat: int) -> Passed:
    """A pass; once the stack is empty it is for good, and for the passer's partner too."""
    hand = state.hand
    require(bool(hand.field), "must_place", "on an empty field you must place a card")
    if hand.stack:
        return Passed(seat)
    mate = partner(seat, state.seats, state.options)
    benched = (seat,) if mate is None or hand.benched[mate] else tuple(sorted((seat, mate)))
    return Passed(seat, benched)


def _after_turn(state: Playing, seat: int) -> tuple[Event, ...]:
    """The next turn, or the end of the hand when the seat went out or nobody can play."""
    hand = state.hand
    if not hand.hands[seat]:
        return _end_hand(state, seat)
    for step in range(1, state.seats + 1):
        following = next_seat(seat, state.seats, steps=step)
        if not hand.benched[following]:
            return (_begin(state, following),)
    return _end_hand(state, None)


def _end_hand(state: Playing, went_out: int | None) -> tuple[Event, ...]:
    hand = state.hand
    taken = tuple(sum(card.value for card in pile) for pile in hand.taken)
    held = tuple(sum(card.value for card in cards) for cards in hand.hands)
    scores = tuple(won - lost for won, lost in zip(taken, held, strict=True))
    last = hand.number >= state.options.hands
    ended = HandEnded(hand.number, went_out, taken, held, scores, last)
    return (ended,)


def _deal_next(
    state: Playing, command: Command, seat: int | None, chance: Chance
) -> tuple[Event, ...]:
    """The next hand is dealt by the seat left of the last dealer."""
    require(isinstance(command, DealHand), "hand_over", "the hand is over: the next deal is due")
    dealer = _next_dealer(state)
    require(seat == dealer, "not_your_deal", f"seat {dealer} deals the next hand")
    return _deal(state, dealer, state.hand.number + 1, chance)


def _next_dealer(state: Playing) -> int:
    return next_seat(state.hand.dealer, state.seats)


def _placements(hand: Hand, cards: tuple[Card, ...], corners: bool) -> Iterator[PlaceCard]:
    """Each open cell's constraint is computed once and tested against every face held."""
    faces = _faces(hand)
    for row, col in board.open_cells(faces):
        mask, bits = board.constraint(faces, (row, col), corners)
        for card in cards:
            for rotation, face in enumerate(FACES[card.pattern]):
                if face & mask == bits:
                    yield PlaceCard(card, row, col, rotation)


def _dealt(state: State, event: HandDealt) -> Playing:
    seats = len(event.hands)
    up = Placed(0, 0, event.up_card, 0)
    hand = Hand(
        number=event.number,
        dealer=event.dealer,
        turn=-1,
        hands=event.hands,
        stack=event.stack,
        field=(up,),
        taken=((),) * seats,
        benched=(False,) * seats,
    )
    if isinstance(state, Playing):
        return replace(state, hand=hand)
    return Playing(state.options, seats, (0,) * seats, (), hand)


def _ended(state: Playing, event: HandEnded) -> State:
    totals = tuple(total + score for total, score in zip(state.totals, event.scores, strict=True))
    hand = replace(state.hand, turn=-1)
    history = (*state.history, event.scores)
    if event.last:
        return Finished(state.options, state.seats, totals, history, hand)
    return replace(state, totals=totals, history=history, hand=hand)


def _evolve_hand(hand: Hand, event: Event) -> Hand:
    match event:
        case TurnBegan(seat=seat, drew=False):
            return replace(hand, turn=seat)
        case TurnBegan(seat=seat, card=card):
            hands = (
                hand.hands if card is None else _with(hand.hands, seat, (*hand.hands[seat], card))
            )
            return replace(hand, turn=seat, hands=hands, stack=hand.stack[1:])
        case CardPlaced():
            held = tuple(card for card in hand.hands[event.seat] if card != event.card)
            placed = Placed(event.row, event.col, event.card, event.rotation)
            field = (*hand.field, placed)
            return replace(hand, hands=_with(hand.hands, event.seat, held), field=field)
        case TricksTaken():
            gone = set(event.cells)
            kept = tuple(p for p in hand.field if (p.row, p.col) not in gone)
            taken = _with(hand.taken, event.seat, (*hand.taken[event.seat], *event.cards))
            return replace(hand, field=kept, taken=taken)
        case Passed():
            benched = tuple(on or seat in event.benched for seat, on in enumerate(hand.benched))
            return replace(hand, benched=benched)
    return hand


def _with(
    piles: tuple[tuple[Card, ...], ...], seat: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*piles[:seat], pile, *piles[seat + 1 :])


def _faces(hand: Hand) -> dict[board.Cell, int]:
    return {(p.row, p.col): FACES[p.card.pattern][p.rotation] for p in hand.field}


def _playing(state: State) -> Playing:
    match state:
        case Playing():
            return state
        case Finished():
            raise refuse("game_over", "the session is over")
        case _:
            raise refuse("not_started", "no hand has been dealt yet")

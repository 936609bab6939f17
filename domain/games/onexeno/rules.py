"""How ONEXENO is played: the opening deal, `decide`, the fold `evolve` and `legal_moves`,
which share one legality (`_refusal`)."""

from collections.abc import Iterator
from functools import reduce
from typing import Literal

import msgspec

from domain.cards import deal
from domain.chance import Chance
from domain.decider import Context, unknown_command, unknown_event
from domain.errors import Refusal, reject
from domain.games.onexeno import board
from domain.games.onexeno.cards import DECK, FACES, QUARTER_TURNS, Card
from domain.games.onexeno.model import (
    HAND_SIZE,
    Captured,
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
Code = (
    Literal[
        "not_started",
        "game_over",
        "hand_over",
        "not_your_deal",
        "hand_in_play",
        "not_your_turn",
        "card_not_in_hand",
        "redundant_rotation",
        "mismatch",
        "must_place",
    ]
    | board.Code
)
"""Every code ONEXENO refuses a command with (see the package docstring for when)."""
Refused = Refusal[Code]


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """Draw for the first dealer, then deal the first hand and begin its first turn."""
    if not isinstance(state, Waiting):
        raise ValueError(f"a game starts from its initial state, not from {type(state).__name__}")
    chosen = _choose_dealer(state.seats, ctx.chance)
    return (chosen, *_deal(evolve(state, chosen), chosen.dealer, 1, ctx.chance))


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    """Place or pass for the seat whose turn it is, then what follows: tricks, next turn, end.

    Between hands the only command is the next dealer's `DealHand`.
    """
    seat = ctx.seat
    reject(_refusal(state, seat, command))
    playing = _playing(state)
    assert seat is not None
    match command:
        case DealHand():
            return _deal(playing, seat, playing.hand.number + 1, ctx.chance)
        case PlaceCard():
            events = _place(playing, command, seat)
        case Pass():
            events = (_pass(playing, seat),)
        case _:
            unknown_command("onexeno", command)
    after = _playing(reduce(evolve, events, state))
    return (*events, *_after_turn(after, seat))


def evolve(state: State, event: Event) -> State:
    """Apply one event to the session."""
    match event:
        case DealerChosen():
            return replace(state, dealer=event.dealer)
        case HandDealt():
            return _dealt(state, event)
        case TurnBegan():
            return _turn_began(_playing(state), event)
        case CardPlaced():
            return _card_placed(_playing(state), event)
        case TricksTaken():
            return _tricks_taken(_playing(state), event)
        case Passed():
            return _passed(_playing(state), event)
        case HandEnded():
            return _ended(_playing(state), event)
        case _:
            unknown_event("onexeno", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """Every distinct placement (cell, card, rotation) the seat may make, then a pass; or,
    between hands, the next dealer's deal. The moves are built from the checks
    `_refusal` is made of, the dear ones judged once for all the moves they share: asking
    `_refusal` of every candidate (`domain.decider.legal`) would cost several times as much."""
    if not isinstance(state, Playing):
        return ()  # `_refusal` refuses every command before the first deal and after the last
    hand = state.hand
    if hand.turn < 0:
        return () if _deal_refusal(state, seat, DealHand()) else (DealHand(),)
    if _turn_refusal(hand, seat):
        return ()
    moves: tuple[Command, ...] = (*_placements(hand, seat, state.options.corner_match),)
    return moves if _pass_refusal(hand) else (*moves, Pass())


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


def partner(seat: int, seats: int, options: Options) -> int | None:
    """The partner seated opposite, in a partnership game."""
    return opposite(seat, seats) if options.teams else None


def team(seat: int, seats: int, options: Options) -> int | None:
    """Partnerships are numbered by their lower seat: seat s plays for s mod (seats / 2)."""
    return seat % (seats // 2) if options.teams else None


def _refusal(state: State, seat: int | None, command: Command) -> Refused | None:
    """Why `seat` may not send `command` now, or None if it may: ONEXENO's one legality.
    Each rule is one check below, asked by `decide` here and by `legal_moves` as it builds
    the moves."""
    if not isinstance(state, Playing):
        return _not_playing(state)
    hand = state.hand
    if hand.turn < 0:
        return _deal_refusal(state, seat, command)
    if refusal := _turn_refusal(hand, seat):
        return refusal
    assert seat is not None
    match command:
        case PlaceCard(card=card, row=row, col=col, rotation=rotation):
            faces = _faces(hand)
            return (
                _card_refusal(hand.hands[seat], card, rotation)
                or board.refusal(faces, (row, col))
                or _fit_refusal(faces, (row, col), FACES[card.pattern][rotation], state.options)
            )
        case Pass():
            return _pass_refusal(hand)
    return Refused("hand_in_play", "the hand is still being played")


def _deal_refusal(state: Playing, seat: int | None, command: Command) -> Refused | None:
    """Between hands only the next deal is due, and the seat left of the last dealer deals."""
    if not isinstance(command, DealHand):
        return Refused("hand_over", "the hand is over: the next deal is due")
    dealer = _next_dealer(state)
    if seat != dealer:
        return Refused("not_your_deal", "seat {} deals the next hand", dealer)
    return None


def _turn_refusal(hand: Hand, seat: int | None) -> Refused | None:
    if seat != hand.turn:
        return Refused("not_your_turn", "it is not your turn")
    return None


def _card_refusal(held: tuple[Card, ...], card: Card, rotation: int) -> Refused | None:
    """The card is held, and turned below its symmetry period: each distinct face once."""
    if card not in held:
        return Refused("card_not_in_hand", "you do not hold {}", card)
    shown = len(FACES[card.pattern])
    if rotation >= shown:
        reason = "this card shows {} distinct rotations: use rotation 0-{}"
        return Refused("redundant_rotation", reason, shown, shown - 1)
    return None


def _fit_refusal(
    faces: board.Faces, cell: board.Cell, face: int, options: Options
) -> Refused | None:
    if not board.fits(faces, cell, face, options.corner_match):
        return Refused("mismatch", "the card does not match its neighbours")
    return None


def _pass_refusal(hand: Hand) -> Refused | None:
    if not hand.field:
        return Refused("must_place", "on an empty field you must place a card")
    return None


def _placements(hand: Hand, seat: int, corners: bool) -> Iterator[PlaceCard]:
    """The placements `_refusal` accepts, cell by cell in order: the cards and rotations
    `_card_refusal` accepts are found once, the open cells are those `board.refusal` accepts,
    and each open cell's constraint is computed once and met or not by every face held."""
    held = hand.hands[seat]
    offered = tuple(
        (card, rotation, FACES[card.pattern][rotation])
        for card in held
        for rotation in range(QUARTER_TURNS)
        if _card_refusal(held, card, rotation) is None
    )
    faces = _faces(hand)
    for row, col in board.open_cells(faces):
        constraint = board.constraint(faces, (row, col), corners)
        for card, rotation, face in offered:
            if board.meets(face, constraint):
                yield PlaceCard(card, row, col, rotation)


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
    """An accepted placement, and the lines of five it completes."""
    hand = state.hand
    card, cell = command.card, (command.row, command.col)
    face = FACES[card.pattern][command.rotation]
    placed = CardPlaced(seat, card, *cell, command.rotation, face)
    lines = board.tricks({**_faces(hand), cell: face}, cell)
    if not lines:
        return (placed,)
    return (placed, _taken(hand, seat, card, lines))


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


def _next_dealer(state: Playing) -> int:
    return next_seat(state.hand.dealer, state.seats)


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


def _turn_began(state: Playing, event: TurnBegan) -> Playing:
    """The turn passes to `event.seat`, who takes the stack's top card if it drew."""
    hand = state.hand
    if not event.drew:
        return replace(state, hand=replace(hand, turn=event.seat))
    card, seat = event.card, event.seat
    hands = hand.hands if card is None else _with(hand.hands, seat, (*hand.hands[seat], card))
    return replace(state, hand=replace(hand, turn=seat, hands=hands, stack=hand.stack[1:]))


def _card_placed(state: Playing, event: CardPlaced) -> Playing:
    hand = state.hand
    held = tuple(card for card in hand.hands[event.seat] if card != event.card)
    placed = Placed(event.row, event.col, event.card, event.rotation)
    field = (*hand.field, placed)
    hands = _with(hand.hands, event.seat, held)
    return replace(state, hand=replace(hand, hands=hands, field=field, captured=None))


def _tricks_taken(state: Playing, event: TricksTaken) -> Playing:
    hand = state.hand
    gone = set(event.cells)
    kept = tuple(p for p in hand.field if (p.row, p.col) not in gone)
    lines = Captured(event.seat, tuple(p for p in hand.field if (p.row, p.col) in gone))
    taken = _with(hand.taken, event.seat, (*hand.taken[event.seat], *event.cards))
    return replace(state, hand=replace(hand, field=kept, taken=taken, captured=lines))


def _passed(state: Playing, event: Passed) -> Playing:
    hand = state.hand
    benched = tuple(on or seat in event.benched for seat, on in enumerate(hand.benched))
    return replace(state, hand=replace(hand, benched=benched))


def _ended(state: Playing, event: HandEnded) -> State:
    totals = tuple(total + score for total, score in zip(state.totals, event.scores, strict=True))
    hand = replace(state.hand, turn=-1)
    history = (*state.history, event.scores)
    if event.last:
        return Finished(state.options, state.seats, totals, history, hand)
    return replace(state, totals=totals, history=history, hand=hand)


def _with(
    piles: tuple[tuple[Card, ...], ...], seat: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*piles[:seat], pile, *piles[seat + 1 :])


def _faces(hand: Hand) -> dict[board.Cell, int]:
    return {(p.row, p.col): FACES[p.card.pattern][p.rotation] for p in hand.field}


def _playing(state: State) -> Playing:
    """The session under way, for what only a hand in play takes."""
    if not isinstance(state, Playing):
        raise _not_playing(state).error()
    return state


def _not_playing(state: Waiting | Finished) -> Refused:
    if isinstance(state, Finished):
        return Refused("game_over", "the session is over")
    return Refused("not_started", "no hand has been dealt yet")

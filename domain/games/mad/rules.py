"""MAD's decider: dealing, every rule of play, and the fold of its events."""

from functools import reduce
from typing import Literal

import msgspec

from domain.cards import deal
from domain.decider import Context, unknown_command, unknown_event
from domain.errors import Refusal, reject
from domain.games.mad import board
from domain.games.mad.cards import DECK, Card
from domain.games.mad.model import (
    MIN_SEATS,
    SIZE,
    CardPlaced,
    CardsDrawn,
    CardsPickedUp,
    Command,
    Dealing,
    Dealt,
    DrawCards,
    EndReason,
    Event,
    FalloutDraw,
    FalloutDrawn,
    Finished,
    GameEnded,
    PlaceCard,
    Playing,
    State,
    TurnPassed,
)
from domain.seats import next_seat, rotation

replace = msgspec.structs.replace
Code = Literal[
    "not_started",
    "game_over",
    "not_your_turn",
    "card_not_in_hand",
    "must_place_drawn_card",
    "space_occupied",
    "space_not_isolated",
    "space_not_adjacent",
    "no_match",
    "placement_available",
]
"""Every code MAD refuses a command with (see the package docstring for when)."""
Refused = Refusal[Code]


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """Shuffle, deal the hand size the options give this many seats, pick the first seat."""
    if not isinstance(state, Dealing):
        raise ValueError(f"a game starts from its initial state, not from {type(state).__name__}")
    size = state.options.hand_sizes[state.seats - MIN_SEATS]
    hands, stockpile = deal(ctx.chance.shuffle(DECK), state.seats, size)
    first = ctx.chance.below(state.seats)
    return (Dealt(first, size, len(stockpile), hands, stockpile),)


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    playing = _playing(state)
    reject(_refusal(playing, ctx.seat, command))
    match command:
        case PlaceCard():
            return _place(playing, command, ctx)
        case DrawCards():
            return _draw(playing, ctx)
        case _:
            unknown_command("mad", command)


def evolve(state: State, event: Event) -> State:
    match event:
        case Dealt():
            return _dealt(_dealing(state, event), event)
        case CardPlaced():
            return _placed(_in_play(state, event), event)
        case CardsPickedUp():
            return _picked_up(_in_play(state, event), event)
        case FalloutDrawn():
            return reduce(_fallout_draw, event.draws, _in_play(state, event))
        case CardsDrawn():
            return _drawn(_in_play(state, event), event)
        case TurnPassed():
            return replace(_in_play(state, event), turn=event.seat)
        case GameEnded():
            return Finished(_in_play(state, event), event.reasons)
        case _:
            unknown_event("mad", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """The placements `_refusal` accepts; else the forced draw, if it accepts that. The moves
    are built from the checks `_refusal` is made of, the dear ones judged once for all the
    moves they share: asking `_refusal` of every candidate (`domain.decider.legal`) would
    cost several times as much."""
    if not isinstance(state, Playing):
        return ()
    placements = _placements(state, seat)
    if placements:
        return placements  # a draw is refused while any placement is legal
    draw = DrawCards()
    return () if _refusal(state, seat, draw) else (draw,)


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


# Legality: what `decide` accepts and `legal_moves` offers


def _refusal(state: Playing, seat: int | None, command: Command) -> Refused | None:
    """Whether `seat` may send `command` now: the one statement of the rules of play."""
    match command:
        case PlaceCard():
            card, at = command.card, board.space(command.row, command.column)
            return (
                _card_refusal(state, seat, card)
                or _space_refusal(state, at)
                or _match_refusal(state, card, board.touching(state.core, at))
            )
        case DrawCards():
            return _turn_refusal(state, seat) or _draw_refusal(state)
        case _:
            unknown_command("mad", command)


def _turn_refusal(state: Playing, seat: int | None) -> Refused | None:
    if seat != state.turn:
        return Refused("not_your_turn", "it is seat {}'s turn", state.turn)
    return None


def _card_refusal(state: Playing, seat: int | None, card: Card) -> Refused | None:
    """Whether the seat may place this card, wherever it goes."""
    if refusal := _turn_refusal(state, seat):
        return refusal
    if card not in state.hands[state.turn]:
        return Refused("card_not_in_hand", "seat {} holds no {}", state.turn, card)
    if state.drawn not in (None, card):
        return Refused("must_place_drawn_card", "{} must go now", state.drawn)
    return None


def _space_refusal(state: Playing, at: int) -> Refused | None:
    """Whether anything may go to space `at`: a seed on an isolated space while Nuclear
    Proliferation lasts, else a card beside another."""
    if state.core[at] is not None:
        return Refused("space_occupied", "that space already holds a card")
    if state.seeding:
        if not board.isolated(state.core, at):
            return Refused("space_not_isolated", "no seed beside a card")
    elif not board.beside_a_card(state.core, at):
        return Refused("space_not_adjacent", "place beside a card")
    return None


def _match_refusal(state: Playing, card: Card, touched: board.Touching) -> Refused | None:
    """Whether this card may go to an open space beside `touched`: in Nuclear Escalation,
    only beside a card that shares its number or element."""
    if not state.seeding and not board.fits(card, touched):
        return Refused("no_match", "no neighbour shares that card")
    return None


def _draw_refusal(state: Playing) -> Refused | None:
    if state.drawn is not None:
        return Refused("must_place_drawn_card", "{} must go now", state.drawn)
    if _placements(state, state.turn):
        return Refused("placement_available", "draw only when no card fits")
    return None


def _placements(state: Playing, seat: int) -> tuple[PlaceCard, ...]:
    """Every placement `_refusal` accepts from `seat`: card by card in the order of the hand
    on turn (every card that could be placed), space by space in each."""
    cards = [card for card in state.hands[state.turn] if _card_refusal(state, seat, card) is None]
    spaces = _open_spaces(state) if cards else ()
    return tuple(
        PlaceCard(card, row, column)
        for card in cards
        for (row, column), touched in spaces
        if _match_refusal(state, card, touched) is None
    )


def _open_spaces(state: Playing) -> tuple[tuple[tuple[int, int], board.Touching], ...]:
    """The spaces `_space_refusal` accepts, as (row, column), with what each touches: judged
    once for a whole hand."""
    return tuple(
        (divmod(at, SIZE), board.touching(state.core, at))
        for at in board.SPACES
        if _space_refusal(state, at) is None
    )


# Deciding


def _place(state: Playing, command: PlaceCard, ctx: Context) -> tuple[Event, ...]:
    at = board.space(command.row, command.column)
    placed = CardPlaced(state.turn, command.card, command.row, command.column)
    after = _play_on(state, placed)
    critical = () if state.seeding else board.criticality(after.core, at)
    if critical:
        return _then_pass_turn(state, (placed, *_pick_up(after, critical, ctx)))
    ended = _placement_ends(after)
    if ended:
        return (placed, GameEnded(ended))
    return _then_pass_turn(state, (placed,))


def _pick_up(state: Playing, critical: tuple[Card, ...], ctx: Context) -> tuple[Event, ...]:
    """The placer takes the Criticalities; then Fallout, or the end if the pile is short."""
    picked = CardsPickedUp(state.turn, critical)
    after = _play_on(state, picked)
    emptied: tuple[EndReason, ...] = ("core_emptied",) if board.empty(after.core) else ()
    others = rotation(state.turn, len(state.hands))[1:]
    if len(after.stockpile) < len(others):
        return (picked, GameEnded((*emptied, "stockpile_short")))
    pile = list(after.stockpile)
    draws = tuple(FalloutDraw(seat, pile.pop(ctx.chance.below(len(pile)))) for seat in others)
    fallout = FalloutDrawn(draws)
    return (picked, fallout, GameEnded(emptied)) if emptied else (picked, fallout)


def _placement_ends(state: Playing) -> tuple[EndReason, ...]:
    """Ends by a placement that made no Criticality: a full Core, an empty hand."""
    full: tuple[EndReason, ...] = ("core_full",) if board.full(state.core) else ()
    emptied: tuple[EndReason, ...] = () if state.hands[state.turn] else ("hand_emptied",)
    return (*full, *emptied)


def _then_pass_turn(state: Playing, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """Pass the turn left, unless the game ended; a next seat that must draw from an empty
    Stockpile ends the game at once."""
    if isinstance(events[-1], GameEnded):
        return events
    passed = TurnPassed(next_seat(state.turn, len(state.hands)))
    after = _play_on(state, *events, passed)
    if after.stockpile or _placements(after, after.turn):
        return (*events, passed)
    return (*events, passed, GameEnded(("stockpile_short",)))


def _draw(state: Playing, ctx: Context) -> tuple[Event, ...]:
    """Draw at random from the Stockpile until a card has a space, or the pile runs out."""
    pile, drawn, playable = list(state.stockpile), [], False
    spaces = _open_spaces(state)
    while pile and not playable:
        card = pile.pop(ctx.chance.below(len(pile)))
        drawn.append(card)
        playable = any(_match_refusal(state, card, touched) is None for _, touched in spaces)
    event = CardsDrawn(state.turn, len(drawn), playable, tuple(drawn))
    return (event,) if playable else (event, GameEnded(("stockpile_short",)))


def _play_on(state: Playing, *events: Event) -> Playing:
    """The position after events that leave the game in play, folded by `evolve`."""
    before: State = state
    after = reduce(evolve, events, before)
    assert isinstance(after, Playing), "only GameEnded ends play"
    return after


def _playing(state: State) -> Playing:
    match state:
        case Playing():
            return state
        case Finished():
            raise Refused("game_over", "the game is over").error()
    raise Refused("not_started", "the cards have not been dealt yet").error()


# Folding


def _dealing(state: State, event: Event) -> Dealing:
    """The position `event` applies to, which must be before the deal."""
    if not isinstance(state, Dealing):
        raise _out_of_order(state, event)
    return state


def _in_play(state: State, event: Event) -> Playing:
    """The position `event` applies to, which must be a game in play."""
    if not isinstance(state, Playing):
        raise _out_of_order(state, event)
    return state


def _out_of_order(state: State, event: Event) -> ValueError:
    return ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")


def _dealt(state: Dealing, event: Dealt) -> Playing:
    """The deal: hands, Stockpile and first seat come from the event; `state` only proves
    that the cards had not been dealt."""
    seats = len(event.hands)
    return Playing(event.hands, event.stockpile, board.EMPTY_CORE, event.first_seat, seats)


def _placed(state: Playing, event: CardPlaced) -> Playing:
    at = board.space(event.row, event.column)
    return replace(
        state,
        hands=_give(state.hands, event.seat, (), taken=(event.card,)),
        core=(*state.core[:at], event.card, *state.core[at + 1 :]),
        seeding=max(state.seeding - 1, 0),
        exposed=state.exposed - {event.card},
        drawn=None,
    )


def _picked_up(state: Playing, event: CardsPickedUp) -> Playing:
    gone = set(event.cards)
    core = tuple(None if card in gone else card for card in state.core)
    hands = _give(state.hands, event.seat, event.cards)
    return replace(state, core=core, hands=hands, exposed=state.exposed | gone)


def _drawn(state: Playing, event: CardsDrawn) -> Playing:
    return replace(
        state,
        hands=_give(state.hands, event.seat, event.cards),
        stockpile=_without(state.stockpile, event.cards),
        drawn=event.cards[-1] if event.playable else None,
    )


def _fallout_draw(state: Playing, draw: FalloutDraw) -> Playing:
    card = (draw.card,) if draw.card is not None else ()
    hands = _give(state.hands, draw.seat, card)
    return replace(state, hands=hands, stockpile=_without(state.stockpile, card))


def _give(
    hands: tuple[tuple[Card, ...], ...],
    seat: int,
    given: tuple[Card, ...],
    taken: tuple[Card, ...] = (),
) -> tuple[tuple[Card, ...], ...]:
    hand = (*_without(hands[seat], taken), *given)
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _without(pile: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """`pile` less `cards`; every card is unique and `decide` has checked they are there."""
    return tuple(card for card in pile if card not in cards) if cards else pile

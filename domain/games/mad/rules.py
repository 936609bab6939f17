"""MAD's decider: dealing, every rule of play, and the fold of its events."""

from functools import lru_cache, reduce

import msgspec

from domain.cards import deal
from domain.decider import Context
from domain.errors import refuse, require
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


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """Shuffle, deal the hand size the options give this many seats, pick the first seat."""
    if not isinstance(state, Dealing):
        raise refuse("already_started", "the cards have already been dealt")
    size = state.options.hand_sizes[state.seats - MIN_SEATS]
    hands, stockpile = deal(ctx.chance.shuffle(DECK), state.seats, size)
    first = ctx.chance.below(state.seats)
    return (Dealt(first, size, len(stockpile), hands, stockpile),)


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    playing = _playing(state)
    require(ctx.seat == playing.turn, "not_your_turn", f"it is seat {playing.turn}'s turn")
    match command:
        case PlaceCard():
            return _place(playing, command, ctx)
        case DrawCards():
            return _draw(playing, ctx)
    raise refuse("unknown_command", f"MAD has no command {type(command).__name__}")


def evolve(state: State, event: Event) -> State:
    match state, event:
        case Dealing(), Dealt():
            return _dealt(event)
        case Playing(), GameEnded():
            return Finished(state, event.reasons)
        case Playing(), _:
            return _evolve_playing(state, event)
    raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    if not isinstance(state, Playing) or seat != state.turn:
        return ()
    return _placements(state) or (DrawCards(),)


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


# Deciding a placement


def _place(state: Playing, command: PlaceCard, ctx: Context) -> tuple[Event, ...]:
    at = _check_placement(state, command)
    placed = CardPlaced(state.turn, command.card, command.row, command.column)
    after = _evolve_playing(state, placed)
    critical = () if state.seeding else board.criticality(after.core, at)
    if critical:
        return _then_pass_turn(state, (placed, *_pick_up(after, critical, ctx)))
    ended = _placement_ends(after)
    if ended:
        return (placed, GameEnded(ended))
    return _then_pass_turn(state, (placed,))


def _check_placement(state: Playing, command: PlaceCard) -> int:
    """The space a placement goes to, once every placement rule allows it."""
    seat, card = state.turn, command.card
    at = board.space(command.row, command.column)
    require(card in state.hands[seat], "card_not_in_hand", f"seat {seat} holds no {card}")
    require(state.drawn in (None, card), "must_place_drawn_card", f"{state.drawn} must go now")
    require(state.core[at] is None, "space_occupied", "that space already holds a card")
    if state.seeding:
        require(board.isolated(state.core, at), "space_not_isolated", "no seed beside a card")
    else:
        require(board.beside_a_card(state.core, at), "space_not_adjacent", "place beside a card")
        require(board.matches(state.core, card, at), "no_match", "no neighbour shares that card")
    return at


def _pick_up(state: Playing, critical: tuple[Card, ...], ctx: Context) -> tuple[Event, ...]:
    """The placer takes the Criticalities; then Fallout, or the end if the pile is short."""
    picked = CardsPickedUp(state.turn, critical)
    after = _evolve_playing(state, picked)
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
    before = reduce(_evolve_playing, events, state)
    passed = TurnPassed(next_seat(state.turn, len(state.hands)))
    after = _evolve_playing(before, passed)
    if after.stockpile or _placements(after):
        return (*events, passed)
    return (*events, passed, GameEnded(("stockpile_short",)))


def _draw(state: Playing, ctx: Context) -> tuple[Event, ...]:
    """Draw at random from the Stockpile until a card has a space, or the pile runs out."""
    require(state.drawn is None, "must_place_drawn_card", f"{state.drawn} must go now")
    require(not _placements(state), "placement_available", "draw only when no card fits")
    pile, drawn, playable = list(state.stockpile), [], False
    spaces = board.frontier(state.core)
    while pile and not playable:
        card = pile.pop(ctx.chance.below(len(pile)))
        drawn.append(card)
        playable = any(board.fits(card, touched) for _, touched in spaces)
    event = CardsDrawn(state.turn, len(drawn), playable, tuple(drawn))
    return (event,) if playable else (event, GameEnded(("stockpile_short",)))


@lru_cache(maxsize=64)
def _placements(state: Playing) -> tuple[PlaceCard, ...]:
    """Every legal placement for the seat on turn, card by card in hand order.

    Cached because one position is asked for its moves many times (views, checks, bots)
    and states are frozen values; the cache changes no result."""
    hand = state.hands[state.turn] if state.drawn is None else (state.drawn,)
    if state.seeding:
        seeds = tuple(divmod(at, SIZE) for at in board.seeding_spaces(state.core))
        return tuple(PlaceCard(card, row, column) for card in hand for row, column in seeds)
    spaces = [(divmod(at, SIZE), touched) for at, touched in board.frontier(state.core)]
    return tuple(
        PlaceCard(card, row, column)
        for card in hand
        for (row, column), touched in spaces
        if board.fits(card, touched)
    )


# Folding


def _dealt(event: Dealt) -> Playing:
    seats = len(event.hands)
    return Playing(event.hands, event.stockpile, board.EMPTY_CORE, event.first_seat, seats)


def _evolve_playing(state: Playing, event: Event) -> Playing:
    match event:
        case CardPlaced():
            return _placed(state, event)
        case CardsPickedUp():
            gone = set(event.cards)
            core = tuple(None if card in gone else card for card in state.core)
            hands = _give(state.hands, event.seat, event.cards)
            return replace(state, core=core, hands=hands, exposed=state.exposed | gone)
        case FalloutDrawn():
            return reduce(_fallout_draw, event.draws, state)
        case CardsDrawn():
            return replace(
                state,
                hands=_give(state.hands, event.seat, event.cards),
                stockpile=_without(state.stockpile, event.cards),
                drawn=event.cards[-1] if event.playable else None,
            )
        case TurnPassed():
            return replace(state, turn=event.seat)
    raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")


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


def _playing(state: State) -> Playing:
    match state:
        case Playing():
            return state
        case Finished():
            raise refuse("game_over", "the game is over")
    raise refuse("not_started", "the cards have not been dealt yet")

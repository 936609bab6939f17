"""Every Gnono rule: the opening draw and deal, `decide`, the fold `evolve` and `legal_moves`."""

from collections.abc import Iterator, Mapping
from functools import partial
from types import MappingProxyType
from typing import Final, Literal

import msgspec

from domain.cards import deal
from domain.chance import Chance
from domain.decider import Context, legal, unknown_command, unknown_event
from domain.errors import Refusal, reject
from domain.games.gnono.cards import (
    COLOURS,
    DECK,
    Card,
    Colour,
    draw_value,
    is_wild,
    matches,
    penalty,
    value,
)
from domain.games.gnono.model import (
    CardPlayed,
    CardsDrawn,
    ChooseColour,
    ColourChosen,
    Command,
    Dealing,
    DealNextRound,
    DirectionReversed,
    DrawCard,
    Event,
    Finished,
    FirstPlayerDrawn,
    GameWon,
    KeepCard,
    PileReshuffled,
    PlayCard,
    PlayDrawn,
    Playing,
    RoundDealt,
    RoundScored,
    SeatCard,
    State,
    Step,
    TurnPassed,
)
from domain.seats import next_seat

replace = msgspec.structs.replace
Events = tuple[Event, ...]
Code = Literal[
    "not_started",
    "game_over",
    "not_your_turn",
    "round_over",
    "choose_colour_first",
    "play_drawn_or_keep",
    "illegal_move",
    "nothing_drawn",
    "not_the_drawn_card",
    "card_not_in_hand",
    "card_does_not_match",
    "take_four_not_allowed",
    "colour_required",
    "colour_not_allowed",
]
"""Every code Gnono refuses a command with (see the package docstring for when)."""
Refused = Refusal[Code]
_STEP_REFUSALS: Final[Mapping[Step, Code]] = MappingProxyType(
    {
        "deal_next_round": "round_over",
        "choose_colour": "choose_colour_first",
        "play_drawn_or_keep": "play_drawn_or_keep",
        "play": "illegal_move",
    }
)
"""The code refusing a command the moment does not allow, by what the round waits for."""
_TAKE_FOUR_REFUSED: Final = (
    "a Wild Take Four may only be played when no other card but a wild can be"
)


def start(state: State, ctx: Context) -> Events:
    """The draw for the first player, then the first round's deal and its first discard."""
    if not isinstance(state, Dealing):
        raise ValueError(f"a game starts from its initial state, not from {type(state).__name__}")
    drawn = _first_player_draw(state.seats, ctx.chance)
    return (drawn, *_open_round(state, 1, drawn.first, ctx))


def decide(state: State, command: Command, ctx: Context) -> Events:
    reject(_refusal(state, ctx.seat, command))
    assert isinstance(state, Playing)
    seat = actor(state)
    match command:
        case PlayCard(card=card, colour=colour) | PlayDrawn(card=card, colour=colour):
            return _play(state, seat, card, colour, ctx)
        case DrawCard():
            return _draw_on_turn(state, seat, ctx)
        case KeepCard():
            return (TurnPassed(_next(state, seat)),)
        case ChooseColour(colour=colour):
            return (ColourChosen(seat, colour),)
        case DealNextRound():
            return _open_round(state, state.round + 1, next_seat(state.first, state.seats), ctx)
        case _:
            unknown_command("gnono", command)


def evolve(state: State, event: Event) -> State:
    """Apply what the event says and nothing more; an event its phase cannot take is an error.
    (The cases run most frequent first: a fold asks them in turn for every event.)"""
    match event:
        case TurnPassed():
            return replace(_playing(state, event), current=event.seat, drawn=None)
        case CardPlayed(seat=seat, card=card):
            playing = _playing(state, event)
            held = playing.hands[seat]
            index = held.index(card) if card in held else len(held)
            hands = _with_hand(playing.hands, seat, held[:index] + held[index + 1 :])
            discards = (*playing.discards, card)
            return replace(playing, hands=hands, discards=discards, colour=event.colour, drawn=None)
        case CardsDrawn(seat=seat, cards=cards):
            playing = _playing(state, event)
            hands = _with_hand(playing.hands, seat, playing.hands[seat] + cards)
            drawn = cards[0] if cards and not event.penalty else None
            return replace(playing, hands=hands, pile=playing.pile[len(cards) :], drawn=drawn)
        case ColourChosen():
            return replace(_playing(state, event), colour=event.colour)
        case DirectionReversed():
            return replace(_playing(state, event), direction=event.direction)
        case PileReshuffled():
            playing = _playing(state, event)
            pile, discards = playing.pile + event.cards, playing.discards[-1:]
            return replace(playing, pile=pile, discards=discards)
        case RoundScored():
            return replace(_playing(state, event), scores=event.scores, winner=event.winner)
        case RoundDealt():
            if isinstance(state, Finished):
                raise _misplaced(state, event)
            return _dealt(state, event)
        case FirstPlayerDrawn():
            if not isinstance(state, Dealing):
                raise _misplaced(state, event)
            return replace(state, first=event.first)
        case GameWon():
            return Finished(event.winner, event.scores, _playing(state, event))
        case _:
            unknown_event("gnono", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """The moment's candidate commands that `decide` would accept, by the same checks."""
    if not isinstance(state, Playing) or seat != actor(state):
        return ()  # `_refusal`'s turn check, cheap, since every seat is asked many times a turn
    return legal(_candidates(state, seat), partial(_move_refusal, state, seat))


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


def step(state: Playing) -> Step:
    """What the round waits for: the next deal, a colour, a drawn card's fate, or a play."""
    if state.winner is not None:
        return "deal_next_round"
    if state.colour is None:
        return "choose_colour"
    return "play" if state.drawn is None else "play_drawn_or_keep"


def actor(state: Playing) -> int:
    """The one seat that may act: the round's winner deals on, else the seat whose turn it is."""
    return state.current if state.winner is None else state.winner


def _candidates(state: Playing, seat: int) -> Iterator[Command]:
    """Every command worth asking `_refusal` about now, in the order moves are offered."""
    match step(state):
        case "deal_next_round":
            yield DealNextRound()
        case "choose_colour":
            yield from (ChooseColour(colour) for colour in COLOURS)
        case "play_drawn_or_keep":
            assert state.drawn is not None
            yield from _plays(PlayDrawn, state.drawn)
            yield KeepCard()
        case "play":
            for card in state.hands[seat]:
                yield from _plays(PlayCard, card)
            yield DrawCard()


def _refusal(state: State, seat: int | None, command: Command) -> Refused | None:
    """Why `seat` may not send `command` now, or None if it may: no round or not its turn,
    else what `_move_refusal` finds. Raised by `decide`."""
    if not isinstance(state, Playing):
        code: Code = "game_over" if isinstance(state, Finished) else "not_started"
        return Refused(code, "no round is in play")
    mover = actor(state)
    if seat != mover:
        return Refused("not_your_turn", "it is seat {}'s turn", mover)
    return _move_refusal(state, mover, command)


def _move_refusal(state: Playing, seat: int, command: Command) -> Refused | None:
    """Why the acting seat may not send `command` at this step, or None if it may: Gnono's one
    legality, behind `decide` and the filter `legal_moves` keeps its candidates by."""
    current = step(state)
    match command:
        case PlayCard(card=card, colour=colour) if current == "play":
            return _card_refusal(state, seat, card, colour)
        case DrawCard() if current == "play":
            return None
        case PlayDrawn(card=card, colour=colour) if current == "play_drawn_or_keep":
            if card != state.drawn:
                return Refused("not_the_drawn_card", "only the drawn card may be played")
            return _card_refusal(state, seat, card, colour)
        case KeepCard() if current == "play_drawn_or_keep":
            return None
        case ChooseColour() if current == "choose_colour":
            return None
        case DealNextRound() if current == "deal_next_round":
            return None
        case PlayDrawn() | KeepCard() if current == "play":
            return Refused("nothing_drawn", "no card was drawn this turn")
    return Refused(_STEP_REFUSALS[current], "now is the time to {}", current.replace("_", " "))


def _card_refusal(state: Playing, seat: int, card: Card, colour: Colour | None) -> Refused | None:
    """Refuse a card that is not held or does not match, or a colour named for the wrong card."""
    if card not in state.hands[seat]:
        return Refused("card_not_in_hand", "{} is not in your hand", card)
    if not _playable(state, seat, card):
        if card.rank == "wild_take_four":
            return Refused("take_four_not_allowed", _TAKE_FOUR_REFUSED)
        return Refused("card_does_not_match", "{} does not match the discard pile", card)
    if card.colour is not None and colour is not None:
        return Refused("colour_not_allowed", "only a wild card takes a colour")
    if card.colour is None and colour is None:
        return Refused("colour_required", "name a colour for a wild card")
    return None


def _playable(state: Playing, seat: int, card: Card) -> bool:
    """Whether `card` may go on the discard pile: a Wild always, a Wild Take Four only when
    no other card in the seat's hand matches, any other card when it matches."""
    top, colour = state.discards[-1], state.colour
    if card.rank == "wild":
        return True
    if card.rank == "wild_take_four":
        return not any(matches(other, top, colour) for other in state.hands[seat])
    return matches(card, top, colour)


def _play(state: Playing, seat: int, card: Card, colour: Colour | None, ctx: Context) -> Events:
    """Play a card `_refusal` accepted; `colour` is named for a wild and only for a wild."""
    named = card.colour or colour
    assert named is not None
    played = CardPlayed(seat, card, named)
    after = _fold(state, (played,))
    if not after.hands[seat]:
        return (played, *_end_round(after, seat, card, ctx))
    return (played, *_card_effect(after, seat, card, ctx))


def _card_effect(state: Playing, seat: int, card: Card, ctx: Context) -> Events:
    following = _next(state, seat)
    after_following = _next(state, following)
    match card.rank:
        case "skip":
            return (TurnPassed(after_following, skipped=following),)
        case "reverse" if state.seats == 2:
            return (TurnPassed(after_following, skipped=following),)
        case "reverse":
            direction = -state.direction
            return (
                DirectionReversed(direction),
                TurnPassed(next_seat(seat, state.seats, direction)),
            )
        case "take_two" | "wild_take_four":
            draws = _draw(state, following, penalty(card), True, ctx)
            return (*draws, TurnPassed(after_following, skipped=following))
    return (TurnPassed(following),)


def _draw_on_turn(state: Playing, seat: int, ctx: Context) -> Events:
    """Draw one card; the turn waits only when the drawn card could be played."""
    draws = _draw(state, seat, 1, False, ctx)
    after = _fold(state, draws)
    if after.drawn is not None and _playable(after, seat, after.drawn):
        return draws
    return (*draws, TurnPassed(_next(state, seat)))


def _draw(state: Playing, seat: int, count: int, is_penalty: bool, ctx: Context) -> Events:
    """Take `count` cards, turning the discards but the top into a new pile when short."""
    reshuffle: Events = ()
    pile = state.pile
    if len(pile) < count and len(state.discards) > 1:
        cards = ctx.chance.shuffle(state.discards[:-1])
        reshuffle = (PileReshuffled(len(cards), cards),)
        pile += cards
    taken = pile[:count]
    return (*reshuffle, CardsDrawn(seat, len(taken), taken, is_penalty))


def _end_round(state: Playing, winner: int, card: Card, ctx: Context) -> Events:
    """The penalty of the final card first, then the score, and the game's end if reached."""
    draws: Events = ()
    if penalty(card):
        draws = _draw(state, _next(state, winner), penalty(card), True, ctx)
    scored = _score(_fold(state, draws), winner)
    after = _fold(state, (*draws, scored))
    if after.scores[winner] >= after.options.playout_score:
        return (*draws, scored, GameWon(winner, after.scores))
    return (*draws, scored)


def _score(state: Playing, winner: int) -> RoundScored:
    hand_points = tuple(sum(value(card) for card in hand) for hand in state.hands)
    points = sum(hand_points)
    scores = tuple(score + points * (seat == winner) for seat, score in enumerate(state.scores))
    return RoundScored(state.round, winner, points, hand_points, scores)


def _open_round(state: Dealing | Playing, number: int, first: int, ctx: Context) -> Events:
    dealt = _deal(state, number, first, ctx.chance)
    after = evolve(state, dealt)
    assert isinstance(after, Playing)
    return (dealt, *_first_discard(after, ctx))


def _deal(state: Dealing | Playing, number: int, first: int, chance: Chance) -> RoundDealt:
    """Shuffle all 108 cards, deal, and turn up a first discard that is not a Take Four."""
    hands, pile = deal(chance.shuffle(DECK), state.seats, state.options.hand_size)
    returned: list[Card] = []
    while pile[0].rank == "wild_take_four":
        returned.append(pile[0])
        pile = chance.shuffle(pile)
    starter, pile = pile[0], pile[1:]
    size, count = state.options.hand_size, len(pile)
    return RoundDealt(number, first, hands, pile, starter, size, count, (*returned,), len(returned))


def _first_discard(state: Playing, ctx: Context) -> Events:
    """A first discard acts on the first player; a Wild waits for them to name its colour."""
    first = state.first
    following = _next(state, first)
    match state.discards[-1].rank:
        case "take_two":
            draws = _draw(state, first, 2, True, ctx)
            return (*draws, TurnPassed(following, skipped=first))
        case "skip":
            return (TurnPassed(following, skipped=first),)
        case "reverse":
            direction = -state.direction
            dealer = next_seat(first, state.seats, direction)
            return (DirectionReversed(direction), TurnPassed(dealer, skipped=first))
    return ()


def _first_player_draw(seats: int, chance: Chance) -> FirstPlayerDrawn:
    """Every seat draws a card; the highest plays first; tied seats draw again."""
    deck, position = chance.shuffle(DECK), 0
    contenders = tuple(range(seats))
    rounds: list[tuple[SeatCard, ...]] = []
    while len(contenders) > 1:
        if position + len(contenders) > len(deck):
            deck, position = chance.shuffle(DECK), 0
        draws = tuple(SeatCard(seat, deck[position + i]) for i, seat in enumerate(contenders))
        position += len(draws)
        rounds.append(draws)
        best = max(draw_value(draw.card) for draw in draws)
        contenders = tuple(draw.seat for draw in draws if draw_value(draw.card) == best)
    return FirstPlayerDrawn(tuple(rounds), contenders[0])


def _plays(kind: type[PlayCard | PlayDrawn], card: Card) -> tuple[PlayCard | PlayDrawn, ...]:
    """Playing `card` as `kind`: once, or once per colour it may name if it is a wild."""
    if is_wild(card):
        return tuple(kind(card, colour) for colour in COLOURS)
    return (kind(card),)


def _next(state: Playing, seat: int) -> int:
    return next_seat(seat, state.seats, state.direction)


def _fold(state: Playing, events: Events) -> Playing:
    after: State = state
    for event in events:
        after = evolve(after, event)
    assert isinstance(after, Playing)
    return after


def _dealt(state: Dealing | Playing, event: RoundDealt) -> Playing:
    return Playing(
        options=state.options,
        seats=state.seats,
        round=event.round,
        first=event.first,
        scores=state.scores,
        hands=event.hands,
        pile=event.pile,
        discards=(event.starter,),
        colour=event.starter.colour,
        current=event.first,
    )


def _playing(state: State, event: Event) -> Playing:
    """The round in play an event of the round applies to."""
    if not isinstance(state, Playing):
        raise _misplaced(state, event)
    return state


def _misplaced(state: State, event: Event) -> ValueError:
    return ValueError(f"{type(event).__name__} does not apply to {type(state).__name__}")


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])

"""What leaves the server: each viewer's table, redacted events, the standings at the end, and
the cards each viewer may not see."""

from collections.abc import Iterator

import msgspec

from domain.chance import Chance
from domain.decider import REFEREE, Standing
from domain.games.ecliptic.cards import Card, card_key, points, side_cards
from domain.games.ecliptic.model import (
    SEATS,
    Battle,
    BattleFought,
    CardsDrawn,
    CardsExchanged,
    Event,
    GameOpened,
    Over,
    State,
    Turn,
)
from domain.unseen import redeal

replace = msgspec.structs.replace


class BattleView(msgspec.Struct, frozen=True):
    """A battle awaiting the winner's choice; cards appear only to those shown them."""

    attacker: int
    defender: int
    sign: int
    winner: int
    attacker_strength: int
    attacker_cards: tuple[Card, ...]
    defender_strength: int | None
    defender_cards: tuple[Card, ...]


class EclipticView(msgspec.Struct, frozen=True):
    """One viewer's table. `shown`: cards in the other seat's hand this seat has been shown
    in a battle or an exchange. `hands` and `stock` are filled for the referee only."""

    phase: str
    to_move: int | None
    white: int
    signs: tuple[int, ...]
    day_sign: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    shown: tuple[Card, ...]
    lines: tuple[tuple[Card | None, ...], ...]
    discard: tuple[Card, ...]
    stock_size: int
    points: tuple[int, ...]
    battle: BattleView | None = None
    ended: str | None = None
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()


def view(state: State, viewer: int) -> EclipticView:
    hidden_cards = hidden(state, viewer)
    seated = 0 <= viewer < SEATS
    phase = state.phase
    referee = viewer == REFEREE
    return EclipticView(
        phase=type(phase).__name__.lower(),
        to_move=_to_move(state),
        white=state.white,
        signs=state.signs,
        day_sign=state.day_sign,
        hand=state.hands[viewer] if seated else (),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        shown=_shown(state, viewer) if seated else (),
        lines=state.lines,
        discard=state.discard,
        stock_size=len(state.stock),
        points=_scores(state),
        battle=_battle_view(phase, hidden_cards) if isinstance(phase, Battle) else None,
        ended=phase.reason if isinstance(phase, Over) else None,
        hands=state.hands if referee else (),
        stock=state.stock if referee else (),
    )


def redact(event: Event, viewer: int) -> Event | None:
    """Other hands, the stock and drawn cards are cut; spectators see no battle or exchange
    cards (those are shown to the seats only)."""
    if viewer == REFEREE:
        return event
    match event:
        case GameOpened():
            hands = tuple(hand if seat == viewer else () for seat, hand in enumerate(event.hands))
            return replace(event, hands=hands, stock=())
        case CardsDrawn() if event.seat != viewer:
            return replace(event, cards=())
        case BattleFought() if not 0 <= viewer < SEATS:
            return replace(event, attacker_cards=(), defender_cards=())
        case CardsExchanged() if not 0 <= viewer < SEATS:
            return replace(event, to_attacker=None, to_defender=None)
    return event


def outcome(state: State) -> tuple[Standing, ...]:
    """Higher score wins; then more cards on one's side, fewer colours, the sign of the day."""
    keys = [_rank(state, seat) for seat in range(SEATS)]
    return tuple(
        Standing(seat, keys[seat][0], 1 + sum(1 for other in keys if other > keys[seat]))
        for seat in range(SEATS)
    )


def hidden(state: State, viewer: int) -> frozenset[Card]:
    """The stock, and the other hands except the cards this seat has been shown."""
    if viewer == REFEREE:
        return frozenset()
    secret = set(state.stock)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            secret.update(hand)
    if 0 <= viewer < SEATS:
        secret.difference_update(state.seen[viewer])
    return frozenset(secret)


def sample(state: State, viewer: int, chance: Chance) -> State:
    """A state `viewer` cannot tell from this one: the cards hidden from it dealt anew."""
    return deal_unseen(state, hidden(state, viewer), chance)


def deal_unseen(state: State, unseen: frozenset[Card], chance: Chance) -> State:
    """`state` with the cards in `unseen` dealt anew from `chance` (`domain.unseen`), every
    other card where it lies."""
    dealt = redeal((*state.hands, state.stock), unseen, chance)
    return replace(state, hands=dealt[:-1], stock=dealt[-1])


def all_cards(state: State) -> Iterator[Card]:
    """Every card: the hands, the stock, the discard pile and both sides of the line."""
    for hand in state.hands:
        yield from hand
    yield from state.stock
    yield from state.discard
    for line in state.lines:
        yield from side_cards(line)


def _scores(state: State) -> tuple[int, ...]:
    """Each seat's points for its side, under the table's colour scoring."""
    scoring = state.options.colour_scoring
    return tuple(points(state.lines[seat], state.signs[seat], scoring) for seat in range(SEATS))


def _rank(state: State, seat: int) -> tuple[int, int, int, bool]:
    cards = side_cards(state.lines[seat])
    colours = len({card.colour for card in cards})
    day = state.lines[seat][state.day_sign - 1] is not None
    return _scores(state)[seat], len(cards), -colours, day


def _to_move(state: State) -> int | None:
    match state.phase:
        case Turn():
            return state.phase.seat
        case Battle():
            return state.phase.winner
    return None


def _shown(state: State, viewer: int) -> tuple[Card, ...]:
    known = set(state.seen[viewer])
    other = state.hands[1 - viewer]
    return tuple(sorted((card for card in other if card in known), key=card_key))


def _battle_view(battle: Battle, hidden_cards: frozenset[Card]) -> BattleView:
    return BattleView(
        attacker=battle.attacker,
        defender=battle.defender,
        sign=battle.sign,
        winner=battle.winner,
        attacker_strength=battle.attacker_strength,
        attacker_cards=tuple(c for c in battle.attacker_cards if c not in hidden_cards),
        defender_strength=battle.defender_strength,
        defender_cards=tuple(c for c in battle.defender_cards if c not in hidden_cards),
    )

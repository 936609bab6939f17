"""Ecliptic's rules: the opening deal, turns, battles, the end; and the fold of their events."""

from collections.abc import Iterator, Sequence
from datetime import UTC, date, datetime, timedelta
from functools import partial, reduce
from typing import Literal

import msgspec

from domain.cards import deal, remove_cards
from domain.chance import Chance
from domain.decider import Context, legal, unknown_command, unknown_event
from domain.errors import Refusal, reject
from domain.games.ecliptic.cards import (
    DECK,
    HAND_SIZE,
    SIGN_COUNT,
    Card,
    card_key,
    contributing,
    is_pair,
    sign_number,
    sign_of_day,
    strength,
)
from domain.games.ecliptic.model import (
    SEATS,
    Battle,
    BattleFought,
    CardsDrawn,
    CardsExchanged,
    Command,
    Event,
    GameEnded,
    GameOpened,
    KeepCard,
    Over,
    Phase,
    PlayTurn,
    SignKept,
    State,
    Turn,
    TurnBegan,
    TurnPlayed,
)

replace = msgspec.structs.replace
Code = Literal[
    "game_over",
    "battle_pending",
    "not_your_turn",
    "same_card",
    "card_not_in_hand",
    "not_a_pair",
    "sign_taken",
    "no_battle",
    "not_your_choice",
    "not_disputed",
]
"""Every code Ecliptic refuses a command with (see the package docstring for when)."""
Refused = Refusal[Code]


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """Draw the missing own signs, read the sign of the day, shuffle and deal 7 each."""
    given = state.options.signs
    signs = tuple(
        sign_number(name) if name is not None else 1 + ctx.chance.below(SIGN_COUNT)
        for name in (*given, *(None,) * (SEATS - len(given)))
    )
    white = ctx.chance.below(SEATS)
    hands, stock = deal(ctx.chance.shuffle(DECK), SEATS, HAND_SIZE)
    day = _local_date(ctx.now, state.options.utc_offset_minutes)
    opened = GameOpened(white, signs, day.isoformat(), sign_of_day(day), hands, stock, len(stock))
    return (opened,)


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    """Every rule of a turn and of a battle's end; refuses what `legal_moves` would not offer."""
    seat = ctx.seat if ctx.seat is not None else -1
    reject(_refusal(state, seat, command))
    match command:
        case PlayTurn():
            return _play_turn(state, command, seat)
        case KeepCard():
            return _keep_card(state, command, seat, ctx.chance)
        case _:
            unknown_command("ecliptic", command)


def evolve(state: State, event: Event) -> State:
    """Apply what one event says."""
    match event:
        case GameOpened():
            return _opened(state, event)
        case TurnPlayed():
            return _played(state, event)
        case CardsDrawn():
            hands = _put(state.hands, event.seat, (*state.hands[event.seat], *event.cards))
            return replace(state, hands=hands, stock=state.stock[event.count :])
        case BattleFought():
            return _fought(state, event)
        case SignKept():
            return _kept(state, event)
        case CardsExchanged():
            return _exchanged(state, event)
        case TurnBegan():
            return replace(state, phase=Turn(event.seat, event.final))
        case GameEnded():
            return replace(state, phase=Over(event.reason))
        case _:
            unknown_event("ecliptic", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """Every command `decide` accepts from the seat: the turns of the seat to move (pairs in
    deck order), or the battle winner's two choices."""
    return legal(_candidates(state, seat), partial(_refusal, state, seat))


def is_terminal(state: State) -> bool:
    """The game is over."""
    return isinstance(state.phase, Over)


# Legality


def _refusal(state: State, seat: int, command: Command) -> Refused | None:
    """The one definition of legality: why `decide` refuses `command` from `seat`, or None
    when it is legal. `legal_moves` offers exactly the candidates this accepts."""
    if isinstance(state.phase, Over):
        return Refused("game_over", "the game is over")
    match command:
        case PlayTurn():
            turn = _turn_refusal(state.phase, seat)
            if turn is not None:
                return turn
            return _play_refusal(state.hands[seat], state.lines[seat], command)
        case KeepCard():
            return _keep_refusal(state, seat, command)
        case _:
            unknown_command("ecliptic", command)


def _turn_refusal(phase: Phase, seat: int) -> Refused | None:
    if isinstance(phase, Battle):
        return Refused("battle_pending", "the battle winner must choose first")
    if not (isinstance(phase, Turn) and phase.seat == seat):
        return Refused("not_your_turn", "it is not your turn")
    return None


def _play_refusal(
    hand: Sequence[Card], line: Sequence[Card | None], command: PlayTurn
) -> Refused | None:
    """A turn's cards: three different cards in hand, a pair, and a sign free on this side."""
    (first, second), card = command.pair, command.card
    if first == second or card in command.pair:
        return Refused("same_card", "the pair and the third card must differ")
    if first not in hand or second not in hand or card not in hand:
        missing = sorted((held for held in (first, second, card) if held not in hand), key=card_key)
        return Refused("card_not_in_hand", "not held: {}", ", ".join(map(str, missing)))
    return _pair_refusal(command.pair) or _sign_refusal(line, command.card)


def _pair_refusal(pair: tuple[Card, Card]) -> Refused | None:
    if not is_pair(*pair):
        return Refused("not_a_pair", "a pair is two cards of one sign or one colour")
    return None


def _sign_refusal(line: Sequence[Card | None], card: Card) -> Refused | None:
    if line[card.sign - 1] is not None:
        return Refused("sign_taken", "your side already holds that sign")
    return None


def _keep_refusal(state: State, seat: int, command: KeepCard) -> Refused | None:
    battle = state.phase
    if not isinstance(battle, Battle):
        return Refused("no_battle", "there is no battle to settle")
    if battle.winner != seat:
        return Refused("not_your_choice", "only the battle winner chooses")
    if command.card not in _disputed(state, battle):
        return Refused("not_disputed", "keep one of the two cards of that sign")
    return None


def _candidates(state: State, seat: int) -> Iterator[Command]:
    """What the seat might send now, every legal command among them: in a battle each card of
    the sign; on the seat's turn each pair in its hand (in deck order) with each card of it.
    Pairs that are no pair are skipped by the same rule `_refusal` would refuse them with."""
    match state.phase:
        case Battle():
            for card in _disputed(state, state.phase):
                yield KeepCard(card)
        case Turn() if _turn_refusal(state.phase, seat) is None:
            cards = sorted(state.hands[seat], key=card_key)
            for i, first in enumerate(cards):
                for second in cards[i + 1 :]:
                    if _pair_refusal((first, second)) is None:
                        for card in cards:
                            yield PlayTurn((first, second), card)


# Deciding


def _play_turn(state: State, command: PlayTurn, seat: int) -> tuple[Event, ...]:
    phase = state.phase
    played = TurnPlayed(seat, command.pair, command.card)
    after = evolve(state, played)
    if state.lines[1 - seat][command.card.sign - 1] is not None:
        return (played, *_battle(after, seat, command.card.sign))
    final = isinstance(phase, Turn) and phase.final
    return (played, *_end_turn(after, seat, final, _is_triplet(command)))


def _end_turn(state: State, seat: int, final: bool, triplet: bool) -> tuple[Event, ...]:
    """Refill, then: the end, the opponent's final turn, a triplet's replay, or the opponent."""
    drawn = _refill(state, seat)
    after = _fold(state, drawn)
    if final:
        return (*drawn, GameEnded("stock_exhausted"))
    if not after.stock:
        return (*drawn, *_begin(after, 1 - seat, final=True))
    if triplet:
        return (*drawn, *_begin(after, seat, replay=True))
    return (*drawn, *_begin(after, 1 - seat))


def _battle(state: State, attacker: int, sign: int) -> tuple[Event, ...]:
    """Refill the attacker then the defender, compare strengths; ties go to the attacker."""
    defender = 1 - attacker
    first = _refill(state, attacker)
    second = _refill(_fold(state, first), defender)
    after = _fold(state, (*first, *second))
    attack, defence = after.hands[attacker], after.hands[defender]
    attacker_strength, defender_strength = strength(attack), strength(defence)
    won = defender_strength > attacker_strength
    fought = BattleFought(
        attacker=attacker,
        defender=defender,
        sign=sign,
        winner=defender if won else attacker,
        attacker_strength=attacker_strength,
        attacker_cards=contributing(attack),
        defender_strength=defender_strength if won else None,
        defender_cards=contributing(defence) if won else (),
    )
    return (*first, *second, fought)


def _keep_card(state: State, command: KeepCard, seat: int, chance: Chance) -> tuple[Event, ...]:
    """The winner's choice, the blind exchange, then the defender's turn or the end."""
    battle = state.phase
    assert isinstance(battle, Battle)
    disputed = _disputed(state, battle)
    other = disputed[1] if command.card == disputed[0] else disputed[0]
    kept = SignKept(seat, command.card, other)
    after = evolve(state, kept)
    exchanged = _exchange(after, battle, chance)
    after = evolve(after, exchanged)
    if not after.stock:
        return (kept, exchanged, GameEnded("stock_exhausted"))
    return (kept, exchanged, *_begin(after, battle.defender))


def _exchange(state: State, battle: Battle, chance: Chance) -> CardsExchanged:
    """Both picks are made from the hands as they stand before either card moves."""
    attack, defence = state.hands[battle.attacker], state.hands[battle.defender]
    return CardsExchanged(
        attacker=battle.attacker,
        defender=battle.defender,
        to_attacker=chance.choice(defence) if defence else None,
        to_defender=chance.choice(attack) if attack else None,
    )


def _begin(state: State, seat: int, replay: bool = False, final: bool = False) -> tuple[Event, ...]:
    """The seat's turn, or the end of the game when that turn would have no legal play."""
    turn = replace(state, phase=Turn(seat, final))
    if all(_refusal(turn, seat, command) for command in _candidates(turn, seat)):
        return (GameEnded("no_legal_turn", seat),)
    return (TurnBegan(seat, replay, final),)


def _refill(state: State, seat: int) -> tuple[CardsDrawn, ...]:
    cards = state.stock[: max(0, HAND_SIZE - len(state.hands[seat]))]
    return (CardsDrawn(seat, len(cards), cards),) if cards else ()


def _is_triplet(command: PlayTurn) -> bool:
    return all(card.sign == command.card.sign for card in command.pair)


def _disputed(state: State, battle: Battle) -> tuple[Card, Card]:
    """The attacker's newly placed card and the defender's card of the disputed sign."""
    attacker_card = state.lines[battle.attacker][battle.sign - 1]
    defender_card = state.lines[battle.defender][battle.sign - 1]
    assert attacker_card is not None and defender_card is not None
    return attacker_card, defender_card


def _local_date(now: datetime, offset_minutes: int) -> date:
    """The calendar date at `now` in the zone `offset_minutes` east of UTC (naive means UTC)."""
    aware = now if now.tzinfo is not None else now.replace(tzinfo=UTC)
    return (aware.astimezone(UTC) + timedelta(minutes=offset_minutes)).date()


# Folding


def _fold(state: State, events: Sequence[Event]) -> State:
    return reduce(evolve, events, state)


def _put(
    rows: tuple[tuple[Card, ...], ...], seat: int, row: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(row if index == seat else old for index, old in enumerate(rows))


def _place(
    state: State, seat: int, sign: int, card: Card | None
) -> tuple[tuple[Card | None, ...], ...]:
    line = list(state.lines[seat])
    line[sign - 1] = card
    return tuple(tuple(line) if index == seat else old for index, old in enumerate(state.lines))


def _opened(state: State, event: GameOpened) -> State:
    return replace(
        state,
        phase=Turn(event.white),
        hands=event.hands,
        stock=event.stock,
        signs=event.signs,
        day_sign=event.day_sign,
        white=event.white,
    )


def _played(state: State, event: TurnPlayed) -> State:
    hand = remove_cards(state.hands[event.seat], (*event.pair, event.card))
    return replace(
        state,
        hands=_put(state.hands, event.seat, hand),
        discard=(*state.discard, *event.pair),
        lines=_place(state, event.seat, event.card.sign, event.card),
    )


def _fought(state: State, event: BattleFought) -> State:
    seen = _put(
        state.seen, event.defender, _learn(state.seen[event.defender], event.attacker_cards)
    )
    seen = _put(seen, event.attacker, _learn(seen[event.attacker], event.defender_cards))
    battle = Battle(
        attacker=event.attacker,
        defender=event.defender,
        sign=event.sign,
        winner=event.winner,
        attacker_strength=event.attacker_strength,
        attacker_cards=event.attacker_cards,
        defender_strength=event.defender_strength,
        defender_cards=event.defender_cards,
    )
    return replace(state, phase=battle, seen=seen)


def _kept(state: State, event: SignKept) -> State:
    sign = event.kept.sign
    after = replace(state, lines=_place(state, 1 - event.seat, sign, None))
    lines = _place(after, event.seat, sign, event.kept)
    return replace(after, lines=lines, discard=(*state.discard, event.discarded))


def _exchanged(state: State, event: CardsExchanged) -> State:
    attacker, defender = event.attacker, event.defender
    taken = tuple(card for card in (event.to_attacker,) if card is not None)
    given = tuple(card for card in (event.to_defender,) if card is not None)
    hands = _put(state.hands, attacker, (*remove_cards(state.hands[attacker], given), *taken))
    hands = _put(hands, defender, (*remove_cards(hands[defender], taken), *given))
    seen = _put(state.seen, attacker, _learn(state.seen[attacker], given))
    seen = _put(seen, defender, _learn(seen[defender], taken))
    return replace(state, hands=hands, seen=seen)


def _learn(known: tuple[Card, ...], shown: Sequence[Card]) -> tuple[Card, ...]:
    return (*known, *(card for card in shown if card not in known))

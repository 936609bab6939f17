"""Every CNO Cycle rule: the deal, `decide`, the fold `evolve` and `legal_moves`, which
share one legality (`_refusal`).

There are no turns: every seat is offered its moves at once and the service applies
commands one at a time. After every change the table is checked for the stuck rule: when
nobody can lay a card anywhere (row, stock top or any hand card, since cycling is free),
every seat resets its row while all still hold stock and hand cards, the round ends when
someone is out, and the loop guard ends it after too many resets with no card played.
"""

from collections.abc import Iterator
from functools import reduce
from math import ceil
from typing import Literal

import msgspec

from domain.decider import Context, unknown_command, unknown_event
from domain.errors import Refusal, reject
from domain.games.cno.cards import (
    HAND_SIZE,
    PILES_PER_SEAT,
    ROW_SIZE,
    STARTER,
    TERMINATOR,
    Card,
    deck,
    is_closed,
    takes,
)
from domain.games.cno.model import (
    RESET_BATCH,
    ROW_SOURCES,
    Board,
    CardPlayed,
    Command,
    CycleHand,
    DealRound,
    DeclareDone,
    Event,
    Finished,
    HandCycled,
    Intermission,
    Layout,
    NeonSetAside,
    PileStarted,
    PlayCard,
    Player,
    Playing,
    Reason,
    RoundDealt,
    RoundEnded,
    RoundResult,
    RowsReset,
    SetAsideNeon,
    Source,
    StartPile,
    State,
)

replace = msgspec.structs.replace
Code = Literal[
    "not_seated",
    "stale",
    "round_over",
    "not_your_card",
    "no_such_pile",
    "pile_closed",
    "cannot_follow",
    "not_carbon_12",
    "pile_limit",
    "not_neon_20",
    "cannot_cycle",
    "cannot_declare_done",
    "game_over",
    "round_in_progress",
    "wrong_round",
]
"""Every code CNO Cycle refuses a command with (see the package docstring for when)."""
Refused = Refusal[Code]


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """The opening deal of the first round (and whatever the stuck rule makes of it)."""
    return _settle(state, (_deal(state, ctx),))


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    """The events `command` by `ctx.seat` produces, then the stuck rule's consequences."""
    seat = ctx.seat
    reject(_refusal(state, seat, command))
    assert seat is not None
    match command:
        case DealRound():
            return _settle(state, (_deal(state, ctx),))
        case DeclareDone():
            return (_round_end(_playing(state), "done", seat),)
        case PlayCard(source=source, card=card, pile=pile):
            return _settle(state, (CardPlayed(seat, source, card, pile),))
        case StartPile(source=source, card=card, pile=pile):
            return _settle(state, (PileStarted(seat, source, card, pile),))
        case CycleHand():
            return _settle(state, (HandCycled(seat),))
        case SetAsideNeon(source=source, card=card):
            return _settle(state, (NeonSetAside(seat, source, card),))
        case _:
            unknown_command("cno", command)


def evolve(state: State, event: Event) -> State:
    """Apply one event: move the cards it names and the cards its rule moves with them."""
    match event:
        case RoundDealt():
            return _dealt(state, event)
        case CardPlayed(seat=seat, source=source, card=card, pile=pile):
            playing = _in_round(state, event)
            piles = list(playing.board.piles)
            piles[pile] = (*piles[pile], card)
            return _laid(playing, seat, source, tuple(piles))
        case PileStarted(seat=seat, source=source, card=card):
            playing = _in_round(state, event)
            return _laid(playing, seat, source, (*playing.board.piles, (card,)))
        case NeonSetAside(seat=seat, source=source, card=card):
            playing = _in_round(state, event)
            player = _take(playing.board.players[seat], source)
            return _with_player(playing, seat, replace(player, set_aside=(*player.set_aside, card)))
        case HandCycled(seat=seat):
            playing = _in_round(state, event)
            player = playing.board.players[seat]
            cycled = (*player.hand[1:], player.hand[0])
            return _with_player(playing, seat, replace(player, hand=cycled))
        case RowsReset(times=times):
            playing = _in_round(state, event)
            players = tuple(_reset(player, times) for player in playing.board.players)
            board = replace(playing.board, players=players)
            return replace(playing, board=board, resets=playing.resets + times)
        case RoundEnded():
            return _ended(_in_round(state, event), event)
        case _:
            unknown_event("cno", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """Every command `seat` may send now, each naming what it expects to find. The moves
    are built from the checks `_refusal` is made of, the dear ones judged once for all the
    moves they share: asking `_refusal` of every candidate (`domain.decider.legal`) would
    cost several times as much.
    A move built from the table names what lies there, so the checks that a command still
    matches the table hold by construction."""
    if _seat_refusal(state, seat):
        return ()
    if not isinstance(state, Playing):
        deal = DealRound(state.round + 1)
        return () if _deal_refusal(state, deal) else (deal,)
    player, piles = state.board.players[seat], state.board.piles
    moves: list[Command] = []
    may_start = not _pile_limit_refusal(state)
    piles_taking: dict[str, list[int]] = {}  # what `_lay_refusal` lets onto each pile
    for index, pile in enumerate(piles):
        for isotope in takes(pile):
            piles_taking.setdefault(isotope, []).append(index)
    for source, card in _face_up(player):
        for index in piles_taking.get(card.isotope, ()):
            moves.append(PlayCard(source, card, index, piles[index][-1]))
        if may_start and not _starter_refusal(card):
            moves.append(StartPile(source, card, len(piles)))
        if not _set_aside_refusal(card):
            moves.append(SetAsideNeon(source, card))
    if not _cycle_refusal(player):
        moves.append(CycleHand(player.hand[0]))
    if not _done_refusal(player):
        moves.append(DeclareDone())
    return tuple(moves)


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


def scores(board: Board) -> tuple[int, ...]:
    """+2 per card laid on a pile, -1 per card left, + the size of each pile one's neon tops."""
    bonus = [0] * len(board.players)
    for pile in board.piles:
        if is_closed(pile):
            bonus[pile[-1].owner] += len(pile)
    return tuple(
        2 * player.played - _cards_left(player) + bonus[seat]
        for seat, player in enumerate(board.players)
    )


def reset_limit(state: Playing) -> int:
    """Consecutive resets with no card played after which the round ends instead."""
    most = max(len(p.stock) + sum(c is not None for c in p.row) for p in state.board.players)
    return ceil(most / RESET_BATCH) + 1


def _refusal(state: State, seat: int | None, command: Command) -> Refused | None:
    """Why `seat` may not send `command` now, or None if it may: CNO Cycle's one legality.
    Each rule is one check below, asked by `decide` here and by `legal_moves` as it builds
    the moves; the `_seen_` checks refuse a command that no longer matches the table."""
    if refusal := _seat_refusal(state, seat):
        return refusal
    assert seat is not None
    if isinstance(command, DealRound):
        return _deal_refusal(state, command)
    if not isinstance(state, Playing):
        return Refused("round_over", "the round is over")
    player, piles = state.board.players[seat], state.board.piles
    match command:
        case PlayCard(source=source, card=card, pile=index, top=top):
            return (
                _seen_card_refusal(seat, player, source, card)
                or _seen_pile_refusal(piles, index, top)
                or _lay_refusal(piles[index], card)
            )
        case StartPile(source=source, card=card, pile=index):
            return (
                _seen_card_refusal(seat, player, source, card)
                or _starter_refusal(card)
                or _seen_pile_count_refusal(piles, index)
                or _pile_limit_refusal(state)
            )
        case SetAsideNeon(source=source, card=card):
            return _seen_card_refusal(seat, player, source, card) or _set_aside_refusal(card)
        case CycleHand(top=top):
            return _cycle_refusal(player) or _seen_hand_refusal(player, top)
        case DeclareDone():
            return _done_refusal(player)
    unknown_command("cno", command)


def _seat_refusal(state: State, seat: int | None) -> Refused | None:
    if seat is None or not 0 <= seat < state.seats:
        return Refused("not_seated", "only a seated player may do that")
    return None


def _deal_refusal(state: State, command: DealRound) -> Refused | None:
    if isinstance(state, Finished):
        return Refused("game_over", "the series is over")
    if command.round <= state.round:
        return Refused("stale", "round {} was dealt already", command.round)
    if not isinstance(state, Intermission):
        return Refused("round_in_progress", "a round is being played")
    if command.round != state.round + 1:
        return Refused("wrong_round", "round {} is next", state.round + 1)
    return None


def _lay_refusal(pile: tuple[Card, ...], card: Card) -> Refused | None:
    """A card goes on a pile that takes its isotope: an open pile whose top it follows."""
    if card.isotope in takes(pile):
        return None
    if is_closed(pile):
        return Refused("pile_closed", "neon-20 has closed that pile")
    return Refused("cannot_follow", "that reaction does not exist")


def _starter_refusal(card: Card) -> Refused | None:
    if card.isotope != STARTER:
        return Refused("not_carbon_12", "only carbon-12 starts a pile")
    return None


def _pile_limit_refusal(state: Playing) -> Refused | None:
    """Fewer piles than two per seat have been started (closed ones count)."""
    count = len(state.board.piles)
    if count >= PILES_PER_SEAT * state.seats:
        return Refused("pile_limit", "all {} piles have been started", count)
    return None


def _set_aside_refusal(card: Card) -> Refused | None:
    if card.isotope != TERMINATOR:
        return Refused("not_neon_20", "only neon-20 is set aside")
    return None


def _cycle_refusal(player: Player) -> Refused | None:
    if len(player.hand) < 2:
        return Refused("cannot_cycle", "cycling needs two cards in hand")
    return None


def _done_refusal(player: Player) -> Refused | None:
    if player.hand and player.stock:
        return Refused("cannot_declare_done", "Done needs an empty stock or an empty hand")
    return None


def _seen_card_refusal(seat: int, player: Player, source: Source, card: Card) -> Refused | None:
    if card.owner != seat:
        return Refused("not_your_card", "only your own cards can be played")
    if _source_card(player, source) != card:
        return Refused("stale", "{} is no longer at {}", card, source)
    return None


def _seen_pile_refusal(
    piles: tuple[tuple[Card, ...], ...], index: int, top: Card
) -> Refused | None:
    if not 0 <= index < len(piles):
        return Refused("no_such_pile", "there is no pile {}", index)
    if piles[index][-1] != top:
        return Refused("stale", "that pile's top card has changed")
    return None


def _seen_pile_count_refusal(piles: tuple[tuple[Card, ...], ...], index: int) -> Refused | None:
    if index != len(piles):
        return Refused("stale", "{} piles exist now", len(piles))
    return None


def _seen_hand_refusal(player: Player, top: Card) -> Refused | None:
    if player.hand[0] != top:
        return Refused("stale", "the hand's top card has changed")
    return None


def _settle(state: State, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """`events` followed by what the stuck rule makes of the state they lead to."""
    after = reduce(evolve, events, state)
    if not isinstance(after, Playing):
        return events
    resets = 0
    while _stuck(after):
        reset = (RowsReset(resets),) if resets else ()
        if not all(p.stock and p.hand for p in after.board.players):
            return (*events, *reset, _round_end(after, "stuck", None))
        if after.resets >= reset_limit(after):
            return (*events, *reset, _round_end(after, "loop_guard", None))
        after = _playing(evolve(after, RowsReset(1)))
        resets += 1
    return (*events, RowsReset(resets)) if resets else events


def _face_up(player: Player) -> Iterator[tuple[Source, Card]]:
    if player.hand:
        yield "hand", player.hand[0]
    if player.stock:
        yield "stock", player.stock[0]
    for source, card in zip(ROW_SOURCES, player.row, strict=True):
        if card is not None:
            yield source, card


def _source_card(player: Player, source: Source) -> Card | None:
    """The face-up card at `source`, if any."""
    if source == "hand":
        return player.hand[0] if player.hand else None
    if source == "stock":
        return player.stock[0] if player.stock else None
    return player.row[ROW_SOURCES.index(source)]


def _stuck(state: Playing) -> bool:
    """Nobody can lay any card of row, stock top or hand (a closed pile takes none). The
    whole hand counts, since cycling is free. It asks what `_lay_refusal` and
    `_pile_limit_refusal` ask: what each pile takes, and whether a pile may be started."""
    wanted = set().union(*(takes(pile) for pile in state.board.piles))
    if not _pile_limit_refusal(state):
        wanted.add(STARTER)
    return not any(
        card is not None and card.isotope in wanted
        for player in state.board.players
        for card in (*player.hand, *player.stock[:1], *player.row)
    )


def _round_end(state: Playing, reason: Reason, seat: int | None) -> RoundEnded:
    points = scores(state.board)
    totals = tuple(map(sum, zip(state.totals, points, strict=True)))
    target = state.options.target_score
    over = state.round >= state.options.rounds or (target > 0 and max(totals) >= target)
    return RoundEnded(state.round, reason, seat, points, totals, over)


def _deal(state: State, ctx: Context) -> RoundDealt:
    layouts = tuple(
        _layout(ctx.chance.shuffle(deck(seat, state.options.copies))) for seat in range(state.seats)
    )
    return RoundDealt(state.round + 1, layouts)


def _layout(cards: tuple[Card, ...]) -> Layout:
    rest = cards[HAND_SIZE:]
    return Layout(hand=cards[:HAND_SIZE], row=rest[:ROW_SIZE], stock=rest[ROW_SIZE:])


def _playing(state: State) -> Playing:
    assert isinstance(state, Playing)
    return state


def _cards_left(player: Player) -> int:
    return len(player.hand) + len(player.stock) + sum(c is not None for c in player.row)


def _in_round(state: State, event: Event) -> Playing:
    """The round an event of play belongs to; between rounds no card moves."""
    if not isinstance(state, Playing):
        raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")
    return state


def _dealt(state: State, event: RoundDealt) -> Playing:
    board = Board(players=tuple(_laid_out(layout) for layout in event.layouts))
    return Playing(state.options, state.seats, event.round, board, state.totals, state.results)


def _laid_out(layout: Layout) -> Player:
    return Player(hand=layout.hand, stock=layout.stock, row=layout.row)


def _laid(
    state: Playing, seat: int, source: Source, piles: tuple[tuple[Card, ...], ...]
) -> Playing:
    """A card from `source` went onto a pile: it counts as played and clears the resets."""
    player = _take(state.board.players[seat], source)
    played = replace(player, played=player.played + 1)
    return replace(_with_player(state, seat, played, piles), resets=0)


def _with_player(
    state: Playing, seat: int, player: Player, piles: tuple[tuple[Card, ...], ...] | None = None
) -> Playing:
    players = (*state.board.players[:seat], player, *state.board.players[seat + 1 :])
    board = Board(players, state.board.piles if piles is None else piles)
    return replace(state, board=board)


def _ended(state: Playing, event: RoundEnded) -> State:
    result = RoundResult(event.round, event.reason, event.declared_by, event.scores)
    phase = Finished if event.series_over else Intermission
    fields = (state.options, state.seats, state.round, state.board, event.totals)
    return phase(*fields, results=(*state.results, result))


def _take(player: Player, source: Source) -> Player:
    """The player without the card at `source`; a row slot refills from the stock top."""
    if source == "hand":
        return replace(player, hand=player.hand[1:])
    if source == "stock":
        return replace(player, stock=player.stock[1:])
    slot = ROW_SOURCES.index(source)
    refill = player.stock[0] if player.stock else None
    row = (*player.row[:slot], refill, *player.row[slot + 1 :])
    return replace(player, row=row, stock=player.stock[1:])


def _reset(player: Player, times: int) -> Player:
    """Stock top, then row slots 1-4, go under the stock; a new row is dealt from its top."""
    for _ in range(times):
        cards = (*player.stock[1:], *player.stock[:1], *(c for c in player.row if c is not None))
        row = (*cards[:ROW_SIZE], *(None,) * (ROW_SIZE - len(cards[:ROW_SIZE])))
        player = replace(player, row=row, stock=cards[ROW_SIZE:])
    return player

"""The rules: what a seat may do at any moment, and what follows on its own.

There are no turns: every seat is offered its moves at once and the service applies
commands one at a time. After every change the table is checked for the stuck rule: when
nobody can lay a card anywhere (row, stock top or any hand card, since cycling is free),
every seat resets its row while all still hold stock and hand cards, the round ends when
someone is out, and the loop guard ends it after too many resets with no card played.
"""

from collections.abc import Iterator
from functools import reduce
from math import ceil

import msgspec

from domain.decider import Context, unknown_event
from domain.errors import DomainError, refuse, require
from domain.games.cno.cards import (
    FOLLOWERS,
    HAND_SIZE,
    PILES_PER_SEAT,
    ROW_SIZE,
    STARTER,
    TERMINATOR,
    Card,
    deck,
    follows,
    is_closed,
)
from domain.games.cno.memo import latest_state
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


def start(state: State, ctx: Context) -> tuple[Event, ...]:
    """The opening deal of the first round (and whatever the stuck rule makes of it)."""
    return settle(state, (_deal(state, ctx),))


def decide(state: State, command: Command, ctx: Context) -> tuple[Event, ...]:
    """The events `command` by `ctx.seat` produces, then the stuck rule's consequences."""
    seat = ctx.seat
    if seat is None or not 0 <= seat < state.seats:
        raise refuse("not_seated", "only a seated player may do that")
    if isinstance(command, DealRound):
        return _deal_round(state, command, ctx)
    if not isinstance(state, Playing):
        raise refuse("round_over", "the round is over")
    player = state.board.players[seat]
    match command:
        case PlayCard():
            event: Event = _play(state, seat, player, command)
        case StartPile():
            event = _start_pile(state, seat, player, command)
        case CycleHand():
            event = _cycle(seat, player, command)
        case SetAsideNeon():
            event = _set_aside(seat, player, command)
        case DeclareDone():
            return _declare_done(state, seat, player)
        case _:
            raise refuse("unknown_command", f"CNO Cycle has no {type(command).__name__}")
    return settle(state, (event,))


def evolve(state: State, event: Event) -> State:
    """Apply one event: move the cards it names and the cards its rule moves with them."""
    match event:
        case RoundDealt():
            players = tuple(_laid_out(layout) for layout in event.layouts)
            board = Board(players=players)
            return Playing(
                state.options, state.seats, event.round, board, state.totals, state.results
            )
        case CardPlayed(seat=seat, source=source, card=card, pile=pile):
            playing = _in_round(state, event)
            piles = playing.board.piles
            return _laid(
                playing, seat, source, (*piles[:pile], (*piles[pile], card), *piles[pile + 1 :])
            )
        case PileStarted(seat=seat, source=source, card=card):
            playing = _in_round(state, event)
            return _laid(playing, seat, source, (*playing.board.piles, (card,)))
        case NeonSetAside(seat=seat, source=source, card=card):
            playing = _in_round(state, event)
            player = _take(playing.board.players[seat], source)
            return _with_player(playing, seat, replace(player, set_aside=(*player.set_aside, card)))
        case HandCycled(seat=seat):
            playing = _in_round(state, event)
            hand = playing.board.players[seat].hand
            return _with_player(
                playing, seat, replace(playing.board.players[seat], hand=(*hand[1:], hand[0]))
            )
        case RowsReset(times=times):
            playing = _in_round(state, event)
            board = Board(
                tuple(_reset(p, times) for p in playing.board.players), playing.board.piles
            )
            return replace(playing, board=board, resets=playing.resets + times)
        case RoundEnded():
            return _ended(_in_round(state, event), event)
        case _:
            unknown_event("cno", event)


def legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    """Every command `seat` may send now, each naming what it expects to find."""
    return _remembered_moves(state, seat)


def _legal_moves(state: State, seat: int) -> tuple[Command, ...]:
    if not 0 <= seat < state.seats or isinstance(state, Finished):
        return ()
    if isinstance(state, Intermission):
        return (DealRound(state.round + 1),)
    player = state.board.players[seat]
    moves: list[Command] = []
    for source, card in _face_up(player):
        moves += _moves_from(state.board, source, card, _pile_limit(state))
    if len(player.hand) > 1:
        moves.append(CycleHand(player.hand[0]))
    if not player.hand or not player.stock:
        moves.append(DeclareDone())
    return tuple(moves)


_remembered_moves = latest_state(_legal_moves)


def is_terminal(state: State) -> bool:
    return isinstance(state, Finished)


def settle(state: State, events: tuple[Event, ...]) -> tuple[Event, ...]:
    """`events` followed by what the stuck rule makes of the state they lead to."""
    after = reduce(evolve, events, state)
    if not isinstance(after, Playing):
        return events
    resets = 0
    while _stuck(after):
        reset = (RowsReset(resets),) if resets else ()
        if not all(p.stock and p.hand for p in after.board.players):
            return (*events, *reset, _round_end(after, "stuck", None))
        if after.resets + 1 >= _reset_limit(after):
            return (*events, *reset, _round_end(after, "loop_guard", None))
        after = _playing(evolve(after, RowsReset(1)))
        resets += 1
    return (*events, RowsReset(resets)) if resets else events


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
    return _reset_limit(state)


def _play(state: Playing, seat: int, player: Player, command: PlayCard) -> Event:
    _check_source(seat, player, command.source, command.card)
    piles = state.board.piles
    require(0 <= command.pile < len(piles), "no_such_pile", f"there is no pile {command.pile}")
    pile = piles[command.pile]
    require(pile[-1] == command.top, "stale", "that pile's top card has changed")
    require(not is_closed(pile), "pile_closed", "neon-20 has closed that pile")
    require(follows(command.card, command.top), "cannot_follow", "that reaction does not exist")
    return CardPlayed(seat, command.source, command.card, command.pile)


def _start_pile(state: Playing, seat: int, player: Player, command: StartPile) -> Event:
    _check_source(seat, player, command.source, command.card)
    require(command.card.isotope == STARTER, "not_carbon_12", "only carbon-12 starts a pile")
    count = len(state.board.piles)
    require(command.pile == count, "stale", f"{count} piles exist now")
    require(count < _pile_limit(state), "pile_limit", f"all {count} piles have been started")
    return PileStarted(seat, command.source, command.card, command.pile)


def _cycle(seat: int, player: Player, command: CycleHand) -> Event:
    require(len(player.hand) > 1, "cannot_cycle", "cycling needs two cards in hand")
    require(player.hand[0] == command.top, "stale", "the hand's top card has changed")
    return HandCycled(seat)


def _set_aside(seat: int, player: Player, command: SetAsideNeon) -> Event:
    _check_source(seat, player, command.source, command.card)
    require(command.card.isotope == TERMINATOR, "not_neon_20", "only neon-20 is set aside")
    return NeonSetAside(seat, command.source, command.card)


def _declare_done(state: Playing, seat: int, player: Player) -> tuple[Event, ...]:
    qualified = not player.hand or not player.stock
    require(qualified, "cannot_declare_done", "Done needs an empty stock or an empty hand")
    return (_round_end(state, "done", seat),)


def _deal_round(state: State, command: DealRound, ctx: Context) -> tuple[Event, ...]:
    require(not isinstance(state, Finished), "game_over", "the series is over")
    require(command.round > state.round, "stale", f"round {command.round} was dealt already")
    require(isinstance(state, Intermission), "round_in_progress", "a round is being played")
    require(command.round == state.round + 1, "wrong_round", f"round {state.round + 1} is next")
    return settle(state, (_deal(state, ctx),))


def _check_source(seat: int, player: Player, source: Source, card: Card) -> None:
    require(card.owner == seat, "not_your_card", "only your own cards can be played")
    if _source_card(player, source) != card:
        raise DomainError("stale", f"{card.isotope} is no longer at {source}")


def _face_up(player: Player) -> Iterator[tuple[Source, Card]]:
    if player.hand:
        yield "hand", player.hand[0]
    if player.stock:
        yield "stock", player.stock[0]
    for source, card in zip(ROW_SOURCES, player.row, strict=True):
        if card is not None:
            yield source, card


def _moves_from(board: Board, source: Source, card: Card, limit: int) -> list[Command]:
    moves: list[Command] = [
        PlayCard(source, card, index, pile[-1])
        for index, pile in enumerate(board.piles)
        if follows(card, pile[-1])
    ]
    if card.isotope == STARTER and len(board.piles) < limit:
        moves.append(StartPile(source, card, len(board.piles)))
    if card.isotope == TERMINATOR:
        moves.append(SetAsideNeon(source, card))
    return moves


def _stuck(state: Playing) -> bool:
    """Nobody can lay any card of row, stock top or hand (a closed pile takes none)."""
    wanted = set().union(*(FOLLOWERS[pile[-1].isotope] for pile in state.board.piles))
    if len(state.board.piles) < _pile_limit(state):
        wanted.add(STARTER)
    return not any(
        card is not None and card.isotope in wanted
        for player in state.board.players
        for card in (*player.hand, *player.stock[:1], *player.row)
    )


def _reset_limit(state: Playing) -> int:
    most = max(len(p.stock) + sum(c is not None for c in p.row) for p in state.board.players)
    return ceil(most / RESET_BATCH) + 1


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


def _pile_limit(state: Playing) -> int:
    return PILES_PER_SEAT * state.seats


def _cards_left(player: Player) -> int:
    return len(player.hand) + len(player.stock) + sum(c is not None for c in player.row)


def _source_card(player: Player, source: Source) -> Card | None:
    """The face-up card at `source`, if any."""
    if source == "hand":
        return player.hand[0] if player.hand else None
    if source == "stock":
        return player.stock[0] if player.stock else None
    return player.row[ROW_SOURCES.index(source)]


def _in_round(state: State, event: Event) -> Playing:
    """The round an event of play belongs to; between rounds no card moves."""
    if not isinstance(state, Playing):
        raise ValueError(f"{type(event).__name__} cannot follow {type(state).__name__}")
    return state


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

"""Sandboxes: a finished game forked at one of its versions, played on by every seat's owner."""

from collections import Counter
from typing import Any

import msgspec
import pytest

from commands.log.registry import GAMES
from domain import table as tables
from domain.decider import EVERY_SEAT, SPECTATOR, AnyRules
from domain.errors import DomainError
from tests.domain.playout import Playout, context

LINK = "ab" * 32


def finished(rules: AnyRules, seed: int = 3) -> Playout:
    playout = Playout(rules, rules.min_seats, seed)
    while playout.step() is not None:
        pass
    assert playout.table.status == "finished"
    return playout


def boundaries(playout: Playout) -> list[int]:
    """The versions that stand between two commands, the game in play."""
    versions, then, between = 0, tables.AnyTable(), []
    for decision in playout.decisions:
        then = tables.fold(playout.rules, decision, then)
        versions += len(decision)
        if then.status == "playing" and not playout.rules.is_terminal(then.game):
            between.append(versions)
    return between


def fork(
    playout: Playout, at: int, secret: bytes = b"sandbox", between: bool = True
) -> tables.AnyTable:
    command = tables.ForkTable("source-game", at, LINK)
    ctx = context(tables.Table(), None, secret)
    events = tables.fork(playout.rules, playout.events, between, command, ctx)
    return tables.fold(playout.rules, events)


def refusal(playout: Playout, at: int, between: bool = True) -> str:
    with pytest.raises(DomainError) as refused:
        fork(playout, at, between=between)
    return refused.value.code


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_sandbox_offers_every_seat_the_moves_it_had_at_the_fork(kind: str) -> None:
    playout = finished(GAMES[kind])
    between = boundaries(playout)
    at = between[len(between) // 2]
    sandbox, then = fork(playout, at), tables.fold(playout.rules, playout.events[:at])
    for seat in range(len(then.seats)):
        moves = tables.legal_moves(playout.rules, sandbox, seat)
        assert moves == tables.legal_moves(playout.rules, then, seat)
        assert playout.rules.view(sandbox.game, seat) == playout.rules.view(then.game, seat)
    assert Counter(_cards(playout.rules, sandbox)) == Counter(_cards(playout.rules, then))
    assert sandbox.sandbox == tables.Sandbox("source-game", at, LINK)
    assert [seat.name for seat in sandbox.seats] == [seat.name for seat in then.seats]


def test_the_cards_no_seat_sees_are_dealt_anew_from_the_sandbox_seed() -> None:
    playout = finished(GAMES["mad"])
    at = boundaries(playout)[2]
    then = tables.fold(playout.rules, playout.events[:at])
    first, second = fork(playout, at, b"one"), fork(playout, at, b"two")
    assert first.game.stockpile != then.game.stockpile
    assert first.game.stockpile != second.game.stockpile
    assert sorted(map(str, first.game.stockpile)) == sorted(map(str, then.game.stockpile))


@pytest.mark.parametrize("kind", ["mad", "gnono"])
def test_a_sandbox_is_played_to_its_end_by_the_token_of_every_seat(kind: str) -> None:
    playout = finished(GAMES[kind])
    rules, sandbox = playout.rules, fork(playout, boundaries(playout)[3])
    for _ in range(5_000):
        shown = tables.view(rules, sandbox, EVERY_SEAT)
        if not shown.legal_moves:
            break
        assert shown.every_seat and shown.you is not None
        move = shown.legal_moves[0]
        seat = tables.acting_seat(rules, sandbox, EVERY_SEAT, move)
        events = tables.decide(rules, sandbox, move, context(sandbox, seat, b"sandbox"))
        sandbox = tables.fold(rules, events, sandbox)
    finished_event = next(e for e in events if isinstance(e, tables.GameFinished))
    assert sandbox.status == "finished" and finished_event.sandbox is True


def test_only_a_finished_game_is_forked() -> None:
    playout = Playout(GAMES["mad"], 2, 3)
    playout.step()
    assert playout.table.status == "playing"
    assert refusal(playout, len(playout.events)) == "not_finished"


def test_a_fork_beyond_the_end_of_the_game_is_refused() -> None:
    playout = finished(GAMES["mad"])
    assert refusal(playout, len(playout.events) + 1) == "beyond_end"


@pytest.mark.parametrize("where", ["before_the_start", "after_the_end", "within_a_command"])
def test_a_fork_where_no_seat_had_a_move_is_refused(where: str) -> None:
    playout = finished(GAMES["mad"])
    at = {"before_the_start": 2, "after_the_end": len(playout.events)}.get(where)
    between = where != "within_a_command"
    assert refusal(playout, at or boundaries(playout)[1], between) == "not_in_play"


def test_the_forked_state_is_left_out_of_the_event_a_viewer_gets() -> None:
    playout = finished(GAMES["mad"])
    command = tables.ForkTable("source-game", boundaries(playout)[1], LINK)
    ctx = context(tables.Table(), None, b"sandbox")
    (forked,) = tables.fork(playout.rules, playout.events, True, command, ctx)
    assert forked.game is not None
    shown = tables.redact(playout.rules, forked, EVERY_SEAT)
    assert isinstance(shown, tables.TableForked) and shown.game is None


def test_the_token_of_every_seat_hands_seats_to_bots() -> None:
    playout = finished(GAMES["mad"])
    sandbox = fork(playout, boundaries(playout)[1])
    hand = tables.HandSeats((None, "heuristic"))
    events = tables.decide(playout.rules, sandbox, hand, context(sandbox, EVERY_SEAT, b"s"))
    handed = tables.fold(playout.rules, events, sandbox)
    assert [seat.bot for seat in handed.seats] == [None, "heuristic"]


@pytest.mark.parametrize(
    ("bots", "seat", "code"),
    [((None, "heuristic"), 0, "not_every_seat"), (("heuristic",), EVERY_SEAT, "wrong_seats")],
)
def test_seats_are_handed_only_by_the_token_of_every_seat_naming_each(
    bots: tuple[Any, ...], seat: int, code: str
) -> None:
    playout = finished(GAMES["mad"])
    sandbox = fork(playout, boundaries(playout)[1])
    with pytest.raises(DomainError) as refused:
        tables.decide(playout.rules, sandbox, tables.HandSeats(bots), context(sandbox, seat, b"s"))
    assert refused.value.code == code


def test_a_table_that_is_no_sandbox_hands_no_seats() -> None:
    playout = finished(GAMES["mad"])
    playing = tables.fold(playout.rules, playout.events[: boundaries(playout)[1]])
    hand = tables.HandSeats((None, None))
    with pytest.raises(DomainError) as refused:
        tables.decide(playout.rules, playing, hand, context(playing, EVERY_SEAT, b"s"))
    assert refused.value.code == "not_a_sandbox"


def _cards(rules: AnyRules, table: tables.AnyTable) -> list[bytes]:
    return [msgspec.json.encode(card) for card in rules.all_cards(table.game)]


def test_a_sandbox_played_out_forks_like_any_finished_game() -> None:
    playout = finished(GAMES["mad"])
    rules = playout.rules
    command = tables.ForkTable("source-game", boundaries(playout)[1], LINK)
    log = list(
        tables.fork(rules, playout.events, True, command, context(tables.Table(), None, b"s"))
    )
    sandbox, ends = tables.fold(rules, log), []
    while moves := tables.view(rules, sandbox, EVERY_SEAT).legal_moves:
        seat = tables.acting_seat(rules, sandbox, EVERY_SEAT, moves[-1])
        events = tables.decide(rules, sandbox, moves[-1], context(sandbox, seat, b"s"))
        sandbox, ends = tables.fold(rules, events, sandbox), [*ends, len(log) + len(events)]
        log += events
    again = tables.ForkTable("sandbox", ends[0], LINK)
    (forked,) = tables.fork(rules, log, True, again, context(tables.Table(), None, b"t"))
    then = tables.fold(rules, log[: ends[0]])
    assert forked.sandbox.source == "sandbox"
    for seat in range(len(then.seats)):
        reforked = tables.fold(rules, [forked])
        assert tables.legal_moves(rules, reforked, seat) == tables.legal_moves(rules, then, seat)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_token_of_every_seat_hears_events_as_a_spectator_does(kind: str) -> None:
    playout = finished(GAMES[kind])
    for event in playout.events:
        shown = tables.redact(playout.rules, event, EVERY_SEAT)
        assert shown == tables.redact(playout.rules, event, SPECTATOR)

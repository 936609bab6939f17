"""Tournaments run by the director on the in-memory store, with the bot and clock workers
of a process: a Swiss of MAD for the organiser and five bots plays to its end by itself
(the organiser never moves, and loses each of their games on the clock), with two
directors at once; every step is recorded once and the audit passes."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from itertools import combinations

import pytest

from commands.audit import tournament as audits
from commands.audit.tournament import audit_tournament, game_log
from commands.core.assembly import Core, assemble
from commands.core.envelope import Envelope
from commands.core.streams import TOURNAMENTS
from commands.core.tournaments import (
    Tournaments,
    entry_seat,
    seat_key,
    table_key,
    table_options,
)
from commands.workers import watching
from commands.workers.bots import BotWorker
from commands.workers.clocks import ClockWorker
from commands.workers.director import Director
from domain import table
from domain import tournaments as t
from domain.errors import DomainError
from infra.store.memory_store import MemoryEventStore
from tests.commands.test_clocks import Minutes

FINISH_SECONDS = 120.0


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watching, "FALLBACK_SECONDS", 0.05)


@asynccontextmanager
async def process(
    store: MemoryEventStore, ids: list[str], directors: int = 1
) -> AsyncIterator[Core]:
    """A process's core over `store`, with its bots, clocks and `directors` directors."""
    clock = Minutes()
    core = assemble(store, clock)
    bots = BotWorker(core.handler, store, pace=0.0)
    clocks = ClockWorker(core.handler, store, clock)
    works = [bots.run, clocks.run]
    core.bus.subscribe(bots.notice)
    core.bus.subscribe(clocks.notice)
    for _ in range(directors):
        director = Director(Tournaments(core.handler), lambda: _listed(ids))
        core.bus.subscribe(director.notice)
        works.append(director.run)
    stopping = asyncio.Event()
    tasks = [asyncio.create_task(work(stopping)) for work in works]
    try:
        yield core
    finally:
        stopping.set()
        await asyncio.gather(*tasks)


async def _listed(ids: list[str]) -> list[str]:
    return list(ids)


async def finished(tournaments: Tournaments, tournament_id: str) -> t.Tournament:
    async def wait() -> t.Tournament:
        while (tournament := await tournaments.tournament(tournament_id)).status != "finished":
            await asyncio.sleep(0.05)
        return tournament

    return await asyncio.wait_for(wait(), FINISH_SECONDS)


async def swiss_of_six(tournaments: Tournaments) -> str:
    options = {"clock": {"turn_seconds": 30}, "bot_pace": 0}
    tournament_id = await tournaments.create(
        "ada", "mad", "swiss", 2, options, timedelta(minutes=5), rounds=3
    )
    await tournaments.enter(tournament_id, "ada")
    for _ in range(5):
        await tournaments.add_bot(tournament_id, "ada", "heuristic")
    return tournament_id


async def test_a_swiss_of_mad_for_six_plays_three_rounds_by_itself_with_two_directors() -> None:
    store = MemoryEventStore()
    ids: list[str] = []
    async with process(store, ids, directors=2) as core:
        tournament_id = await swiss_of_six(core.tournaments)
        ids.append(tournament_id)
        await core.tournaments.start(tournament_id, "ada")
        tournament = await finished(core.tournaments, tournament_id)
    assert len(tournament.rounds) == 3 and tournament.ended_rounds == 3
    pairs = [
        frozenset(pair)
        for each in tournament.rounds
        for seating in each.tables
        for pair in combinations(seating.entries, 2)
    ]
    assert len(pairs) == len(set(pairs)) == 9, "no two entries met twice"
    for game_id, recorded in tournament.results.items():
        logged = await game_log(store.read_stream, "mad", game_id)
        assert logged.standings is not None
        assert sorted((r.seat, r.place) for r in recorded.results) == sorted(
            (s.seat, s.place) for s in logged.standings
        )
    given = sum(r.points for game in tournament.results.values() for r in game.results)
    assert sum(row.points for row in tournament.standings) == given == 9 * 2
    audit = await audit_tournament(store.read_stream, tournament_id)
    assert audit.ok, audit.checks
    events = await store.read_stream(t.stream_id(tournament_id))
    types = [event.type for event in events]
    assert types.count("tournament.game_recorded") == 9, "each game recorded once"
    assert types.count("tournament.round_started") == 3


async def test_the_audit_finds_standings_the_games_do_not_give() -> None:
    store = MemoryEventStore()
    ids: list[str] = []
    async with process(store, ids) as core:
        tournament_id = await swiss_of_six(core.tournaments)
        ids.append(tournament_id)
        await core.tournaments.start(tournament_id, "ada")
        tournament = await finished(core.tournaments, tournament_id)
    game_id = next(iter(tournament.results))
    real = (await game_log(store.read_stream, "mad", game_id)).standings
    assert real is not None
    forged = tuple(t.GameStanding(s.seat, s.score, 3 - s.place) for s in real)
    games = {g: await game_log(store.read_stream, "mad", g) for g in tournament.results}
    games[game_id] = audits.GameLog(games[game_id].seats, forged)
    assert audits.results(tournament, games).failures
    assert audits.standings(tournament, games).failures


async def test_a_tournament_refuses_what_its_state_does_not_allow() -> None:
    core = assemble(MemoryEventStore())
    tournaments = core.tournaments
    with pytest.raises(DomainError) as refusal:
        await tournaments.create("ada", "nope", "swiss", 2, {}, timedelta(0), rounds=1)
    assert refusal.value.code == "unknown_kind"
    with pytest.raises(DomainError) as refusal:
        await tournaments.create("ada", "ecliptic", "swiss", 3, {}, timedelta(0), rounds=1)
    assert refusal.value.code == "invalid_seats"
    with pytest.raises(DomainError) as refusal:
        await tournaments.tournament("missing")
    assert refusal.value.code == "tournament_not_found"


@dataclass(frozen=True)
class HalfOpened:
    """A Swiss of six a stopped process started and whose first table it created, no more."""

    store: MemoryEventStore
    stopped: Core
    tournament_id: str
    tournament: t.Tournament
    first: t.TableSeating
    key: str


async def half_opened() -> HalfOpened:
    store = MemoryEventStore()
    stopped = assemble(store)
    tournament_id = await swiss_of_six(stopped.tournaments)
    start = t.Start("ada")  # recorded through the core alone: no table opened
    await stopped.handler.streams.decide(
        TOURNAMENTS, tournament_id, start, lambda state, now: t.decide(state, start, now)
    )
    half = await stopped.tournaments.tournament(tournament_id)
    assert half.created is not None
    first = half.rounds[0].tables[0]
    key = table_key(tournament_id, first.game_id)
    await stopped.handler.create("mad", table_options(half.created), key, first.game_id)
    return HalfOpened(store, stopped, tournament_id, half, first, key)


async def played_by_another(half: HalfOpened) -> t.Tournament:
    """The tournament once another process, started on the same store, finished it."""
    async with process(half.store, [half.tournament_id]) as core:
        return await finished(core.tournaments, half.tournament_id)


async def test_a_round_a_stopped_process_recorded_and_half_opened_is_played_by_another() -> None:
    half = await half_opened()
    tournament = await played_by_another(half)
    assert len(tournament.results) == 9
    assert (await audit_tournament(half.store.read_stream, half.tournament_id)).ok


async def test_a_table_cancelled_before_it_filled_is_recorded_without_result_and_play_goes_on() -> (
    None
):
    half = await half_opened()
    game_id = half.first.game_id
    (host,) = [entry for entry in half.tournament.entries if entry.entry == half.first.entries[0]]
    await half.stopped.handler.take_seat(game_id, entry_seat(host), seat_key(half.key, 0))
    await half.stopped.handler.execute(Envelope(game_id, 0, table.CancelTable()))
    tournament = await played_by_another(half)
    assert tournament.results[game_id].results == ()
    assert len(tournament.results) == 9 and tournament.ended_rounds == 3
    given = sum(r.points for game in tournament.results.values() for r in game.results)
    assert sum(row.points for row in tournament.standings) == given == 8 * 2
    audit = await audit_tournament(half.store.read_stream, half.tournament_id)
    assert audit.ok, audit.checks

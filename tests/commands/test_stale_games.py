"""A node hears other nodes' commits on its bus and reads a game it holds up to date before
deciding on it, rather than deciding on a stale state and being refused by the append."""

from datetime import UTC, datetime

from commands.core.assembly import assemble
from commands.core.bus import EventBus
from commands.core.handler import CommandHandler
from domain import table
from tests.commands.test_handler import Interloper

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def node(store: Interloper) -> tuple[CommandHandler, EventBus]:
    core = assemble(store, now=lambda: NOW)
    return core.handler, core.bus


async def test_a_game_the_bus_says_moved_on_is_read_before_it_is_decided_on() -> None:
    store = Interloper()
    mine, my_bus = node(store)
    other, _ = node(store)
    game_id = (await mine.create("mad", {}, None)).game_id
    await mine.games.latest(game_id)
    await other.take_seat(game_id, table.TakeSeat("other"), None)
    my_bus.tailed(await store.read_stream(game_id, 0))  # what the log's tail brings
    appends = store.appends
    _, seat, _ = await mine.take_seat(game_id, table.TakeSeat("mine"), None)
    assert seat == 1
    assert store.appends == appends + 1, "one append, not one refused and one again"


async def test_a_game_nobody_else_moved_is_decided_on_as_held() -> None:
    store = Interloper()
    mine, my_bus = node(store)
    game_id = (await mine.create("mad", {}, None)).game_id
    held = await mine.games.latest(game_id)
    my_bus.tailed(await store.read_stream(game_id, 0))  # its own commit, heard again
    assert await mine.games.held(game_id) is held

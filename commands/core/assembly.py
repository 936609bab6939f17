"""One process's application core, assembled over any store (Postgres, or the memory store
where a test needs no server): the command handler with its game repository, the event bus
every command the handler commits reaches first and whose news keep the repository's games
up to date, and challenges and tournaments written through the same handler."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from commands.core.bus import EventBus
from commands.core.challenges import Challenges
from commands.core.handler import CommandHandler
from commands.core.streams import utc_now
from commands.core.tournaments import Tournaments
from commands.log.store import EventStore


@dataclass(frozen=True, slots=True)
class Core:
    handler: CommandHandler
    bus: EventBus
    challenges: Challenges
    tournaments: Tournaments


def assemble(store: EventStore, now: Callable[[], datetime] = utc_now) -> Core:
    handler = CommandHandler.over(store, now)
    bus = EventBus()
    handler.on_committed(bus.committed)
    bus.subscribe(handler.games.notice)
    return Core(handler, bus, Challenges(handler), Tournaments(handler))

"""Idempotency keys: what a key produced before, refused when it came with another request,
and that result answered again without deciding anything (`commands.core.handler`)."""

from commands.core.envelope import Applied, Envelope, command_key
from commands.core.loaded import LoadedGame
from commands.log import codec
from commands.log.store import GameStreams, RecordedCommand
from domain.errors import DomainError


async def recorded_before(streams: GameStreams, envelope: Envelope) -> RecordedCommand | None:
    """What the envelope's idempotency key produced before, if it was used; refused when it
    came with another request."""
    if envelope.command_id is None:
        return None
    key = command_key(envelope, envelope.command_id)
    done = await streams.recorded_command(envelope.game_id, key.scope, key.command_id)
    if done is not None and done.fingerprint != key.fingerprint:
        raise DomainError(
            "idempotency_key_reused",
            f"the idempotency key {key.command_id!r} was used for another request",
        )
    return done


async def replayed(streams: GameStreams, game: LoadedGame, done: RecordedCommand) -> Applied:
    """The events a recorded command produced, as its first answer gave them."""
    first, last = done.first_version, done.last_version
    stored = await streams.read_stream(game.game_id, first - 1, last - first + 1)
    events = tuple(codec.decode_events(game.rules.kind, stored))
    return Applied(game.game_id, first, last, events, replayed=True)

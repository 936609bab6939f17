"""What each CNO Cycle event means to one viewer, in one short sentence (piles counted from 1,
as the table shows them)."""

from domain.games.cno.model import (
    CardPlayed,
    Event,
    HandCycled,
    NeonSetAside,
    PileStarted,
    Reason,
    RoundDealt,
    RoundEnded,
    RowsReset,
    Source,
)
from domain.games.cno.views import RoundDealtSeen
from domain.narration import Voice, listed

REASONS: dict[Reason, str] = {
    "done": "declared done",
    "stuck": "nobody could play",
    "loop_guard": "the table kept getting stuck",
}


def narrate(event: Event | RoundDealtSeen, voice: Voice) -> str:
    """The event as `voice.viewer` sees it (redacted), in one sentence."""
    match event:
        case RoundDealt() | RoundDealtSeen():
            return f"Round {event.round} is dealt"
        case CardPlayed():
            return (
                f"{voice.subject(event.seat)} played {event.card}"
                f" from {_source(event.source, event.seat, voice)} on pile {event.pile + 1}"
            )
        case PileStarted():
            return (
                f"{voice.subject(event.seat)} started pile {event.pile + 1} with {event.card}"
                f" from {_source(event.source, event.seat, voice)}"
            )
        case HandCycled():
            hand = f"{voice.own(event.seat)} hand"
            return f"{voice.subject(event.seat)} turned over the next card of {hand}"
        case NeonSetAside():
            return (
                f"{voice.subject(event.seat)} set {event.card} aside"
                f" from {_source(event.source, event.seat, voice)}"
            )
        case RowsReset():
            times = "" if event.times == 1 else f" ({event.times} times)"
            return f"The table was stuck: every seat laid out a new row{times}"
        case RoundEnded():
            return _round_ended(event, voice)


def _source(source: Source, seat: int, voice: Voice) -> str:
    """ "your hand", "their stock", "their row, place 2"."""
    if source.startswith("row_"):
        return f"{voice.own(seat)} row, place {source.removeprefix('row_')}"
    return f"{voice.own(seat)} {source}"


def _round_ended(event: RoundEnded, voice: Voice) -> str:
    why = REASONS[event.reason]
    if event.declared_by is not None:
        why = f"{voice.who(event.declared_by)} {why}"
    scores = listed(f"{voice.who(seat)} {score}" for seat, score in enumerate(event.scores))
    return f"Round {event.round} is over ({why}): {scores}"

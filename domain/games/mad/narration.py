"""What each MAD event means to one viewer, in one short sentence (rows and columns of the
Core counted from 1, as the board shows them)."""

from domain.games.mad.model import (
    CardPlaced,
    CardsDrawn,
    CardsPickedUp,
    Dealt,
    EndReason,
    Event,
    FalloutDrawn,
    GameEnded,
    TurnPassed,
)
from domain.narration import Voice, counted, listed

END_REASONS: dict[EndReason, str] = {
    "core_emptied": "the Core was emptied",
    "core_full": "the Core is full",
    "hand_emptied": "a hand is empty",
    "stockpile_short": "the Stockpile ran short",
}


def narrate(event: Event, voice: Voice) -> str:
    """The event as `voice.viewer` sees it (redacted), in one sentence."""
    match event:
        case Dealt():
            first = voice.does(event.first_seat, "place", "places")
            return f"{counted(event.hand_size, 'card')} dealt to each seat; {first} first"
        case CardPlaced():
            return (
                f"{voice.subject(event.seat)} placed {event.card}"
                f" at row {event.row + 1}, column {event.column + 1}"
            )
        case CardsPickedUp():
            return (
                f"Criticality: {voice.who(event.seat)} picked up"
                f" {counted(len(event.cards), 'card')} ({listed(event.cards)})"
            )
        case FalloutDrawn():
            own = [draw.card for draw in event.draws if draw.seat == voice.viewer and draw.card]
            yours = f"; you drew {own[0]}" if own else ""
            return f"Fallout: every other seat drew a card{yours}"
        case CardsDrawn():
            drawn = f"{voice.subject(event.seat)} drew {counted(event.count, 'card')}"
            shown = f" ({listed(event.cards)})" if event.cards else ""
            must = "; the last one must be placed" if event.playable else ""
            return f"{drawn}{shown}{must}"
        case TurnPassed():
            return f"It is {voice.whose(event.seat)} turn"
        case GameEnded():
            return f"The game is over: {listed(END_REASONS[reason] for reason in event.reasons)}"

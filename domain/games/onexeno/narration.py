"""What each ONEXENO event means to one viewer, in one short sentence. The field has no fixed
rows: a place is told from the first card, at the centre ("2 up, 1 left of the centre")."""

from domain.games.onexeno.cards import Card
from domain.games.onexeno.model import (
    CardPlaced,
    DealerChosen,
    Event,
    HandDealt,
    HandEnded,
    Passed,
    TricksTaken,
    TurnBegan,
)
from domain.narration import Voice, counted, listed, opening

TURNS = ("", ", turned a quarter", ", turned a half", ", turned three quarters")
"""A placed card's clockwise quarter turns, in words."""


def narrate(event: Event, voice: Voice) -> str:
    """The event as `voice.viewer` sees it (redacted), in one sentence."""
    match event:
        case DealerChosen():
            return opening(f"{voice.does(event.dealer, 'deal', 'deals')} first (highest card)")
        case HandDealt():
            return (
                f"Hand {event.number}, dealt by {voice.who(event.dealer)}:"
                f" {counted(event.hand_sizes[0], 'card')} each; {card_name(event.up_card)}"
                " lies at the centre"
            )
        case TurnBegan():
            drew = (
                f"; {voice.who(event.seat)} drew"
                if event.drew and event.seat == voice.viewer
                else "; drew"
                if event.drew
                else ""
            )
            card = f" {card_name(event.card)}" if event.card else " a card" if drew else ""
            return f"It is {voice.whose(event.seat)} turn{drew}{card}"
        case CardPlaced():
            turned = TURNS[event.rotation % len(TURNS)]
            return (
                f"{voice.subject(event.seat)} placed {card_name(event.card)}{turned},"
                f" {place(event.row, event.col)}"
            )
        case TricksTaken():
            lines = "the line of five" if event.tricks == 1 else f"{event.tricks} lines of five"
            return f"{voice.subject(event.seat)} took {lines}: {counted(event.points, 'point')}"
        case Passed():
            out = [seat for seat in event.benched if seat != event.seat]
            also = f"; {listed(voice.who(seat) for seat in out)} sit out too" if out else ""
            sits = voice.does(event.seat, "sit", "sits")
            return f"{voice.subject(event.seat)} passed; {sits} out this hand{also}"
        case HandEnded():
            return _hand_ended(event, voice)


def card_name(card: Card) -> str:
    """A card by its centre number, as players call it: "a 7"."""
    return f"an {card.value}" if card.value == 8 else f"a {card.value}"


def place(row: int, col: int) -> str:
    """A cell told from the centre card: "at the centre", "2 up, 1 left of the centre"."""
    if (row, col) == (0, 0):
        return "at the centre"
    steps = [
        f"{abs(row)} {'up' if row < 0 else 'down'}" if row else "",
        f"{abs(col)} {'left' if col < 0 else 'right'}" if col else "",
    ]
    return f"{', '.join(step for step in steps if step)} of the centre"


def _hand_ended(event: HandEnded, voice: Voice) -> str:
    out = "" if event.went_out is None else f" ({voice.who(event.went_out)} went out)"
    scores = listed(f"{voice.who(seat)} {score}" for seat, score in enumerate(event.scores))
    return opening(f"hand {event.number} is over{out}: {scores}")

"""The words every game's narration shares: who hears a sentence and how seats are named to
them ("you", "your", or the seat's name), counts and lists.

A game's `narrate(event, voice)` says what one event means to `voice.viewer` in one short
sentence. It is given the event as that viewer may see it (already redacted), so it can never
name a card the viewer may not see.
"""

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Voice:
    """Who hears a sentence: `viewer` is a seat (or a spectator or the referee, who are no
    seat) and `names` are the seats' names, in seat order."""

    viewer: int
    names: tuple[str, ...]

    def name(self, seat: int) -> str:
        """The seat's name, whoever listens."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def who(self, seat: int) -> str:
        """The seat within a sentence: "you" to itself, its name to others."""
        return "you" if seat == self.viewer else self.name(seat)

    def subject(self, seat: int) -> str:
        """The seat opening a sentence: "You", or its name as written."""
        return "You" if seat == self.viewer else self.name(seat)

    def whose(self, seat: int) -> str:
        """The seat as an owner: "your" or "Ada's"."""
        return "your" if seat == self.viewer else f"{self.name(seat)}'s"

    def own(self, seat: int) -> str:
        """The seat as owner, said of itself: "your" or "their" ("Ada played from their hand")."""
        return "your" if seat == self.viewer else "their"

    def does(self, seat: int, verb: str, third_person: str) -> str:
        """The seat and a verb in the present: "you play" or "Ada plays"."""
        return f"{self.who(seat)} {verb if seat == self.viewer else third_person}"


def opening(text: str) -> str:
    """The text with its first letter made a capital, the rest as written."""
    return text[:1].upper() + text[1:]


def counted(count: int, noun: str, plural: str = "") -> str:
    """ "1 card", "3 cards"."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def listed(items: Iterable[object]) -> str:
    """ "a", "a and b", "a, b and c"."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"

"""Every event of every golden game told to every viewer: a sentence each, naming no card
that viewer may not see, with seats named as the viewer knows them."""

import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from commands.log import codec, published
from commands.log.registry import GAMES
from domain import clocks, table
from domain.decider import SPECTATOR, AnyRules, Standing
from domain.narration import Voice
from tests.commands.tamper import golden, golden_names

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")


def told(name: str) -> Iterator[tuple[AnyRules, table.AnyTable, Any, int, str]]:
    """(rules, table after, event, viewer, sentence) for each event and viewer of a golden game."""
    records = golden(name)
    kind = published.kind_of(records)
    rules = GAMES[kind]
    state = table.AnyTable()
    for event in codec.decode_events(kind, records):
        state = table.fold(rules, (event,), state)
        seats = tuple(table.Seat(NAMES[n]) for n in range(len(state.seats)))
        for viewer in (*range(len(seats)), SPECTATOR):
            shown = table.redact(rules, event, viewer)
            if shown is not None:
                yield (
                    rules,
                    state,
                    event,
                    viewer,
                    table.narrate(rules, shown, table.voice(seats, viewer)),
                )


def named(card: Any, sentence: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(str(card))}(?![\w-])", sentence) is not None


@pytest.mark.parametrize("name", golden_names())
def test_every_event_of_a_golden_game_narrates_to_every_viewer(name: str) -> None:
    for _, _, event, viewer, sentence in told(name):
        opens_with_a_name = sentence.startswith(("p0", "p1", "p2", "p3", "p4", *NAMES))
        opens = sentence[:1].isupper() or sentence[:1].isdigit() or opens_with_a_name
        assert opens, (event, viewer, sentence)
        assert "\n" not in sentence and len(sentence) < 200, sentence


def without_longer(name: str, names: set[str], sentence: str) -> str:
    """The sentence less every longer card name holding `name` ("Wild Take Four" for "Wild")."""
    for longer in sorted(names, key=len, reverse=True):
        if len(longer) > len(name) and name in longer:
            sentence = sentence.replace(longer, "")
    return sentence


def cards_in(value: Any, card_type: type) -> Iterator[Any]:
    """Every card inside an event, however deep."""
    if isinstance(value, card_type):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item, card_type)
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            yield from cards_in(getattr(value, field), card_type)


@pytest.mark.parametrize("name", golden_names())
def test_no_sentence_names_a_card_hidden_from_its_viewer(name: str) -> None:
    """Neither a card the redaction took out of the event nor a card the viewer cannot see
    (unless another card of that name lies in the open)."""
    for rules, state, event, viewer, sentence in told(name):
        if state.game is None or state.status == "finished":
            continue
        shown = table.redact(rules, event, viewer)
        kept = {str(card) for card in cards_in(shown, rules.Card)}
        cut = {str(card) for card in cards_in(event, rules.Card)} - kept
        hidden = rules.hidden(state.game, viewer)
        seen = {str(card) for card in rules.all_cards(state.game) if card not in hidden}
        unseen = ({str(card) for card in hidden} | cut) - seen - kept
        names = kept | seen | unseen
        leaked = [card for card in unseen if named(card, without_longer(card, names, sentence))]
        assert not leaked, (type(event).__name__, viewer, sentence, leaked)


@pytest.mark.parametrize("name", golden_names())
def test_a_seat_hears_itself_as_you_and_others_by_name(name: str) -> None:
    said = [(viewer, sentence) for *_, viewer, sentence in told(name)]
    assert any(re.search(r"\byou\b", s, re.I) for viewer, s in said if viewer == 0)
    spoken = [s for viewer, s in said if viewer == SPECTATOR]
    assert not any(re.search(r"\byou\b", s, re.I) for s in spoken)
    assert any("Ada" in s for s in spoken)


def test_a_drawn_card_is_named_to_its_drawer_alone() -> None:
    gnono = GAMES["gnono"]
    drawn = next(
        (event, viewer, sentence)
        for _, _, event, viewer, sentence in told("gnono-2-seats-0.jsonl")
        if type(event).__name__ == "CardsDrawn" and event.cards and viewer == event.seat
    )
    event, drawer, sentence = drawn
    assert named(event.cards[0], sentence)
    other = 1 - drawer
    heard = table.narrate(gnono, table.redact(gnono, event, other), Voice(other, NAMES[:2]))
    assert not any(named(card, heard) for card in event.cards)
    assert heard.startswith(NAMES[drawer]), heard


def test_the_table_tells_its_own_events() -> None:
    rules, voice = GAMES["mad"], Voice(1, NAMES[:3])
    finished = table.GameFinished((Standing(0, 2, 1), Standing(1, 5, 3), Standing(2, 4, 2)))
    said = {
        type(event).__name__: table.narrate(rules, event, voice)
        for event in (
            table.SeatTaken(2, "Cy", bot="heuristic"),
            table.GameStarted(3, "2026-01-01T00:00:00+00:00"),
            finished,
            clocks.SeatTimedOut(0, "2026-01-01T00:00:00+00:00"),
            clocks.SeatMarkedAbsent(1),
            clocks.SeatWarned(1, "2026-01-01T00:00:15+00:00"),
            table.TableCancelled(0),
            table.TableExpired(1800, "2026-01-01T00:30:00+00:00"),
        )
    }
    assert said == {
        "SeatTaken": "Cy (a bot) took seat 3",
        "GameStarted": "The game started with 3 seats",
        "GameFinished": "Game over: Ada won; you came 3rd",
        "SeatTimedOut": "Ada ran out of time; a move was made for them",
        "SeatMarkedAbsent": "You are away: your moves are made after a grace",
        "SeatWarned": "Your time is up: a move is made for you soon",
        "TableCancelled": "Ada called the table off",
        "TableExpired": "Nobody started the table in 30 minutes: it closed",
    }

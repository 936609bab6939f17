"""Cards are named in refusals as players name them, never as a Python repr."""

import pytest

from domain.cards import remove_cards
from domain.errors import DomainError
from domain.games.cno.cards import Card as CnoCard
from domain.games.ecliptic.cards import DECK as ECLIPTIC_DECK
from domain.games.gnono.cards import DECK as GNONO_DECK
from domain.games.gnono.cards import Card as GnonoCard
from domain.games.mad.cards import DECK as MAD_DECK
from domain.games.mad.cards import Card as MadCard
from domain.games.onexeno.cards import DECK as ONEXENO_DECK


def test_each_game_names_its_cards_as_players_do() -> None:
    assert str(GnonoCard("5", "blue")) == "blue 5"
    assert str(GnonoCard("take_two", "red", 1)) == "red Take Two"
    assert str(GnonoCard("wild_take_four")) == "Wild Take Four"
    assert str(MadCard("Pu", 7)) == "Pu 7"
    assert str(CnoCard(2, "N13", 3)) == "N13"
    assert str(ECLIPTIC_DECK[0]) == "yellow Aries"
    assert str(ONEXENO_DECK[0]) == "the 0, all light"
    assert str(ONEXENO_DECK[1]) == "the 1 with dark top-left"
    assert str(ONEXENO_DECK[-1]) == "the 8, all dark"


@pytest.mark.parametrize("deck", [GNONO_DECK, MAD_DECK, ECLIPTIC_DECK, ONEXENO_DECK])
def test_no_card_name_is_a_repr(deck: tuple[object, ...]) -> None:
    assert not [str(card) for card in deck if "Card(" in str(card) or "=" in str(card)]


def test_onexeno_names_tell_every_card_apart() -> None:
    assert len({str(card) for card in ONEXENO_DECK}) == len(ONEXENO_DECK)


def test_a_card_not_held_is_named_in_the_refusal() -> None:
    with pytest.raises(DomainError) as refused:
        remove_cards((MadCard("U", 1),), [MadCard("Pu", 7)])
    assert refused.value.message == "not held: Pu 7"

"""Whole games through the table: the Core never holds a Criticality between turns, and the
standings the table records rank the fewest cards in hand first."""

from collections.abc import Callable

import pytest

from domain import table as tables
from domain.games.mad import rules
from domain.games.mad.cards import Card
from domain.games.mad.model import SIZE, Core, Finished, Playing
from tests.domain.playout import Playout

SEEDS = range(40)


def groups(core: Core) -> list[set[int]]:
    """Side-connected groups of cards sharing a number, or sharing an element."""
    found = []
    for key in (_number, _element):
        seen: set[int] = set()
        for at, card in enumerate(core):
            if card is not None and at not in seen:
                group = _flood(core, at, key)
                seen |= group
                found.append(group)
    return found


def _number(card: Card) -> object:
    return card.number


def _element(card: Card) -> object:
    return card.element


def _flood(core: Core, at: int, key: Callable[[Card], object]) -> set[int]:
    origin = core[at]
    assert origin is not None
    group, frontier = {at}, [at]
    while frontier:
        row, column = divmod(frontier.pop(), SIZE)
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            side = r * SIZE + c
            card = core[side] if 0 <= r < SIZE and 0 <= c < SIZE else None
            if card is not None and side not in group and key(card) == key(origin):
                group.add(side)
                frontier.append(side)
    return group


@pytest.mark.parametrize("seed", SEEDS)
def test_between_turns_the_core_never_holds_a_group_of_three(seed: int) -> None:
    playout = Playout(rules, 2 + seed % 5, seed)
    while playout.step():
        game = playout.table.game
        core = game.core if isinstance(game, Playing) else game.last.core
        assert all(len(group) < 3 for group in groups(core))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_ends_with_standings_that_rank_the_fewest_cards_first(seed: int) -> None:
    playout = Playout(rules, 2 + seed % 5, seed)
    while playout.step():
        pass

    game = playout.table.game
    assert playout.table.status == "finished" and isinstance(game, Finished)
    (finished,) = [event for event in playout.events if isinstance(event, tables.GameFinished)]
    sizes = [len(hand) for hand in game.last.hands]
    winners = {standing.seat for standing in finished.standings if standing.place == 1}
    assert winners == {seat for seat, size in enumerate(sizes) if size == min(sizes)}

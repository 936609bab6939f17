"""Pairing, over random score groups and histories: every entry seated once a round, no
pair met before while a grouping without one exists, byes spread evenly."""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournaments import pairing

ENTRIES = [f"e{n}" for n in range(12)]


def partitions(entries: list[str], seats: int) -> list[list[tuple[str, ...]]]:
    """Every grouping of `entries` into tables (brute force, for small counts)."""
    if not entries:
        return [[]]
    first, rest = entries[0], entries[1:]
    found = []
    for others in combinations(rest, seats - 1):
        left = [entry for entry in rest if entry not in others]
        found += [[(first, *others), *more] for more in partitions(left, seats)]
    return found


histories = st.integers(2, 3).flatmap(
    lambda seats: st.tuples(
        st.just(seats),
        st.integers(1, 8 // seats).map(lambda tables: tables * seats),
        st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=14),
    )
)


@settings(max_examples=150, deadline=None)
@given(histories)
def test_no_pair_meets_again_while_a_grouping_without_one_exists(
    history: tuple[int, int, list[tuple[int, int]]],
) -> None:
    seats, count, pairs = history
    entries = ENTRIES[:count]
    met = {
        frozenset((entries[a % count], entries[b % count]))
        for a, b in pairs
        if a % count != b % count
    }
    tables = pairing.group(entries, seats, lambda a, b: frozenset((a, b)) in met)
    assert sorted(entry for table in tables for entry in table) == sorted(entries)
    assert all(len(table) == seats for table in tables)
    found = sum(pairing.repeats(table, lambda a, b: frozenset((a, b)) in met) for table in tables)
    fewest = min(
        sum(pairing.repeats(table, lambda a, b: frozenset((a, b)) in met) for table in grouping)
        for grouping in partitions(entries, seats)
    )
    assert found == fewest


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 4),
    st.integers(2, 12),
    st.lists(st.integers(0, 20), min_size=12, max_size=12),
    st.integers(1, 8),
)
def test_every_round_seats_each_entry_once_and_spreads_the_byes(
    seats: int, count: int, scores: list[int], rounds: int
) -> None:
    entries = ENTRIES[:count]
    byes: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    if count < seats:
        return
    for _ in range(rounds):
        ranked = sorted(entries, key=lambda entry: -scores[int(entry[1:])])
        tables, sitting_out = pairing.swiss(ranked, seats, met_before(met), byes)
        seated = [entry for table in tables for entry in table] + list(sitting_out)
        assert sorted(seated) == sorted(entries)
        assert len(sitting_out) == count % seats
        byes.update(sitting_out)
        met |= pairing.met_pairs(tables)
        assert max(byes[entry] for entry in entries) - min(byes[entry] for entry in entries) <= 1


def met_before(met: set[frozenset[str]]) -> pairing.Met:
    return lambda one, other: frozenset((one, other)) in met


def test_tables_group_entries_of_similar_rank() -> None:
    ranked = ["a", "b", "c", "d", "e", "f"]
    assert pairing.group(ranked, 2, lambda a, b: False) == (("a", "b"), ("c", "d"), ("e", "f"))
    assert pairing.group(ranked, 3, lambda a, b: False) == (("a", "b", "c"), ("d", "e", "f"))


def test_a_pair_met_before_is_split_even_when_it_sits_next_in_rank() -> None:
    tables = pairing.group(["a", "b", "c", "d"], 2, lambda x, y: {x, y} == {"a", "b"})
    assert tables == (("a", "c"), ("b", "d"))


def test_the_lowest_ranked_without_a_bye_sits_out() -> None:
    assert pairing.byes(["a", "b", "c"], 1, {}) == ("c",)
    assert pairing.byes(["a", "b", "c"], 1, {"c": 1}) == ("b",)


def test_an_arena_never_reseats_entries_that_have_just_played_while_others_play() -> None:
    just_met = pairing.last_opponents([("a", "b"), ("c", "d")], {"a", "b"})
    assert pairing.arena(["a", "b"], 2, just_met, anyone_playing=True) == ()
    assert pairing.arena(["a", "b"], 2, just_met, anyone_playing=False) == (("a", "b"),)
    just_met = pairing.last_opponents([("a", "b"), ("c", "d")], {"a", "b", "c", "d"})
    assert pairing.arena(["a", "b", "c", "d"], 2, just_met, True) == (("a", "c"), ("b", "d"))

"""Who sits with whom: the Swiss round and the arena's seating of waiting entries.

Swiss: the entries, ranked (points, then tie-breaks, then entry order), give up the byes
first when their count does not divide by the table's seats: the lowest ranked among those
with the fewest byes so far, so no entry has a second bye while another has none. The rest
are grouped in rank order, each table taking the best ranked entry left and the next best
ranked that can sit with it (a Monrad pairing, by tables of any size). The grouping searches
(backtracking) for the tables with the fewest pairs that met before: none while a grouping
without one exists, within `BUDGET` steps of search a try, which the sizes played reach long
before.

Arena: entries waiting for a table are seated in rank order as soon as a table's worth wait,
never with an entry they have just played, unless nobody plays at all (then as they come).
"""

from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import combinations, islice

BUDGET = 20_000
"""Tables tried, at most, while searching for a grouping with a number of repeats."""

Met = Callable[[str, str], bool]
"""Whether two entries met before."""


def met_pairs(tables: Sequence[Sequence[str]]) -> frozenset[frozenset[str]]:
    """Every pair of entries that sat at one of these tables."""
    return frozenset(frozenset(pair) for table in tables for pair in combinations(table, 2))


def byes(ranked: Sequence[str], count: int, had: Mapping[str, int]) -> tuple[str, ...]:
    """`count` entries to sit out: the fewest byes so far first, the lowest ranked first."""
    lowest_first = list(reversed(ranked))
    chosen = sorted(lowest_first, key=lambda entry: had.get(entry, 0))[:count]
    return tuple(entry for entry in ranked if entry in chosen)


def swiss(
    ranked: Sequence[str], seats: int, met: Met, had_byes: Mapping[str, int]
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A round: its tables (entries in seat order) and its byes."""
    sitting_out = byes(ranked, len(ranked) % seats, had_byes)
    seated = [entry for entry in ranked if entry not in sitting_out]
    return group(seated, seats, met), sitting_out


def group(ranked: Sequence[str], seats: int, met: Met) -> tuple[tuple[str, ...], ...]:
    """`ranked` (a multiple of `seats`) in tables, with as few pairs met before as found."""
    most = len(ranked) // seats * seats * (seats - 1) // 2
    for allowed in range(most + 1):
        found = _search(list(ranked), seats, met, allowed, [BUDGET])
        if found is not None:
            return tuple(found)
    raise AssertionError("any grouping has at most every pair repeated")


def repeats(table: Sequence[str], met: Met) -> int:
    return sum(1 for one, other in combinations(table, 2) if met(one, other))


def _search(
    left: list[str], seats: int, met: Met, allowed: int, budget: list[int]
) -> list[tuple[str, ...]] | None:
    """Tables for `left` with at most `allowed` repeats, the best ranked first; None when
    there are none (or the budget ran out)."""
    if not left:
        return []
    anchor, rest = left[0], left[1:]
    for others in combinations(rest, seats - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = (anchor, *others)
        cost = repeats(table, met)
        if cost > allowed:
            continue
        remaining = [entry for entry in rest if entry not in others]
        found = _search(remaining, seats, met, allowed - cost, budget)
        if found is not None:
            return [table, *found]
    return None


def arena(
    waiting: Sequence[str], seats: int, just_met: Met, anyone_playing: bool
) -> tuple[tuple[str, ...], ...]:
    """Tables for entries waiting (ranked), none with two that have just played together;
    those left wait for the next. With nobody playing, everyone waiting is seated."""
    tables: list[tuple[str, ...]] = []
    free = list(waiting)
    while len(free) >= seats:
        table = _nearest(free, seats, just_met)
        if table is None:
            break
        tables.append(table)
        free = [entry for entry in free if entry not in table]
    if not anyone_playing and not tables:
        full = len(free) // seats * seats
        tables += [tuple(free[at : at + seats]) for at in range(0, full, seats)]
    return tuple(tables)


def _nearest(free: Sequence[str], seats: int, just_met: Met) -> tuple[str, ...] | None:
    """The first table, in rank order, of entries none of which has just played another."""
    for table in islice(combinations(free, seats), BUDGET):
        if repeats(table, just_met) == 0:
            return table
    return None


def last_opponents(tables: Sequence[Sequence[str]], entries: Collection[str]) -> Met:
    """Whether two entries sat together at the last table either of them played (`tables`
    in the order they were opened)."""
    last: dict[str, frozenset[str]] = {}
    for table in tables:
        for entry in table:
            if entry in entries:
                last[entry] = frozenset(table)
    return lambda one, other: other in last.get(one, ()) or one in last.get(other, ())

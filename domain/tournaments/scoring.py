"""Points per place, the arena's streak, the tie-breaks and the standings: the one place
they are said (docs/tournaments.md tells them in words).

A game gives each entry 2 points for every opponent at its table it finished ahead of and 1
for every opponent it tied with (places as the game's standings give them; equal places are
a tie). At two seats that is 2 for a win, 1 for a draw, 0 for a loss, as an arena on Lichess
counts; at n seats the first alone takes 2(n-1), the last alone 0. A bye counts as a win at
a full table: 2(seats-1).

In an arena an entry that won its last two games (first alone) is on fire: each game scores
double until one it does not win.

Tie-breaks, in this order after the points: Buchholz, the sum of the points of every
opponent met (once per game: a multi-seat table counts each opponent at it), and
Sonneborn-Berger, the sum over the same opponents of their points times 2 for one beaten, 1
for one tied, 0 for one that finished ahead. Equal points and tie-breaks share a rank;
among them the earlier entry is listed first.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from domain.tournaments.vocabulary import (
    GameRecorded,
    GameStanding,
    Result,
    RoundStarted,
    StandingRow,
    TableSeating,
    Tournament,
)

WIN, TIE = 2, 1
"""Points against one opponent finished behind, or tied with."""


def bye_points(seats: int) -> int:
    """What a bye scores: a win at a full table."""
    return WIN * (seats - 1)


def place_points(place: int, places: Sequence[int]) -> int:
    """The points a place earns among the table's places (its own among them)."""
    beaten = sum(1 for other in places if other > place)
    tied = sum(1 for other in places if other == place) - 1
    return WIN * beaten + TIE * tied


def won(place: int, places: Sequence[int]) -> bool:
    """First alone."""
    return place == 1 and sum(1 for other in places if other == 1) == 1


def results(
    seating: TableSeating, standings: Sequence[GameStanding], on_fire: frozenset[str]
) -> tuple[Result, ...]:
    """Each entry's result of a game, its points doubled when it is `on_fire`."""
    places = [standing.place for standing in standings]
    return tuple(
        Result(
            entry=seating.entries[standing.seat],
            seat=standing.seat,
            place=standing.place,
            points=place_points(standing.place, places)
            * (2 if seating.entries[standing.seat] in on_fire else 1),
        )
        for standing in sorted(standings, key=lambda each: each.seat)
    )


def on_fire(recorded: Iterable[GameRecorded]) -> frozenset[str]:
    """The entries whose last two games (in the order recorded) were wins."""
    streaks: dict[str, int] = defaultdict(int)
    for game in recorded:
        places = [result.place for result in game.results]
        for result in game.results:
            streaks[result.entry] = streaks[result.entry] + 1 if won(result.place, places) else 0
    return frozenset(entry for entry, streak in streaks.items() if streak >= 2)


def points(rounds: Iterable[RoundStarted], recorded: Iterable[GameRecorded]) -> dict[str, int]:
    """Each entry's points: its games' and its byes'."""
    total: dict[str, int] = defaultdict(int)
    for each in rounds:
        for entry in each.byes:
            total[entry] += each.bye_points
    for game in recorded:
        for result in game.results:
            total[result.entry] += result.points
    return total


def standings(tournament: Tournament) -> tuple[StandingRow, ...]:
    """Every entry's line, best first (withdrawn entries keep theirs)."""
    recorded = list(tournament.results.values())
    total = points(tournament.rounds, recorded)
    buchholz, berger = tie_breaks(recorded, total)
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    for game in recorded:
        places = [result.place for result in game.results]
        for result in game.results:
            games[result.entry] += 1
            wins[result.entry] += int(won(result.place, places))
    byes: dict[str, int] = defaultdict(int)
    for each in tournament.rounds:
        for entry in each.byes:
            byes[entry] += 1
    order = {entry.entry: index for index, entry in enumerate(tournament.entries)}

    def key(entry: str) -> tuple[int, int, int]:
        return (-total[entry], -buchholz[entry], -berger[entry])

    ranked = sorted(order, key=lambda entry: (*key(entry), order[entry]))
    rows = [
        StandingRow(
            rank=1 + sum(1 for other in ranked if key(other) < key(each.entry)),
            entry=each.entry,
            name=each.name,
            points=total[each.entry],
            buchholz=buchholz[each.entry],
            sonneborn_berger=berger[each.entry],
            games=games[each.entry],
            wins=wins[each.entry],
            byes=byes[each.entry],
            withdrawn=each.withdrawn,
        )
        for each in tournament.entries
    ]
    return tuple(sorted(rows, key=lambda row: (row.rank, order[row.entry])))


def tie_breaks(
    recorded: Iterable[GameRecorded], total: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """Each entry's Buchholz and Sonneborn-Berger, from the games and everyone's points."""
    buchholz: dict[str, int] = defaultdict(int)
    berger: dict[str, int] = defaultdict(int)
    for game in recorded:
        for one in game.results:
            for other in game.results:
                if other.entry == one.entry:
                    continue
                buchholz[one.entry] += total.get(other.entry, 0)
                if one.place < other.place:
                    berger[one.entry] += WIN * total.get(other.entry, 0)
                elif one.place == other.place:
                    berger[one.entry] += TIE * total.get(other.entry, 0)
    return buchholz, berger

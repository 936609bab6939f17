"""Read model: a rating per player and kind, and the change each finished game made to it.

Ratings are OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian approximation): it rates
any number of sides, of one player or more, from their places alone, ties included, so one
model serves two-seat games, free-for-all tables of up to ten and ONEXENO's partnerships.
Each rating is a mean `mu` and an uncertainty `sigma`; players are ranked by the `ordinal`,
mu - 3 sigma, which rises as a player proves their skill.

Players are registered handles and bots (`bot:<strategy>`); seats taken with a free name are
left out, and a player holding several seats of one game (bots) counts once, at its first
seat. A game with fewer than two rated sides changes nothing. A rating follows from the one
before it, so the fold of a game ends in a `Rate` change, made by the writer from the players'
ratings as they stand, in the order the log committed the games.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import msgspec
from openskill.models import PlackettLuce

from commands.log.store import StoredEvent
from domain import players, table
from domain.decider import Standing
from projections.model import Changes, Rate, Upsert, upsert

MODEL = PlackettLuce()
"""The model with OpenSkill's defaults: a new player is mu 25, sigma 25/3 (ordinal 0)."""
PARTNERSHIPS = {"onexeno": "teams"}
"""The kinds whose option (by name) seats partnerships: seat s partners s + seats / 2."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    played: int = 0

    @property
    def ordinal(self) -> float:
        return float(MODEL.rating(self.mu, self.sigma).ordinal())


NEW = Rating(MODEL.mu, MODEL.sigma)


class RatingRow(msgspec.Struct, frozen=True):
    """A player's rating at one kind; players are ranked by `ordinal` (mu - 3 sigma)."""

    player: str
    mu: float
    sigma: float
    ordinal: float
    played: int


class PlayerRating(msgspec.Struct, frozen=True):
    """A player's rating at one kind."""

    kind: str
    mu: float
    sigma: float
    ordinal: float
    played: int


class RatingChange(msgspec.Struct, frozen=True):
    """A rated game: the player's rating after it, and how far it moved the ordinal."""

    game_id: str
    kind: str
    mu: float
    sigma: float
    ordinal: float
    change: float
    finished_at: datetime


@dataclass(frozen=True)
class Seated:
    """A game as the ratings need it: its options and the player of each seat (or None)."""

    options: Mapping[str, Any]
    players: tuple[str | None, ...] = ()


class Ratings:
    name: str = "ratings"
    tables: tuple[str, ...] = ("ratings", "rating_changes")
    keeps_state: bool = True
    table_events_only: bool = True

    def evolve(self, state: Seated | None, stored: StoredEvent, event: Any) -> Seated | None:
        match event:
            case table.TableCreated():
                return Seated(event.options)
            case table.SeatTaken() if state is not None:
                player = players.seat_player(event.player, event.bot)
                return replace(state, players=(*state.players, player))
        return state

    def changes(self, state: Seated | None, stored: StoredEvent, event: Any) -> Changes:
        if state is None or stored.kind is None or not isinstance(event, table.GameFinished):
            return ()  # a sandbox has no `table.created`, so no state: it is never rated
        sides = contest(stored.kind, state, event.standings)
        if len(sides) < 2:
            return ()
        teams = tuple(team for team, _ in sides)
        places = tuple(place for _, place in sides)
        key = {"game_id": stored.stream_id}
        return (Rate("ratings", key, stored.kind, teams, places, stored.recorded_at),)


def contest(
    kind: str, game: Seated, standings: tuple[Standing, ...]
) -> list[tuple[tuple[str, ...], int]]:
    """The rated sides of a finished game, each with its players and its place, in the order
    of their first seats."""
    place = {standing.seat: standing.place for standing in standings}
    sides: dict[int, list[str]] = {}
    side_place: dict[int, int] = {}
    counted: set[str] = set()
    for seat, player in enumerate(game.players):
        side = _side(kind, game, seat)
        side_place[side] = min(side_place.get(side, place[seat]), place[seat])
        members = sides.setdefault(side, [])
        if player is not None and player not in counted:
            counted.add(player)
            members.append(player)
    return [(tuple(members), side_place[side]) for side, members in sides.items() if members]


def _side(kind: str, game: Seated, seat: int) -> int:
    option = PARTNERSHIPS.get(kind)
    seats = len(game.players)
    if option is not None and game.options.get(option):
        return seat % (seats // 2)
    return seat


def rated(change: Rate, before: Mapping[str, Rating]) -> dict[str, Rating]:
    """Every player's rating after the game, from their ratings before it (NEW if none)."""
    teams = [
        [MODEL.rating(before.get(p, NEW).mu, before.get(p, NEW).sigma) for p in team]
        for team in change.teams
    ]
    after = MODEL.rate(teams, ranks=[float(place) for place in change.places])
    return {
        player: Rating(new.mu, new.sigma, before.get(player, NEW).played + 1)
        for team, new_team in zip(change.teams, after, strict=True)
        for player, new in zip(team, new_team, strict=True)
    }


def rating_rows(change: Rate, before: Mapping[str, Rating]) -> tuple[Upsert, ...]:
    """The rows a game's ratings write: each player's rating, and the change the game made."""
    return tuple(_rows(change, before))


def _rows(change: Rate, before: Mapping[str, Rating]) -> Iterator[Upsert]:
    game_id, kind = change.key["game_id"], change.kind
    for player, rating in rated(change, before).items():
        mu, sigma, ordinal = rating.mu, rating.sigma, rating.ordinal
        row = RatingRow(player, mu, sigma, ordinal, rating.played)
        yield upsert("ratings", row, ("kind", "player"), kind=kind)
        moved = ordinal - before.get(player, NEW).ordinal
        history = RatingChange(game_id, kind, mu, sigma, ordinal, moved, change.finished_at)
        yield upsert("rating_changes", history, ("game_id", "player"), player=player)

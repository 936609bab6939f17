"""The audit of a tournament, from its log and its games' own logs.

Five checks, each reported with what it verified or why it fails:

1. ``hash_chain``: the tournament's versions run 1, 2, 3... each linked to the one before;
2. ``replay``: its events fold, version after version, into a tournament each command of
   the director could have produced (every round seats each entry still in once, at a
   table or on a bye);
3. ``seats``: every game recorded seats the entries of its table, in order (a table that
   ended unplayed, cancelled or expired before it filled, those it seated so far);
4. ``results``: every game's recorded places are those its own log finished with (none
   for a table that ended unplayed);
5. ``standings``: the standings recomputed from the games' own standings (and the byes)
   equal the recorded ones, their points summing to what the results give.
"""

from collections.abc import Awaitable, Callable, Sequence

import msgspec

from commands.audit.evidence import Outcome
from commands.audit.report import CheckReport
from commands.log import codec
from commands.log.store import StoredEvent
from domain import table
from domain import tournaments as t
from domain.errors import DomainError
from domain.tournaments import scoring


class GameLog(msgspec.Struct, frozen=True):
    """A game as its own log ends: who sat where, and its standings (if it finished)."""

    seats: tuple[table.SeatTaken, ...]
    standings: tuple[t.GameStanding, ...] | None
    unplayed: bool = False
    """Whether it ended before its game (cancelled or expired): no standings, seats so far."""


class TournamentAudit(msgspec.Struct, frozen=True):
    ok: bool
    checks: list[CheckReport]


Read = Callable[[str], Awaitable[list[StoredEvent]]]
"""A stream's events, all of them, by its id."""


async def audit_tournament(read: Read, tournament_id: str) -> TournamentAudit:
    """Audit a tournament (refused as `tournament_not_found` when it has no log)."""
    stored = await read(t.stream_id(tournament_id))
    events = codec.decode_events(codec.TOURNAMENT, stored)
    folded = t.fold(events)
    if folded.created is None:
        raise DomainError("tournament_not_found", f"there is no tournament {tournament_id}")
    games = {
        game_id: await game_log(read, folded.created.kind, game_id) for game_id in folded.results
    }
    outcomes = [
        hash_chain(stored),
        replay(events),
        seats(folded, games),
        results(folded, games),
        standings(folded, games),
    ]
    checks = [
        CheckReport(
            each.name,
            not each.failures,
            "; ".join(f.reason for f in each.failures) if each.failures else each.verified,
        )
        for each in outcomes
    ]
    return TournamentAudit(all(check.ok for check in checks), checks)


async def game_log(read: Read, kind: str, game_id: str) -> GameLog:
    """A game's seats and standings, read from its own log."""
    taken: list[table.SeatTaken] = []
    finished: tuple[t.GameStanding, ...] | None = None
    unplayed = False
    for stored in await read(game_id):
        if stored.type not in table.TABLE_TAGS:
            continue
        event = codec.decode_event(kind, stored)
        if isinstance(event, table.SeatTaken):
            taken.append(event)
        elif isinstance(event, table.GameFinished):
            finished = tuple(t.GameStanding(s.seat, s.score, s.place) for s in event.standings)
        elif isinstance(event, table.TableCancelled | table.TableExpired):
            finished, unplayed = (), True
    return GameLog(tuple(taken), finished, unplayed)


def hash_chain(stored: Sequence[StoredEvent]) -> Outcome:
    outcome = Outcome("hash_chain", f"versions 1 to {len(stored)}, each linked to the one before")
    previous = ""
    for index, each in enumerate(stored):
        if each.version != index + 1:
            outcome.fail(each.version, f"version {index + 1} was expected here")
        link = msgspec.json.decode(each.metadata).get("hash")
        if link != codec.chain_hash(previous, each.data):
            outcome.fail(each.version, "its hash does not link it to the event before")
        previous = link if isinstance(link, str) else ""
    return outcome


def replay(events: Sequence[t.TournamentEvent]) -> Outcome:
    outcome = Outcome("replay", "every round seats each entry still in once")
    tournament = t.Tournament()
    for version, event in enumerate(events, start=1):
        if isinstance(event, t.RoundStarted) and tournament.created is not None:
            seated = [e for seating in event.tables for e in seating.entries] + list(event.byes)
            if len(seated) != len(set(seated)):
                outcome.fail(version, f"round {event.round} seats an entry twice")
            if tournament.created.format == "swiss" and sorted(seated) != sorted(
                t.active(tournament)
            ):
                outcome.fail(version, f"round {event.round} leaves out an entry still in")
        tournament = t.evolve(tournament, event)
    return outcome


def seats(tournament: t.Tournament, games: dict[str, GameLog]) -> Outcome:
    outcome = Outcome("seats", f"{len(games)} games seat their tables' entries in order")
    entries = {entry.entry: entry for entry in tournament.entries}
    for seating in _seatings(tournament):
        if seating.game_id not in games:
            continue
        game = games[seating.game_id]
        sat = [(s.player, s.bot, s.name) for s in game.seats]
        meant = [(entries[e].player, entries[e].bot, entries[e].name) for e in seating.entries]
        if game.unplayed:  # it ended before the last of its entries sat
            meant = meant[: len(sat)]
        if sat != meant:
            outcome.fail(None, f"game {seating.game_id} seats others than its table's entries")
    return outcome


def results(tournament: t.Tournament, games: dict[str, GameLog]) -> Outcome:
    outcome = Outcome("results", f"{len(games)} games' places as their own logs record them")
    for game_id, recorded in tournament.results.items():
        logged = games[game_id].standings
        places = sorted((r.seat, r.place) for r in recorded.results)
        if logged is None or places != sorted((s.seat, s.place) for s in logged):
            outcome.fail(None, f"game {game_id} is recorded with places its log does not hold")
    return outcome


def standings(tournament: t.Tournament, games: dict[str, GameLog]) -> Outcome:
    """The standings again, from the games' own standings folded as the director would."""
    outcome = Outcome("standings", "the standings follow from the games' own results")
    recomputed: dict[str, t.GameRecorded] = {}
    seatings = {seating.game_id: seating for seating in _seatings(tournament)}
    arena = tournament.created is not None and tournament.created.format == "arena"
    for game_id, recorded in tournament.results.items():
        logged = games[game_id].standings or ()
        fire = scoring.on_fire(recomputed.values()) if arena else frozenset()
        made = scoring.results(seatings[game_id], logged, fire)
        recomputed[game_id] = t.GameRecorded(recorded.round, game_id, made)
    again = msgspec.structs.replace(tournament, results=recomputed)
    if tournament.status == "finished" and t.standings(again) != tournament.standings:
        outcome.fail(None, "the recorded standings are not those the games' results give")
    if recomputed != dict(tournament.results):
        outcome.fail(None, "a game's points are not those its places give")
    given = sum(r.points for game in recomputed.values() for r in game.results)
    byes = sum(len(each.byes) * each.bye_points for each in tournament.rounds)
    if sum(row.points for row in t.standings(again)) != given + byes:
        outcome.fail(None, "the standings' points do not sum to the results'")
    return outcome


def _seatings(tournament: t.Tournament) -> list[t.TableSeating]:
    return [seating for each in tournament.rounds for seating in each.tables]

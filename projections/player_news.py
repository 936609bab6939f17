"""Read model: each player's news (what `GET /players/me/live` sends) and the tables each
player sits at (what `GET /players/me/games` answers).

A notice is written at the log position of the event it comes from, with a `slot` telling
apart the notices one event makes for one player; notices are written in commit order, in
the transaction that moves the projection's checkpoint, so a reader that has seen a notice
never finds a later one written at an earlier position: the position is a stream id that
resumes with neither a gap nor a duplicate, on any node, after any restart.

From games (the state of each is its folded table): a game started at which the player sits,
their turn at a turn-based game after a command, the game finished with its standings, a
rematch offered. A table leaves its players' tables once its game finishes or its host
cancels it. From challenges (their events name whom they concern): every step of a
challenge, to its author and to the player challenged. From tournaments: each player
entry's next table (its game id and seat) as a round or an arena's pairing opens it.
Notices carry ids, seats, versions and standings only: never a card.
"""

from datetime import datetime
from typing import Any, Literal

import msgspec

from commands.log.registry import GAMES
from commands.log.store import StoredEvent
from domain import challenges, table, tournaments
from domain.decider import Standing
from projections.model import Changes, Delete, Upsert, upsert
from projections.summaries import folded_table

NoticeType = Literal[
    "game_started",
    "your_turn",
    "game_finished",
    "rematch_offered",
    "challenge_issued",
    "challenge_accepted",
    "challenge_declined",
    "challenge_cancelled",
    "challenge_expired",
    "tournament_table",
]
SLOTS: dict[str, int] = {"game_started": 0, "your_turn": 1, "game_finished": 2}
"""Each notice's slot among those one event makes for one player (the others make one)."""


class ChallengeRow(msgspec.Struct, frozen=True):
    """A challenge as the read model keeps it (`GET /challenges/{id}` has it from its log)."""

    challenge_id: str
    challenger: str
    challenged: str | None
    kind: str
    options: dict[str, Any]
    seats: int
    bots: bool
    status: challenges.Status
    expires_at: datetime
    game_id: str | None = None
    reason: str | None = None


class PlayerNotice(msgspec.Struct, frozen=True, omit_defaults=True):
    """One entry of a player's news; which fields it has depends on its `type`."""

    type: NoticeType
    game_id: str | None = None
    kind: str | None = None
    seat: int | None = None
    version: int | None = None
    standings: tuple[Standing, ...] | None = None
    rematch: str | None = None
    challenge_id: str | None = None
    challenger: str | None = None
    challenged: str | None = None
    options: dict[str, Any] | None = None
    seats: int | None = None
    bots: bool | None = None
    expires_at: datetime | None = None
    reason: str | None = None
    tournament_id: str | None = None
    round: int | None = None


class PlayerTable(msgspec.Struct, frozen=True):
    """A table a player sits at, not finished: `to_act` are the seats that may move now."""

    game_id: str
    kind: str
    seat: int
    status: table.Status
    version: int
    to_act: list[int]
    your_turn: bool


class PlayerNews:
    name: str = "player_news"
    tables: tuple[str, ...] = ("player_news", "player_tables", "challenges")
    keeps_state: bool = True
    table_events_only: bool = False

    def evolve(
        self, state: table.AnyTable | None, stored: StoredEvent, event: Any
    ) -> table.AnyTable | None:
        return folded_table(state, stored, event)

    def changes(self, state: table.AnyTable | None, stored: StoredEvent, event: Any) -> Changes:
        if state is None:
            return ()
        seated = [(seat, each.player) for seat, each in enumerate(state.seats) if each.player]
        if not seated:
            return ()  # nobody to tell: a game of bots and casual seats costs no more
        notice: PlayerNotice | None
        match event:
            case table.GameStarted():
                notice = PlayerNotice("game_started")
            case table.GameFinished(standings=standings):
                notice = PlayerNotice("game_finished", standings=standings)
            case table.RematchOpened(game_id=rematch):
                notice = PlayerNotice("rematch_offered", rematch=rematch)
            case _:
                notice = None
        notices = [] if notice is None else _to_each(stored, state, seated, notice)
        if isinstance(event, table.GameFinished | table.TableCancelled):  # no game to come
            return _notices(stored, notices) + _leave(stored, seated)
        if not stored.ends_command or state.status == "finished":
            return _notices(stored, notices)
        acting = table.acting_seats(GAMES[state.kind], state)
        turns = _turns(state, stored, seated, acting)
        return _notices(stored, notices + turns) + _sat_at(state, stored, seated, acting)


def _to_each(
    stored: StoredEvent, state: table.AnyTable, seated: list[tuple[int, str]], notice: PlayerNotice
) -> list[tuple[str, PlayerNotice]]:
    """The notice to each seated player, naming the game and their seat."""
    game = msgspec.structs.replace(notice, game_id=stored.stream_id, kind=state.kind)
    return [(player, msgspec.structs.replace(game, seat=seat)) for seat, player in seated]


def _turns(
    state: table.AnyTable,
    stored: StoredEvent,
    seated: list[tuple[int, str]],
    acting: frozenset[int],
) -> list[tuple[str, PlayerNotice]]:
    """A notice to each player whose turn it is after a command, at a turn-based game."""
    if GAMES[state.kind].real_time:
        return []
    return [
        (p, PlayerNotice("your_turn", stored.stream_id, state.kind, s, state.version))
        for s, p in seated
        if s in acting
    ]


def _sat_at(
    state: table.AnyTable,
    stored: StoredEvent,
    seated: list[tuple[int, str]],
    acting: frozenset[int],
) -> Changes:
    """Each seated player's row of the table, as it stands after a command."""
    to_act = sorted(acting)
    rows = (
        PlayerTable(
            stored.stream_id, state.kind, s, state.status, state.version, to_act, s in acting
        )
        for s, _ in seated
    )
    return tuple(
        upsert("player_tables", row, ("player", "game_id"), player=player)
        for row, (_, player) in zip(rows, seated, strict=True)
    )


def _leave(stored: StoredEvent, seated: list[tuple[int, str]]) -> Changes:
    return tuple(
        Delete("player_tables", {"player": p, "game_id": stored.stream_id}) for _, p in seated
    )


def _notices(stored: StoredEvent, notices: list[tuple[str, PlayerNotice]]) -> Changes:
    return tuple(notice_row(player, stored, notice) for player, notice in notices)


def notice_row(player: str, stored: StoredEvent, notice: PlayerNotice) -> Upsert:
    """A notice written at its event's log position (written again, it is the same row)."""
    key = {
        "player": player,
        "tx_id": stored.tx_id,
        "global_position": stored.global_position,
        "slot": SLOTS.get(notice.type, 0),
    }
    return Upsert("player_news", key, {"notice": msgspec.to_builtins(notice)})


def challenge_changes(stored: StoredEvent, event: challenges.ChallengeEvent) -> Changes:
    """The rows a challenge's event changes: the challenge's own, and a notice to each of
    the players it concerns (an open challenge's author alone, until it is accepted)."""
    challenge_id = stored.stream_id.removeprefix(challenges.STREAM_PREFIX)
    key = {"challenge_id": challenge_id}
    notice_type: NoticeType = stored.type.replace(".", "_")  # type: ignore[assignment]
    match event:
        case challenges.ChallengeIssued():
            fields = msgspec.structs.asdict(event)
            row = upsert(
                "challenges", ChallengeRow(challenge_id, status="open", **fields), ("challenge_id",)
            )
            notice = msgspec.convert(
                fields | {"type": notice_type, "challenge_id": challenge_id}, PlayerNotice
            )
            return (row, *_challenge_notices(stored, notice, event.challenger, event.challenged))
        case challenges.ChallengeAccepted(challenger, player, game_id):
            values: dict[str, Any] = {
                "status": "accepted",
                "game_id": game_id,
                "challenged": player,
            }
        case challenges.ChallengeDeclined(challenger, player, reason):
            values = {"status": "declined", "reason": reason, "challenged": player}
        case challenges.ChallengeCancelled(challenger, player):
            values = {"status": "cancelled", "challenged": player}
        case challenges.ChallengeExpired(challenger, player):
            values = {"status": "expired", "challenged": player}
    notice = msgspec.convert(
        values | {"type": notice_type, "challenge_id": challenge_id, "challenger": challenger},
        PlayerNotice,
    )
    values["answered_at"] = stored.recorded_at  # the clock worker's, not shown
    changes = (Upsert("challenges", key, values),)
    return changes + _challenge_notices(stored, notice, challenger, player)


def _challenge_notices(
    stored: StoredEvent, notice: PlayerNotice, challenger: str, challenged: str | None
) -> Changes:
    players = [challenger] if challenged is None else [challenger, challenged]
    return _notices(stored, [(player, notice) for player in players])


def tournament_changes(stored: StoredEvent, event: tournaments.TournamentEvent) -> Changes:
    """A notice to each player entry seated by a round (bots are no players): where their
    next table is."""
    if not isinstance(event, tournaments.RoundStarted):
        return ()
    tournament_id = stored.stream_id.removeprefix(tournaments.STREAM_PREFIX)
    return _notices(
        stored,
        [
            (
                entry,
                PlayerNotice(
                    "tournament_table",
                    game_id=seating.game_id,
                    seat=seat,
                    tournament_id=tournament_id,
                    round=event.round,
                ),
            )
            for seating in event.tables
            for seat, entry in enumerate(seating.entries)
            if not entry.startswith(tournaments.BOT_ENTRY)
        ],
    )

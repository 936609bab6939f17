"""The examples the published contract shows of the tournaments' bodies: one Swiss of MAD,
its first round played."""

from typing import Any

EXAMPLE_TOURNAMENT = "3b9e7d2a-41c6-4f0e-9d85-746f75726e31"
ROW: dict[str, Any] = {
    "tournament_id": EXAMPLE_TOURNAMENT,
    "organiser": "ada",
    "kind": "mad",
    "format": "swiss",
    "status": "running",
    "seats": 2,
    "rounds": 3,
    "minutes": 0.0,
    "entries": 6,
    "round": 1,
    "starts_at": "2026-03-21T12:05:00Z",
    "started_at": "2026-03-21T12:01:00Z",
    "ends_at": None,
    "finished_at": None,
}
STANDING = {
    "rank": 1,
    "entry": "ada",
    "name": "ada",
    "points": 4,
    "buchholz": 2,
    "sonneborn_berger": 4,
    "games": 2,
    "wins": 2,
    "byes": 0,
    "withdrawn": False,
}
TABLE = {
    "game_id": "0f8e2c51-6a1d-4c1e-9a57-2b4a3e5d7c90",
    "entries": ["ada", "bot:heuristic:2"],
    "results": [
        {"entry": "ada", "seat": 0, "place": 1, "points": 2},
        {"entry": "bot:heuristic:2", "seat": 1, "place": 2, "points": 0},
    ],
}
VIEW: dict[str, Any] = {
    **{key: ROW[key] for key in ("tournament_id", "organiser", "kind", "format", "status")},
    **{key: ROW[key] for key in ("seats", "rounds", "minutes", "starts_at", "started_at")},
    "max_entries": 64,
    "options": {"clock": {"turn_seconds": 60}},
    "ends_at": None,
    "version": 9,
    "entries": [
        {"entry": "ada", "name": "ada", "player": "ada", "bot": None, "withdrawn": False},
        {
            "entry": "bot:heuristic:2",
            "name": "heuristic 2",
            "player": None,
            "bot": "heuristic",
            "withdrawn": False,
        },
    ],
    "standings": [{**STANDING, "points": 2, "wins": 1, "games": 1, "buchholz": 0}],
    "round_tables": [{"round": 1, "tables": [TABLE], "byes": [], "bye_points": 0, "over": True}],
}

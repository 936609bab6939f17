"""Each player's news and tables, folded from whole games and from challenges: notices at
their events' positions, addressed to the seated players alone, never a card."""

import msgspec

from commands.log.store import StoredEvent
from domain import challenges
from projections.player_news import PlayerNews, challenge_changes
from tests.projections.given import NOW, in_batches, stored_game, written


def notices(tables: dict, player: str) -> list[dict]:  # type: ignore[type-arg]
    rows = tables.get("player_news", {})
    ordered = sorted(key for key in rows if key[0] == player)
    return [rows[key]["notice"] for key in ordered]


def test_seated_players_hear_the_start_each_turn_and_the_finish_whatever_the_batches() -> None:
    game_id, rows = stored_game("gnono", 3, seats=3, handles=("ada", "bo"))
    _, whole = in_batches(PlayerNews(), rows, len(rows))  # type: ignore[arg-type]
    _, bit_by_bit = in_batches(PlayerNews(), rows, 1)  # type: ignore[arg-type]
    assert whole == bit_by_bit
    for seat, player in enumerate(("ada", "bo")):
        heard = notices(whole, player)
        assert heard[0] == {
            "type": "game_started",
            "game_id": game_id,
            "kind": "gnono",
            "seat": seat,
        }
        assert heard[-1]["type"] == "game_finished" and heard[-1]["standings"]
        turns = [notice for notice in heard if notice["type"] == "your_turn"]
        assert turns and all(notice["seat"] == seat for notice in turns)
    assert {key[0] for key in whole["player_news"]} == {"ada", "bo"}, "casual seats hear nothing"
    assert whole.get("player_tables", {}) == {}, "a finished game leaves the players' tables"
    shown = msgspec.json.encode(list(whole["player_news"].values())).decode()
    assert '"cards"' not in shown and '"hand"' not in shown


def test_a_challenge_is_told_to_both_of_its_players_and_an_open_one_to_its_author() -> None:
    issued = challenges.ChallengeIssued("ada", "bo", "mad", {}, 2, False, NOW)
    opened = challenges.ChallengeIssued("ada", None, "mad", {}, 2, True, NOW)
    accepted = challenges.ChallengeAccepted("ada", "cy", "g1")
    tables = written(
        challenge_changes(stored("c1", 1, 1, issued), issued)
        + challenge_changes(stored("c2", 1, 2, opened), opened)
        + challenge_changes(stored("c2", 2, 3, accepted), accepted)
    )
    assert [n["type"] for n in notices(tables, "bo")] == ["challenge_issued"]
    assert [n["type"] for n in notices(tables, "ada")] == [
        "challenge_issued",
        "challenge_issued",
        "challenge_accepted",
    ]
    assert notices(tables, "cy") == [
        {"type": "challenge_accepted", "challenge_id": "c2", "challenger": "ada"}
        | {"challenged": "cy", "game_id": "g1"}
    ]
    assert tables["challenges"][("c2",)]["status"] == "accepted"


def stored(
    challenge_id: str, version: int, position: int, event: challenges.ChallengeEvent
) -> StoredEvent:
    tag = event.__struct_config__.tag
    assert isinstance(tag, str)
    data = msgspec.json.encode(event).decode()
    return StoredEvent(
        position, position, challenges.stream_id(challenge_id), version, f"e{position}",
        tag, 1, data, "{}", NOW,
    )  # fmt: skip

"""A program playing Cardroom as a registered player, over one stream of its news.

    python examples/stream_bot.py http://127.0.0.1:8000 my-bot 3

It registers the handle, opens its player stream from its first notice, accepts every
challenge made to it, and plays every game it sits at from the `legal_moves` of its view,
until that many games end; then prints each game's last notice, with its standings.
"""

import json
import random
import sys

import httpx


def follow(http: httpx.Client, token: str, me: str, games: int) -> list[dict]:
    """Play from the player's stream until `games` games end; returns their last notices."""
    auth = {"Authorization": f"Bearer {token}"}
    finished: list[dict] = []
    since = auth | {"Last-Event-ID": "0-0-0"}  # from the first notice: none is missed
    with http.stream("GET", "/players/me/live", headers=since, timeout=None) as stream:
        event = ""
        for line in stream.iter_lines():
            if line.startswith("event:"):
                event = line.removeprefix("event:").strip()
            elif line.startswith("data:"):
                notice = json.loads(line.removeprefix("data:"))
                if event == "challenge_issued" and notice["challenged"] == me:
                    http.post(f"/challenges/{notice['challenge_id']}/accept", headers=auth)
                elif event in ("game_started", "your_turn"):
                    move(http, auth, notice["game_id"])
                elif event == "game_finished":
                    finished.append(notice)
                    if len(finished) == games:
                        return finished
    return finished


def move(http: httpx.Client, auth: dict[str, str], game_id: str) -> None:
    """Send one of the moves the view offers now, if it offers any (the player token acts
    for the player's seat); a move overtaken meanwhile is refused, and the stream goes on."""
    view = http.get(f"/games/{game_id}", headers=auth).json()
    if view.get("legal_moves"):
        chosen = random.choice(view["legal_moves"])
        http.post(f"/games/{game_id}/commands", json=chosen, headers=auth)


if __name__ == "__main__":
    base, handle, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with httpx.Client(base_url=base, timeout=30) as http:
        token = http.post("/players", json={"handle": handle}).json()["token"]
        for notice in follow(http, token, handle, games):
            print(json.dumps(notice), flush=True)

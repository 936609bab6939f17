"""The answer to the command that ends a game shows its events as the game's streams and
pages do from then on: with every card open, since the game is over."""

import random

from httpx import AsyncClient

from tests.api.players import bearer, ok, open_table, view


async def test_the_answer_that_ends_a_game_shows_what_its_events_page_shows(
    client: AsyncClient,
) -> None:
    rng = random.Random(7)
    game_id, tokens = await open_table(client, "mad", 2)
    answer = None
    while (await view(client, game_id))["status"] != "finished":
        views = [await view(client, game_id, token) for token in tokens]
        seat = rng.choice([seat for seat, seen in enumerate(views) if seen["legal_moves"]])
        move = rng.choice(views[seat]["legal_moves"])
        sent = await client.post(
            f"/games/{game_id}/commands", json=move, headers=bearer(tokens[seat])
        )
        answer = ok(sent)
    assert answer is not None
    first = answer["events"][0]["version"]
    page = ok(
        await client.get(f"/games/{game_id}/events?after={first - 1}", headers=bearer(tokens[seat]))
    )
    assert answer["events"] == page
    assert any(event["event"]["type"] == "table.game_finished" for event in page)

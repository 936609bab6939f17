"""What the players' own operations can refuse: their stream, their tables, their
challenges (see `api.contract.operations`)."""

from api.contract.operations import Operation

_PLAYER = ("missing_token", "wrong_token")
_ANSWERED = ("challenge_accepted", "challenge_declined", "challenge_cancelled", "challenge_expired")
"""A challenge answered already (or whose time is up): none but its first answer counts."""
_ANSWER = ("challenge_not_found", *_PLAYER, *_ANSWERED, "challenge_changed")


def player_operations(
    body: tuple[str, ...], query: tuple[str, ...]
) -> dict[tuple[str, str], Operation]:
    """The operations of a player's own: their stream, their tables, their challenges
    (`body` and `query`: the refusals of any body and of any query)."""
    return {
        ("get", "/players/me/live"): Operation(
            (*_PLAYER, "invalid_ticket", "invalid_last_event_id", "too_many_streams"),
            player="required",
            description=(
                "Each message's `event` is the notice's `type`, its `data` the notice (a "
                "`PlayerNotice`) and its `id` the notice's position "
                "(`<tx_id>-<global_position>-<slot>`): reconnect with `Last-Event-ID` for "
                "exactly what was missed, on any node, after any restart (`0-0-0`: from the "
                "first). A ticket from `POST /players/me/tickets` (`?ticket=`) stands in for "
                "the token. The news is a read model: it trails the log by the projection lag."
                " Streams are capped per player and per client address (429)."
            ),
        ),
        ("post", "/players/me/tickets"): Operation(_PLAYER, player="required"),
        ("get", "/players/me/games"): Operation((*query, *_PLAYER), player="required"),
        ("post", "/challenges"): Operation(
            (
                *body,
                *_PLAYER,
                "player_not_found",
                "cannot_challenge_yourself",
                "unknown_kind",
                "invalid_options",
                "invalid_seats",
            ),
            player="required",
        ),
        ("get", "/challenges/{challenge_id}"): Operation(("challenge_not_found",)),
        ("post", "/challenges/{challenge_id}/accept"): Operation(
            (*_ANSWER, "own_challenge", "not_challenged", "busy"), player="required"
        ),
        ("post", "/challenges/{challenge_id}/decline"): Operation(
            (*body, *_ANSWER, "own_challenge", "not_challenged"), player="required"
        ),
        ("post", "/challenges/{challenge_id}/cancel"): Operation(
            (*_ANSWER, "not_your_challenge"), player="required"
        ),
    }

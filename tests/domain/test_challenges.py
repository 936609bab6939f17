"""Challenges, given their events, when a command arrives, then the events it records or the
refusal's code."""

from datetime import UTC, datetime, timedelta

import pytest

from domain import challenges
from domain.errors import DomainError

NOW = datetime(2026, 3, 21, 12, tzinfo=UTC)
ISSUED = challenges.ChallengeIssued("ada", "bo", "mad", {}, 2, False, NOW + timedelta(minutes=5))
OPEN = challenges.ChallengeIssued("ada", None, "mad", {}, 2, False, NOW + timedelta(minutes=5))


def refused(events: list[challenges.ChallengeEvent], command: object, at: datetime = NOW) -> str:
    with pytest.raises(DomainError) as refusal:
        challenges.decide(challenges.fold(events), command, at)  # type: ignore[arg-type]
    return refusal.value.code


def test_a_challenge_is_issued_once_and_never_to_its_author() -> None:
    issue = challenges.IssueChallenge(**{k: getattr(ISSUED, k) for k in ISSUED.__struct_fields__})
    assert challenges.decide(challenges.Challenge(), issue, NOW) == (ISSUED,)
    assert refused([ISSUED], issue) == "challenge_exists"
    to_herself = challenges.IssueChallenge("ada", "ada", "mad", {}, 2, False, NOW)
    assert refused([], to_herself) == "cannot_challenge_yourself"


def test_the_challenged_player_accepts_and_the_acceptance_names_the_table() -> None:
    accepted = challenges.decide(
        challenges.fold([ISSUED]), challenges.AcceptChallenge("bo", "g1"), NOW
    )
    assert accepted == (challenges.ChallengeAccepted("ada", "bo", "g1"),)
    folded = challenges.fold([ISSUED, *accepted])
    assert (folded.status, folded.game_id, folded.version) == ("accepted", "g1", 2)


def test_anyone_but_the_author_accepts_an_open_challenge() -> None:
    accepted = challenges.decide(
        challenges.fold([OPEN]), challenges.AcceptChallenge("cy", "g"), NOW
    )
    assert accepted == (challenges.ChallengeAccepted("ada", "cy", "g"),)
    assert refused([OPEN], challenges.AcceptChallenge("ada", "g")) == "own_challenge"


def test_only_the_challenged_player_answers_and_only_the_author_cancels() -> None:
    assert refused([ISSUED], challenges.AcceptChallenge("cy", "g")) == "not_challenged"
    assert refused([ISSUED], challenges.DeclineChallenge("cy", "later")) == "not_challenged"
    assert refused([ISSUED], challenges.DeclineChallenge("ada", "later")) == "own_challenge"
    assert refused([ISSUED], challenges.CancelChallenge("bo")) == "not_your_challenge"
    cancelled = challenges.decide(challenges.fold([ISSUED]), challenges.CancelChallenge("ada"), NOW)
    assert cancelled == (challenges.ChallengeCancelled("ada", "bo"),)


def test_a_challenge_is_answered_once() -> None:
    answered = {
        "challenge_accepted": challenges.ChallengeAccepted("ada", "bo", "g"),
        "challenge_declined": challenges.ChallengeDeclined("ada", "bo", "generic"),
        "challenge_cancelled": challenges.ChallengeCancelled("ada", "bo"),
        "challenge_expired": challenges.ChallengeExpired("ada", "bo"),
    }
    for code, answer in answered.items():
        assert refused([ISSUED, answer], challenges.AcceptChallenge("bo", "g")) == code
        assert refused([ISSUED, answer], challenges.CancelChallenge("ada")) == code


def test_a_challenge_expires_once_its_time_is_up_and_is_not_answered_after() -> None:
    late = ISSUED.expires_at
    assert refused([ISSUED], challenges.ExpireChallenge()) == "challenge_not_due"
    expired = challenges.decide(challenges.fold([ISSUED]), challenges.ExpireChallenge(), late)
    assert expired == (challenges.ChallengeExpired("ada", "bo"),)
    assert refused([ISSUED], challenges.AcceptChallenge("bo", "g"), late) == "challenge_expired"


def test_a_declined_challenge_keeps_its_reason() -> None:
    declined = challenges.ChallengeDeclined("ada", "bo", "later")
    assert challenges.fold([ISSUED, declined]).reason == "later"

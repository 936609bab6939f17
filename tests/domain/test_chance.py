"""The one random algorithm: deterministic per seed and label, unbiased, documented."""

import hashlib
import hmac
from collections import Counter

import pytest

from domain.chance import Chance, commitment, effective_seed


def test_the_same_seed_and_label_give_the_same_shuffle() -> None:
    assert Chance(b"seed", 3).shuffle(range(52)) == Chance(b"seed", 3).shuffle(range(52))


def test_another_label_gives_another_shuffle() -> None:
    assert Chance(b"seed", 3).shuffle(range(52)) != Chance(b"seed", 4).shuffle(range(52))


def test_below_follows_the_documented_stream() -> None:
    word = hmac.new(b"seed", b"7:0", hashlib.sha256).digest()[:8]
    assert Chance(b"seed", 7).below(1000) == int.from_bytes(word, "big") % 1000


def test_draws_are_spread_evenly() -> None:
    chance = Chance(b"even", 0)
    counts = Counter(chance.below(6) for _ in range(60_000))
    assert all(9_400 < count < 10_600 for count in counts.values())


def test_every_permutation_of_three_is_reachable_and_about_equally_likely() -> None:
    counts = Counter(Chance(b"perm", label).shuffle("abc") for label in range(6_000))
    assert len(counts) == 6
    assert all(850 < count < 1_150 for count in counts.values())


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Chance(b"seed", 0).below(0)


def test_the_commitment_is_the_sha256_of_the_secret() -> None:
    assert commitment(b"secret") == hashlib.sha256(b"secret").hexdigest()


def test_seat_entropy_changes_the_effective_seed() -> None:
    assert effective_seed(b"secret", ["a"]) != effective_seed(b"secret", ["b"])
    assert effective_seed(b"secret", []) == hashlib.sha256(b"secret").digest()

"""Deterministic, auditable chance: every shuffle and random pick comes from here.

Algorithm ``hmac-sha256-v1`` (never changed in place; a new algorithm gets a new name):

* The effective seed of a game is ``SHA-256(secret || 0x00 || entropy_1 || 0x00 || ...)``:
  the server's secret seed followed by each seat's entropy string (UTF-8), in seat order.
* The public commitment is ``SHA-256(secret)`` in hex, published when the table is created.
* A command decided at game version ``v`` draws from the byte stream
  ``HMAC-SHA256(key=effective seed, msg=f"{v}:{block}")`` for block = 0, 1, 2, ...
* ``below(n)`` reads 8 bytes as a big-endian unsigned integer and rejects values at or above
  the largest multiple of ``n`` that fits in 64 bits, so every result is equally likely.
* ``shuffle`` is Fisher-Yates from the last position down: position ``i`` swaps with
  ``below(i + 1)``.
"""

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from typing import TypeVar

ALGORITHM = "hmac-sha256-v1"
_WORD = 8
_SPAN = 1 << (8 * _WORD)

T = TypeVar("T")


def commitment(secret: bytes) -> str:
    """The public SHA-256 commitment to a secret seed, in hex."""
    return hashlib.sha256(secret).hexdigest()


def effective_seed(secret: bytes, entropies: Iterable[str]) -> bytes:
    """Mix the server's secret with the entropy each seat contributed."""
    digest = hashlib.sha256(secret)
    for entropy in entropies:
        digest.update(b"\x00" + entropy.encode())
    return digest.digest()


class Chance:
    """A stream of unbiased random choices for one decision, fixed by seed and label."""

    def __init__(self, seed: bytes, label: int | str) -> None:
        self._seed = seed
        self._label = str(label)
        self._block = 0
        self._buffer = b""

    def _take(self, size: int) -> bytes:
        while len(self._buffer) < size:
            message = f"{self._label}:{self._block}".encode()
            self._buffer += hmac.new(self._seed, message, hashlib.sha256).digest()
            self._block += 1
        taken, self._buffer = self._buffer[:size], self._buffer[size:]
        return taken

    def below(self, n: int) -> int:
        """A uniformly random integer in ``range(n)``."""
        if not 0 < n <= _SPAN:
            raise ValueError(f"cannot draw below {n}")
        limit = _SPAN - _SPAN % n
        while True:
            value = int.from_bytes(self._take(_WORD), "big")
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly at random."""
        return items[self.below(len(items))]

    def shuffle(self, items: Iterable[T]) -> tuple[T, ...]:
        """A uniformly random permutation of ``items`` (Fisher-Yates)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)

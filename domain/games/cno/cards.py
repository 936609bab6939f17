"""The CNO Cycle deck: thirteen isotopes, the reactions that chain them, one deck per seat."""

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal

import msgspec

Isotope = Literal[
    "C12", "N13", "C13", "N14", "O15", "N15", "O16", "F17", "O17", "F18", "O18", "F19", "Ne20"
]

ISOTOPES: Final[tuple[Isotope, ...]] = (
    "C12", "N13", "C13", "N14", "O15", "N15", "O16", "F17", "O17", "F18", "O18", "F19", "Ne20"
)  # fmt: skip
"""Deck order: the CNO-I cycle, then the CNO-II/III/IV branches, then the neon leak."""

STARTER: Final[Isotope] = "C12"
"""The only isotope that may begin a reaction pile."""
TERMINATOR: Final[Isotope] = "Ne20"
"""Leaves the cycle: a pile topped by it is closed, and it may be set aside at any time."""

PLAYED_ON: Final[Mapping[Isotope, tuple[Isotope, ...]]] = MappingProxyType(
    {
        "C12": ("N15",),  # 15N(p,a)12C closes CNO-I; also starts a pile on an empty spot
        "N13": ("C12",),  # 12C(p,g)13N
        "C13": ("N13",),  # 13N beta+ decay
        "N14": ("C13", "O17"),  # 13C(p,g)14N; 17O(p,a)14N closes CNO-II
        "O15": ("N14",),  # 14N(p,g)15O
        "N15": ("O15", "O18"),  # 15O beta+ decay; 18O(p,a)15N closes CNO-III
        "O16": ("N15", "F19"),  # 15N(p,g)16O opens CNO-II; 19F(p,a)16O closes CNO-IV
        "F17": ("O16",),  # 16O(p,g)17F
        "O17": ("F17",),  # 17F beta+ decay
        "F18": ("O17",),  # 17O(p,g)18F opens CNO-III
        "O18": ("F18",),  # 18F beta+ decay
        "F19": ("O18",),  # 18O(p,g)19F opens CNO-IV
        "Ne20": ("F19",),  # 19F(p,g)20Ne leaves the cycle
    }
)
"""The corner label of each card: the pile tops it may be laid on."""

FOLLOWERS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {top: frozenset(card for card, tops in PLAYED_ON.items() if top in tops) for top in ISOTOPES}
)
"""The same relation read from the pile's side: what may go on a given top."""

COPIES: Final = 4
"""Copies of each isotope in one deck by default: 13 x 4 = 52 cards."""
HAND_SIZE: Final = 15
ROW_SIZE: Final = 4
PILES_PER_SEAT: Final = 2


class Card(msgspec.Struct, frozen=True, order=True):
    """One physical card: its owner's deck, its isotope and which copy it is."""

    owner: int
    isotope: Isotope
    copy: int = 0

    def __str__(self) -> str:
        """The card as a player names it: its isotope, "N13"."""
        return self.isotope


def deck(owner: int, copies: Sequence[int]) -> tuple[Card, ...]:
    """One seat's deck in fixed order, `copies[i]` cards of the i-th isotope."""
    return tuple(
        Card(owner, isotope, copy)
        for isotope, count in zip(ISOTOPES, copies, strict=True)
        for copy in range(count)
    )


def is_closed(pile: Sequence[Card]) -> bool:
    """A pile topped by neon-20 takes no more cards."""
    return pile[-1].isotope == TERMINATOR


def takes(pile: Sequence[Card]) -> frozenset[str]:
    """The isotopes that may be laid on a pile: those that follow its top in the cycle, and
    none once a neon-20 has closed it."""
    return frozenset() if is_closed(pile) else FOLLOWERS[pile[-1].isotope]

"""The one error type the domain raises, with stable codes clients can rely on, and the one
way a rule refuses.

Every game declares its codes once, as a `Literal` (`Code`), and its refusals as
`Refused = Refusal[Code]`: building `Refused("not_your_turn", ...)` with a code the game did
not declare fails the type check, and `codes(Code)` is the same list as data (the published
contract reads it from `GameRules.refusal_codes`). A rule check answers `Refused | None`;
`decide` hands that answer to `reject`, and `legal_moves` keeps the candidates it answers None
for (`domain.decider.legal`). The table's own codes live in `domain.table`.
"""

from typing import Any, Generic, TypeVar, get_args

CodeT = TypeVar("CodeT", bound=str, covariant=True)


class DomainError(Exception):
    """A refused command: `code` is stable and machine-readable, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Refusal(Generic[CodeT]):
    """Why a command is refused: a code of the refusing game's own `Code` and a sentence,
    formatted only when it is raised (`legal_moves` refuses many candidates and never reads
    theirs): `Refused("card_not_in_hand", "{} is not in your hand", card)`."""

    __slots__ = ("code", "details", "reason")

    def __class_getitem__(cls, code_type: Any) -> Any:
        """`Refusal[Code]` is the class itself at run time, so that a game's `Refused(...)` is
        a plain call (`legal_moves` builds many); the type checker reads it as usual."""
        return cls

    def __init__(self, code: CodeT, reason: str, *details: object) -> None:
        self.code: CodeT = code
        self.reason = reason
        self.details = details

    @property
    def message(self) -> str:
        return self.reason.format(*self.details) if self.details else self.reason

    def error(self) -> DomainError:
        return DomainError(self.code, self.message)

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"


def reject(refusal: Refusal[Any] | None) -> None:
    """Raise the refusal a rule check answered, if it answered one."""
    if refusal is not None:
        raise refusal.error()


def require(condition: bool, refusal: Refusal[Any]) -> None:
    """Raise `refusal` unless `condition` holds: a rule check written in one line."""
    if not condition:
        raise refusal.error()


def codes(code_type: Any) -> tuple[str, ...]:
    """The codes a `Literal` (or a union of `Literal`s) declares, in order."""
    found: list[str] = []
    for arg in get_args(code_type):
        found += [arg] if isinstance(arg, str) else codes(arg)
    return tuple(dict.fromkeys(found))

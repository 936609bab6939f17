"""The one error type the domain raises, with stable codes clients can rely on."""


class DomainError(Exception):
    """A refused command: `code` is stable and machine-readable, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def refuse(code: str, message: str) -> DomainError:
    """Build a DomainError; reads well as `raise refuse("not_your_turn", "...")`."""
    return DomainError(code, message)


def require(condition: bool, code: str, message: str) -> None:
    """Refuse with `code` unless `condition` holds."""
    if not condition:
        raise DomainError(code, message)

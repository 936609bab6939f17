"""How a CARDROOM_* variable is declared and read: its name, default, meaning and parser, and
the parsers the settings share. A value that cannot be read raises `SettingsError`, naming
the variable."""

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar
from urllib.parse import urlsplit

import throttled

T = TypeVar("T", covariant=True)


class SettingsError(ValueError):
    """A variable whose value cannot be read; the message names it."""


@dataclass(frozen=True, slots=True)
class Variable(Generic[T]):
    """One environment variable: unset or blank, it takes `default`; `shown` is the default
    as the docs say it, when the value itself would not do."""

    name: str
    default: T
    help: str
    parse: Callable[[str], T]
    shown: str = ""

    def read(self, environ: Mapping[str, str]) -> T:
        text = environ.get(self.name, "").strip()
        if not text:
            return self.default
        try:
            return self.parse(text)
        except ValueError as error:
            raise SettingsError(f"{self.name}={text!r} is refused: {error}") from None

    def default_text(self) -> str:
        if self.shown:
            return self.shown
        value = self.default
        return f"`{value:g}`" if isinstance(value, float) else f"`{value}`"


def read_url(*schemes: str) -> Callable[[str], str | None]:
    def parse(text: str) -> str | None:
        if urlsplit(text).scheme not in schemes:
            raise ValueError(f"give a URL starting {' or '.join(f'{s}://' for s in schemes)}")
        return text

    return parse


def read_seconds(text: str) -> float:
    """A positive number of seconds."""
    value = read_pause(text)
    if value == 0:
        raise ValueError("give a number of seconds above 0")
    return value


def read_pause(text: str) -> float:
    """A number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError("not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError("give a number of seconds, 0 or more")
    return value


def read_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError("not a whole number") from None
    if value < 1:
        raise ValueError("give a whole number above 0")
    return value


def read_rate(text: str) -> str:
    """A rate as the rate limiter reads it (`300/minute`, `10 per second`), checked here so a
    typo stops the process at start."""
    try:
        throttled.Throttled(quota=text)
    except throttled.exceptions.DataError as error:
        raise ValueError(str(error)) from None
    return text


def read_origins(text: str) -> tuple[str, ...]:
    return tuple(origin.strip().rstrip("/") for origin in text.split(",") if origin.strip())


def read_address(text: str) -> tuple[str, int]:
    """`PORT` (on 127.0.0.1) or `HOST:PORT`."""
    host, _, port = text.rpartition(":")
    try:
        number = int(port)
    except ValueError:
        raise ValueError("give PORT or HOST:PORT") from None
    if not 1 <= number <= 65535:
        raise ValueError("give a port from 1 to 65535")
    return host.strip("[]") or "127.0.0.1", number


def read_choice(*choices: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text.lower() not in choices:
            raise ValueError(f"choose one of {', '.join(choices)}")
        return text.lower()

    return parse

"""The pages: each game's from its `GameRules` and package docstring, and the index."""

import importlib
import inspect
import re
from collections.abc import Iterable
from pathlib import Path

import msgspec

from commands.log.codec import tag_of
from commands.log.registry import GAMES
from domain import clocks
from domain import table as tables
from domain.decider import AnyRules
from gamedocs.redactions import (
    HIDDEN_INFORMATION,
    Observed,
    hidden_section,
    observe,
)
from gamedocs.samples import Samples, play_samples
from gamedocs.structs import (
    docstring,
    field_table,
    json_text,
    nested_structs,
    pretty_json,
    schema_example,
    struct_members,
)

DOCS_FOLDER = Path(__file__).resolve().parents[1] / "docs" / "games"
REGENERATE = "python -m gamedocs"
GENERATED = f"<!-- Generated from the code by `{REGENERATE}`; do not edit by hand. -->"
OUTSIDE_REFERENCE = re.compile(r" ?\((?:binding )?spec: [^)]*\)")
"""A pointer to a rules file outside the repository, left out of the pages."""


def game_package_doc(kind: str) -> str:
    """The game package's docstring without pointers to files outside the repository."""
    doc = importlib.import_module(f"domain.games.{kind}").__doc__ or ""
    return OUTSIDE_REFERENCE.sub("", inspect.cleandoc(doc))


def render_pages() -> dict[str, str]:
    """Every page by file name: `index.md` and `<kind>.md` for each hosted game."""
    pages = {f"{kind}.md": render_game(rules) for kind, rules in GAMES.items()}
    return {"index.md": render_index(GAMES.values()), **pages}


def write_pages(folder: Path = DOCS_FOLDER) -> list[Path]:
    """Write every page to `folder`, removing pages of games no longer hosted."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = render_pages()
    for stale in folder.glob("*.md"):
        if stale.name not in pages:
            stale.unlink()
    written = []
    for name, text in pages.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def render_index(games: Iterable[AnyRules]) -> str:
    lines = [GENERATED, "", "# Games", ""]
    lines += ["Every game follows the protocol of the README's *Playing over HTTP*.", ""]
    lines += ["| game | kind | seats | page |", "|---|---|---|---|"]
    for rules in games:
        summary = game_package_doc(rules.kind).splitlines()[0]
        lines.append(
            f"| {rules.title} | `{rules.kind}` | {_seat_text(rules)} | "
            f"[{rules.kind}.md]({rules.kind}.md): {summary} |"
        )
    lines += ["", "## The view around every game", ""]
    lines += [docstring(tables.TableView), "", *field_table(tables.TableView), ""]
    lines += ["## Table events (every kind)", ""]
    for event in tables.TABLE_EVENTS:
        lines += [f"### `{tag_of(event)}`", "", *field_table(event), ""]
    lines += ["## Hidden information", "", HIDDEN_INFORMATION, ""]
    return "\n".join(lines)


def render_game(rules: AnyRules) -> str:
    commands, events = struct_members(rules.Command), struct_members(rules.Event)
    samples = play_samples(rules, _tags(commands), _tags(events))
    observed = observe(rules, samples)
    view = type(samples.view) if samples.view is not None else None
    documented = [rules.Options, *commands, *events, *_replacements(observed), *_just(view)]
    sections = [
        _header(rules),
        _options_section(rules),
        _clock_section(rules, commands),
        _commands_section(commands, samples),
        _view_section(view, samples),
        _events_section(rules, observed),
        hidden_section(rules, observed),
        _types_section(documented),
    ]
    return "\n".join(line for section in sections for line in section)


def _tags(structs: Iterable[type[msgspec.Struct]]) -> frozenset[str]:
    return frozenset(tag_of(struct) for struct in structs)


def _just(cls: type[msgspec.Struct] | None) -> list[type[msgspec.Struct]]:
    return [] if cls is None else [cls]


def _seat_text(rules: AnyRules) -> str:
    low, high = rules.seat_range(rules.Options())
    text = f"{low}" if low == high else f"{low} to {high}"
    if rules.seat_limits is not None:
        text += " with the default options"
    return text


def _header(rules: AnyRules) -> list[str]:
    lines = [GENERATED, "", f"# {rules.title} (`{rules.kind}`)", ""]
    lines.append(f"Seats: {_seat_text(rules)}.")
    if rules.seat_limits is not None:
        bounds = f"{rules.min_seats} to {rules.max_seats}"
        lines.append(f"Other options may change the range, always within {bounds}.")
    if rules.real_time:
        lines.append("Real time: there are no turns, every seat may act at any moment.")
    return [*lines, "", "## Rules", "", game_package_doc(rules.kind), ""]


def _options_section(rules: AnyRules) -> list[str]:
    lines = ["## Options", "", "Sent as `options` when the table is created:", ""]
    lines += [f"`POST /games` `{json_text({'kind': rules.kind, 'options': rules.Options()})}`"]
    doc = docstring(rules.Options)
    return [*lines, "", *([doc, ""] if doc else []), *field_table(rules.Options), ""]


def _clock_section(rules: AnyRules, commands: Iterable[type[msgspec.Struct]]) -> list[str]:
    lines = ["## Clock", ""]
    if rules.real_time:
        lines += [f"{rules.title} has no turns: every seat may act at any moment and nobody"]
        lines += ["waits for anyone, so there is nothing for a clock to time. A table of this"]
        lines += ["kind refuses the `clock` option (`invalid_options`).", ""]
        return lines
    example = {"kind": rules.kind, "options": {"clock": {"turn_seconds": 30}}}
    moves = ", ".join(f"`{tag_of(command)}`" for command in commands)
    lines += [f"`POST /games` `{json_text(example)}` times every turn (see the README's"]
    lines += ["*Clocks*). When a seat with a move to make runs out of time, the move is made"]
    lines += [f"for it by the `random` bot: one of its legal moves ({moves}), uniformly."]
    lines += ["After three timeouts in a row the seat is marked absent and every later move"]
    lines += ["of it is made so at once, until its player sends `return_to_table` or a move.", ""]
    return [*lines, *field_table(clocks.ClockOptions), ""]


def _commands_section(commands: Iterable[type[msgspec.Struct]], samples: Samples) -> list[str]:
    lines = ["## Commands", ""]
    lines += ["A seat sends one command as the JSON body of `POST /games/{id}/commands` with"]
    lines += ["`Authorization: Bearer <seat token>`; every entry of `legal_moves` in its view"]
    lines += ["is such a body, ready to send. `start_game` (no fields) starts the game.", ""]
    for command in commands:
        tag = tag_of(command)
        lines += [f"### `{tag}`", ""]
        doc = docstring(command)
        lines += [*([doc, ""] if doc else []), *field_table(command), ""]
        lines += [*_request_example(command, samples.moves.get(tag)), ""]
    return lines


def _request_example(command: type[msgspec.Struct], move: msgspec.Struct | None) -> list[str]:
    if move is None:
        origin = "Example, built from the types since no sample game offered this command:"
        body = schema_example(command)
    else:
        origin, body = "Example, a legal move from a sample game:", msgspec.to_builtins(move)
    return [origin, "", "```json", pretty_json(body), "```"]


def _view_section(view: type[msgspec.Struct] | None, samples: Samples) -> list[str]:
    if view is None:
        return []
    lines = ["## View", ""]
    lines += [f"`{view.__name__}`, the `game` member of `GET /games/{{id}}` (the table around"]
    lines += ["it is described in [the index](index.md)).", ""]
    doc = docstring(view)
    lines += [*([doc, ""] if doc else []), *field_table(view), ""]
    lines += [f"Seat {samples.viewer}'s view halfway through a sample game:", ""]
    return [*lines, "```json", pretty_json(samples.view), "```", ""]


def _events_section(rules: AnyRules, observed: Observed) -> list[str]:
    lines = ["## Events", ""]
    lines += ["Each event is sent as JSON with its tag in `type`; besides these, every table"]
    lines += ["records the table events listed in [the index](index.md).", ""]
    for event in [*struct_members(rules.Event), *_replacements(observed)]:
        doc = docstring(event)
        lines += [f"### `{tag_of(event)}`", "", *([doc, ""] if doc else [])]
        lines += [*field_table(event), ""]
    return lines


def _replacements(observed: Observed) -> list[type[msgspec.Struct]]:
    """The Structs some viewers receive in place of an event."""
    found = {
        redaction.replacement: None
        for audiences in observed.values()
        for seen in audiences.values()
        for redaction in seen
        if redaction.replacement is not None
    }
    return list(found)


def _types_section(roots: Iterable[type[msgspec.Struct]]) -> list[str]:
    nested = nested_structs(roots)
    if not nested:
        return []
    lines = ["## Types", "", "Structures the fields above refer to.", ""]
    for cls in nested:
        doc = docstring(cls)
        lines += [f"### `{cls.__name__}`", "", *([doc, ""] if doc else []), *field_table(cls), ""]
    return lines


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else DOCS_FOLDER
    for path in write_pages(folder):
        print(path)
    return 0

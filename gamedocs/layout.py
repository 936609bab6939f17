"""The map of the code, written from the packages' and modules' own docstrings, so it says
what the tree holds and nothing else: the README's layout (every package, with the first
sentence of its docstring) and `docs/layout.md` (every module, likewise).

`python -m gamedocs.layout --write` writes both; `tests/test_layout.py` fails when either
differs from what the tree gives, so a module added, moved or removed shows.
"""

import ast
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("domain", "commands", "projections", "infra", "api", "gamedocs", "research")
README = ROOT / "README.md"
PAGE = ROOT / "docs" / "layout.md"
START, END = "<!-- layout: start -->", "<!-- layout: end -->"
REGENERATE = "python -m gamedocs.layout --write"
WIDTH = 92
"""The README block's width, its names' column included."""
NAMES = 16
"""The width of the README block's names' column."""


def first_sentence(path: Path) -> str:
    """The first sentence of a module's docstring, on one line ("" without a docstring)."""
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    paragraph = " ".join(docstring.split("\n\n", 1)[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]


def packages() -> list[Path]:
    """Every package of the service, parents before children, in path order."""
    found = [ROOT / name for name in PACKAGES]
    for top in PACKAGES:
        found += [p.parent for p in (ROOT / top).rglob("*/__init__.py")]
    return sorted(set(found), key=_layered)


def _layered(package: Path) -> tuple[int, tuple[str, ...]]:
    parts = package.relative_to(ROOT).parts
    return PACKAGES.index(parts[0]), parts


def modules(package: Path) -> list[Path]:
    return sorted(p for p in package.glob("*.py") if p.name != "__init__.py")


def readme_block() -> str:
    """The README's layout: every package and what its docstring says first."""
    lines = [START, "```"]
    for package in packages():
        relative = package.relative_to(ROOT)
        name = "  " * (len(relative.parts) - 1) + relative.name + "/"
        said = first_sentence(package / "__init__.py")
        wrapped = textwrap.wrap(said, WIDTH - NAMES) or [""]
        lines.append(f"{name:<{NAMES}}{wrapped[0]}".rstrip() if len(name) < NAMES else name)
        rest = wrapped[1:] if len(name) < NAMES else wrapped
        lines += [" " * NAMES + line for line in rest]
    lines += ["```", END]
    return "\n".join(lines)


def page() -> str:
    """`docs/layout.md`: every module of every package and what its docstring says first."""
    lines = [
        "# Layout",
        "",
        f"<!-- Generated from the modules' docstrings by `{REGENERATE}`; do not edit. -->",
        "",
        "Every module of the service, package by package, with the first sentence of its",
        "docstring. The README has the packages alone.",
    ]
    for package in packages():
        lines += [
            "",
            f"## `{package.relative_to(ROOT)}/`",
            "",
            first_sentence(package / "__init__.py"),
        ]
        listed = modules(package)
        if listed:
            lines += ["", "| module | what it holds |", "|---|---|"]
            lines += [f"| `{m.name}` | {first_sentence(m).replace('|', '/')} |" for m in listed]
    return "\n".join(lines) + "\n"


def readme_with_block(readme: str) -> str:
    before, rest = readme.split(START, 1)
    _, after = rest.split(END, 1)
    return before + readme_block() + after


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(readme_block())
        return 0
    README.write_text(readme_with_block(README.read_text()))
    PAGE.write_text(page())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

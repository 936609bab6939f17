"""The configuration page, `docs/configuration.md`, generated from
`infra.process.settings.VARIABLES` so it says what the code reads and nothing else. The README
links to it rather than holding a copy.

`python -m infra.process.configuration` prints the page; `--write` writes it.
`tests/infra/test_settings.py` fails when the committed page differs from what this generates."""

import sys
from pathlib import Path

from infra.process.settings import VARIABLES

ROOT = Path(__file__).resolve().parents[2]
DOCS_PAGE = ROOT / "docs" / "configuration.md"
REGENERATE = "python -m infra.process.configuration --write"


def variables_table() -> str:
    """The Markdown table of every variable: name, meaning, default."""
    rows = [f"| `{v.name}` | {v.help} | {v.default_text()} |" for v in VARIABLES]
    return "\n".join(["| variable | meaning | default |", "|---|---|---|", *rows]) + "\n"


def configuration_page() -> str:
    """docs/configuration.md."""
    return "\n".join(
        [
            "# Configuration",
            "",
            f"<!-- Generated from `infra/process/settings.py` by `{REGENERATE}`; do not edit. -->",
            "",
            "Every process reads these environment variables once, as it starts",
            "(`infra.process.settings.Settings.from_env`). A variable unset or blank takes its",
            "default; a value that cannot be read stops the process with an error naming the",
            "variable.",
            "",
            variables_table(),
        ]
    )


def main(argv: list[str]) -> int:
    """Print docs/configuration.md; with --write, write it."""
    if argv != ["--write"]:
        sys.stdout.write(configuration_page())
        return 0
    DOCS_PAGE.write_text(configuration_page())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

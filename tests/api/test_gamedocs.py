"""The committed game pages are what the code generates, and they name every command."""

import pytest

from commands.log.codec import tag_of
from commands.log.registry import GAMES
from gamedocs.pages import DOCS_FOLDER, REGENERATE, render_pages
from gamedocs.structs import struct_members

HOW_TO_FIX = (
    f"the game pages are out of date: run `PYTHONPATH=. {REGENERATE}` and commit docs/games/"
)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return render_pages()


def test_the_committed_pages_are_what_the_code_generates(pages: dict[str, str]) -> None:
    committed = {path.name for path in DOCS_FOLDER.glob("*.md")}
    assert committed == set(pages), HOW_TO_FIX
    for name, text in pages.items():
        on_disk = (DOCS_FOLDER / name).read_text(encoding="utf-8")
        assert on_disk == text, f"{name}: {HOW_TO_FIX}"


def test_generating_twice_gives_the_same_bytes(pages: dict[str, str]) -> None:
    assert render_pages() == pages


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_command_of_a_kind_appears_in_its_page(kind: str, pages: dict[str, str]) -> None:
    page = pages[f"{kind}.md"]
    for command in struct_members(GAMES[kind].Command):
        assert f"### `{tag_of(command)}`" in page, f"{kind}: no section for {tag_of(command)}"


def test_the_index_links_every_game(pages: dict[str, str]) -> None:
    for kind in GAMES:
        assert f"]({kind}.md)" in pages["index.md"]

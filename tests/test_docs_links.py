"""Every relative link in README.md and docs/ names a file that exists, so a page moved or
renamed cannot leave a dead link behind. Links name files, never anchors: headings are free
to change, and an anchor is a link this test could not hold."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.IGNORECASE)


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def relative_links(page: Path) -> list[str]:
    """The targets of a page's Markdown links and images, outside code, that name a file in
    the repository rather than a URL or an anchor of the page itself."""
    text = CODE.sub("", page.read_text(encoding="utf-8"))
    return [target for target in LINK.findall(text) if not EXTERNAL.match(target)]


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in relative_links(page):
        if "#" in target:
            broken.append(f"{page.relative_to(ROOT)}: {target} (an anchor: link the file)")
        elif not (page.parent / target.split("?", 1)[0]).exists():
            broken.append(f"{page.relative_to(ROOT)}: {target}")
    return broken


def test_the_pages_hold_relative_links() -> None:
    assert relative_links(ROOT / "README.md"), "the link pattern finds no link in README.md"


def test_every_relative_link_in_the_readme_and_docs_resolves() -> None:
    broken = [link for page in pages() for link in broken_links(page)]
    assert not broken, "links to no file:\n" + "\n".join(broken)

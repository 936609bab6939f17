"""The README's layout and `docs/layout.md` are what the tree's docstrings give: a package or
module added, moved or removed without them fails here (`python -m gamedocs.layout --write`)."""

from gamedocs import layout


def test_the_readme_layout_names_every_package_as_its_docstring_says() -> None:
    readme = layout.README.read_text()
    assert layout.readme_with_block(readme) == readme, f"run `{layout.REGENERATE}`"


def test_the_layout_page_names_every_module_as_its_docstring_says() -> None:
    assert layout.PAGE.read_text() == layout.page(), f"run `{layout.REGENERATE}`"


def test_every_package_and_module_has_a_docstring_to_show() -> None:
    for package in layout.packages():
        assert layout.first_sentence(package / "__init__.py"), package
        for module in layout.modules(package):
            assert layout.first_sentence(module), module

"""The domain stays pure: standard library and msgspec only, and no clock, chance or I/O."""

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).parents[2] / "domain"
ALLOWED_THIRD_PARTY = {"msgspec"}
FORBIDDEN_STDLIB = {"random", "time", "asyncio", "logging", "os", "socket", "subprocess", "io"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_domain_imports_only_the_standard_library_and_msgspec() -> None:
    allowed = (set(sys.stdlib_module_names) - FORBIDDEN_STDLIB) | ALLOWED_THIRD_PARTY | {"domain"}
    offenders = {
        f"{path.relative_to(DOMAIN.parent)}: {name}"
        for path in DOMAIN.rglob("*.py")
        for name in imported_modules(path)
        if name not in allowed
    }
    assert not offenders


def test_the_purity_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "impure.py"
    module.write_text("import random\nfrom asyncpg import connect\n")
    assert imported_modules(module) == {"random", "asyncpg"}

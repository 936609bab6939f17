"""The TypeScript client types in web/src/api.d.ts are generated from the published OpenAPI
document by openapi-typescript, are up to date with it, and compile (strict) with
web/src/check.ts, which types a command, a view of each kind and a refusal with them."""

import json
import subprocess
from pathlib import Path

import pytest

from api.contract.document import document

WEB = Path(__file__).resolve().parents[2] / "web"
BIN = WEB / "node_modules" / ".bin"
REGENERATE = "regenerate them with `make client` (and commit web/src/api.d.ts)"


@pytest.fixture(scope="module")
def toolchain() -> Path:
    if not (BIN / "openapi-typescript").exists() or not (BIN / "tsc").exists():
        pytest.fail("web/node_modules is missing: run `make web` (npm ci in web/)")
    return BIN


def test_the_committed_types_are_generated_from_the_current_document(
    toolchain: Path, tmp_path: Path
) -> None:
    openapi = tmp_path / "openapi.json"
    openapi.write_text(json.dumps(document(), indent=2, ensure_ascii=False) + "\n")
    generated = tmp_path / "api.d.ts"
    subprocess.run(
        [toolchain / "openapi-typescript", openapi, "-o", generated],
        cwd=WEB,
        check=True,
        capture_output=True,
    )
    committed = (WEB / "src" / "api.d.ts").read_text()
    assert generated.read_text() == committed, f"web/src/api.d.ts is out of date: {REGENERATE}"


def test_the_types_compile_strictly(toolchain: Path) -> None:
    compiled = subprocess.run(
        [toolchain / "tsc", "--noEmit", "-p", WEB], capture_output=True, text=True
    )
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr

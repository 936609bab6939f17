"""The TypeScript client types in web/src/api.d.ts are generated from the published OpenAPI
document by openapi-typescript, are up to date with it, and compile (strict) with
web/src/check.ts, which types a command, a view of each kind and a refusal with them, and
with the web client; the web client's bundle committed in api/site/ is what its sources
build to."""

import json
import subprocess
from pathlib import Path

import pytest

from api.main.openapi import document

WEB = Path(__file__).resolve().parents[2] / "web"
BIN = WEB / "node_modules" / ".bin"
SITE = WEB.parent / "api" / "site"
REGENERATE = "regenerate them with `make client` (and commit web/src/api.d.ts)"
REBUILD = "rebuild it with `make client` (and commit api/site/)"


@pytest.fixture(scope="module")
def toolchain() -> Path:
    if not all((BIN / tool).exists() for tool in ("openapi-typescript", "tsc", "esbuild")):
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


def test_the_committed_bundle_is_what_the_sources_build_to(toolchain: Path, tmp_path: Path) -> None:
    subprocess.run(
        ["node", "build.mjs", tmp_path / "site"], cwd=WEB, check=True, capture_output=True
    )
    built = {path.name: path.read_bytes() for path in (tmp_path / "site").iterdir()}
    committed = {path.name: path.read_bytes() for path in SITE.iterdir()}
    assert sorted(committed) == sorted(built), f"api/site/ holds other files: {REBUILD}"
    stale = [name for name in built if built[name] != committed[name]]
    assert not stale, f"api/site/{', '.join(stale)} out of date: {REBUILD}"

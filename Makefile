# Two entry points: `make run` serves Cardroom, `make test` runs the whole suite.
# Both build .venv from the hash-locked requirements.lock first (once, and again when it changes).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test check lock bench

install: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

run: install
	$(BIN)/cardroom serve

test: install
	$(BIN)/pytest

check: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Regenerate the lock file after changing dependencies in pyproject.toml.
lock:
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
		--index-url https://pypi.org/simple -o requirements.lock

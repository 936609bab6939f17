# Two entry points: `make run` serves Cardroom, `make test` runs the whole suite.
# Both build .venv from the hash-locked requirements.lock first (once, and again when it changes).
# `make test` also installs web/'s node modules (the web client's toolchain) from
# web/package-lock.json, and Debian's chromium for the browser tests and nginx for the proxy
# test when missing (apt-get, so as root, as CI runs); `make run` needs only python3 and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEB_STAMP := web/node_modules/.installed
CHROMIUM := /usr/bin/chromium
BROWSER_STAMP := $(VENV)/.chromium
NGINX := /usr/sbin/nginx
NGINX_STAMP := $(VENV)/.nginx

.PHONY: install web browser proxy client run test check lock bench

install: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

# The TypeScript toolchain (openapi-typescript, tsc), locked by web/package-lock.json.
web: $(WEB_STAMP)

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $(WEB_STAMP)

# The browser tests/e2e/test_browser.py drives (Playwright cannot download its own here).
browser: $(BROWSER_STAMP)

$(BROWSER_STAMP):
	test -x $(CHROMIUM) || { apt-get update && apt-get install -y chromium; }
	mkdir -p $(VENV)
	touch $(BROWSER_STAMP)

# The proxy tests/fleet/test_nginx.py runs deploy/nginx.conf in.
proxy: $(NGINX_STAMP)

$(NGINX_STAMP):
	test -x $(NGINX) || { apt-get update && apt-get install -y nginx-light; }
	mkdir -p $(VENV)
	touch $(NGINX_STAMP)

# Regenerate web/src/api.d.ts from the service's OpenAPI document after changing the API,
# type-check the web client and rebuild its bundle into api/site/ (committed).
client: install $(WEB_STAMP)
	$(BIN)/cardroom openapi > web/openapi.json
	cd web && npm run --silent generate && npm run --silent check && npm run --silent build

run: install
	$(BIN)/cardroom serve

# The fleet test starts a fleet of its own and runs alone, once the rest has passed.
test: install $(WEB_STAMP) $(BROWSER_STAMP) $(NGINX_STAMP)
	$(BIN)/pytest
	$(BIN)/pytest -n 0 -m fleet tests/fleet

check: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Regenerate the lock files after changing dependencies in pyproject.toml: requirements.lock
# (with the dev extra) for .venv, requirements-runtime.lock (without) for the image.
lock:
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
		-o requirements.lock
	$(BIN)/uv pip compile pyproject.toml --generate-hashes --python-version 3.11 \
		-o requirements-runtime.lock

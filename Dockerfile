# One image for the API and the workers; the command picks the role.
# The build stage installs the runtime lock (no test or lint tools) and the package into a
# virtualenv; the runtime stage copies that virtualenv only and runs as an unprivileged user.
FROM python:3.11-slim AS build

ENV PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /venv
COPY requirements-runtime.lock /tmp/
RUN /venv/bin/pip install --no-cache-dir --require-hashes -r /tmp/requirements-runtime.lock

WORKDIR /src
COPY pyproject.toml README.md ./
COPY domain domain
COPY commands commands
COPY projections projections
COPY api api
COPY infra infra
# The virtualenv's own setuptools (bundled with Python 3.11) builds the package.
RUN /venv/bin/pip install --no-cache-dir --no-deps --no-build-isolation .

FROM python:3.11-slim

RUN useradd --system --create-home --home-dir /home/cardroom --uid 10001 cardroom \
    && mkdir /data && chown cardroom /data
COPY --from=build /venv /venv
ENV PATH=/venv/bin:$PATH PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 CARDROOM_DATA_DIR=/data
WORKDIR /home/cardroom
USER cardroom

EXPOSE 8000
# Ready when Postgres answers (GET /health/ready answers 503 otherwise); the workers' services
# in compose.yaml, which serve no HTTP, turn this check off.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health/ready', timeout=4)"]
CMD ["cardroom", "serve", "--host", "0.0.0.0", "--port", "8000"]

"""How a process logs: configured once, as a command starts, on the root logger.

Every record carries its time, level, the process's role (`serve`, `api`, `relay`,
`project`, `bots`) and the id of the request it was logged under (`X-Request-Id`, or none
outside a request). `text` writes a line per record; `json` an object per line, for a log
collector. uvicorn's own records go through the same handler (`serve` gives it no logging
configuration of its own).
"""

import json
import logging
import sys
import time
from typing import IO, Any

from api.http.request_ids import current_request_id

TEXT = "%(asctime)s %(levelname)s %(role)s [%(request_id)s] %(name)s: %(message)s"


class _Context(logging.Filter):
    """Adds the role and the request id to every record (a record that names its request
    id, as the error handlers' do, keeps it)."""

    def __init__(self, role: str) -> None:
        super().__init__()
        self.role = role

    def filter(self, record: logging.LogRecord) -> bool:
        record.role = self.role
        if getattr(record, "request_id", None) is None:
            record.request_id = current_request_id() or "-"
        return True


class JsonLines(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, role, request_id, logger,
    message, and the traceback as `error` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        seconds = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        request = getattr(record, "request_id", "-")
        line: dict[str, Any] = {
            "time": f"{seconds}.{int(record.msecs):03d}Z",
            "level": record.levelname,
            "role": getattr(record, "role", None),
            "request_id": None if request == "-" else request,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def handler(role: str, form: str, stream: IO[str]) -> logging.Handler:
    """A handler writing to `stream` as `form` (`text` or `json`), as `role`."""
    written = logging.StreamHandler(stream)
    written.addFilter(_Context(role))
    written.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT))
    return written


def configure(role: str, form: str = "text", level: int = logging.INFO) -> None:
    """Send every record at `level` or above to stderr, as `form`; once per process, as a
    command starts."""
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler(role, form, sys.stderr))
    root.setLevel(level)

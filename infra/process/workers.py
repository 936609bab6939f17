"""The background workers (relay, projections, live hub), supervised so a failure restarts
the worker instead of stopping the service."""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg

log = logging.getLogger(__name__)
Work = Callable[[asyncio.Event], Awaitable[None]]
RESTART_DELAY = 1.0
STOP_SECONDS = 5.0
"""How long a stopping process waits for a work to finish what it is doing before it cancels
it (a long catch-up or a director's sweep): every work goes on from the log when started
again, as after a `kill -9`."""


async def pause(event: asyncio.Event, seconds: float) -> bool:
    """Wait up to `seconds` for `event` (a stop asked for, news); True when it is set.

    Under `asyncio.timeout`, not `asyncio.wait_for`, which (before Python 3.12) waits in a task
    of its own: the event then wakes its waiter two turns of the loop later, a few
    milliseconds each under load, which a live push would wait for."""
    try:
        async with asyncio.timeout(seconds):
            await event.wait()
    except TimeoutError:
        return False
    return True


async def supervise(name: str, work: Work, stopping: asyncio.Event) -> None:
    """Run `work` until stopping; restart it after a pause whenever it fails."""
    while not stopping.is_set():
        try:
            await work(stopping)
        except asyncpg.TooManyConnectionsError:
            pass  # said once by the pool (infra.process.database), and again when it ends
        except Exception:
            log.exception("worker %s failed; restarting", name)
            await pause(stopping, RESTART_DELAY)


@contextlib.asynccontextmanager
async def running(works: dict[str, Work]) -> AsyncIterator[asyncio.Event]:
    """Run every work in the background for the duration of the block."""
    stopping = asyncio.Event()
    tasks = {
        asyncio.create_task(supervise(name, work, stopping)): name for name, work in works.items()
    }
    try:
        yield stopping
    finally:
        stopping.set()
        _, late = await asyncio.wait(tasks, timeout=STOP_SECONDS)
        for task in late:  # every work is safe to cut short: it goes on from the log
            log.warning(
                "worker %s did not stop within %.0f s; cancelled", tasks[task], STOP_SECONDS
            )
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

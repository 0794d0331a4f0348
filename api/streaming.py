"""Runs a turn (a synchronous stream of `TurnEvent`s from the runtime) on a worker thread and hands
its events to the event loop as they come: the SSE response sends each one at once.

The whole turn runs on one thread (LangGraph keeps per-run context there), on a bounded pool, so
at most `workers` turns compute at a time; a client that disconnects does not cut a turn short
(it finishes and is recorded, as when a browser tab closes).
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import logging
from typing import AsyncIterator, Callable, Iterator

from agents import door

log = logging.getLogger(__name__)

_END = object()


async def events_of(run: Callable[[], Iterator], pool: ThreadPoolExecutor) -> AsyncIterator:
    """The events `run()` yields, in order; a failure becomes an error event and a done event."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()

    def work() -> None:
        try:
            for ev in run():
                loop.call_soon_threadsafe(queue.put_nowait, ev)
        except Exception as e:  # noqa: BLE001 - boundary (the API's last resort): the client gets one line
            log.warning("a streamed turn failed", exc_info=True)  # the server's log keeps the traceback
            text = door.one_line_failure(e)
            loop.call_soon_threadsafe(queue.put_nowait, door.TextEvent(type="error", text=text))
            loop.call_soon_threadsafe(queue.put_nowait, door.DoneEvent(result=door.TurnResult(error=text)))
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, _END)

    loop.run_in_executor(pool, work)
    while (item := await queue.get()) is not _END:
        yield item


async def result_of(run: Callable[[], Iterator], pool: ThreadPoolExecutor) -> door.TurnResult:
    """The `TurnResult` a turn ends with (the `Accept: application/json` answer)."""
    result = None
    async for ev in events_of(run, pool):
        if isinstance(ev, door.DoneEvent):
            result = ev.result
    return result or door.TurnResult(error="the turn ended without a result")


def sse(ev) -> dict:
    """One event as sse-starlette sends it: `event: <type>` and the event's JSON as `data`."""
    return {"event": ev.type, "data": ev.model_dump_json()}

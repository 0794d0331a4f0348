"""Steps drawn in their final state, without the pauses `st.status` takes.

`st.status` sleeps 50 ms after it draws its block and again on leaving a block still "running",
so that a quick `.update()` is not lost in the browser. A step that is drawn already finished (a
past turn's steps on a reload, an optimizer or pod node step, which arrives complete) has no update
to lose, yet paid those pauses: a 30-turn thread reload waited 2.1 s in them, and a signals turn
(41 node steps) added 2-4 s to every later rerun of its thread. Inside `settled()` the status
container's pauses are skipped for the current script thread only; a live step that starts
"running" and ends later keeps them.
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

from streamlit.elements.lib import mutable_status_container as _status_module

_local = threading.local()


class _StatusClock:
    """Stands in for the `time` module inside Streamlit's status container: every name is `time`'s,
    except that `sleep` does nothing while the calling thread draws settled steps."""

    def __getattr__(self, name: str):
        return getattr(time, name)

    @staticmethod
    def sleep(seconds: float) -> None:
        if not getattr(_local, "settled", False):
            time.sleep(seconds)


if getattr(_status_module, "time", None) is time:  # once per process; a Streamlit without it: unchanged
    _status_module.time = _StatusClock()


@contextmanager
def settled() -> Iterator[None]:
    """Statuses drawn in this block are drawn in their final state: no pause (this thread only)."""
    before = getattr(_local, "settled", False)
    _local.settled = True
    try:
        yield
    finally:
        _local.settled = before

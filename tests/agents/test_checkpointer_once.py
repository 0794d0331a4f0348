"""One checkpointer per process and checkpoint file (issue #37, the cold-start defect).

On a cold API server two first turns built two assistants at once and each opened the brand-new
checkpoints.sqlite: the second's `PRAGMA journal_mode=WAL` waited on the first's opening and, past
the busy timeout, the turn was a 503 "the state store is locked" (a fresh-clone CI run under load).
The broken version (a saver per call, no cache) returns a new saver per thread here; the fixed one
opens the file once, under a lock, and hands every caller the same saver. Timing-free: it fails
on an idle machine too, unlike the HTTP race (tests/http_api/test_api_cold_race.py).
"""
from __future__ import annotations

import threading

from agents.core.checkpoints import build_checkpointer


def _at_once(n: int) -> list:
    gate, out, errors = threading.Barrier(n), [], []

    def build() -> None:
        gate.wait()
        try:
            out.append(build_checkpointer())
        except Exception as e:  # noqa: BLE001 - the test reports it
            errors.append(e)

    workers = [threading.Thread(target=build) for _ in range(n)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors
    return out


def test_callers_at_once_on_a_new_home_share_one_saver(fresh_state):
    path = fresh_state.home / "checkpoints.sqlite"
    assert not path.exists()
    savers = _at_once(6)
    assert len({id(s) for s in savers}) == 1  # the broken version: 6 savers, 6 openings of the new file
    assert path.exists()
    (mode,) = savers[0].conn.execute("PRAGMA journal_mode").fetchone()
    assert mode == "wal"
    assert build_checkpointer() is savers[0]  # and later callers too


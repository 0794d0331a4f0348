"""Two first turns at once on a cold API server (issue #37, the cold-start defect).

A fresh COURTSIDE_HOME (the state store is created by the server, the planner and the league are
loaded by the first turns), then two tokens send their first turn at the same moment: one to a
thread each, and (the owner race on a cold server) both to one client-chosen thread id. Each must
answer (200; 403 for the second owner of one thread), never 503.

The broken version built the two turns' assistants at once and each opened the new checkpoint
file: the second's `PRAGMA journal_mode=WAL` waited on the first's opening (a 503 "The state store
... is locked" after the busy timeout, in a fresh-clone CI run under a full suite's load). The
wait is short on an idle machine, so this end-to-end race is the outcome under the store's own
busy timeout, and tests/agents/test_checkpointer_once.py catches the broken version on any
machine (one saver per caller). A 20 ms busy timeout here (session 14) failed the fixed version
too in a fresh-clone CI run: the two owners' own state-store writes wait a few ms on each other
under load, a real and correct wait. COURTSIDE_TEST_COLD_BUSY_S sets a shorter timeout by hand.
"""
from __future__ import annotations

import os
import threading

import httpx
import pytest

from tests.http_api.server import TOKEN_A, TOKEN_B, api_server, public_env, serving_home

COLD_STARTS = int(os.environ.get("COURTSIDE_TEST_COLD_STARTS", "3"))
QUESTION = "Who is on my roster?"


def _cold_home(tmp_path_factory, courtside_home, n: int):
    home = tmp_path_factory.mktemp(f"api-cold-{n}")
    serving_home(courtside_home, home)
    return home


def _at_once(url: str, threads: dict[str, str | None]) -> dict[str, httpx.Response]:
    gate, out = threading.Barrier(len(threads)), {}

    def send(token: str) -> None:
        with httpx.Client(base_url=url, timeout=180) as c:
            gate.wait()
            out[token] = c.post("/api/agent/chat", json={"message": QUESTION, "thread_id": threads[token]},
                                headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})

    workers = [threading.Thread(target=send, args=(t,)) for t in threads]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return out


@pytest.mark.parametrize("shared", [False, True], ids=["own-threads", "one-thread"])
def test_two_first_turns_on_a_cold_server(tmp_path_factory, courtside_home, shared):
    env = public_env()
    if os.environ.get("COURTSIDE_TEST_COLD_BUSY_S"):
        env["COURTSIDE_STORE_BUSY_TIMEOUT_S"] = os.environ["COURTSIDE_TEST_COLD_BUSY_S"]
    for n in range(COLD_STARTS):
        home = _cold_home(tmp_path_factory, courtside_home, n)
        assert not (home / "state.sqlite").exists()
        with api_server(home, env) as url:
            ids = {TOKEN_A: "cold-one", TOKEN_B: "cold-one"} if shared else {TOKEN_A: None, TOKEN_B: None}
            out = _at_once(url, ids)
        got = {t[6:9]: (r.status_code, r.text[:200]) for t, r in out.items()}
        codes = sorted(r.status_code for r in out.values())
        assert codes == ([200, 403] if shared else [200, 200]), (n, got)

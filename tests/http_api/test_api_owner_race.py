"""A thread's owner is bound atomically with its first turn (issue #37 item 4).

Two tokens send the first turn of one client-chosen `thread_id` at the same moment, 20 times. The
broken version (before #37) let both through in most races (`open_thread` ignored which binding
won), and the loser's turn landed in the winner's thread: here exactly one gets 200, the other 403
with nothing written (no turn of the loser is recorded, the winner's thread holds one turn).
"""
from __future__ import annotations

import sqlite3
import threading

import httpx
import pytest

from tests.http_api.server import TOKEN_A, TOKEN_B, api_server, public_env, serving_home

TRIALS = 20


@pytest.fixture(scope="module")
def public(tmp_path_factory, courtside_home):
    home = tmp_path_factory.mktemp("api-race")
    serving_home(courtside_home, home)
    env = public_env()
    with api_server(home, env) as url:  # cold: the first race is the server's first two turns
        yield url, home


def _turns(home, thread_id: str) -> int:
    with sqlite3.connect(home / "state.sqlite") as con:
        return con.execute("SELECT count(*) FROM audit_turns WHERE thread_id = ?", (thread_id,)).fetchone()[0]


def test_racing_first_turns_bind_one_owner(public):
    url, home = public
    wins = {TOKEN_A: 0, TOKEN_B: 0}
    for trial in range(TRIALS):
        thread_id = f"race-{trial:02d}-shared"
        gate, out = threading.Barrier(2), {}

        def send(token: str) -> None:
            with httpx.Client(base_url=url, timeout=180) as c:
                gate.wait()
                out[token] = c.post("/api/agent/chat", json={"message": "Who is on my roster?", "thread_id": thread_id},
                                    headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})

        workers = [threading.Thread(target=send, args=(t,)) for t in (TOKEN_A, TOKEN_B)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        codes = sorted(r.status_code for r in out.values())
        assert codes == [200, 403], (trial, {t[:9]: (r.status_code, r.text[:120]) for t, r in out.items()})
        winner = next(t for t, r in out.items() if r.status_code == 200)
        loser = TOKEN_B if winner == TOKEN_A else TOKEN_A
        assert out[loser].json() == {"error": "this conversation belongs to another user"}
        assert _turns(home, thread_id) == 1  # the winner's turn only: nothing of the loser's written
        with httpx.Client(base_url=url, timeout=60) as c:
            assert c.get(f"/api/threads/{thread_id}", headers={"Authorization": f"Bearer {loser}"}).status_code == 403
            assert c.get(f"/api/threads/{thread_id}", headers={"Authorization": f"Bearer {winner}"}).status_code == 200
        wins[winner] += 1
    assert sum(wins.values()) == TRIALS

"""Several API processes, one PostgreSQL (issue #24): threads, cards and decisions are shared, and
one decision per card set holds across processes, as for the app processes
(tests/app/test_multiprocess_pg.py). Each process has its own home (its own DuckDB file)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import httpx
import psycopg
import pytest

from tests.http_api.server import api_server, serving_home

pytest_plugins = ["pg_cluster"]

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
JSON = {"Accept": "application/json"}


def _count(url: str, sql: str, *params) -> int:
    with psycopg.connect(url) as con:
        return con.execute(sql, params).fetchone()[0]


@pytest.fixture
def two_apis(pg_url, courtside_home, tmp_path):
    with ExitStack() as stack:
        clients = []
        for name in ("a", "b"):
            home = tmp_path / f"home-{name}"
            home.mkdir()
            serving_home(courtside_home, home)
            url = stack.enter_context(api_server(home, {"COURTSIDE_STATE_URL": pg_url}, tmp_path / f"{name}.log"))
            clients.append(stack.enter_context(httpx.Client(base_url=url, timeout=120)))
        yield clients[0], clients[1], pg_url


def test_two_api_processes_share_threads_cards_and_one_decision(two_apis):
    """Catches per-process state (B cannot see A's thread or card), a card applied twice across
    processes, and two concurrent decisions of one set both winning."""
    a, b, pg = two_apis
    made = a.post("/api/agent/chat", json={"message": REVIEW}, headers=JSON).json()
    thread, cards = made["thread_id"], made["pending_approvals"]
    assert len(cards) >= 2
    seen = b.get(f"/api/threads/{thread}").json()  # the thread, read in the other process
    assert seen["turns"][0]["content"] == REVIEW and [c["move_id"] for c in seen["pending_approvals"]] == \
        [c["move_id"] for c in cards]
    assert cards[0]["move_id"] in {p["card"]["move_id"] for p in b.get("/api/approvals").json()["approvals"]}
    assert b.post(f"/api/approvals/{cards[0]['move_id']}", json={"decision": "approve"}).status_code == 200
    again = a.post(f"/api/approvals/{cards[0]['move_id']}", json={"decision": "decline"})
    assert again.status_code == 409 and "decided already" in again.json()["error"]
    assert _count(pg, "SELECT count(*) FROM roster_moves") == 1

    offered = a.post("/api/agent/chat", json={"message": REVIEW}, headers=JSON).json()
    first, second = offered["pending_approvals"][0]["move_id"], offered["pending_approvals"][1]["move_id"]
    with ThreadPoolExecutor(2) as pool:  # two cards of one set, approved in A and in B at the same instant
        ra, rb = pool.map(lambda job: job[0].post(f"/api/approvals/{job[1]}", json={"decision": "approve"}),
                          [(a, first), (b, second)])
    assert sorted([ra.status_code, rb.status_code]) == [200, 409], (ra.text[-300:], rb.text[-300:])
    loser = ra if ra.status_code == 409 else rb
    assert "decided already" in loser.json()["error"]
    assert _count(pg, "SELECT count(*) FROM roster_moves") == 2
    assert _count(pg, "SELECT count(*) FROM decisions WHERE thread_id = %s", offered["thread_id"]) == 1

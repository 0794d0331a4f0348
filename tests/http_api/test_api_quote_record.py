"""The desk quote as the market-maker reference design has it (issue #39, failure 5): before,
`GET /api/desk/quote/{id}` was 404 and the steps were only seen at the end. Now a POST with
`Prefer: respond-async` returns the id at once, the record shows `status`, timestamped
`progress[]` and the `decision`, its SSE stream sends each step, and a synchronous POST writes
the same record. In-process (TestClient) on a home of the test's own.
"""
from __future__ import annotations

import datetime as dt
import json
import time

import pytest
from starlette.testclient import TestClient

from api import routes
from api.app import create_app
from api.settings import ApiSettings
from services.markets import state as market

GAME = "2025-01-29-CHI-BOS"
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def client(fresh_state):
    routes._desks.clear()  # the API's desk is per process: this test's home
    with TestClient(create_app(ApiSettings()), raise_server_exceptions=False) as c:
        yield c
    routes._desks.clear()


def _bet(odds_shift: float = 0.0) -> dict:
    s = market.market_state(GAME, AT)
    odds = market.bet_odds(s, "spread", "home", s.home_spread)
    return {"game_id": GAME, "market": "spread", "side": "home", "line": s.home_spread,
            "odds": round(odds + odds_shift, 3), "amount": 20, "at": AT.isoformat()}


def _until_done(c, qid: str, timeout: float = 60) -> dict:
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        rec = c.get(f"/api/desk/quote/{qid}").json()
        if rec["status"] != "processing":
            return rec
        time.sleep(0.05)
    raise AssertionError("the quote never completed")


def test_async_post_returns_the_id_at_once_and_the_record_tells_the_steps(client):
    t0 = time.perf_counter()
    r = client.post("/api/desk/quote", json=_bet(), headers={"prefer": "respond-async"})
    assert r.status_code == 202 and time.perf_counter() - t0 < 5
    body = r.json()
    assert body["status"] == "processing" and body["url"] == f"/api/desk/quote/{body['quote_id']}"
    rec = _until_done(client, body["quote_id"])
    assert rec["status"] == "complete" and rec["error"] is None
    steps = [p["step"] for p in rec["progress"]]
    assert steps[0] == "thinking" and steps[-1] == "deciding" and "get_market_state" in steps
    assert "compare_odds" in steps and "compare_odds:done" in steps
    times = [dt.datetime.fromisoformat(p["ts"]) for p in rec["progress"]]
    assert times == sorted(times) and dt.datetime.fromisoformat(rec["started_at"]) <= times[0]
    assert times[-1] <= dt.datetime.fromisoformat(rec["completed_at"])
    msgs = {p["step"]: p["message"] for p in rec["progress"]}
    assert msgs["get_market_state"] == "Checking current market odds..." and msgs["compare_odds"] == "Calculating edge..."
    # the decision is the booked quote's
    assert rec["result"]["quote_id"] == body["quote_id"] and rec["decision"] == rec["result"]["decision"]
    assert rec["result"]["status"] == "accepted" and rec["decision"]["decision"] == "accept"


def test_the_record_streams_as_server_sent_events(client):
    qid = client.post("/api/desk/quote", json=_bet(0.06), headers={"prefer": "respond-async"}).json()["quote_id"]
    with client.stream("GET", f"/api/desk/quote/{qid}/events") as r:
        assert r.status_code == 200
        events, name = [], None
        for line in r.iter_lines():
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                events.append((name, json.loads(line[5:])))
    assert [n for n, _ in events][-1] == "done" and all(n == "progress" for n, _ in events[:-1])
    done = events[-1][1]
    assert [d for n, d in events[:-1]] == done["progress"]  # each step once, in order
    assert done["status"] == "complete" and done["decision"]["decision"] == "counter"


def test_a_synchronous_post_writes_the_same_record(client):
    r = client.post("/api/desk/quote", json=_bet())
    assert r.status_code == 200
    q = r.json()
    rec = client.get(f"/api/desk/quote/{q['quote_id']}").json()
    assert rec["status"] == "complete" and rec["decision"] == q["decision"]
    assert [p["message"] for p in rec["progress"] if ":" not in p["step"] and p["step"] not in ("thinking", "deciding")] \
        == q["steps"]


def test_unknown_and_malformed_ids(client):
    r = client.get("/api/desk/quote/q-nope")
    assert r.status_code == 404 and "q-nope" in r.json()["error"]
    assert client.get("/api/desk/quote/bad%20id").status_code == 400
    assert client.get("/api/desk/quote/q-nope/events").status_code == 404


@pytest.mark.parametrize("prefer", [None, "respond-async"])
def test_a_refused_quote_writes_no_record(client, fresh_state, prefer):
    """Found by the 2,000-example fuzz: an empty Idempotency-Key was refused (400) after the
    quote's progress record had been written."""
    headers = {"idempotency-key": ""} | ({"prefer": prefer} if prefer else {})
    r = client.post("/api/desk/quote", json=_bet(), headers=headers)
    assert r.status_code == 400 and "idempotency key" in r.json()["error"]
    r = client.post("/api/desk/quote", json=_bet() | {"game_id": "2025-01-29-XXX-YYY"}, headers=headers)
    assert r.status_code == 400
    assert fresh_state.store.fetch("SELECT count(*) FROM desk_progress") == [(0,)]

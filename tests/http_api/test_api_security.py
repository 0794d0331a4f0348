"""Who may call the API (issue #24, deployment and safety): a bearer token beyond loopback, each
token's threads its own, a per-token rate limit, a body size limit, and no start without a token.

"Beyond loopback" is configured, not reached: COURTSIDE_API_ASSUME_PUBLIC=1 makes a server on
127.0.0.1 apply the rules of a public host, so nothing here listens beyond this machine.
"""
from __future__ import annotations

import sqlite3
import subprocess
import sys

import httpx
import pytest

from api.security import RateLimiter, Refused
from api.settings import ApiSettings, UnsafeStart, from_env
from tests.http_api.server import TOKEN_A, TOKEN_B, api_env, api_server, serving_home
from tests.app.server import REPO

TOKEN_C = "token-carol-0123456789abcdef"
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def public(tmp_path_factory, courtside_home):
    home = tmp_path_factory.mktemp("api-public")
    serving_home(courtside_home, home)
    env = {"COURTSIDE_API_ASSUME_PUBLIC": "1", "COURTSIDE_API_TOKEN": f"{TOKEN_A},{TOKEN_B}, {TOKEN_C}",
           "COURTSIDE_API_RATE": "30", "COURTSIDE_API_BURST": "8", "COURTSIDE_API_MAX_BODY": "2048",
           # these tests send many tokenless requests on purpose: the failed-token limit has its own test
           "COURTSIDE_API_AUTH_FAILS": "10000"}
    with api_server(home, env) as url, httpx.Client(base_url=url, timeout=120) as client:
        yield client, home


def _rows(home, table: str) -> int:
    with sqlite3.connect(home / "state.sqlite") as con:
        return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_beyond_loopback_every_route_but_healthz_needs_a_token(public):
    """Catches a route left open (or /docs, /openapi.json), a wrong token accepted, and
    /healthz locked (a load balancer probes it without a token)."""
    client, _ = public
    assert client.get("/healthz").status_code == 200
    for method, path in (("GET", "/api/approvals"), ("POST", "/api/agent/chat"), ("GET", "/openapi.json"),
                         ("GET", "/api/desk/games"), ("POST", "/api/approvals/mv_1"), ("GET", "/docs")):
        for headers in ({}, _auth("not-a-token-at-all-xxxxxxxx"), {"Authorization": TOKEN_A}):
            r = client.request(method, path, headers=headers, json={"message": "hi"})
            assert r.status_code == 401, (method, path, r.text)
            assert "token" in r.json()["error"] and r.headers["www-authenticate"] == "Bearer"
    assert client.get("/api/approvals", headers=_auth(TOKEN_A)).status_code == 200


def test_a_tokens_threads_and_cards_are_its_own(public):
    """Catches threads shared between tokens: B neither reads, continues, lists nor decides A's."""
    client, home = public
    made = client.post("/api/agent/chat", json={"message": REVIEW},
                       headers=_auth(TOKEN_A) | {"Accept": "application/json"}).json()
    thread, move_id = made["thread_id"], made["pending_approvals"][0]["move_id"]
    mine = client.get("/api/approvals", headers=_auth(TOKEN_A)).json()["approvals"]
    assert move_id in {p["card"]["move_id"] for p in mine}
    assert client.get("/api/approvals", headers=_auth(TOKEN_B)).json()["approvals"] == []
    assert [t["thread_id"] for t in client.get("/api/threads", headers=_auth(TOKEN_A)).json()] == [thread]
    assert client.get("/api/threads", headers=_auth(TOKEN_B)).json() == []
    assert client.get(f"/api/threads/{thread}", headers=_auth(TOKEN_A)).status_code == 200
    turns = _rows(home, "audit_turns")
    for r in (client.get(f"/api/threads/{thread}", headers=_auth(TOKEN_B)),
              client.post("/api/agent/chat", json={"message": "and now?", "thread_id": thread},
                          headers=_auth(TOKEN_B) | {"Accept": "application/json"}),
              client.post(f"/api/approvals/{move_id}", json={"decision": "approve"}, headers=_auth(TOKEN_B))):
        assert r.status_code == 403 and r.json() == {"error": "this conversation belongs to another user"}
    assert _rows(home, "audit_turns") == turns and _rows(home, "roster_moves") == 0


def test_a_body_over_the_limit_is_413(public):
    client, _ = public
    r = client.post("/api/agent/chat", json={"message": "x" * 3000}, headers=_auth(TOKEN_A))
    assert r.status_code == 413 and "too large" in r.json()["error"]


def test_the_rate_limit_is_per_token_with_a_clear_429(public):
    """Catches no limit at all, one bucket for every token, and a 429 without Retry-After."""
    client, _ = public
    codes = [client.get("/api/approvals", headers=_auth(TOKEN_C)).status_code for _ in range(12)]
    assert codes[:8] == [200] * 8 and 429 in codes[8:]
    r = client.get("/api/approvals", headers=_auth(TOKEN_C))
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert "too many requests" in r.json()["error"] and "30 a minute" in r.json()["error"]
    assert client.get("/api/approvals", headers=_auth(TOKEN_B)).status_code == 200  # another token's bucket


@pytest.mark.parametrize("env,words", [
    ({"COURTSIDE_API_ASSUME_PUBLIC": "1"}, "without a token"),
    ({"COURTSIDE_API_HOST": "0.0.0.0"}, "without a token"),
    ({"COURTSIDE_API_HOST": "0.0.0.0", "COURTSIDE_API_TOKEN": "short"}, "at least 16"),
    ({"COURTSIDE_API_PORT": "eighty"}, "COURTSIDE_API_PORT"),
])
def test_it_refuses_to_start_unsafe(env, words, courtside_home):
    """Catches a server that binds 0.0.0.0 open to anyone: it exits 2 with one line, before binding."""
    out = subprocess.run([sys.executable, "-m", "api"], cwd=REPO, env=api_env(courtside_home, env),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and words in out.stderr


def test_loopback_needs_no_token_and_hosts_are_classified():
    assert not from_env({}).public and from_env({}).port == 8600
    assert not ApiSettings(host="127.0.0.2").public and not ApiSettings(host="::1").public
    assert ApiSettings(host="0.0.0.0").public and ApiSettings(host="example.org").public
    assert ApiSettings(assume_public=True).public
    with pytest.raises(UnsafeStart):
        ApiSettings(host="192.168.1.5").check()
    ApiSettings(host="192.168.1.5", tokens=(TOKEN_A,)).check()


def test_the_bucket_refills_at_the_rate():
    """Catches a limiter that never refills (a client locked out for good) or refills at once."""
    now = [0.0]
    limiter = RateLimiter(rate_per_min=60, burst=2, clock=lambda: now[0])
    limiter.take("a"), limiter.take("a")
    with pytest.raises(Refused) as refused:
        limiter.take("a")
    assert refused.value.status == 429 and refused.value.headers["Retry-After"] == "2"
    now[0] = 0.5
    with pytest.raises(Refused):
        limiter.take("a")
    now[0] = 1.01
    limiter.take("a")  # one request a second refilled
    limiter.take("b")  # another identity has its own bucket

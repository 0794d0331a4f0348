"""Every desk path across processes, on SQLite and PostgreSQL: one outcome each, a consistent
record, and `desk verify` catching a planted stale input.

Eight pre-warmed worker processes (offline desk policy) run each round at the same instant (they
poll for a "go" file). Before issue #20: 8 accepts of one expired counter booked two fresh
evaluations; the loser of a valid counter overwrote `counter_accepted` with `counter_rejected`;
a price under 60 s old was reused after the line moved (accepted 1.914 against a desk price of
1.859); `book_position` and `save_quote` committed separately, so a crash between them left a
position with no quote; and verify re-ran the calculators on their own logged inputs.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import time
from pathlib import Path

import pytest

import forkrun

from services.config import reset_settings_cache
from tests.agents.desk_moves import first_move

pytest_plugins = ["pg_cluster"]

REPO = Path(__file__).resolve().parents[2]
GAME = "2025-01-29-CHI-BOS"
UTC = dt.timezone.utc
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=UTC)
N = 8

WORKER = r"""
import datetime as dt, json, sys, time
from pathlib import Path
from agents.desk.runtime import Desk
from services.desk.models import BetRequest
from services.markets import state as market

box, name, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
desk = Desk(provider="offline")
market.market_state("2025-01-29-CHI-BOS", dt.datetime(2025, 1, 29, 17, tzinfo=dt.timezone.utc))  # warm
desk.book.quotes(limit=1)
for i in range(rounds):
    (box / f"ready-{name}-{i}").touch()
    while not (box / f"go-{i}").exists():
        time.sleep(0.0005)
    job = json.loads((box / f"job-{i}.json").read_text())
    at = dt.datetime.fromisoformat(job["at"])
    try:
        if job["kind"] == "accept":
            r = desk.accept(job["quote"], at, key=job.get("key")).model_dump(mode="json")
        else:
            r = desk.quote(BetRequest(**job["request"]), at, key=job.get("key")).model_dump(mode="json")
    except Exception as e:
        r = {"exception": f"{type(e).__name__}: {e}"}
    print(json.dumps(r, default=str), flush=True)
"""

CRASH = r"""
import os, sys
from services.desk.book import DeskBook
DeskBook.save_quote = lambda *a, **k: os._exit(9)  # dies after book_position, inside the booking transaction
from agents.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, fresh_state, monkeypatch):
    """The state store of this test: SQLite under its home, or a fresh PostgreSQL database."""
    from services.store import state as store_mod

    url = None
    if request.param == "postgres":
        url = request.getfixturevalue("pg_url")
        monkeypatch.setenv("COURTSIDE_STATE_URL", url)
        reset_settings_cache()
    yield url
    if url:
        with store_mod._stores_lock:
            store = store_mod._stores.pop((str(fresh_state.home), url), None)
        if store is not None:
            store.close()
        monkeypatch.delenv("COURTSIDE_STATE_URL")
        reset_settings_cache()


def _env(home: Path, url: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    if url:
        env["COURTSIDE_STATE_URL"] = url
    return env


def _desk():
    from agents.desk.runtime import Desk

    return Desk(provider="offline")


def _price(at: dt.datetime, market_: str, side: str, line: float | None) -> float:
    from services.markets import state as market

    return market.bet_odds(market.market_state(GAME, at), market_, side, line)


def _counter(desk, market_: str, side: str, line: float | None) -> dict:
    """A counter from the offline policy: the request asks 0.06 over the desk's price (a 2-5% edge)."""
    from services.desk.models import BetRequest

    req = BetRequest(game_id=GAME, market=market_, side=side, line=line, odds=round(_price(AT, market_, side, line)
                                                                                     + 0.06, 3), amount=20)
    q = desk.quote(req, AT)
    assert q.status == "countered", q.decision
    return q.model_dump(mode="json")


def _rounds(tmp_path: Path, env: dict, prepare) -> list[list[dict]]:
    """Runs N workers through len(prepare) rounds; prepare[i]() returns round i's job, made while the
    workers wait. Returns each round's N results."""
    box = tmp_path / "box"
    box.mkdir()
    procs = [forkrun.Popen(["-c", WORKER, str(box), f"w{k}", str(len(prepare))], cwd=REPO,
                           env=env) for k in range(N)]
    try:
        for i, make in enumerate(prepare):
            deadline = time.monotonic() + 180
            while len(list(box.glob(f"ready-*-{i}"))) < N:
                assert time.monotonic() < deadline, "workers did not get ready"
                assert all(p.poll() is None for p in procs), [p.communicate()[1][-2000:] for p in procs if p.poll()]
                time.sleep(0.01)
            (box / f"job-{i}.json").write_text(json.dumps(make()))
            (box / f"go-{i}").touch()
        outs = [p.communicate(timeout=300) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    for p, (_, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err[-2000:]
    per_worker = [[json.loads(line) for line in out.splitlines() if line.strip()] for out, _ in outs]
    return [[w[i] for w in per_worker] for i in range(len(prepare))]


def test_every_desk_path_has_one_outcome_across_processes(backend, fresh_state, tmp_path):
    desk = _desk()
    line = _market_line()
    mv = first_move()
    jobs: dict[str, dict] = {}

    def valid_counter():  # 8 accept one counter within its TTL and market move
        jobs["valid"] = _counter(desk, "spread", "home", line)
        return {"kind": "accept", "quote": jobs["valid"]["quote_id"], "at": (AT + dt.timedelta(seconds=30)).isoformat()}

    def expired_counter():  # 8 accept one counter 120 s after it was made (TTL 60 s): a fresh evaluation
        jobs["expired"] = _counter(desk, "total", "over", _market_total())
        return {"kind": "accept", "quote": jobs["expired"]["quote_id"], "at": (AT + dt.timedelta(seconds=120)).isoformat()}

    def stale_reuse():  # the repro: accepted, the line moves, 8 ask the same bet 20 s later
        from services.desk.models import BetRequest

        req = {"game_id": mv.game, "market": "spread", "side": "home", "line": mv.line, "odds": mv.stale,
               "amount": 100}
        first = desk.quote(BetRequest(**req), mv.before)
        jobs["stale_first"] = first.model_dump(mode="json")
        return {"kind": "quote", "request": req, "at": mv.after.isoformat()}

    def same_key():  # 8 send one request with one idempotency key
        odds = _price(AT, "moneyline", "home", None)
        return {"kind": "quote", "key": "order-42", "at": AT.isoformat(),
                "request": {"game_id": GAME, "market": "moneyline", "side": "home", "odds": odds, "amount": 10}}

    valid, expired, stale, keyed = _rounds(tmp_path, _env(fresh_state.home, backend),
                                           [valid_counter, expired_counter, stale_reuse, same_key])
    book = desk.book
    assert not [r for rnd in (valid, expired, stale, keyed) for r in rnd if "exception" in r]

    # valid counter: one position, every accept reports it, 7 are replays; the status stays accepted
    qid = jobs["valid"]["quote_id"]
    assert len([p for p in book.positions() if p["quote_id"] == qid]) == 1
    assert {r["status"] for r in valid} == {"counter_accepted"}
    assert len({r["position"]["position_id"] for r in valid}) == 1
    assert sum(r["replayed"] for r in valid) == N - 1
    assert book.quote(qid)["status"] == "counter_accepted"

    # expired counter: ONE fresh evaluation, reported to all 8; the parent stays counter_expired
    qid = jobs["expired"]["quote_id"]
    children = [q for q in book.quotes(limit=1000) if q["record"].get("parent_quote_id") == qid]
    assert len(children) == 1, [c["quote_id"] for c in children]
    assert {r["status"] for r in expired} == {"fresh_evaluation"}
    assert {r["fresh"]["quote_id"] for r in expired} == {children[0]["quote_id"]}
    assert len([p for p in book.positions() if p["quote_id"] == children[0]["quote_id"]]) == \
        (1 if children[0]["status"] == "accepted" else 0)
    assert book.quote(qid)["status"] == "counter_expired"

    # stale reuse: the first was accepted at its price; after the move nobody is (a 2-5% edge now)
    assert jobs["stale_first"]["status"] == "accepted"
    price_now = mv.now
    for r in stale:
        assert r["status"] in ("countered", "rejected") and r["position"] is None
        terms = (r["counter"] or {}).get("terms")
        # countered at the current price, or at another line (the desk's line-flex counter)
        assert terms is None or terms["odds"] == price_now or terms["line"] != mv.line
        # priced at the current price: fetched, or reused from a racer's decision made after the move
        # (the market has not moved since that one), never the price from before it
        priced = [c["args"]["market_odds"] for c in r["tool_calls"] if c["name"] == "compare_odds"]
        assert set(priced) <= {price_now}
    assert any("get_market_state" in [c["name"] for c in r["tool_calls"]] for r in stale)

    # one key: one quote, one position, the same outcome for all 8
    assert len({r["quote_id"] for r in keyed}) == 1 and sum(r["replayed"] for r in keyed) == N - 1
    assert len([p for p in book.positions() if p["quote_id"] == keyed[0]["quote_id"]]) == 1

    audit = desk.verify(500)
    assert audit["mismatched"] == 0 and audit["book_problems"] == [], audit


def _market_line() -> float:
    from services.markets import state as market

    return market.market_state(GAME, AT).home_spread


def _market_total() -> float:
    from services.markets import state as market

    return market.market_state(GAME, AT).total


def _cli(env: dict, *args: str, script: str | None = None) -> tuple[int, dict]:
    argv = ["-c", script, *args] if script else ["-m", "agents", *args]
    p = forkrun.run(argv, cwd=REPO, env=env, timeout=300)  # a process of its own (os._exit included)
    assert "Traceback" not in p.stderr, p.stderr[-2000:]
    return p.returncode, (json.loads(p.stdout.strip().splitlines()[-1]) if p.stdout.strip() else {})


def test_a_crash_inside_booking_leaves_nothing_and_a_planted_stale_input_fails_verify(backend, fresh_state):
    """Catches a quote and a position committed separately (a crash between them left exposure used
    by a position with no quote) and a verify that re-runs the calculators on their own inputs."""
    env = _env(fresh_state.home, backend)
    odds = _price(AT, "spread", "home", _market_line())
    bet = ["desk", "quote", "--game", GAME, "--market", "spread", "--side", "home", "--line", str(_market_line()),
           "--odds", str(odds), "--amount", "50", "--at", AT.isoformat(), "--key", "k-crash", "--json"]
    rc, _ = _cli(env, *bet, script=CRASH)
    assert rc == 9  # died inside the booking transaction
    desk = _desk()
    assert desk.book.positions() == [] and desk.book.quotes() == []  # nothing half-booked
    assert desk.book.exposure(GAME)["game_exposure"] == 0

    rc, first = _cli(env, *bet)  # the retry takes over the dead process's key and books once
    assert rc == 0 and first["status"] == "accepted" and not first["replayed"]
    rc, again = _cli(env, *bet)
    assert rc == 0 and again["replayed"] and again["quote_id"] == first["quote_id"]
    assert len(desk.book.positions()) == 1
    rc, v = _cli(env, "desk", "verify", "--json")
    assert rc == 0 and v["mismatched"] == 0 and v["book_problems"] == []

    # plant a stale price in the log, with outputs recomputed to match it (so arithmetic alone passes)
    from services.desk import calc

    c = next(c for c in desk.book.calcs(tool="compare_odds") if c["quote_id"] == first["quote_id"])
    stale = {"offered_odds": c["inputs"]["offered_odds"], "market_odds": 1.95}
    with desk.book.store.transaction() as cur:
        cur.execute("UPDATE desk_calcs SET inputs=?, outputs=? WHERE calc_id=?",
                    (json.dumps(stale), json.dumps(calc.compare_odds(**stale)), c["calc_id"]))
    rc, v = _cli(env, "desk", "verify", "--json")
    bad = [r for r in v["calcs"] if not r["matched"]]
    assert rc == 1 and [r["calc_id"] for r in bad] == [c["calc_id"]]
    assert "market_odds 1.95" in bad[0]["differs"][0] and str(odds) in bad[0]["differs"][0]


CRASH_AT = r"""
import os, sys
from services.desk.book import DeskBook
setattr(DeskBook, sys.argv[1], lambda *a, **k: os._exit(9))  # dies inside a booking transaction
from agents.cli import main
sys.exit(main(sys.argv[2:]))
"""


def test_a_crash_inside_an_accept_or_its_fresh_evaluation_is_retried_once(backend, fresh_state):
    """Valid counter: the accept dies after booking the position, before its status (one transaction:
    nothing stays). Expired counter: the accept commits the void and the claim of the fresh
    evaluation, which then dies at booking; the retry finds the claimer dead, takes the claim over
    and runs the fresh evaluation once. Catches a claim that blocks every retry, or a second one."""
    env = _env(fresh_state.home, backend)
    desk = _desk()
    valid = _counter(desk, "spread", "home", _market_line())
    accept = ["desk", "accept", "--quote", valid["quote_id"], "--at", (AT + dt.timedelta(seconds=20)).isoformat(),
              "--json"]
    rc, _ = _cli(env, "set_status", *accept, script=CRASH_AT)
    assert rc == 9 and desk.book.positions() == [] and desk.book.quote(valid["quote_id"])["status"] == "countered"
    rc, ok = _cli(env, *accept)
    assert rc == 0 and ok["status"] == "counter_accepted" and not ok["replayed"]
    assert [p["quote_id"] for p in desk.book.positions()] == [valid["quote_id"]]

    expired = _counter(desk, "total", "over", _market_total())
    accept = ["desk", "accept", "--quote", expired["quote_id"], "--at", (AT + dt.timedelta(seconds=200)).isoformat(),
              "--json"]
    rc, _ = _cli(env, "save_quote", *accept, script=CRASH_AT)
    assert rc == 9 and desk.book.quote(expired["quote_id"])["status"] == "counter_expired"  # the void committed
    rc, first = _cli(env, *accept)  # takes over the dead process's claim
    assert rc in (0, 1) and first["status"] == "fresh_evaluation" and not first["replayed"]
    rc, again = _cli(env, *accept)
    assert again["replayed"] and again["fresh"]["quote_id"] == first["fresh"]["quote_id"]
    children = [q for q in desk.book.quotes(limit=1000) if q["record"].get("parent_quote_id") == expired["quote_id"]]
    assert [c["quote_id"] for c in children] == [first["fresh"]["quote_id"]]
    audit = desk.verify(500)
    assert audit["mismatched"] == 0 and audit["book_problems"] == [], audit

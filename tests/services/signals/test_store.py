"""The signals store on SQLite and PostgreSQL: saved once per id, approve / decline once, expired
and unknown refused, a race decides once."""
from __future__ import annotations

import datetime as dt
import threading

import pytest

from services.signals.store import CitedNews, Signal, SignalStore, signal_id

pytest_plugins = ["pg_cluster"]

UTC = dt.timezone.utc
TIP = dt.datetime(2025, 1, 30, tzinfo=UTC)


@pytest.fixture
def backend(store):
    """The state store on each backend (the `store` fixture of the pg_cluster plugin)."""
    return store


def _sig(game="2025-01-29-OKC-GSW", ev=0.1) -> Signal:
    return Signal(id=signal_id(game, "blind"), market_id=f"ml-{game}", game_id=game, game_date=dt.date(2025, 1, 29),
                  question="GSW beats OKC on 2025-01-29", mode="blind", estimate=0.34, price=0.24, ev=ev,
                  direction="yes", reasoning="r", confidence="medium", estimate_confidence="low", key_factors=["k"],
                  cited_news=[CitedNews(id="x", text="t", known_at=TIP - dt.timedelta(days=1))],
                  created_at=TIP - dt.timedelta(hours=7), expires_at=TIP)


def test_saved_once_and_listed(backend):
    store = SignalStore(backend)
    first = store.save(_sig())
    again = store.save(_sig(ev=0.3))
    assert first.ev == again.ev == 0.1 and first.status == "pending"
    assert [s.id for s in store.list(dt.date(2025, 1, 29), dt.date(2025, 1, 29))] == [first.id]
    assert store.list(dt.date(2025, 1, 30)) == []
    assert first.action == "buy GSW to win at 0.240"


def test_approve_then_cannot_decide_again(backend):
    store = SignalStore(backend)
    s = store.save(_sig())
    now = TIP - dt.timedelta(hours=5)
    assert store.decide(s.id, "approve", now).outcome == "approved"
    again = store.decide(s.id, "decline", now)
    assert again.outcome == "refused" and "approved already" in again.reason
    got = store.get(s.id)
    assert got.status == "approved" and got.decided_at == now and got.actor == "analyst"


def test_decline(backend):
    store = SignalStore(backend)
    s = store.save(_sig())
    assert store.decide(s.id, "decline", TIP - dt.timedelta(hours=1)).outcome == "declined"
    assert store.get(s.id).status == "declined"


def test_expired_cannot_be_decided(backend):
    store = SignalStore(backend)
    s = store.save(_sig())
    for now in (TIP, TIP + dt.timedelta(days=3)):
        res = store.decide(s.id, "approve", now)
        assert res.outcome == "refused" and "expired" in res.reason
    assert store.get(s.id).status == "pending"


def test_unknown_and_bad_decisions_refused(backend):
    store = SignalStore(backend)
    assert store.decide("sig-nope", "approve", TIP).reason == "no such signal"
    s = store.save(_sig())
    assert store.decide(s.id, "maybe", TIP - dt.timedelta(hours=1)).outcome == "refused"


def test_race_decides_once(backend):
    s = SignalStore(backend).save(_sig())
    results, barrier = [], threading.Barrier(6)

    def go(choice):
        barrier.wait()
        results.append(SignalStore(backend).decide(s.id, choice, TIP - dt.timedelta(hours=2)).outcome)

    threads = [threading.Thread(target=go, args=("approve" if i % 2 else "decline",)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results).count("refused") == 5 and len(results) == 6

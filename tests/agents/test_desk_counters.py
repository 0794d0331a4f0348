"""Every counter path: accepted within TTL and market move (no model call), expired, market moved
(both void the counter and start a fresh evaluation the bettor was warned about), and a counter
that cannot be accepted twice."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import AIMessage

from agents.desk.runtime import Desk
from services.desk.models import BetRequest
from services.markets import state as market
from services.models import ServiceError
from tests.agents.scripted import ScriptedChatModel

GAME = "2025-01-29-CHI-BOS"
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)


def _desk_odds(at: dt.datetime, line: float) -> float:
    return market.bet_odds(market.market_state(GAME, at), "spread", "home", line)


def _counter(odds: float) -> AIMessage:
    return AIMessage(content=json.dumps({"decision": "counter", "odds": odds, "ttl_seconds": 60,
                                         "max_market_move_pct": 2, "reason": "at my price", "confidence": 0.6}))


def _accept(odds: float, amount: float = 20.0, line: float | None = None) -> AIMessage:
    return AIMessage(content=json.dumps({"decision": "accept", "odds": odds, "amount": amount, "line": line,
                                         "reason": "fresh look: fine", "confidence": 0.7}))


def _countered(fresh_state, at: dt.datetime, extra_turns=()):
    line = market.market_state(GAME, at).home_spread
    desk_odds = _desk_odds(at, line)
    model = ScriptedChatModel([_counter(desk_odds), *extra_turns])
    desk = Desk(model=model, store=fresh_state.store)
    req = BetRequest(game_id=GAME, market="spread", side="home", line=line, odds=round(desk_odds + 0.06, 3), amount=20)
    q = desk.quote(req, at)
    assert q.status == "countered" and q.counter["terms"]["odds"] == desk_odds
    assert "fresh evaluation" in q.counter["notice"]
    return desk, model, q, line


def test_valid_counter_is_booked_without_a_model_call(fresh_state):
    desk, model, q, line = _countered(fresh_state, AT)
    res = desk.accept(q.quote_id, AT + dt.timedelta(seconds=45))
    assert res.status == "counter_accepted" and res.check["status"] == "valid" and res.model_calls == 0
    assert model.calls == 1  # only the first evaluation: the script would raise on a second call
    assert res.position["liability"] == round(20 * (q.counter["terms"]["odds"] - 1), 2)
    assert desk.book.quote(q.quote_id)["status"] == "counter_accepted"
    # a second accept (a retry, or a second click) gets the first outcome back and books nothing
    # (catches an accept that books twice, or one that overwrites the first outcome)
    again = desk.accept(q.quote_id, AT + dt.timedelta(seconds=50))
    assert again.replayed and again.status == "counter_accepted" and again.position == res.position
    assert len(desk.book.positions()) == 1


def test_expired_counter_gets_a_fresh_evaluation(fresh_state):
    later = AT + dt.timedelta(seconds=61)
    line0 = market.market_state(GAME, AT).home_spread
    desk, model, q, line = _countered(fresh_state, AT, [_accept(_desk_odds(AT, line0), line=line0)])
    res = desk.accept(q.quote_id, later)
    assert res.status == "fresh_evaluation" and res.check["status"] == "expired"
    assert desk.book.quote(q.quote_id)["status"] == "counter_expired"
    assert res.fresh.parent_quote_id == q.quote_id and res.fresh.status == "accepted" and model.calls == 2
    assert res.fresh.request["odds"] == q.counter["terms"]["odds"]  # the counter's terms, evaluated afresh
    assert [p["quote_id"] for p in desk.book.positions()] == [res.fresh.quote_id]


def _tick_where_the_spread_price_moves() -> tuple[dt.datetime, dt.datetime]:
    """A moment 30 s before a tick at which the desk's price for the home spread moves > 2%."""
    g = market.season_games.get_game(GAME)
    start = g.tip - dt.timedelta(hours=48)
    for k in range(1, market.N_TICKS):
        t = start + k * market.TICK
        before = t - dt.timedelta(seconds=30)
        line = market.market_state(GAME, before).home_spread
        if abs(_desk_odds(t, line) / _desk_odds(before, line) - 1) > 0.02:
            return before, t + dt.timedelta(seconds=5)
    raise AssertionError("the path never moves the price by 2% in one tick")


def test_counter_voided_when_the_market_moved(fresh_state):
    before, after = _tick_where_the_spread_price_moves()
    desk, model, q, line = _countered(fresh_state, before, [_counter(_desk_odds(after, market.market_state(GAME, before).home_spread))])
    res = desk.accept(q.quote_id, after)  # 35 s later: within the TTL, but the market moved
    assert res.check["elapsed_seconds"] == 35 and res.check["status"] == "moved"
    assert res.check["move_pct"] > 2 and res.status == "fresh_evaluation"
    assert desk.book.quote(q.quote_id)["status"] == "counter_moved"
    assert res.fresh.status == "countered" and res.fresh.counter["terms"]["odds"] == res.check["desk_odds_now"]
    assert desk.book.positions() == []


def test_only_counters_can_be_accepted(fresh_state):
    model = ScriptedChatModel([_accept(1.9, line=market.market_state(GAME, AT).home_spread)])
    desk = Desk(model=model, store=fresh_state.store)
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home",
                              line=market.market_state(GAME, AT).home_spread, odds=1.9, amount=20), AT)
    with pytest.raises(ServiceError, match="only a counter"):
        desk.accept(q.quote_id, AT)
    with pytest.raises(ServiceError, match="no quote"):
        desk.accept("q-nope", AT)


def test_unlisted_and_started_games_are_rejected_without_the_model(fresh_state):
    desk = Desk(model=ScriptedChatModel([]), store=fresh_state.store)  # any model call would raise
    started = BetRequest(game_id=GAME, market="moneyline", side="home", odds=1.2, amount=10)
    r = desk.quote(started, dt.datetime(2025, 1, 30, 1, 0, tzinfo=dt.timezone.utc))
    assert r.status == "rejected" and "started" in r.decision["reason"] and r.model_calls == 0
    unlisted = next(g.game_id for g in market.season_games.schedule(dt.date(2025, 2, 3), dt.date(2025, 2, 3)))
    r = desk.quote(BetRequest(game_id=unlisted, market="moneyline", side="home", odds=1.5, amount=10), AT)
    assert r.status == "rejected" and "not listed" in r.decision["reason"] and r.model_calls == 0


def test_a_countered_line_is_priced_by_the_margin_model(fresh_state):
    from statistics import NormalDist

    line = market.market_state(GAME, AT).home_spread
    other = line + 2.0  # the home side gets two more points
    model = ScriptedChatModel([AIMessage(content=json.dumps({
        "decision": "counter", "line": other, "ttl_seconds": 60, "max_market_move_pct": 2,
        "reason": "I can do two points more at my price", "confidence": 0.6}))])
    desk = Desk(model=model, store=fresh_state.store)
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=line, odds=2.2, amount=20), AT)
    # home at (line + 2) covers when margin > -(line + 2), margin ~ N(-line, 13.6)
    p = 1 - NormalDist(-line, 13.6).cdf(-other)
    assert q.status == "countered" and q.counter["terms"]["line"] == other
    assert q.counter["terms"]["odds"] == round(1 / (p * 1.045), 3) < 1.914


def test_twenty_concurrent_counter_accepts_never_breach_the_side_limit(fresh_state):
    import threading

    from services.desk.models import DeskLimits

    line = market.market_state(GAME, AT).home_spread
    odds = _desk_odds(AT, line)
    model = ScriptedChatModel([_counter(odds) for _ in range(20)])
    desk = Desk(model=model, store=fresh_state.store, limits=DeskLimits(max_per_side=100, max_per_game=1000))
    req = BetRequest(game_id=GAME, market="spread", side="home", line=line, odds=round(odds + 0.06, 3), amount=20)
    quotes = [desk.quote(req, AT).quote_id for _ in range(20)]
    barrier, results, lock = threading.Barrier(20), [], threading.Lock()

    def accept(qid):
        barrier.wait()
        r = desk.accept(qid, AT + dt.timedelta(seconds=30))
        with lock:
            results.append(r.status)

    threads = [threading.Thread(target=accept, args=(q,)) for q in quotes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    fits = int(100 // round(20 * (odds - 1), 2))  # whole counters of 20 at the desk price under 100
    assert sorted(results) == ["counter_accepted"] * fits + ["counter_rejected"] * (20 - fits)
    assert desk.book.exposure(GAME, "spread", "home")["side_exposure"] <= 100
    assert model.calls == 20  # the accepts made no model call


def test_limits_come_from_the_agent_config(fresh_state, monkeypatch):
    from services.config import reset_settings_cache

    monkeypatch.setenv("COURTSIDE_DESK_MAX_PER_SIDE", "55")
    monkeypatch.setenv("COURTSIDE_DESK_MAX_PER_GAME", "80")
    reset_settings_cache()
    try:
        limits = Desk(model=ScriptedChatModel([]), store=fresh_state.store).limits
        assert (limits.max_per_side, limits.max_per_game) == (55.0, 80.0)
    finally:
        monkeypatch.delenv("COURTSIDE_DESK_MAX_PER_SIDE")
        monkeypatch.delenv("COURTSIDE_DESK_MAX_PER_GAME")
        reset_settings_cache()
    assert Desk(model=ScriptedChatModel([]), store=fresh_state.store).limits.max_per_side == 200.0

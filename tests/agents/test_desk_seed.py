"""The desk to the letter of the market-maker seed, through the real graph and the offline policy:
shadow mode, get_my_exposure's room, line-flexibility counters on the counter card and in `desk
verify`, liability shading in the calculation audit, and per-bettor profiles tightening terms.

Each test names the seed line (../shared/reference/market-maker.md) or issue #23 line it covers.
Finals and prices are computed here from games.csv and the normal margin model, not by the desk.
"""
from __future__ import annotations

import csv
import datetime as dt
import json
from statistics import NormalDist

import pytest

import forkrun

from agents.desk.runtime import Desk
from agents.desk.tools import DeskContext, build_desk_tools
from agents.offline.desk_policy import DeskPolicyModel
from services.config import DATA_DIR
from services.desk.models import BetRequest, DeskLimits
from services.markets import state as market

GAME = "2025-01-29-CHI-BOS"
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
LIMITS = DeskLimits(max_per_side=200, max_per_game=400)


def _final() -> tuple[int, int]:
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        r = next(r for r in csv.DictReader(f) if r["game_date"] == "2025-01-29" and r["home"] == "BOS")
    return int(r["home_pts"]), int(r["away_pts"])


def _price(line: float, mline: float) -> float:
    """The desk's price for home at `line` when the market is `mline`: Phi((line - mline)/13.6), margin 4.5%."""
    return round(1 / (NormalDist().cdf((line - mline) / 13.6) * 1.045), 3)


def _home_spread_pnl(line: float, odds: float, amount: float) -> float:
    """The desk's P&L on a home spread bet, on the real final."""
    hp, ap = _final()
    x = hp - ap + line
    return round(-amount * (odds - 1), 2) if x > 0 else amount if x < 0 else 0.0


def _requests(m: float) -> list[BetRequest]:
    on = BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=round(_price(m, m) - 0.01, 2), amount=20)
    off = BetRequest(game_id=GAME, market="spread", side="home", line=m + 2, odds=1.91, amount=20)
    rich = BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=2.0, amount=20)
    return [on, off, rich]


@pytest.mark.parametrize("answering", ["agent", "rules"])
def test_shadow_mode_runs_both_engines_and_only_the_configured_one_answers(fresh_state, answering):
    """Seed, Migration Path Phase 2: "Both flows run, only old flow returns to user" and "Compare
    decisions, log discrepancies". Every quote carries both decisions; only the answering engine's
    decision is the quote's status and is booked. Catches: the shadow engine booking, or not logged."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS, answering=answering)
    m = market.market_state(GAME, AT).home_spread
    quotes = [desk.quote(r, AT) for r in _requests(m)]
    stored = [desk.book.quote(q.quote_id)["record"] for q in quotes]
    assert [r["engines"]["rules"]["decision"] for r in stored] == ["accept", "reject", "reject"]
    assert [r["engines"]["agent"]["decision"] for r in stored] == ["accept", "counter", "counter"]
    assert all(r["answered_by"] == answering for r in stored)
    expected = ["accepted", "countered", "countered"] if answering == "agent" else ["accepted", "rejected", "rejected"]
    assert [q.status for q in quotes] == expected
    assert len(desk.book.positions()) == 1


def test_shadow_report_counts_discrepancies_and_grades_them_on_the_real_final(fresh_state):
    """Seed: "Compare decisions, log discrepancies"; issue #23: "counts by kind (accept vs counter,
    counter vs reject, ...), the requests behind them, and what each would have made or lost on the
    real finals". The agent's counters are graded at their terms as if taken; the rules' rejects
    make 0. Catches: a report that counts agreements as discrepancies or grades the wrong bet."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    on, off, rich = _requests(m)
    quotes = [desk.quote(r, AT) for r in (on, off, rich)]
    rep = desk.shadow_report(dt.date(2025, 1, 29))
    assert rep["requests"] == 3 and rep["agree"] == 1 and rep["discrepancies"] == 2
    (kind,) = rep["by_kind"]
    assert kind["kind"] == "agent counter / rules reject" and kind["count"] == kind["settled"] == 2
    assert sorted(r["quote_id"] for r in kind["requests"]) == sorted([quotes[1].quote_id, quotes[2].quote_id])
    # by hand: the off-market counter at the market line and the requested 1.91; the rich one at the price
    counter_pnl = _home_spread_pnl(m, 1.91, 20) + _home_spread_pnl(m, _price(m, m), 20)
    assert kind["agent_pnl"] == pytest.approx(counter_pnl) and kind["rules_pnl"] == 0.0
    accepted = _home_spread_pnl(on.line, on.odds, on.amount)
    assert rep["pnl_on_finals"] == {"agent": pytest.approx(accepted + counter_pnl), "rules": pytest.approx(accepted)}
    before = desk.shadow_report(dt.date(2025, 1, 28))  # the final is not known: nothing graded
    assert before["pnl_on_finals"] == {"agent": 0.0, "rules": 0.0} and before["by_kind"][0]["settled"] == 0


def test_desk_shadow_cli_reports_in_json(fresh_state):
    """Issue #23: "`agents desk shadow --json`", in a subprocess on the test's store: the JSON carries
    the report and `error` null; a bad --through exits 2 with one line. Catches: the subcommand
    missing, or a traceback on bad input."""
    import subprocess
    import sys

    from tests.conftest import REPO_ROOT

    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    for r in _requests(m):
        desk.quote(r, AT)
    env = {"COURTSIDE_HOME": str(fresh_state.home), "PATH": "/usr/bin:/bin", "COURTSIDE_PROVIDER": "offline"}
    p = forkrun.run(["-m", "agents", "desk", "shadow", "--through", "2025-01-29", "--json"],
                    cwd=REPO_ROOT, env=env, timeout=120)
    out = json.loads(p.stdout)
    assert p.returncode == 0 and out["error"] is None and out["discrepancies"] == 2 and out["requests"] == 3
    bad = forkrun.run(["-m", "agents", "desk", "shadow", "--through", "Jan 29", "--json"],
                      cwd=REPO_ROOT, env=env, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_get_my_exposure_returns_the_room_left_and_the_netted_figure(fresh_state):
    """Seed get_my_exposure: `remainingPerSide: 25.00, // maxPerSide - speculationExposure` and
    `remainingPerGame`; issue #23: netted next to gross, saying which one the limits bind on."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    desk.book.book_position("q-a", GAME, "spread", "home", m, 1.9, 100, LIMITS, AT)
    desk.book.book_position("q-b", GAME, "spread", "away", -m, 1.9, 50, LIMITS, AT)
    tools = {t.name: t for t in build_desk_tools(DeskContext(desk.book, LIMITS, "q-x", AT))}
    ex = json.loads(tools["get_my_exposure"].invoke({"game_id": GAME, "market": "spread", "side": "home"}))
    assert ex["side_exposure"] == 90.0 and ex["game_exposure"] == 135.0
    assert ex["remaining_per_side"] == 200 - 90.0 and ex["remaining_per_game"] == 400 - 135.0
    assert ex["netted"]["by_market"]["spread"]["netted_worst_loss"] == 90.0 - 50.0
    assert ex["limits_bind_on"].startswith("gross")


def test_off_market_line_gets_a_line_counter_shown_on_the_card_and_recomputed_by_verify(fresh_state):
    """Seed: "You CAN reason about adjacent lines (e.g., if asked about +3.5, you can consider +2.5 or
    +4.5)", "NBA | +-2-3 points", and the audit row "Line flexibility bounds | Review counter lines by
    sport | Within documented bounds". Catches: only odds counters, a line past the bound, or a verify
    that does not re-derive the line (a tampered counter line must be flagged)."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m + 2, odds=1.91, amount=20), AT)
    # by hand: the first line from m+2 toward the market where 1.91 is within 2% of the desk's price
    expected = next(m + 2 - k / 2 for k in range(1, 7) if 1 - _price(m + 2 - k / 2, m) / 1.91 <= 0.02)
    assert q.status == "countered" and q.counter["terms"]["line"] == expected and q.counter["terms"]["odds"] == 1.91
    assert q.counter["line_change"] == {"from": m + 2, "to": expected, "points": abs(m + 2 - expected),
                                        "bound_points": 3.0}
    calcs = desk.book.calcs(tool="line_counter", quote_id=q.quote_id)
    assert len(calcs) == 1 and calcs[0]["outputs"]["line"] == expected
    v = desk.verify()
    assert v["mismatched"] == 0 and v["line_counters"]["checked"] == 1 and v["line_counters"]["matched"] == 1
    rec = desk.book.quote(q.quote_id)["record"]
    rec["counter"]["terms"]["line"] = m + 5  # past the bound and not what the ladder gives
    with desk.book.store.transaction() as cur:
        cur.execute("UPDATE desk_quotes SET record=? WHERE quote_id=?", (json.dumps(rec), q.quote_id))
    bad = desk.verify()["line_counters"]
    assert bad["mismatched"] == 1 and any("outside" in p for p in bad["counters"][0]["problems"])


def test_heavy_side_is_shaded_and_logged_in_the_calculation_audit(fresh_state):
    """Issue #23: "Liability-driven line moves: when one side's exposure passes a share of its limit,
    the desk shades its own price on that side, within the flexibility bounds. Logged in the
    calculation audit." Catches: no shading, shading the light side, or a shade `desk verify` cannot
    recompute."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    desk.book.book_position("q-heavy", GAME, "spread", "home", m, 1.9, 170, LIMITS, AT)  # 153 of 200: 76%
    req = BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=1.87, amount=10)  # fine unshaded
    q = desk.quote(req, AT)
    (shade,) = desk.book.calcs(tool="line_shading", quote_id=q.quote_id)
    assert shade["outputs"]["shade_points"] == 1.0 and shade["outputs"]["shaded_line"] == m - 1
    # the bet at m priced against a market shaded to m - 1: Phi(1/13.6) with the margin
    assert q.status == "countered" and q.counter["terms"]["odds"] == _price(m, m - 1) < _price(m, m)
    away = desk.quote(BetRequest(game_id=GAME, market="spread", side="away", line=-m, odds=_price(m, m), amount=10), AT)
    assert away.status == "accepted" and not desk.book.calcs(tool="line_shading", quote_id=away.quote_id)
    assert desk.verify()["mismatched"] == 0


def test_a_bettor_who_beats_the_close_gets_a_narrower_band_and_a_stake_cap(fresh_state):
    """Issue #23: "Stake limits and the accept band tighten for bettors who beat the close." Three
    earlier bets 8% over the closing price make `pro` sharp: the same request a newcomer gets
    accepted is countered for `pro` at the stake cap. Catches: profiles that are computed and unused."""
    from services.league import season_games as sg

    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    for i, g in enumerate(sg.schedule(dt.date(2025, 1, 27), dt.date(2025, 1, 27))[:3]):
        full = sg.get_game(g.game_id)
        odds = round(1.08 / NormalDist().cdf(-full.home_spread / 13.6), 3)
        desk.book.save_quote(f"q-pro-{i}", g.game_id, AT - dt.timedelta(days=2), "accepted",
                             {"bettor": "pro", "market": "moneyline", "side": "home", "odds": odds}, {}, {})
        desk.book.book_position(f"q-pro-{i}", g.game_id, "moneyline", "home", None, odds, 10, LIMITS,
                                AT - dt.timedelta(days=2))
    m = market.market_state(GAME, AT).home_spread
    ask = dict(game_id=GAME, market="spread", side="home", line=m, odds=round(_price(m, m) * 1.01, 3), amount=60)
    fan = desk.quote(BetRequest(**ask, bettor="fan"), AT)
    pro = desk.quote(BetRequest(**ask, bettor="pro"), AT)
    assert fan.status == "accepted"
    assert pro.status == "countered" and pro.counter["terms"]["amount"] == 25.0
    assert pro.counter["terms"]["odds"] == _price(m, m)  # the band is 0%: the desk's price
    assert desk.book.quote(pro.quote_id)["record"]["bettor_profile"]["sharp"] is True


def test_the_answering_engine_is_a_setting(fresh_state, monkeypatch):
    """Seed, Migration Path: "Phase 3: Cutover - Switch frontend to v2" is a configuration change:
    COURTSIDE_DESK_ANSWERING picks the engine that answers (both always run). Catches: a hard-wired
    engine, or a bad value accepted silently."""
    from services.config import reset_settings_cache
    from services.models import ServiceError

    monkeypatch.setenv("COURTSIDE_DESK_ANSWERING", "rules")
    reset_settings_cache()
    try:
        assert Desk(model=DeskPolicyModel(), store=fresh_state.store).answering == "rules"
        assert Desk(model=DeskPolicyModel(), store=fresh_state.store, answering="agent").answering == "agent"
        with pytest.raises(ServiceError, match="agent or rules"):
            Desk(model=DeskPolicyModel(), store=fresh_state.store, answering="oracle")
    finally:
        monkeypatch.delenv("COURTSIDE_DESK_ANSWERING")
        reset_settings_cache()


def test_a_heavy_moneyline_side_is_shaded_through_its_spread(fresh_state):
    """Issue #23 shading, on the market without a line of its own: a moneyline is priced from the
    spread, so a heavy home moneyline is priced against a market spread moved 1.5 points toward home
    (home -s -> -s - 1.5): P(home wins) = Phi((s + 1.5)/13.6), computed here. Catches: moneylines left
    unshaded however heavy, or shaded the wrong way."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    s = market.market_state(GAME, AT)
    desk.book.book_position("q-ml", GAME, "moneyline", "home", None, 1.2, 1000, LIMITS, AT)  # 200: a full side
    tools = {t.name: t for t in build_desk_tools(DeskContext(desk.book, LIMITS, "q-ml2", AT))}
    out = json.loads(tools["get_market_state"].invoke({"game_id": GAME, "market": "moneyline", "side": "home"}))
    p = NormalDist().cdf((-s.home_spread + 1.5) / 13.6)
    assert out["quote"]["shading"]["shade_points"] == 1.5
    assert out["quote"]["desk_odds"] == round(1 / (p * 1.045), 3) < out["quote"]["shading"]["unshaded_desk_odds"]
    assert desk.book.calcs(tool="line_shading", quote_id="q-ml2")[0]["outputs"]["shaded_line"] is None


def test_the_offline_policy_reads_the_room_left_and_asks_for_the_bettor_perspective(fresh_state):
    """Issue #23 item 2: "The offline policy and the prompt use both" (compare_odds' perspective and
    get_my_exposure's remaining room). A full side is rejected from `remaining_per_side` alone, before
    any calculator runs; an open side's compare_odds is logged with perspective "bettor". Catches: a
    policy that ignores the room (calls the calculators anyway) or drops the perspective."""
    from agents.desk import prompts

    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    desk.book.book_position("q-full", GAME, "spread", "away", -m, 2.0, 200, LIMITS, AT)  # away side: 200 of 200
    full = desk.quote(BetRequest(game_id=GAME, market="spread", side="away", line=-m, odds=1.9, amount=10), AT)
    assert full.status == "rejected" and "remaining per side 0" in full.decision["reason"]
    assert [c["name"] for c in full.tool_calls] == ["get_my_recent_decisions", "get_market_state", "get_my_exposure"]
    ok = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=1.9, amount=10), AT)
    (cmp,) = desk.book.calcs(tool="compare_odds", quote_id=ok.quote_id)
    assert ok.status == "accepted" and cmp["inputs"]["perspective"] == "bettor"
    assert "remaining_per_side" in prompts.SYSTEM_PROMPT and 'perspective "bettor" or "desk"' in prompts.SYSTEM_PROMPT

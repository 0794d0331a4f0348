"""The Desk page's shadow-mode report and risk views in AppTest (offline desk): the discrepancy
counts and the requests behind them, the agent's and the rules' P&L on the real final, a line
counter's line change on its card, and netted exposure next to gross.

Seed: market-maker.md "Migration Path" Phase 2 "Compare decisions, log discrepancies"; issue #23
"A discrepancy report on the Desk page". Catches: a page that computes the report and shows nothing,
or numbers that differ from the desk's own report."""
from __future__ import annotations

import datetime as dt

from agents.desk.clock import DeskClock
from agents.desk.runtime import Desk
from agents.offline.desk_policy import DeskPolicyModel
from services.desk.models import BetRequest, DeskLimits
from services.markets import state as market
from tests.app.conftest import rendered_text

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def test_shadow_report_and_netted_exposure_on_the_desk_page(app, fresh_state):
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=DeskLimits())
    m = market.market_state(GAME, AT).home_spread
    desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=1.9, amount=20), AT)
    off = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m + 2, odds=1.91, amount=20), AT)
    desk.quote(BetRequest(game_id=GAME, market="spread", side="away", line=-m, odds=1.9, amount=10), AT)
    DeskClock(desk.book).set(dt.datetime(2025, 1, 31, 12, tzinfo=dt.timezone.utc))
    at = app()
    at.switch_page("pages/desk.py").run()
    assert not at.exception
    expected = desk.shadow_report(dt.date(2025, 1, 30))
    assert expected["discrepancies"] == 1
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Discrepancies"] == "1" and metrics["Requests"] == "3"
    assert metrics["Agent P&L on finals"] == f"{expected['pnl_on_finals']['agent']:+.2f}"
    assert metrics["Rules P&L on finals"] == f"{expected['pnl_on_finals']['rules']:+.2f}"
    tables = [d.value for d in at.dataframe]
    req = next(t for t in tables if "Rules P&L" in t.columns and "Quote" in t.columns)
    assert list(req["Quote"]) == [off.quote_id] and list(req["Kind"]) == ["agent counter / rules reject"]
    net = next(t for t in tables if "Netted worst case" in t.columns)
    gross = net["Gross worst case (limits bind here)"].iloc[0]
    assert net["Netted worst case"].iloc[0] < gross  # the away bet nets against the home one
    text = rendered_text(at)
    assert "limits bind on the gross" in text and "Shadow mode" in text


def test_a_line_counter_card_shows_the_line_change(app, fresh_state):
    """Issue #23: "The counter card shows the line change" (seed: `line?: number; // "I'd do +4.5
    instead of +3.5"`). A request 2 points off the market gets a line counter; the card names both
    lines and the NBA bound. Catches: a card that shows only odds."""
    from services.desk.book import DeskBook

    DeskClock(DeskBook(fresh_state.store)).set(AT)
    m = market.market_state(GAME, AT).home_spread
    at = app()
    at.switch_page("pages/desk.py").run()
    at.selectbox(key="desk_req_game").set_value(GAME)
    at.selectbox(key="desk_req_market").set_value("spread")
    at.selectbox(key="desk_req_side").set_value("home")
    at.number_input(key="desk_req_line").set_value(m + 2)
    at.number_input(key="desk_req_odds").set_value(1.91)
    at.button[[b.label for b in at.button].index("Send to the market maker")].click()
    at.run()
    assert not at.exception
    text = rendered_text(at)
    q = DeskBook(fresh_state.store).quotes(limit=1)[0]
    lc = q["record"]["counter"]["line_change"]
    assert lc["from"] == m + 2 and lc["to"] != m + 2
    assert f"Line change: {m + 2:g} → {lc['to']:g} ({lc['points']:g} points; NBA spread bound 3)" in text.replace("**", "")

"""The real app in headless Chromium: the AI manager's other two answers on the Trade page, in
each scoring mode. A lopsided ask (my weakest for his best) comes back as a counter, which is
accepted on the page; a three-for-one ask no single change rescues is declined. The manager's rule
is re-computed in tests/app/test_trade_page.py (AppTest, brute force); here the served page must
draw the answer and the counter's buttons, and the store must hold exactly what was accepted."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium_page
from tests.app.test_trade_browser import _pick, choose_categories
from tests.trade_rule import hopeless_ask, lopsided_ask, name, partner_change

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def _open_trade_page(page, scoring: str) -> None:
    if scoring == "categories":
        choose_categories(page)
    page.get_by_test_id("stSidebarNav").get_by_text("Trade").click(timeout=60_000)
    page.get_by_text("Find trades").first.wait_for(timeout=60_000)


def _propose(page, them: str, give: list[str], get: list[str]) -> None:
    _pick(page, "Trade with", them)
    page.wait_for_timeout(1500)
    for n in give:
        _pick(page, "You give", n)
        page.keyboard.press("Escape")
    for n in get:
        _pick(page, "You get", n)
        page.keyboard.press("Escape")
    page.get_by_role("button", name="Evaluate trade").click(timeout=30_000)
    page.get_by_text("over the rest of the season").first.wait_for(timeout=60_000)
    page.get_by_role("button", name=f"Propose this trade to {them}").click(timeout=30_000)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_a_counter_is_drawn_and_accepted_in_a_browser(fresh_state, tmp_path, demo_source, scoring):
    """Catches a served page that loses the counter (no buttons), applies the first ask instead of
    the counter, or applies nothing when the counter is accepted."""
    pytest.importorskip("playwright.sync_api")
    src = demo_source(dt.date(2025, 1, 29), scoring)
    lg = src.league
    x, y, partner = lopsided_ask(src)
    change, needed = partner_change(lg, partner, [x], [y])
    assert change < needed  # he must not take the ask as it stands
    them = lg.team_name(partner)[0]
    with chromium_page(fresh_state.home, tmp_path, height=3000) as page:
        _open_trade_page(page, scoring)
        _propose(page, them, [name(lg, x)], [name(lg, y)])
        page.get_by_text(f"{them} counters").first.wait_for(timeout=60_000)
        assert fresh_state.store.moves(lg.league_id) == []  # a counter changes nothing yet
        page.get_by_role("button", name="Accept the counter").click(timeout=30_000)
        page.get_by_text("Trade done").first.wait_for(timeout=60_000)
    [move] = fresh_state.store.moves(lg.league_id)
    terms = move["card"]["trade"]["terms"]
    assert move["card"]["kind"] == "trade" and (terms["give_ids"], terms["get_ids"]) != ([x], [y])
    asked = {x, y}
    assert asked & {*terms["give_ids"], *terms["get_ids"]}  # the counter: the ask with one change


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_a_decline_is_drawn_and_changes_nothing_in_a_browser(fresh_state, tmp_path, demo_source, scoring):
    """Catches a served page that shows a decline as a counter (buttons drawn) or applies it."""
    pytest.importorskip("playwright.sync_api")
    src = demo_source(dt.date(2025, 1, 29), scoring)
    lg = src.league
    give, get, partner = hopeless_ask(lg)
    them = lg.team_name(partner)[0]
    with chromium_page(fresh_state.home, tmp_path, height=3000) as page:
        _open_trade_page(page, scoring)
        _propose(page, them, [name(lg, p) for p in give], [name(lg, p) for p in get])
        page.get_by_text(f"{them} declines").first.wait_for(timeout=60_000)
        assert page.get_by_role("button", name="Accept the counter").count() == 0
    assert fresh_state.store.moves(lg.league_id) == []  # nothing applied


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_finder_runs_in_a_browser(fresh_state, tmp_path, demo_source, scoring):
    """"Find trades" improving AST on the served Trade page, each mode: the page draws the same
    search the service makes for the same league (its headline, then the table). Catches a finder
    that works in AppTest but never returns, or draws nothing, in the served app."""
    pytest.importorskip("playwright.sync_api")
    from services.trades.find import find_trades

    src = demo_source(dt.date(2025, 1, 29), scoring)
    want = find_trades(src, targets=["AST"])
    assert want.trades, "the league has trades that improve AST"
    with chromium_page(fresh_state.home, tmp_path, height=3000) as page:
        _open_trade_page(page, scoring)
        _pick(page, "Improve these categories", "AST")
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Find trades").click(timeout=30_000)
        page.get_by_text(want.headline.split(" from ")[0], exact=False).first.wait_for(timeout=90_000)
        page.get_by_test_id("stDataFrame").last.wait_for(timeout=30_000)

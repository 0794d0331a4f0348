"""The real app in headless Chromium: the Players table and trend, then a trade evaluated and
proposed on the Trade page (a trade its partner accepts by his stated rule, chosen from the
league's rosters in setup: tests/trade_rule.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium_page, keep_screenshot
from tests.trade_rule import accepted_trade, name

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def _pick(page, label: str, value: str) -> None:
    """Choose `value` in the select/multiselect labelled `label` (type it, press Enter)."""
    box = page.get_by_label(label)
    box.click(timeout=30_000)
    box.fill(value)
    page.keyboard.press("Enter")


def choose_categories(page) -> None:
    """Categories scoring chosen the user's way, on the Settings page."""
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
    page.get_by_text("categories", exact=True).click()
    page.get_by_text("categories scoring", exact=False).first.wait_for(timeout=30_000)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_players_and_trade_pages_in_a_browser(fresh_state, tmp_path, demo_source, scoring):
    """Each scoring mode (categories set the user's way, on Settings). Catches a page that draws in
    AppTest but not in the served app: the pickers, the verdict, the proposal's answer."""
    pytest.importorskip("playwright.sync_api")
    import datetime as dt

    src = demo_source(dt.date(2025, 1, 29), scoring)
    lg = src.league
    xs, ys, partner = accepted_trade(src)
    them = lg.team_name(partner)[0]

    with chromium_page(fresh_state.home, tmp_path, height=3000) as page:
        if scoring == "categories":
            choose_categories(page)
        page.get_by_test_id("stSidebarNav").get_by_text("Players").click(timeout=30_000)
        page.get_by_text("players · ranked by value").first.wait_for(timeout=60_000)
        page.get_by_test_id("stDataFrame").first.wait_for(timeout=30_000)
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)  # the trend chart drew

        page.get_by_test_id("stSidebarNav").get_by_text("Trade").click(timeout=30_000)
        page.get_by_text("Find trades").first.wait_for(timeout=60_000)
        _pick(page, "Trade with", them)
        page.wait_for_timeout(1500)
        for p in xs:
            _pick(page, "You give", name(lg, p))
            page.keyboard.press("Escape")
        for p in ys:
            _pick(page, "You get", name(lg, p))
            page.keyboard.press("Escape")
        page.get_by_role("button", name="Evaluate trade").click(timeout=30_000)
        page.get_by_text("over the rest of the season").first.wait_for(timeout=60_000)
        if scoring == "categories":
            page.get_by_text("Category profile (punt-aware)").first.wait_for(timeout=30_000)
        page.get_by_role("button", name=f"Propose this trade to {them}").click(timeout=30_000)
        page.get_by_text(f"{them} accepts").first.wait_for(timeout=60_000)
        keep_screenshot(page, tmp_path / f"trade-{scoring}.png")
        moves = fresh_state.store.moves(lg.league_id)
        assert len(moves) == 1 and moves[0]["card"]["kind"] == "trade"

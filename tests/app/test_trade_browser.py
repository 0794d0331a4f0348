"""The real app in headless Chromium: the Players table and trend, then a trade evaluated and
proposed on the Trade page (Fast Break Fund accepts Scottie Barnes for Donovan Mitchell by its stated rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium_page

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def _pick(page, label: str, value: str) -> None:
    """Choose `value` in the select/multiselect labelled `label` (type it, press Enter)."""
    box = page.get_by_label(label)
    box.click(timeout=30_000)
    box.fill(value)
    page.keyboard.press("Enter")


def test_players_and_trade_pages_in_a_browser(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")

    with chromium_page(fresh_state.home, tmp_path, height=3000) as page:
        page.get_by_test_id("stSidebarNav").get_by_text("Players").click(timeout=30_000)
        page.get_by_text("players · ranked by value").first.wait_for(timeout=60_000)
        page.get_by_test_id("stDataFrame").first.wait_for(timeout=30_000)
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)  # the trend chart drew

        page.get_by_test_id("stSidebarNav").get_by_text("Trade").click(timeout=30_000)
        page.get_by_text("Find trades").first.wait_for(timeout=60_000)
        _pick(page, "Trade with", "Fast Break Fund")
        page.wait_for_timeout(1500)
        _pick(page, "You give", "Scottie Barnes")
        page.keyboard.press("Escape")
        _pick(page, "You get", "Donovan Mitchell")
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Evaluate trade").click(timeout=30_000)
        page.get_by_text("wins the trade").first.wait_for(timeout=60_000)
        page.get_by_role("button", name="Propose this trade to Fast Break Fund").click(timeout=30_000)
        page.get_by_text("Fast Break Fund accepts").first.wait_for(timeout=60_000)
        page.screenshot(path=str(tmp_path / "trade.png"), full_page=True)
        moves = fresh_state.store.moves("demo-points-2025-01-29")
        assert len(moves) == 1 and moves[0]["card"]["kind"] == "trade"

"""The Desk page in headless Chromium against the real app: the day's games, a bet request with
the market maker's plain steps, and the accepted decision card."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from agents.desk.clock import DeskClock
from agents.desk.tools import market_view
from services.desk.book import DeskBook
from tests.app.server import CHROMIUM, chromium, streamlit_server, keep_screenshot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def test_desk_page_quotes_and_accepts_a_bet(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    book = DeskBook(fresh_state.store)
    DeskClock(book).set(AT)
    line = market_view(GAME, AT)["spread"]["home_line"]
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 3000})
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stSidebarNav").get_by_text("Desk").click()
            page.get_by_text("Request a bet").wait_for(timeout=30_000)
            assert page.get_by_text("simulated", exact=False).count() >= 1
            page.get_by_label("Line (your side; total points)").fill(str(line))
            page.get_by_label("Decimal odds").fill("1.9")
            page.get_by_role("button", name="Send to the market maker").click()
            page.get_by_text("Accepted: 1.9 for 20").wait_for(timeout=30_000)
            for msg in ("Checking current market odds...", "Calculating edge...", "Evaluating risk..."):
                assert page.get_by_text(msg).count() >= 1
            keep_screenshot(page, tmp_path / "desk.png")
        finally:
            browser.close()
    positions = book.positions()
    assert len(positions) == 1 and positions[0]["game_id"] == GAME and positions[0]["line"] == line

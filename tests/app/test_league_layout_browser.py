"""Issue #38 in headless Chromium: the League page's weekly lineup shows every starter at 1400 px
(the broken version drew it in a grid whose "Lineup" column cut each day's names)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_the_weekly_lineup_is_not_cut_at_1400_px(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from agents.core.runtime import get_assistant

    weekly = get_assistant().league_view()["weekly_lineup"]
    days = [d for d in weekly["days"]]
    assert days
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{url}/league", wait_until="domcontentloaded")
        page.get_by_role("heading", name="Weekly lineup").wait_for(timeout=60_000)
        table = page.get_by_test_id("stTable").filter(has_text=days[0]["date"])
        table.wait_for(timeout=30_000)
        for d in days:  # every starter's name is on screen, whole
            row = table.locator("tr", has_text=d["date"])
            for name in d["starters"]:
                assert name in row.inner_text()
        cut = table.evaluate("t => [...t.querySelectorAll('td')].filter(c => c.scrollWidth > c.clientWidth + 1).length")
        assert cut == 0

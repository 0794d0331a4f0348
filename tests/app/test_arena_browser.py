"""The Arena page in headless Chromium: run the default agents, see progress end, the equity chart
with one line per run, and the metrics table."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server, keep_screenshot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_run_the_default_agents_and_see_curves_and_metrics(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 2600})
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stSidebarNav").get_by_text("Arena").click()
            page.get_by_text("No runs yet").wait_for(timeout=60_000)
            page.get_by_role("button", name="Run").click()
            page.get_by_text("Done: 3 run(s).").wait_for(timeout=120_000)
            chart = page.get_by_test_id("stPlotlyChart").first
            chart.wait_for(timeout=30_000)
            assert chart.locator("g.trace").count() == 3  # hold, favourite, rating_edge
            legend = chart.inner_text()
            assert all(f"{a} · seed 1" in legend for a in ("hold", "favourite", "rating_edge"))
            page.get_by_text("Inspect a decision point").wait_for(timeout=10_000)
            page.get_by_test_id("stDataFrame").nth(1).wait_for(timeout=30_000)  # metrics and decision points
            keep_screenshot(page, tmp_path / "arena.png")
        finally:
            browser.close()

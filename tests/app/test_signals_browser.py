"""The real app in headless Chromium: open Signals, run the day, approve a signal, see it decided
in Approvals."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server, keep_screenshot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_run_the_pod_and_approve_a_signal(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    from services.signals.store import SignalStore

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 3000})
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stSidebarNav").get_by_text("Signals").click(timeout=30_000)
            page.get_by_role("button", name="Run all 11 games").click(timeout=30_000)
            page.get_by_text("signal(s) from 11 game(s)").first.wait_for(timeout=60_000)
            approve = page.get_by_role("button", name="Approve")
            approve.first.wait_for(timeout=30_000)
            stored = SignalStore(fresh_state.store).list()
            assert stored
            # the cards draw one after another: wait for all of them (a bare count() raced the page)
            expect(approve).to_have_count(len(stored), timeout=30_000)
            keep_screenshot(page, tmp_path / "signals.png")
            approve.first.click()
            page.get_by_text("Approved: published").first.wait_for(timeout=30_000)
            expect(page.get_by_role("button", name="Approve")).to_have_count(len(stored) - 1, timeout=30_000)
            assert [s.status for s in SignalStore(fresh_state.store).list()].count("approved") == 1

            page.get_by_test_id("stSidebarNav").get_by_text("Approvals").click()
            page.get_by_text("Decided (1)").wait_for(timeout=30_000)
            page.get_by_text("Approved at").first.wait_for(timeout=10_000)
        finally:
            browser.close()

"""The real app in headless Chromium: ask for an optimization, approve the card, see the roster change."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.app.conftest import OPTIMIZE
from tests.app.server import CHROMIUM, chromium, REPO, streamlit_server, keep_screenshot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_ask_approve_and_see_the_roster_change(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 3400})
            page.goto(url, wait_until="domcontentloaded")
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=30_000)
            box.fill(OPTIMIZE)
            box.press("Enter")
            page.get_by_test_id("stExpander").first.wait_for(timeout=30_000)
            approve = page.get_by_role("button", name="Approve").first
            approve.wait_for(timeout=30_000)
            title = page.locator("[class*='st-key-chat_card_'] strong").first.text_content()
            add = re.search(r"[Aa]dd (.+?), ", title).group(1)  # "Drop X -> Add Y, ..." or "Move X to IR, add Y, ..."
            assert page.get_by_test_id("stExpander").count() >= 1
            assert page.url.split("thread=")[1]
            if os.environ.get("COURTSIDE_UPDATE_SCREENSHOT"):  # refresh the README's picture on demand only
                page.wait_for_timeout(300)  # let the figures settle for the screenshot
                shot = tmp_path / "chat.png"
                page.screenshot(path=str(shot), full_page=True)
                shutil.copy(shot, REPO / "docs" / "screenshot-chat.png")

            approve.click()
            page.get_by_text("Approved.").first.wait_for(timeout=30_000)
            from playwright.sync_api import expect

            expect(page.get_by_role("button", name="Approve")).to_have_count(0, timeout=30_000)  # reruns settle

            page.get_by_test_id("stSidebarNav").get_by_text("League").click()
            page.get_by_text("Recent approved moves").wait_for(timeout=30_000)
            roster = page.get_by_test_id("stTable").first
            roster.get_by_text(add, exact=True).wait_for(timeout=30_000)  # the League view after a move: re-solved, slower under load
            keep_screenshot(page, tmp_path / "league.png")
        finally:
            browser.close()

"""Issue 10's evening in headless Chromium: a categories thread survives a reload and its card is
applied in the categories league; settings survive reloads; no request leaves the machine.

Set COURTSIDE_UPDATE_SCREENSHOT=1 to refresh docs/screenshot-chat.png from this run.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.app.server import CHROMIUM, chromium, REPO, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]
QUESTION = "Review my matchup and help me optimize for this week."
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def test_a_categories_thread_keeps_its_league_across_a_reload(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    outside: list[str] = []
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 3400})
            page.on("request", lambda r: outside.append(r.url)
                    if r.url.startswith("http") and urlparse(r.url).hostname not in LOOPBACK else None)
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)

            # Settings -> categories -> Chat
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
            page.get_by_text("categories", exact=True).click()
            page.get_by_text("categories scoring", exact=False).first.wait_for(timeout=30_000)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=30_000)
            box.fill(QUESTION)
            box.press("Enter")
            page.get_by_role("button", name="Approve").first.wait_for(timeout=60_000)
            thread = re.search(r"thread=([^&]+)", page.url).group(1)
            assert "session=" in page.url

            # reload the browser: the thread, its cards and the categories league come back
            page.reload(wait_until="domcontentloaded")
            approve = page.get_by_role("button", name="Approve").first
            approve.wait_for(timeout=60_000)
            assert thread in page.url
            strong = page.locator("[class*='st-key-chat_card_'] strong").first
            expect(strong).to_have_text(re.compile(r" expected "), timeout=30_000)  # drawn, not just its button
            title = strong.text_content()
            swap = re.search(r"Drop (.+?) (?:->|→) Add (.+?), ", title)
            ir = re.search(r"Move (.+?) to IR, add (.+?), ", title)  # the top card may be an IR move
            assert swap or ir, title
            drop, add = (swap or ir).groups()
            done = f"Moved {drop} to IR, added {add}" if ir else f"Dropped {drop}, added {add}"
            assert "cats expected" in title
            if os.environ.get("COURTSIDE_UPDATE_SCREENSHOT"):  # refresh the README's picture on demand only
                page.wait_for_timeout(300)
                shot = tmp_path / "chat.png"
                page.screenshot(path=str(shot), full_page=True)  # a 3400-pixel page: ~1 s of CPU
                shutil.copy(shot, REPO / "docs" / "screenshot-chat.png")

            approve.click()
            page.get_by_text("Approved.").first.wait_for(timeout=120_000)  # a resume: 60 s was short under a full suite's load
            expect(page.get_by_text("Not applied")).to_have_count(0)
            expect(page.get_by_role("button", name="Approve")).to_have_count(0, timeout=30_000)

            # applied in the categories league, and only there
            from services.store.state import state_store

            moves = state_store().moves("demo-categories-2025-01-29")
            assert [(m["card"]["drop"], m["card"]["add"]) for m in moves] == [(drop, add)]
            assert state_store().moves("demo-points-2025-01-29") == []

            # the League page shows the categories league with the new player
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="League").click()
            page.get_by_text("Categories scoring", exact=False).first.wait_for(timeout=30_000)
            page.get_by_test_id("stTable").first.get_by_text(add, exact=True).wait_for(timeout=90_000)  # 30 s was short under load

            # settings survive another reload (on the Settings page itself)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
            page.get_by_text("Scoring (demo league)").wait_for(timeout=30_000)
            page.reload(wait_until="domcontentloaded")
            page.get_by_text("Scoring (demo league)").wait_for(timeout=60_000)
            checked = page.locator("[data-testid='stRadio'] input[type=radio]:checked")
            values = [page.evaluate("e => e.closest('label').innerText", h) for h in checked.element_handles()]
            assert "categories" in values, values

            # after the reload the decided card is still in the chat, with its outcome
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
            page.get_by_text(f"Approved. {done}").first.wait_for(timeout=60_000)  # what the live decision said
        finally:
            browser.close()
    assert sorted(set(outside)) == []  # page icon, fonts, scripts: everything is served by the app itself

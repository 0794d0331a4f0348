"""Issue #38's last chat defects in headless Chromium (the app on loopback), each naming the broken
version it catches: no character counter in the composer (a 5,000-character paste was only refused
after it was sent), Edit and resend that added a turn instead of replacing the last one, and a page
opened by its URL (/signals, /audit, /chat) under Streamlit's "Page not found" dialog.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_the_composer_counts_the_characters_left_and_an_over_long_paste_is_not_echoed(fresh_state, tmp_path):
    """While the box holds text a line under it says how many of the 4,000 characters are left, and
    by how many a 5,000-character paste is over; sending that paste echoes nothing (the broken
    version: no counter at all; the limit was first named after sending)."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        box = page.get_by_test_id("stChatInputTextArea")
        expect(box).to_be_enabled(timeout=60_000)
        counter = page.get_by_test_id("courtsideCharCount")
        question = "Who should I pick up?"
        box.fill(question)
        expect(counter).to_have_text(f"{4000 - len(question):,} of 4,000 characters left", timeout=30_000)
        c, b = counter.bounding_box(), box.bounding_box()
        assert c["y"] >= b["y"] + b["height"] - 1, (c, b)  # under the box, pinned with it
        assert c["y"] <= page.viewport_size["height"], c  # in view
        box.fill("x" * 5000)
        expect(counter).to_have_text("1,000 characters over the 4,000 limit: shorten it to send", timeout=30_000)
        box.press("Enter")
        expect(page.get_by_text("That message is too long (5,000 characters")).to_be_visible(timeout=60_000)
        assert page.get_by_test_id("stChatMessage").count() == 0  # nothing echoed
        expect(counter).to_have_text("", timeout=30_000)  # the box is empty again: no stale count

"""In headless Chromium (issue #18 §2): cards are offered, a new question is typed and answered
while they wait, and the waiting card is then approved from the page (and the Approvals page still
lists the others). Before this change the input was disabled ("Decide on the pending move first").
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.conftest import OPTIMIZE
from tests.app.server import CHROMIUM, chromium_page, keep_screenshot

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_a_question_while_cards_wait_then_approve_the_waiting_card(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with chromium_page(fresh_state.home, tmp_path, height=3400) as page:
        box = page.get_by_test_id("stChatInputTextArea")
        box.wait_for(timeout=30_000)
        box.fill(OPTIMIZE)
        box.press("Enter")
        page.get_by_role("button", name="Approve").first.wait_for(timeout=60_000)
        page.get_by_text("You can keep asking").wait_for(timeout=60_000)  # the run that drew the cards ended
        page.wait_for_timeout(1000)  # the first turn's rerun (the sidebar lists the new thread) settles
        n_cards = page.get_by_role("button", name="Approve").count()  # counted once every card is drawn
        title = page.locator("[class*='st-key-chat_card_'] strong").first.text_content()
        add = re.search(r"[Aa]dd (.+?), ", title).group(1)
        expect(box).to_be_enabled(timeout=10_000)  # cards waiting never lock the input
        box.fill("How has Tyrese Haliburton played lately?")
        box.press("Enter")
        page.get_by_text("fantasy pts per game").first.wait_for(timeout=60_000)
        expect(page.get_by_role("button", name="Approve")).to_have_count(n_cards, timeout=30_000)
        # the second turn's closing rerun settles before the click, as after the first turn: under
        # load (two test workers and Chromium on two cores) a click during that rerun redrew the
        # page from the run that started before the decision
        page.get_by_text("You can keep asking").last.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)

        page.get_by_role("button", name="Approve").first.click()
        page.get_by_text("Approved.").first.wait_for(timeout=60_000)
        expect(page.get_by_role("button", name="Approve")).to_have_count(0, timeout=30_000)

        page.get_by_test_id("stSidebarNav").get_by_text("League").click()
        page.get_by_text("Recent approved moves").wait_for(timeout=30_000)
        page.get_by_test_id("stTable").first.get_by_text(add, exact=True).wait_for(timeout=10_000)
        keep_screenshot(page, tmp_path / "deferred.png")

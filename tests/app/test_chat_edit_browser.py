"""Issue #38's last chat defects in headless Chromium (the app on loopback), each naming the broken
version it catches: no character counter in the composer (a 5,000-character paste was only refused
after it was sent), Edit and resend that added a turn instead of replacing the last one, and a page
opened by its URL (/signals, /audit; /chat) under Streamlit's "Page not found" dialog.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

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


def test_edit_and_resend_replaces_the_last_question_its_answer_and_its_cards(fresh_state, tmp_path):
    """A full review (three cards), then Edit and resend with another question: the thread shows the
    edited question and its answer only, live and after a reload, and no card of the review is left
    to approve (the broken version: Edit refilled the box and sending added a turn, so both questions,
    both answers and the review's cards stayed)."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    from tests.app.conftest import OPTIMIZE

    jokic = "How has Nikola Jokic played over his last 5 games?"
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        box = page.get_by_test_id("stChatInputTextArea")
        expect(box).to_be_enabled(timeout=60_000)
        box.fill(OPTIMIZE)
        box.press("Enter")
        expect(page.get_by_role("button", name="Approve")).to_have_count(3, timeout=120_000)
        expect(box).to_be_enabled(timeout=90_000)
        page.get_by_role("button", name="Edit and resend").click(timeout=30_000)
        expect(box).to_have_value(OPTIMIZE, timeout=30_000)
        expect(page.get_by_text("Editing your last question")).to_be_visible(timeout=30_000)
        box.fill(jokic)
        box.press("Enter")
        messages = page.get_by_test_id("stChatMessage")
        expect(messages.nth(1)).to_contain_text("Jokic", timeout=120_000)
        expect(box).to_be_enabled(timeout=90_000)
        expect(messages).to_have_count(2, timeout=60_000)
        expect(messages.first).to_contain_text(jokic)
        assert not any(OPTIMIZE in t for t in messages.all_inner_texts())
        assert page.get_by_role("button", name="Approve").count() == 0
        thread_url = page.url
        again = browser.new_page(viewport={"width": 1400, "height": 900})  # a reload in a new session
        again.goto(thread_url, wait_until="domcontentloaded")
        expect(again.get_by_test_id("stChatMessage")).to_have_count(2, timeout=60_000)
        expect(again.get_by_test_id("stChatMessage").first).to_contain_text(jokic)
        assert again.get_by_role("button", name="Approve").count() == 0
        again.get_by_test_id("stSidebarNav").get_by_role("link", name="Approvals").click(timeout=30_000)
        expect(again.get_by_text("Approvals", exact=True).first).to_be_visible(timeout=60_000)
        again.wait_for_timeout(1500)
        assert again.get_by_role("button", name="Approve").count() == 0  # the review's cards are gone


URL_PAGES = ["chat", "signals", "audit", "approvals", "league", "players", "trade", "desk", "arena", "settings", ""]


def test_every_page_opened_by_its_url_shows_no_page_not_found(fresh_state, tmp_path):
    """Each page opened by its URL, each in a new browser context, the first one (/chat) in the server
    process's first session (the broken versions: Streamlit ran that session as a legacy multipage
    app of the `pages/` folder beside app.py, which held no page scripts, and showed "Page not
    found" over /signals, then /audit...; pages/components/entry.py. And /chat showed "Page not
    found" over the chat: Streamlit serves the default page at `/` only). /chat lands on the chat at
    `/`, the link's thread kept."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        for path in URL_PAGES:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"{url}/{path}" + ("?thread=t-by-url" if path == "chat" else ""), wait_until="domcontentloaded")
            nav = page.get_by_test_id("stSidebarNav")
            expect(nav).to_be_visible(timeout=90_000)
            expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')).to_have_count(
                1, timeout=90_000)
            page.wait_for_timeout(1000)  # a dialog sent with the first run has arrived by now
            assert page.get_by_text("Page not found").count() == 0, path
            if path == "chat":  # the chat itself, at the root, on the thread the link named
                expect(page.get_by_test_id("stChatInputTextArea")).to_be_visible(timeout=30_000)
                expect(nav.get_by_role("link", name="Chat")).to_have_attribute("aria-current", "page")
                landed = urlsplit(page.url)
                assert landed.path == "/" and parse_qs(landed.query)["thread"] == ["t-by-url"], page.url
            else:
                assert page.url.split("?")[0].rstrip("/") == f"{url}/{path}".rstrip("/"), (path, page.url)
            page.context.close()

"""Each browser session without sign-in works in its own league state (issue #37), in headless
Chromium with the product's default (COURTSIDE_APP_OWNER=browser): two browser contexts (two
browsers: their own cookies and URL) ask the same review; browser A approves its first card, and
a reload of A's tab keeps A's league (its League page has the add). Browser B's League page still
has the roster of the draft (no add), B is offered the same move on a card of its own, and B's
approval applies it in B's league: the store holds one move in each browser's own copy of the
demo league and none in the CLI's local league.

Broken version caught: every session without sign-in the one local user (before this change):
B's League page already had A's add, and B's card of the same move was refused ("approved
already"), the move recorded in "demo-points-2025-01-29", which the CLI reads.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]
QUESTION = "Review my matchup and help me optimize for this week."


def _ask_and_read_top_card(page, url: str, expect) -> tuple[str, str, str]:
    """Asks QUESTION in a new chat; (the first card's title, its drop, its add)."""
    page.goto(url, wait_until="domcontentloaded")
    box = page.get_by_test_id("stChatInputTextArea")
    box.wait_for(timeout=60_000)
    box.fill(QUESTION)
    box.press("Enter")
    page.get_by_role("button", name="Approve").first.wait_for(timeout=90_000)
    strong = page.locator("[class*='st-key-chat_card_'] strong").first
    expect(strong).to_have_text(re.compile(r" expected "), timeout=30_000)
    title = strong.text_content()
    found = re.search(r"Drop (.+?) (?:->|→) Add (.+?), ", title) or re.search(r"Move (.+?) to IR, add (.+?), ", title)
    assert found, title
    return title, *found.groups()


def _approve_top(page) -> None:
    page.get_by_role("button", name="Approve").first.click()
    page.get_by_text("Approved.").first.wait_for(timeout=60_000)


def _league_roster(page):
    page.get_by_test_id("stSidebarNav").get_by_role("link", name="League").click()
    table = page.get_by_test_id("stTable").first
    table.wait_for(timeout=60_000)
    return table


def test_two_browsers_without_sign_in_each_have_their_own_league(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    from services.store.state import state_store

    env = {"COURTSIDE_APP_OWNER": "browser"}
    with streamlit_server(fresh_state.home, tmp_path / "server.log", env_extra=env) as (url, _), \
            chromium() as browser:
        a, b = (browser.new_page(viewport={"width": 1400, "height": 3000}) for _ in range(2))
        try:
            title, drop, add = _ask_and_read_top_card(a, url, expect)
            _approve_top(a)
            assert "session=" in a.url
            a.reload(wait_until="domcontentloaded")  # the same tab: its league comes back
            a.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
            expect(_league_roster(a)).to_contain_text(add, timeout=60_000)

            b.goto(url, wait_until="domcontentloaded")  # another browser: no session of A's in its URL
            b.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
            roster_b = _league_roster(b)
            expect(roster_b).to_contain_text(drop, timeout=60_000)
            expect(roster_b).not_to_contain_text(add)  # A's approval left B's league alone

            title_b, *_ = _ask_and_read_top_card(b, url, expect)
            assert title_b == title  # the same league on the same day: the same move, on B's own card
            _approve_top(b)
            expect(b.get_by_text("approved already")).to_have_count(0)
            expect(_league_roster(b)).to_contain_text(add, timeout=60_000)
        except Exception:
            for name, page in (("a", a), ("b", b)):
                page.screenshot(path=str(tmp_path / f"failed-{name}.png"), full_page=True)
            print("SCREENSHOTS", tmp_path)
            raise
    rows = state_store().fetch("SELECT league_id, move_id FROM roster_moves")
    leagues = sorted({r[0] for r in rows})
    assert len(rows) == 2 and len(leagues) == 2, rows
    assert all(lid.startswith("demo@") and lid.endswith("-points-2025-01-29") for lid in leagues)
    assert state_store().moves("demo-points-2025-01-29") == []  # the CLI's local league: untouched

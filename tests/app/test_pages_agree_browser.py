"""Issue #38 in headless Chromium: what the pages say about one league agree. Each test names the
broken version it catches (AppTest checks of the same fixes: test_league_change.py,
test_punt_pages.py, test_chat_small_defects.py, test_decision_words.py).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.conftest import OPTIMIZE
from tests.app.server import CHROMIUM, chromium, send_message, turn_settled, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def _open(browser, url: str, width: int = 1400, height: int = 900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(url, wait_until="domcontentloaded")
    page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
    return page


def _nav(page, title: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click(timeout=30_000)


def test_a_scoring_switch_is_announced_and_the_settings_punt_reaches_players_and_trade(fresh_state, tmp_path):
    """Settings, categories: the page says another league is shown and the sidebar names it; a
    punt of FT% there: Players' punt box and z-sum leave FT% out, its chart speaks categories, and
    Trade's punt box holds FT% (the broken version: a silent switch; Players counted FT% and
    charted "Fantasy points"; Trade's punt box empty)."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = _open(browser, url)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar.get_by_text(" · points · ").first).to_be_visible(timeout=30_000)
        _nav(page, "Settings")
        page.get_by_text("categories", exact=True).click(timeout=30_000)
        notice = page.get_by_test_id("stAlertContentInfo").filter(has_text="Now showing ")
        expect(notice).to_contain_text(" · categories · ", timeout=60_000)  # said where it happened
        expect(sidebar.get_by_text(" · categories · ").first).to_be_visible(timeout=30_000)
        assert sidebar.get_by_text(" · points · ").count() == 0

        punt = page.get_by_role("combobox", name="Punted categories")
        punt.click(timeout=30_000)
        punt.fill("FT%")
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")
        page.wait_for_timeout(1500)

        _nav(page, "Players")
        box = page.locator(".st-key-players_punt")
        expect(box).to_contain_text("FT%", timeout=60_000)
        counted = page.get_by_text("z-sum over ").first
        counted.wait_for(timeout=60_000)
        over = counted.inner_text().split("z-sum over ")[1].split(" · ")[0]
        assert "FT%" not in over and "FG%" in over, over
        chart = page.locator(".js-plotly-plot").first  # the trend chart under the table
        chart.wait_for(state="attached", timeout=60_000)
        chart.scroll_into_view_if_needed()
        chart.locator(".legendtext").first.wait_for(timeout=30_000)
        legend = chart.locator(".legendtext").all_text_contents()
        axes = chart.locator(".gtitle, .g-ytitle, .g-xtitle").all_text_contents()
        assert "Category z-sum" in legend, legend
        assert not any("Fantasy points" in t for t in legend + axes), (legend, axes)

        _nav(page, "Trade")
        expect(page.locator(".st-key-trade_punt")).to_contain_text("FT%", timeout=60_000)


def _messages(page) -> list[str]:
    """Each message's text (the DOM's: a message out of view is not laid out), a running countdown's
    minutes left out (they move with the clock)."""
    return [re.sub(r"Expires in \S+ \S+", "Expires in", t) for t in page.get_by_test_id("stChatMessage").all_text_contents()]


def test_one_clock_for_every_card_and_the_live_thread_is_what_a_reload_shows(fresh_state, tmp_path):
    """A full review: its three cards count down to the lock together; Approve one: no card counts
    any more; a follow-up question; a reload shows the same messages in the same order; Approvals
    History shows no realized gain with Hindsight off, and shows it with Hindsight on (the broken
    version: 6h 59m, 6h 37m, 6h 42m on one frozen clock, decided cards counting, a "Done..." message
    only a reload showed, cards moving under the later message, realized gains with Hindsight off)."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = _open(browser, url)
        send_message(page, OPTIMIZE)
        expect(page.get_by_role("button", name="Approve")).to_have_count(3, timeout=120_000)
        turn_settled(page, 2)
        counting = page.get_by_text(re.compile(r"^Expires in ")).all_inner_texts()
        assert len(counting) == 3 and len(set(counting)) == 1, counting
        assert counting[0].endswith("(league clock, lineups lock 19:00)"), counting
        page.get_by_role("button", name="Approve").first.click()
        page.get_by_text("Approved. ").first.wait_for(timeout=120_000)  # a resume: 60 s was short under a full suite's load
        expect(page.get_by_text(re.compile(r"^Expires in "))).to_have_count(0, timeout=30_000)
        expect(page.get_by_text("Made for the 19:00 lineup lock")).to_have_count(3, timeout=30_000)
        n = page.get_by_test_id("stChatMessage").count()  # the review, its answer, the approval's outcome
        send_message(page, "Who should I pick up?")
        turn_settled(page, n + 2)
        live = _messages(page)

        again = _open(browser, page.url)  # a reload in a new session
        turn_settled(again, n + 2)
        assert _messages(again) == live

        _nav(again, "Approvals")
        again.get_by_role("heading", name="History").wait_for(timeout=60_000)
        grid = again.get_by_test_id("stDataFrame").last
        grid.get_by_text("Move", exact=True).wait_for(state="attached", timeout=30_000)
        assert grid.get_by_text("Gain (hindsight)").count() == 0
        assert grid.get_by_text(re.compile("realized")).count() == 0
        again.get_by_text("Hindsight", exact=False).first.click()
        grid = again.get_by_test_id("stDataFrame").last
        grid.get_by_text("Gain (hindsight)").wait_for(state="attached", timeout=30_000)
        grid.get_by_text(re.compile("realized")).first.wait_for(state="attached", timeout=30_000)

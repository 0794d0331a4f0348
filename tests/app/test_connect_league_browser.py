"""Settings "Connect your ESPN league" in headless Chromium (issue #37 item 4): the user picks the
ESPN source, types the mirror's league id, clicks Connect; the sidebar then names that league, team
and date, and the chat answers from the ESPN league (its roster, read through espn-api from the
mirror over loopback).

Broken version caught: the connection only in AppTest (a form whose browser rerun lost the league,
or a chat still on the demo league after connecting); before #37 there was no form at all.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]


def test_connect_the_mirror_in_the_browser_and_the_chat_answers_from_it(fresh_state, tmp_path, espn_mirror,
                                                                        mirror_league, courtside_home):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    lg = mirror_league("points")
    history = lg.history()  # the run's history (the server's home reads it)
    names = [history.snapshot.players[p].ref.name for p in history.roster_ids(1)]
    (fresh_state.home / "espn").symlink_to(courtside_home / "espn", target_is_directory=True)
    env = {"COURTSIDE_ESPN_URL": espn_mirror["url"]}
    with streamlit_server(fresh_state.home, tmp_path / "server.log", env_extra=env) as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
        page.get_by_text("League source").wait_for(timeout=60_000)
        page.get_by_test_id("stRadio").filter(has_text="League source").get_by_text("espn", exact=True).click()
        page.get_by_text("Connect your ESPN league").wait_for(timeout=60_000)
        page.get_by_label("League id").fill(str(espn_mirror["league_id"]))
        page.get_by_role("button", name="Connect").click()
        expect(page.get_by_text("Connected Courtside Demo League (points)")).to_be_visible(timeout=120_000)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar).to_contain_text("League: Courtside Demo League (points) (espn) · Team: Courtside Crew",
                                        timeout=60_000)
        expect(sidebar).to_contain_text("League clock: Wed Jan 29, 2025")
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
        box = page.get_by_test_id("stChatInputTextArea")
        box.wait_for(timeout=60_000)
        expect(sidebar).to_contain_text("(espn)", timeout=30_000)  # still the ESPN league on the chat page
        box.fill("Who is on my roster?")
        box.press("Enter")
        answer = page.get_by_test_id("stChatMessage").last
        expect(answer).to_contain_text(names[0], timeout=180_000)
        text = answer.inner_text()
        assert sum(n in text for n in names) >= 10, text[:600]

"""Settings "Connect your ESPN league" in headless Chromium (issue #37): the user picks "ESPN league"
(the source radio, its "League source" label collapsed: the options are what a user sees), types a
wrong league id and then the private mirror's id without cookies (each refused in one line, nothing
changed), then connects with the cookies; the sidebar names that league, team and date, and the chat
answers from the ESPN league (its roster, read through espn-api from the mirror over loopback).

Broken versions caught: the connection only in AppTest (a form whose browser rerun lost the league,
or a chat still on the demo league after connecting); an error that is a traceback or several lines;
before #37 there was no form at all.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]

S2, SWID = "S2-browser-secret-cookie-321", "{SWID-BROWSER-SECRET-123}"


@pytest.fixture(scope="module")
def private_mirror(courtside_home):
    """The mirror of Jan 29 answering 401 without the espn_s2/SWID cookies."""
    from tests.espn_mirror import AS_OF, mirror_process

    with mirror_process(courtside_home, AS_OF, "--private") as line:
        yield line


def _connect(page, league_id, s2="", swid=""):
    form = page.get_by_test_id("stForm")
    form.get_by_label("League id").fill(str(league_id))
    form.get_by_label("espn_s2 cookie (private leagues)").fill(s2)
    form.get_by_label("SWID cookie (private leagues)").fill(swid)
    form.get_by_role("button", name="Connect").click()


def test_connect_the_mirror_in_the_browser_and_the_chat_answers_from_it(fresh_state, tmp_path, private_mirror,
                                                                        mirror_league, courtside_home):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    lg = mirror_league("points")
    history = lg.history()  # the run's history (the server's home reads it through the symlink below)
    names = [history.snapshot.players[p].ref.name for p in history.roster_ids(1)]
    lid = private_mirror["league_id"]
    (fresh_state.home / "espn").symlink_to(courtside_home / "espn", target_is_directory=True)
    env = {"COURTSIDE_ESPN_URL": private_mirror["url"]}
    with streamlit_server(fresh_state.home, tmp_path / "server.log", env_extra=env) as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1600})
        try:
            page.goto(url, wait_until="domcontentloaded")
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
            source = page.get_by_role("radiogroup").filter(has_text="ESPN league")
            source.get_by_text("ESPN league", exact=True).click()
            expect(page.get_by_text("Connect your ESPN league")).to_be_visible(timeout=60_000)
            sidebar = page.get_by_test_id("stSidebar")

            _connect(page, 987654)  # an id ESPN does not know
            error = page.get_by_test_id("stAlertContentError").locator("p")  # the line, not the icon
            expect(error).to_have_text("ESPN has no fantasy basketball league 987654 for season 2025.",
                                       timeout=60_000)
            _connect(page, lid)  # the private league without cookies
            expect(error).to_have_text(f"ESPN refused access to league {lid}: a private league needs valid "
                                       "espn_s2 and SWID cookies.", timeout=60_000)
            expect(sidebar).not_to_contain_text("(espn)")  # nothing changed: still the demo league

            _connect(page, lid, S2, SWID)
            expect(page.get_by_text("Connected Courtside Demo League (points)")).to_be_visible(timeout=120_000)
            expect(sidebar).to_contain_text("League: Courtside Demo League (points) (espn) · Team: Courtside Crew",
                                            timeout=60_000)
            expect(sidebar).to_contain_text("League clock: Wed Jan 29, 2025")
            assert S2 not in page.content() and SWID not in page.content()

            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
            box = page.get_by_test_id("stChatInputTextArea")
            box.wait_for(timeout=60_000)
            expect(sidebar).to_contain_text("(espn)", timeout=30_000)  # still the ESPN league on the chat page
            box.fill("Who is on my roster?")
            box.press("Enter")
            answer = page.get_by_test_id("stChatMessage").last
            expect(answer).to_contain_text(names[0], timeout=180_000)
            # the answer is typed out as it streams: read it once the turn is over (composer enabled again and
            # the roster's last name drawn), not at its first name (a fresh-clone run read it half-typed: 5 of 13)
            expect(box).to_be_enabled(timeout=120_000)
            expect(answer).to_contain_text(names[-1], timeout=60_000)
            # after the turn the page redraws the thread from its checkpoint (live equals reload): the last
            # message can be read mid-redraw (a fresh-clone run read only its header), so read until it settles
            text, deadline = "", time.monotonic() + 60
            while time.monotonic() < deadline:
                text = page.get_by_test_id("stChatMessage").last.inner_text()
                if sum(n in text for n in names) >= 10:
                    break
                time.sleep(0.5)
            assert sum(n in text for n in names) >= 10, text[:600]
        except Exception:
            page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
            print("SCREENSHOT", tmp_path / "failed.png")
            raise

"""Settings "Connect your ESPN league" (issue #37 item 5) in AppTest, against the mirror served as a
private league: a connect without cookies is refused in one line and changes nothing; with them it
connects, the sidebar names the league and team, and the chat answers from the ESPN league.

Broken version caught: before #37 the Settings page had no connect form (the league id field
opened the league only inside a turn) and the sidebar said only the league clock.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.app.conftest import ask, rendered_text

SETTINGS = "pages/settings.py"
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
S2, SWID = "S2-app-secret-cookie-987", "{SWID-APP-SECRET-654}"


@pytest.fixture(scope="module")
def private_mirror(courtside_home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
    env["COURTSIDE_HOME"] = str(courtside_home)
    proc = subprocess.Popen([sys.executable, "-m", "services", "espn-mirror", "--as-of", "2025-01-29", "--private"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        yield json.loads(proc.stdout.readline())
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _form(at, league_id, s2="", swid=""):
    next(t for t in at.text_input if t.label == "League id").set_value(str(league_id))
    next(t for t in at.text_input if t.label.startswith("espn_s2")).set_value(s2)
    next(t for t in at.text_input if t.label.startswith("SWID")).set_value(swid)
    next(b for b in at.button if b.label == "Connect").click()
    return at.run()


def test_connect_the_mirror_and_the_chat_answers_from_it(app, private_mirror, monkeypatch):
    from services.league.demo import demo_league
    from services.store.state import state_store
    import datetime as dt

    monkeypatch.setenv("COURTSIDE_ESPN_URL", private_mirror["url"])
    lid = private_mirror["league_id"]
    at = app("t-connect")
    at.switch_page(SETTINGS).run()
    at.radio(key="settings_w_league").set_value("espn").run()
    assert any(s.value == "Connect your ESPN league" for s in at.subheader)
    at = _form(at, lid)  # private league, no cookies: one line, nothing changes
    assert [e.value for e in at.error] == [f"ESPN refused access to league {lid}: a private league needs valid "
                                           "espn_s2 and SWID cookies."]
    assert at.session_state["settings_espn_league_id"] == ""
    at = _form(at, lid, S2, SWID)
    assert not at.exception and not at.error
    assert at.session_state["settings_league"] == "espn" and at.session_state["settings_espn_league_id"] == str(lid)
    text = rendered_text(at)
    assert "Connected Courtside Demo League (points)" in text and S2 not in text and SWID not in text
    sidebar = " ".join(c.value for c in at.sidebar.caption)
    assert "League: Courtside Demo League (points) (espn) · Team: Courtside Crew" in sidebar
    assert "League clock: Wed Jan 29, 2025" in sidebar  # the ESPN league's day: the mirror's scoring period
    at.switch_page("pages/chat.py").run()
    at = ask(at, "Who is on my roster?")
    assert not at.exception
    lg = demo_league(dt.date(2025, 1, 29), "points", store=state_store())  # the league the mirror serves
    names = [lg.snapshot.players[p].ref.name for p in lg.roster_ids(1)]
    answer = "\n".join(m.value for m in at.markdown)
    assert sum(n in answer for n in names) >= 10, answer[:600]
    assert S2 not in rendered_text(at)

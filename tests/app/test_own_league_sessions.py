"""Two signed-in browser sessions each work in their own copy of the demo league (issue #37 item 4).

Maya and Theo, each signed in (`st.user`), ask the same full review on Jan 29: the same moves, on
cards of ids of their own. Maya approves her first card; Theo's League page shows the roster it
showed before, his card for the same move is still there and approving it applies it (his League
page then has his add, and "Recent approved moves" lists his move only). The broken version (one
league for every identity) gave both the same card id, changed Theo's roster with Maya's approval
and then refused Theo's card ("belongs to another user").
"""
from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, OPTIMIZE, TIMEOUT

MAYA = {"is_logged_in": True, "email": "maya@example.com", "name": "Maya"}
THEO = {"is_logged_in": True, "email": "theo@example.com", "name": "Theo"}


def _session(user: dict, thread: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.user = user
    at.query_params["thread"] = thread
    return at.run()


def _approve_buttons(at: AppTest) -> list:
    return [b for b in at.button if b.label == "Approve"]


def _card_ids(at: AppTest) -> set[str]:
    """The move ids the Approve buttons decide (each button's key names its card)."""
    return {m for b in _approve_buttons(at) for m in re.findall(r"(?:mv|trade)_[0-9a-f]{12,16}", b.key or "")}


def _card_titles(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith(("**Drop ", "**Move "))]


def _league_page(at: AppTest) -> tuple[list[str], list[str]]:
    """(the roster table's players, the "Recent approved moves" table's moves) of the League page."""
    at.switch_page("pages/league.py").run()
    assert not at.exception, at.exception
    roster = next(t.value for t in at.table if "Player" in t.value.columns and "Status" in t.value.columns)
    recent = at.table[-1].value
    moves = list(recent["Move"]) if "Move" in recent.columns else []
    return list(roster["Player"]), moves


def test_two_signed_in_sessions_each_have_their_own_league(fresh_state):
    maya, theo = _session(MAYA, "t-maya"), _session(THEO, "t-theo")
    theo_before, theo_moves_before = _league_page(_session(THEO, "t-theo-league"))
    assert theo_moves_before == []

    maya.chat_input[0].set_value(OPTIMIZE).run()
    theo.chat_input[0].set_value(OPTIMIZE).run()
    assert not maya.exception and not theo.exception
    assert _card_titles(maya) and _card_titles(maya) == _card_titles(theo)  # one league, the same moves
    maya_ids, theo_ids = _card_ids(maya), _card_ids(theo)
    assert len(maya_ids) == len(_card_titles(maya)) and not maya_ids & theo_ids  # each card id is its owner's own

    head = _card_titles(maya)[0].strip("*")
    maya = _approve_buttons(maya)[0].click().run()
    assert not maya.exception
    assert any(s.value.startswith("Approved.") for s in maya.success), [s.value for s in maya.success]
    maya_roster, maya_moves = _league_page(maya)
    assert len(maya_moves) == 1 and maya_roster != theo_before

    theo_after, theo_moves_after = _league_page(_session(THEO, "t-theo-league"))
    assert theo_after == theo_before and theo_moves_after == []  # Maya's approval left Theo's league alone

    theo = _session(THEO, "t-theo")  # back to his chat: his card still waits, and is his to approve
    assert _card_titles(theo)[0].strip("*") == head
    theo = _approve_buttons(theo)[0].click().run()
    assert not theo.exception
    assert not [e.value for e in theo.error], [e.value for e in theo.error]
    assert any(s.value.startswith("Approved.") for s in theo.success), [s.value for s in theo.success]
    theo_roster, theo_moves = _league_page(theo)
    assert theo_moves == maya_moves and theo_roster == maya_roster  # the same move, now in his own league

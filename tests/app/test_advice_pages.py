"""Issue 8 in the UI: the calibration table on the League page, both numbers on every card, and
the advice mode on the Settings page."""
from __future__ import annotations

import datetime as dt

from tests.app.conftest import OPTIMIZE

AS_OF = dt.date(2025, 1, 29)


def test_league_page_shows_the_calibration_that_drives_projections(app):
    from services.league.snapshot import snapshot

    at = app("t-cal")
    at.switch_page("pages/league.py").run()
    assert not at.exception
    [table] = [d.value for d in at.dataframe if "Days since last game" in d.value.columns]
    cal = snapshot(AS_OF).calibration
    assert list(table["Status"]) == [r.status for r in cal.rows]
    assert list(table["Mornings"]) == [r.mornings for r in cal.rows]
    assert list(table["Next game"]) == [f"{r.rate:.0%}" for r in cal.rows]


def test_every_card_shows_this_week_and_rest_of_season(app):
    from agents.core.runtime import get_assistant

    at = app("t-both")
    at.chat_input[0].set_value(OPTIMIZE).run()
    assert not at.exception
    cards = get_assistant().pending_approvals("t-both")
    assert cards
    captions = [c.value for c in at.caption]
    for card in cards:
        unit = "pts" if card["unit"] == "pts" else "cat value"
        assert any(f"This week {card['expected_gain']:+} {card['unit']} · rest of season "
                   f"{card['season_gain']:+} {unit}" in c for c in captions), card["title"]


def test_settings_page_switches_to_this_week_only_advice(app):
    at = app("t-mode")
    at.switch_page("pages/settings.py").run()
    radio = at.radio(key="settings_w_advice_mode")
    assert radio.value == "balanced"
    radio.set_value("this_week").run()
    assert not at.exception
    assert at.session_state["settings_advice_mode"] == "this_week"
    # the assistant the pages now use was opened with it
    assert any("advice: this week only" in c.value for c in at.caption)

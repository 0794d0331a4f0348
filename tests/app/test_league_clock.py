"""One league clock per session (issue #21, defect 4), in AppTest.

On main the desk's "+1 day" moved only the desk's own clock: chat priced the Celtics' game from
the desk's Jan 30 while the sidebar still said Jan 29 (three clocks). Here the desk step moves the
session's league clock: the sidebar shows Jan 30 and nothing else, the chat's line question
answers for the Celtics' next game on or after Jan 30 (from games.csv), the desk's day is Jan 30,
and the signals pod's clock is Jan 30.
"""
from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

from tests.app.conftest import ask, rendered_text

DESK = "pages/desk.py"
CHAT = "pages/chat.py"
GAMES = Path(__file__).resolve().parents[2] / "data" / "nba-2024-25" / "games.csv"


def _next_game(team: str, day: dt.date) -> tuple[dt.date, str, str]:
    """(date, away, home) of the team's first game on or after `day`, read from games.csv."""
    with open(GAMES, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    keys = rows[0].keys()
    home_k = next(k for k in keys if k.lower() in ("home", "home_team"))
    away_k = next(k for k in keys if k.lower() in ("away", "away_team", "visitor"))
    date_k = next(k for k in keys if "date" in k.lower())
    games = sorted((dt.date.fromisoformat(r[date_k][:10]), r[away_k], r[home_k]) for r in rows
                   if team in (r[home_k], r[away_k]))
    return next(g for g in games if g[0] >= day)


def _sidebar(at) -> str:
    return "\n".join(c.value for c in at.sidebar.caption)


def test_desk_plus_one_day_moves_the_one_league_clock_that_chat_and_pod_read(app, fresh_state):
    from agents import door

    at = app()
    assert "League clock: Wed Jan 29, 2025" in _sidebar(at)
    at.switch_page(DESK).run()
    assert not at.exception
    at.button(key="desk_clock_86400").click()
    at.run()
    assert not at.exception
    sidebar = _sidebar(at)
    assert "League clock: Thu Jan 30, 2025" in sidebar and "Jan 29" not in sidebar
    text = rendered_text(at)
    assert "2025-01-29" not in text.split("Request a bet")[0]  # the desk's day is the clock's: Jan 30
    at.switch_page(CHAT).run()
    at = ask(at, "What's the line on the Celtics game?")
    assert not at.exception
    day, away, home = _next_game("BOS", dt.date(2025, 1, 30))
    answer = at.chat_message[-1].markdown[-1].value
    assert f"{away} @ {home}" in answer, answer
    assert ("tonight" in answer) == (day == dt.date(2025, 1, 30)) and (day == dt.date(2025, 1, 30) or day.isoformat() in answer)
    assert "League clock: Thu Jan 30, 2025" in _sidebar(at)
    assert door.signals.league_clock(dt.date(2025, 1, 30)).date() == dt.date(2025, 1, 30)
    at.switch_page("pages/signals.py").run()
    assert not at.exception
    assert "2025-01-30" in rendered_text(at) and "league clock 2025-01-29" not in rendered_text(at)

"""Issue 21, "Defects met in the browser": one test per defect fixed here, each failing on the code
the issue was filed against (the broken version is named in each docstring). Expected values come
from games.csv or from what the page itself shows, not from the code that draws them."""
from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from agents.desk.clock import DeskClock
from services.desk.book import DeskBook
from tests.app.conftest import ask, rendered_text

AS_OF = dt.date(2025, 1, 29)


def _csv_games(day: dt.date) -> list[dict]:
    """games.csv rows of one day, read with csv only."""
    import csv

    from services.config import DATA_DIR

    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return [g for g in csv.DictReader(f) if g["game_date"] == day.isoformat()]


# --- 3. Signals: the headline agrees with the action; the pod's steps name their game -------------
def test_signal_cards_back_what_they_buy_and_steps_name_the_game(app, fresh_state):
    """Catches "GSW beats OKC · buy OKC at 0.758" (the headline was the market's question about the
    home team, whatever side the action bought) and pod steps labelled "Signals · Fetch news ·
    pass 7" that never named the game."""
    from services.signals.store import SignalStore

    at = ask(app("t-edges-head"), "any edges tonight?")
    assert not at.exception
    stored = SignalStore(fresh_state.store).list()
    assert any(s.direction == "no" for s in stored), "the day has an away-side signal to check"
    heads = [m.value for m in at.markdown if " · buy " in m.value and m.value.startswith("**")]
    assert len(heads) == len(stored)
    for head in heads:  # "**OKC beats GSW on 2025-01-29** · buy OKC to win at 0.758"
        claimed, bought = re.match(r"\*\*(\w+) beats \w+ on [\d-]+\*\* · buy (\w+) to win at", head).groups()
        assert claimed == bought, head
    games = {f"{g['away']} at {g['home']}" for g in _csv_games(AS_OF)}
    pod_steps = [s.label for s in at.status if s.label.startswith("Signals")]
    assert len(pod_steps) >= len(games) * 2
    named = {label.split(" · ")[1] for label in pod_steps}
    assert named == games  # every step names one of the day's games, and every game has steps
    assert not [label for label in pod_steps if "· pass" in label]


# --- 5. Arena: the equity line ends on the settled final value -----------------------------------
def test_arena_equity_line_ends_on_the_final_value(fresh_state):
    """Catches the chart whose last point was the last morning (1152) instead of the final (1088.91):
    on an auto axis plotly.js reads "2025-01-27"... as dates and drops the point labelled "final"."""
    from agents.arena import runner
    from pages.components import arena_view

    log = runner.run("favourite", dt.date(2025, 1, 27), dt.date(2025, 1, 29), seed=1, cash=1000.0, news="results")
    spec = json.loads(arena_view.equity_figure([log]).to_json())
    trace, final = spec["data"][0], log.episode_logs[0].episode_result.metrics.final_value
    assert trace["x"][-1] == "final" and trace["y"][-1] == pytest.approx(final)
    assert spec["layout"]["xaxis"]["type"] == "category"  # every label is a point, "final" included


# --- 6. The desk form's line starts at the market line --------------------------------------------
def test_desk_form_line_defaults_to_the_market_line(app, fresh_state):
    """Catches the line field at 0.00 whatever the game: it follows the game, market and side picked,
    from the spread and total the page's own games table shows."""
    DeskClock(DeskBook(fresh_state.store)).set(dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc))
    at = app()
    at.switch_page("pages/desk.py").run()
    assert not at.exception
    table = next(d.value for d in at.dataframe if "Spread (home) now" in d.value.columns)
    game = at.selectbox(key="desk_req_game").value
    row = table[table["Id"] == game].iloc[0]
    assert at.number_input(key="desk_req_line").value == pytest.approx(row["Spread (home) now"])
    at.selectbox(key="desk_req_side").set_value("away").run()
    assert at.number_input(key="desk_req_line").value == pytest.approx(-row["Spread (home) now"])
    at.selectbox(key="desk_req_market").set_value("total").run()
    at.selectbox(key="desk_req_side").set_value("over").run()
    assert at.number_input(key="desk_req_line").value == pytest.approx(row["Total now"])


# --- 6. Every recent chat has a title of its own ---------------------------------------------------
def test_recent_chats_have_distinct_titles(app, fresh_state):
    """Catches three sidebar buttons all reading "How has Tyler Herro played lately?": chats opened
    with the same question are told apart (latest question, then time, then a number)."""
    from agents.core.runtime import Assistant

    a = Assistant(provider="offline")
    first = "How has Tyler Herro played lately?"
    for thread, later in (("t-one", "How is Jalen Brunson doing?"), ("t-two", None), ("t-three", None)):
        a.ask(first, thread)
        if later:
            a.ask(later, thread)
    at = app()
    labels = [b.label for b in at.sidebar.button if b.key.startswith("app_thread_")]
    assert len(labels) == 3 and len(set(labels)) == 3, labels
    assert all(label.startswith("How has Tyler Herro") for label in labels)
    assert any("How is Jalen" in label for label in labels), labels


# --- 6. The Plotly toolbar does not sit on the chart titles ----------------------------------------
def test_scoreboard_charts_draw_no_toolbar_over_their_titles(app):
    """Catches the signals scoreboard's two charts drawn with Plotly's mode bar, which covers the
    title at the top right (the league, arena and chat charts already hid it)."""
    at = app()
    at.switch_page("pages/signals.py").run()
    at.date_input(key="signals_score_from").set_value(dt.date(2025, 1, 27))
    at.date_input(key="signals_score_to").set_value(dt.date(2025, 1, 28))
    next(b for b in at.button if b.label.startswith("Score")).click()
    at.run()
    assert not at.exception
    charts = at.get("plotly_chart")
    assert len(charts) == 2
    for chart in charts:
        assert json.loads(chart.proto.spec)["layout"]["title"]["text"]
        assert json.loads(chart.proto.config or "{}").get("displayModeBar") is False


# --- 6. The optimizer's steps say what they found --------------------------------------------------
def test_optimizer_steps_name_what_they_found(fresh_state, csv_facts, demo_source):
    """Catches "Your players have 34 games left over 5 days" and "Found 7 drop candidates" with no
    names: the schedule step names who plays most (count from games.csv), the candidates step names
    the droppable players, and the moves step names the best move."""
    from agents.core.runtime import Assistant
    from tests.app.conftest import OPTIMIZE

    events = list(Assistant(provider="offline").stream_turn(OPTIMIZE, "t-steps"))
    steps = {e.node: e.text for e in events if e.type == "step"}
    src = demo_source()
    end = dt.date(2025, 2, 2)
    left = {}
    for entry in src.roster().entries:
        if entry.on_ir:
            continue
        team = csv_facts.team_of(entry.player.player_id, AS_OF)
        left[entry.player.name] = len([d for d in csv_facts.team_games_between(team, AS_OF, end)])
    most = max(left.values())
    m = re.search(r"Most games: ([^;]+);", steps["analyze_schedule"])
    assert m, steps["analyze_schedule"]
    named = [part.rsplit(" ", 1) for part in m.group(1).split(", ")]
    assert named[0][0] in left and int(named[0][1]) == most == left[named[0][0]]
    assert re.search(r"drop candidates \([A-Z][^)]+\)", steps["identify_candidates"])
    result = events[-1].result
    if result.pending_approvals:
        assert f"Best: {result.pending_approvals[0].title}" in steps["validate_moves"]

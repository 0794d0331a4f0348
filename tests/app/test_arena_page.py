"""The Arena page in AppTest: configure, run with progress, the equity curves and metrics drawn
from the recorded experiment files, the band across seeds, inspect a decision point, diff two runs."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, rendered_text

PAGE = "pages/arena.py"


def table(at, first_column: str):
    """The dataframe whose first column is `first_column` (dataframes carry no key in AppTest)."""
    return next(d.value for d in at.dataframe if list(d.value.columns)[0] == first_column)


def recorded(home, run_id: str) -> dict:
    """The episode as written in episode_log.jsonl (read with json, not through the app)."""
    line = (home / "experiments" / run_id / "episode_log.jsonl").read_text().splitlines()[0]
    return json.loads(line)


@pytest.fixture
def arena_page(fresh_state):
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.switch_page(PAGE).run()
    return at


def test_arena_runs_agents_and_draws_what_was_recorded(arena_page, fresh_state):
    at = arena_page
    assert not at.exception
    assert any("No runs yet" in i.value for i in at.info)
    at.multiselect(key="arena_agents").set_value(["hold", "favourite"])
    at.multiselect(key="arena_seeds").set_value([1, 2])
    at.date_input(key="arena_dates").set_value((dt.date(2025, 1, 27), dt.date(2025, 1, 29)))
    at.selectbox(key="arena_news").set_value("results")
    at.button(key="arena_run").click()
    at.run()
    assert not at.exception, at.exception
    runs = list(at.session_state["arena_runs"])
    assert len(runs) == 4 and [r.split("-")[0] for r in runs] == ["hold", "hold", "favourite", "favourite"]
    assert "Done: 4 run(s)." in rendered_text(at)

    # equity curves: one trace per run, the values recorded in each run's episode_log.jsonl
    spec = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert [t["name"] for t in spec["data"]] == ["hold · seed 1", "hold · seed 2", "favourite · seed 1",
                                                  "favourite · seed 2"]
    for trace, run in zip(spec["data"], runs, strict=True):
        curve = recorded(fresh_state.home, run)["episode_result"]["equity_curve"]
        assert trace["x"] == [p["label"] for p in curve] == ["2025-01-27", "2025-01-28", "2025-01-29", "final"]
        assert trace["y"] == pytest.approx([p["value"] for p in curve])
    assert spec["data"][0]["y"] == [1000.0] * 4  # holding keeps the cash

    metrics = table(at, "run")
    fav = recorded(fresh_state.home, runs[2])["episode_result"]["metrics"]
    row = metrics[metrics["run"] == runs[2]].iloc[0]
    assert row["final value"] == pytest.approx(round(fav["final_value"], 2))
    assert row["trades"] == fav["trades"] > 0 and row["accepted"] == 3
    bands = table(at, "agent")
    assert sorted(bands["agent"]) == ["favourite", "hold"] and set(bands["seeds"]) == {2}

    # inspect decision point 1 of a favourite run: the agent's payload has no metadata
    at.selectbox(key="arena_inspect_run").set_value(runs[2])
    at.number_input(key="arena_point").set_value(1)
    at.run()
    assert not at.exception
    assert any(m.value.startswith(f"**{recorded(fresh_state.home, runs[2])['config']['episode_id']}:1**")
               for m in at.markdown)
    payload = json.loads(at.json[0].proto.body)
    assert "decision_point_idx" not in payload and "information_cutoff_timestamp" not in payload
    assert payload["case_id"].endswith(":1") and payload["tickers"]

    # diff hold (A) against favourite (B)
    at.selectbox(key="arena_diff_a").set_value(runs[0])
    at.selectbox(key="arena_diff_b").set_value(runs[2])
    at.run()
    diff = table(at, "metric")
    final = diff[diff["metric"] == "final_value"].iloc[0]
    assert final["B - A"] == pytest.approx(fav["final_value"] - 1000.0)
    points = [d.value for d in at.dataframe if "A status" in d.value.columns][0]
    assert list(points["#"]) == [0, 1, 2] and set(points["A status"]) == {"accepted"}


def test_arena_refuses_an_empty_selection(arena_page):
    at = arena_page
    at.multiselect(key="arena_agents").set_value([])
    at.button(key="arena_run").click()
    at.run()
    assert not at.exception
    assert any("Pick at least one agent" in e.value for e in at.error)
    assert at.session_state["arena_runs"] == ()


def test_the_leaderboard_ranks_the_runs_beside_the_baselines_with_intervals(arena_page, fresh_state):
    """Issue #41: the Arena page shows ranked agents with intervals and the line saying which
    differences are established; the baselines are on the board although only rating_edge was
    asked for; the metrics show the spread each run paid at the desk's quote."""
    at = arena_page
    at.multiselect(key="arena_agents").set_value(["rating_edge"])
    at.date_input(key="arena_dates").set_value((dt.date(2025, 1, 27), dt.date(2025, 1, 29)))
    at.selectbox(key="arena_news").set_value("results")
    at.button(key="arena_run").click()
    at.run()
    assert not at.exception, at.exception
    board = table(at, "rank")
    assert set(board["agent"]) == {"rating_edge", "hold", "favourite", "market_kelly"}
    assert list(board["rank"]) == [1, 2, 3, 4]
    returns = [float(r.rstrip("%")) for r in board["return"]]
    assert returns == sorted(returns, reverse=True)
    assert all(" .. " in x for x in board["95% interval"])
    assert any("Established (95% interval of the paired difference excludes 0)" in c.value for c in at.caption)
    metrics = table(at, "run")
    run = recorded(fresh_state.home, metrics["run"][0])
    spread = sum(t["quantity"] * (t["price"] - p["agent_payload"]["stock_data"][t["ticker"]]["current_price"])
                 for p in run["decision_point_logs"] for t in p["execution_result"]["executed_trades"])
    assert metrics["spread paid"][0] == pytest.approx(spread, abs=0.01) and spread > 0

"""Issue #38: the signals edge is the pick's own edge everywhere (card, chat table, Signals page
table, API, CLI), checked on away picks of Jan 29 (offline estimator).

The pod's `ev` is in home terms (estimate - price of HOME). The broken version showed it as the
edge of whichever team the signal buys, so "buy OKC at 0.758, P(OKC) 85.7%" read "Edge -0.100".
The expected edge here is recomputed from the pod's home probability and the market's home price:
P(pick) - price(pick), for the away team 1 - P(home) - (1 - price(home)).
"""
from __future__ import annotations

import datetime as dt
import json

import pytest

import forkrun
from tests.app.server import REPO

DAY = dt.date(2025, 1, 29)


def _pick_edge(sig: dict) -> float:
    """P(pick wins) - price of the pick, from the home-side figures the pod stores."""
    if sig["direction"] == "yes":
        return sig["estimate"] - sig["price"]
    return (1 - sig["estimate"]) - (1 - sig["price"])


@pytest.fixture
def away_picks(fresh_state):
    from agents.signals.runner import SignalsPod

    signals = SignalsPod(provider="offline").run_day(DAY).model_dump(mode="json")["signals"]
    away = [s for s in signals if s["direction"] == "no"]
    assert away, "the scenario: Jan 29 has away picks"
    return away


def test_the_stored_signal_and_the_pods_json_carry_the_picks_own_edge(away_picks):
    for s in away_picks:
        assert s["ev"] < 0  # home terms: the home side is overpriced
        assert s["edge"] == pytest.approx(_pick_edge(s), abs=1e-4) and s["edge"] > 0


def _signal_card_page():
    import datetime as dt

    import streamlit as st

    from agents.signals.runner import SignalsPod
    from pages.components import signal_cards

    pod = SignalsPod(provider="offline")
    for sig in pod.signals():
        if sig.direction == "no":
            signal_cards.render_signal_card(pod, sig, dt.datetime(2025, 1, 29, 17, tzinfo=dt.timezone.utc), "t")
    st.write("drawn")


def test_the_card_shows_the_edge_of_the_team_it_buys(away_picks):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_signal_card_page, default_timeout=60).run()
    assert not at.exception
    edges = {m.label: m.value for m in at.metric if m.label.startswith("Edge of ")}
    home_away = [(s["question"].split(" beats ")[0], s["question"].split(" beats ")[1].split(" on ")[0]) for s in away_picks]
    assert len([m for m in at.metric if m.label.startswith("Edge of ")]) == len(away_picks)
    for s, (_, away) in zip(away_picks, home_away, strict=True):
        assert edges[f"Edge of {away}"] == f"{_pick_edge(s):+.3f}" and not edges[f"Edge of {away}"].startswith("-")


def test_the_chat_table_and_the_signals_page_table_show_the_picks_edge(away_picks):
    from agents.signals.chat import answer_text  # the chat's answer: a table of the edges
    from pages.components import signal_cards

    runs = [{"signal": s, "threshold": 0.05} for s in away_picks]
    table = answer_text(DAY, runs, away_picks)
    for s in away_picks:
        row = next(line for line in table.splitlines() if s["question"].split(" beats ")[0] in line and "|" in line)
        assert f"| {_pick_edge(s):+.3f} |" in row, row
    run = {"question": away_picks[0]["question"], "price": away_picks[0]["price"], "path": ["assess_event_timeline"],
           "exit": "signal", "reason": "", "ms": 1.0, "estimate": {"probability": away_picks[0]["estimate"]},
           "divergence": {"ev": away_picks[0]["ev"], "direction": "no"}}
    row = signal_cards.path_row(run, {"assess_event_timeline": "Assess timeline"}, {"signal": "Signal"})
    assert row["Edge of pick"] == pytest.approx(_pick_edge(away_picks[0]), abs=1e-4) and row["Edge of pick"] > 0
    assert row["Pick"] == away_picks[0]["question"].split(" beats ")[1].split(" on ")[0]


def test_the_api_and_the_cli_report_the_picks_edge(fresh_state):
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import ApiSettings

    with TestClient(create_app(ApiSettings())) as client:
        r = client.post("/api/signals/run", json={"date": DAY.isoformat()})
    assert r.status_code == 200 and r.json()["error"] is None
    away = [s for s in r.json()["signals"] if s["direction"] == "no"]
    assert away and all(s["edge"] == pytest.approx(_pick_edge(s), abs=1e-4) and s["edge"] > 0 for s in away)

    env = {"COURTSIDE_HOME": str(fresh_state.home), "PATH": "/usr/bin:/bin"}
    p = forkrun.run(["-m", "agents", "signals", "run", "--date", DAY.isoformat()], cwd=REPO, env=env, timeout=240)
    assert p.returncode == 0, p.stderr
    for s in away:
        away_team = s["question"].split(" beats ")[1].split(" on ")[0]
        line = next(x for x in p.stdout.splitlines() if s["id"] in x)
        assert f"buy {away_team} (edge {_pick_edge(s):+.3f}" in line, line
    out = json.loads(forkrun.run(["-m", "agents", "signals", "run", "--date", DAY.isoformat(), "--json"], cwd=REPO,
                                 env=env, timeout=240).stdout)
    assert all(s["edge"] > 0 for s in out["signals"])

"""The Signals page and the signals section of Approvals in AppTest (offline estimator): run a
day, every game's path, cards; approve / decline / expired in the inbox; the scoreboard against
values computed here from games.csv."""
from __future__ import annotations

import csv
import datetime as dt
import json

import pytest

from tests.app.conftest import rendered_text

SIGNALS, APPROVALS = "pages/signals.py", "pages/approvals.py"


def _signals_page(app):
    at = app()
    at.switch_page(SIGNALS).run()
    assert not at.exception
    return at


def _button(at, label_start: str):
    return next(b for b in at.button if b.label.startswith(label_start))


def test_run_all_games_shows_each_path_and_the_signals(app, fresh_state):
    from services.signals.store import SignalStore

    at = _signals_page(app)
    _button(at, "Run all 11 games").click()
    at.run()
    assert not at.exception
    paths = at.dataframe[0].value
    assert len(paths) == 11
    assert set(paths["Exit"]) <= {"Signal", "Stopped: below threshold", "Stopped: no news"}
    stored = SignalStore(fresh_state.store).list()
    assert len(stored) == (paths["Exit"] == "Signal").sum() > 0
    for _, row in paths.iterrows():
        assert row["Path"].startswith("Assess timeline → Fetch news")
        assert row["Path"].endswith("Generate signal") == (row["Exit"] == "Signal")
    approve = [b for b in at.button if b.key.startswith("signals_sig_approve_")]
    assert len(approve) == len(stored) and not any(b.disabled for b in approve)
    done = [s.label for s in at.status]
    assert done == [f"Done: {len(stored)} signal(s) from 11 game(s)"]
    text = rendered_text(at)
    assert "Calculate divergence: ev = " in text  # the steps were written into the live status


def test_inbox_approve_and_decline_and_expired(app, fresh_state):
    from agents.signals.runner import SignalsPod
    from services.signals.store import SignalStore

    pod = SignalsPod(provider="offline")
    today = pod.run_day(dt.date(2025, 1, 29)).signals
    old = pod.run_day(dt.date(2025, 1, 27)).signals
    assert len(today) >= 2 and old
    at = app()
    at.switch_page(APPROVALS).run()
    assert not at.exception
    buttons = {b.key: b for b in at.button if "_sig_" in b.key}
    for s in old:  # tipped before the league clock (Jan 29 noon ET): read-only
        assert buttons[f"approvals_sig_approve_{s['id']}"].disabled and buttons[f"approvals_sig_decline_{s['id']}"].disabled
    assert "it can no longer be decided" in rendered_text(at)
    first, second = today[0]["id"], today[1]["id"]
    buttons[f"approvals_sig_approve_{first}"].click()
    at.run()
    assert not at.exception
    assert any(m.value.startswith("Approved: published, and the paper position is taken") for m in at.success)
    store = SignalStore(fresh_state.store)
    assert store.get(first).status == "approved"
    assert f"approvals_sig_approve_{first}" not in {b.key for b in at.button}  # decided: no buttons left
    next(b for b in at.button if b.key == f"approvals_sig_decline_{second}").click()
    at.run()
    assert store.get(second).status == "declined"
    assert all(store.get(s["id"]).status == "pending" for s in old)


def test_scoreboard_against_the_csv(app):
    at = _signals_page(app)
    at.date_input(key="signals_score_from").set_value(dt.date(2025, 1, 27))
    at.date_input(key="signals_score_to").set_value(dt.date(2025, 1, 28))
    _button(at, "Score").click()
    at.run()
    assert not at.exception
    from services.config import DATA_DIR

    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        games = [r for r in csv.DictReader(f) if r["game_date"] in ("2025-01-27", "2025-01-28")]
    assert f"{len(games)} games" in rendered_text(at)
    figs = at.get("plotly_chart")
    assert len(figs) == 2
    rel = json.loads(figs[0].proto.spec)["data"]
    assert [t["name"] for t in rel] == ["Perfectly calibrated", "Pod estimate", "Market price"]
    sweep = json.loads(figs[1].proto.spec)["data"]
    assert sweep[0]["x"][0] == "0.02" and sweep[0]["x"][-1] == "0.15"
    # the market's Brier on these games, from the CSV finals and the prices the page scored
    board = at.session_state["signals_board"]
    won = {f"{r['game_date']}-{r['away']}-{r['home']}": int(r["home_pts"]) > int(r["away_pts"]) for r in games}
    est = [g for g in board["per_game"] if g["estimate"] is not None]
    mb = sum((g["price"] - won[g["game_id"]]) ** 2 for g in est) / len(est)
    assert board["estimates"]["market_brier"] == pytest.approx(mb, abs=1e-4)
    assert [m.value for m in at.metric][1] == str(board["estimates"]["market_brier"])


def test_days_stop_at_the_as_of_date(app):
    at = _signals_page(app)
    day = at.date_input(key="signals_day")
    assert day.value == dt.date(2025, 1, 29) and day.max == dt.date(2025, 1, 29)
    assert at.date_input(key="signals_score_to").max == dt.date(2025, 1, 28)


def test_chat_edges_question_shows_the_signals_as_cards(app, fresh_state):
    from services.signals.store import SignalStore
    from tests.app.conftest import ask

    at = ask(app("t-edges"), "any edges tonight?")
    assert not at.exception
    stored = SignalStore(fresh_state.store).list()
    assert stored
    text = rendered_text(at)
    assert ":material/label: Market edges" in "".join(m.value for m in at.markdown)
    for s in stored:
        assert s.claim in text and f"{s.edge:+.3f}" in text  # the pick's own edge
    assert text.count("Decide in Approvals") == len(stored)
    assert not [b for b in at.button if "_sig_approve_" in b.key]  # decisions happen in Approvals
    assert any(s.label.startswith("Signals · ") and " · Fetch news" in s.label for s in at.status)


def test_approved_vs_declined_are_scored_on_the_finals_in_hindsight(app, fresh_state):
    from agents.signals.runner import SignalsPod

    signals = SignalsPod(provider="offline").run_day(dt.date(2025, 1, 29)).signals
    at = app()
    at.switch_page(APPROVALS).run()
    next(b for b in at.button if b.key == f"approvals_sig_approve_{signals[0]['id']}").click()
    at.run()
    next(b for b in at.button if b.key == f"approvals_sig_decline_{signals[1]['id']}").click()
    at.run()
    at.switch_page(SIGNALS).run()
    assert at.date_input(key="signals_score_to").max == dt.date(2025, 1, 28)
    at.toggle(key="signals_hindsight").set_value(True).run()
    assert at.date_input(key="signals_score_to").max == dt.date(2025, 2, 7)
    at.date_input(key="signals_score_from").set_value(dt.date(2025, 1, 29))
    at.date_input(key="signals_score_to").set_value(dt.date(2025, 1, 29))
    _button(at, "Score").click()
    at.run()
    assert not at.exception
    from services.config import DATA_DIR

    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        won = {f"{r['game_date']}-{r['away']}-{r['home']}": int(r["home_pts"]) > int(r["away_pts"]) for r in csv.DictReader(f)}

    def pnl(s):
        y = float(won[s["game_id"]])
        return y - s["price"] if s["direction"] == "yes" else s["price"] - y

    board = at.session_state["signals_board"]["decisions"]
    assert board["approved"]["n"] == 1 and board["declined"]["n"] == 1
    assert board["approved"]["realized_ev"] == pytest.approx(pnl(signals[0]), abs=1e-4)
    assert board["declined"]["realized_ev"] == pytest.approx(pnl(signals[1]), abs=1e-4)
    assert board["pending"]["n"] == len(signals) - 2

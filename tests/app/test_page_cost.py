"""What opening and rerunning a page costs the server, counted (never timed: timing lives in
bench/ui.py and bench/ui_profile.py; see docs/benchmarks.md).

- A new session writes nothing to the state store until a setting changes (each page's first run
  waited on a commit).
- The Players page's rankings (about 0.25 s of CPU each) are computed once per league state and
  filters, and again when the user's moves change the league.
- A server process computes the League page's view in the background once the league opens, so
  the first League page does not rebuild the week's past mornings (2.4-4 s on a loaded machine).
- The chat input is the first thing the chat's live part draws, so the browser loads it while
  the rest of the run is on its way.
"""
from __future__ import annotations

import datetime as dt
import json
import threading

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP

AS_OF = dt.date(2025, 1, 29)
PLAYERS = "pages/players.py"


def _sessions(store) -> list[tuple]:
    return store.fetch("SELECT session_id, choice FROM ui_sessions")


def test_a_new_session_writes_nothing_until_a_setting_changes_and_a_reload_keeps_the_change(fresh_state):
    """Fails on the version that saved the session's settings on every new session's first run
    (a store commit before any page drew), and on a skip that also drops a real change (the
    reload in the same session would come back with points scoring)."""
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception, at.exception
    at.switch_page("pages/league.py").run()
    assert not at.exception, at.exception
    assert _sessions(fresh_state.store) == []

    at.session_state["settings_scoring"] = "categories"
    at.run()
    rows = _sessions(fresh_state.store)
    assert len(rows) == 1 and json.loads(rows[0][1])["scoring"] == "categories"

    reload = AppTest.from_file(APP, default_timeout=120)
    reload.query_params["session"] = rows[0][0]  # the same browser session, reloaded
    reload.run()
    assert not reload.exception, reload.exception
    assert reload.session_state["settings_scoring"] == "categories"


@pytest.fixture
def ranking_calls(monkeypatch):
    """Every computation of the rankings the Players page asks for (league, filters)."""
    from agents.facades import rankings as facade

    calls: list[tuple] = []
    real = facade.rankings

    def counted(lg, window, *args):
        calls.append((lg.league_id, window, *map(str, args)))
        return real(lg, window, *args)

    monkeypatch.setattr(facade, "rankings", counted)
    return calls


def _owner(at: AppTest, name: str) -> str:
    df = at.dataframe[0].value
    return df.loc[df["Player"] == name, "Owner"].iloc[0]


def test_players_page_computes_the_rankings_once_per_league_state(fresh_state, ranking_calls, csv_players):
    """Fails on the version that recomputed the rankings on every rerun (3 computations after
    three identical runs), and on a cache that ignores the user's moves: after an approved
    pickup the player would still show as a free agent."""
    from agents import door

    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page(PLAYERS).run()
    at.run()
    at.run()
    assert not at.exception, at.exception
    assert len(ranking_calls) == 1

    at.selectbox(key="players_window").set_value("14").run()
    assert len(ranking_calls) == 2  # another filter: another table
    at.selectbox(key="players_window").set_value("season").run()
    assert len(ranking_calls) == 2  # the season table again: computed once already

    lg = door.supervisor.open("offline", AS_OF, "points").source.history()
    add = lg.free_agent_ids()[0]
    drop = lg.roster_ids()[-1]
    add_name = csv_players[add]["name"]
    assert _owner(at, add_name) == "Free agent"
    fresh_state.store.apply_move(lg.league_id, lg.my_team_id, "mv-page-cost", drop, add, AS_OF, "test",
                                 {"kind": "swap", "drop": drop, "add": add})
    at.run()
    assert not at.exception, at.exception
    assert len(ranking_calls) == 3
    assert _owner(at, add_name) == lg.team_name(lg.my_team_id)[0]


def test_the_server_warms_the_league_view_so_the_first_league_page_builds_no_snapshot(fresh_state, monkeypatch):
    """Fails on the version without the warm-up: the first League page of a process rebuilt this
    week's past mornings (two snapshots, about 1.4 s of CPU) while the user waited."""
    from pages.components import warm
    from services.league import snapshot as snap
    from services.league.demo import LEAGUE_NAME

    monkeypatch.setattr(warm, "serving", lambda: True)  # as under `streamlit run`
    started = set(warm._WARMING)
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception, at.exception
    # the warm-ups this league's opening registered (one may already be done: the snapshots it
    # reads can be in memory, so looking for a live thread would race it)
    warming = [t for k, t in warm._WARMING.items() if k not in started and t.name == "courtside-warm-league"]
    assert warming, "no warm-up started when the league opened"
    for t in warming:
        t.join(timeout=120)

    built: list[dt.date] = []
    real = snap.Snapshot.__init__

    def counted(self, as_of):
        built.append(as_of)
        real(self, as_of)

    monkeypatch.setattr(snap.Snapshot, "__init__", counted)
    at.switch_page("pages/league.py").run()
    assert not at.exception, at.exception
    assert at.title[0].value == LEAGUE_NAME  # the page drew, from the warmed view
    assert built == []


def test_a_page_without_a_server_starts_no_warm_up(fresh_state):
    """AppTest (no server) opens a league per test: a warm-up there would only add CPU to the suite.
    Fails on a version that warms whatever runs the page."""
    before = {t.ident for t in threading.enumerate() if t.name == "courtside-warm-league"}
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception, at.exception
    assert {t.ident for t in threading.enumerate() if t.name == "courtside-warm-league"} <= before


def test_the_chat_input_is_the_first_thing_the_live_part_draws(fresh_state, monkeypatch):
    """Fails on the version that drew the input last (after the suggestions and offers): the
    browser fetched the input's code only once everything before it had arrived."""
    from streamlit.delta_generator import DeltaGenerator

    order: list[str] = []
    real = DeltaGenerator._enqueue

    def enqueue(self, delta_type, *args, **kwargs):
        order.append(delta_type)
        return real(self, delta_type, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "_enqueue", enqueue)
    at = AppTest.from_file(APP, default_timeout=120).run()
    assert not at.exception, at.exception
    assert [b.label for b in at.button if b.key and b.key.startswith("chat_suggest_")]  # a new chat's suggestions
    assert "chat_input" in order
    first_input = order.index("chat_input")
    assert order[first_input:].count("button") >= 3  # the suggestions come after it


def test_the_league_page_waits_for_a_running_warm_up_instead_of_computing_beside_it():
    """Fails on a page that reads the view while the warm-up still computes it (the same mornings
    built twice at once, on a 2-core machine): the page's read must start after the warm-up's ends."""
    from pages.components import warm

    release = threading.Event()
    log: list[tuple[str, str]] = []

    class League:
        def league_view(self) -> dict:
            who = threading.current_thread().name
            log.append(("start", who))
            if who == "courtside-warm-league":
                release.wait(timeout=60)
            log.append(("end", who))
            return {"who": who}

    built = League()
    warming = warm.warm_league(built)
    page = threading.Thread(target=warm.league_view, args=(built,), name="page")
    page.start()
    page.join(timeout=0.2)
    assert page.is_alive() and ("start", "page") not in log  # waiting on the warm-up, not computing
    release.set()
    warming.join(timeout=60)
    page.join(timeout=60)
    assert log == [("start", "courtside-warm-league"), ("end", "courtside-warm-league"),
                   ("start", "page"), ("end", "page")]


def test_audit_turns_draw_their_tables_only_when_opened(app, fresh_state):
    """Fails on the version that drew every listed turn's tool table and JSON inside its closed
    expander (up to 50 tables the browser built on each visit), and on a lazy one that never
    draws them: the opened turn must show the tools the store recorded for it."""
    from tests.app.conftest import ask

    at = ask(ask(app("t-audit-lazy"), "How has Nikola Jokic played over his last 5 games?"), "Is Joel Embiid playing?")
    at.switch_page("pages/audit.py").run()
    assert not at.exception, at.exception
    raw = fresh_state.store.turns()  # newest first, as the page lists them
    assert len(raw) == 2 and len(at.expander) == 2
    assert len(at.dataframe) == 1  # the summary grid only: no turn's table while closed

    jokic = raw[1]
    at.session_state[f"audit_turn_{jokic['turn_id']}"] = True  # the user opens the Jokic turn
    at.run()
    assert not at.exception, at.exception
    assert len(at.dataframe) == 2
    assert list(at.dataframe[1].value["Tool"]) == [c["name"] for c in jokic["tool_calls"]]
    assert [c["name"] for c in jokic["tool_calls"]] == ["get_player_status", "get_player_game_log"]

"""The agents over HTTP (issue #24): a real uvicorn process on loopback, driven with httpx.

One API process (module-scoped) serves a home of its own; the CLI and the UI (AppTest) run against
the same home, so the test sees what each front end wrote. Expected facts come from the CSVs.
"""
from __future__ import annotations

import csv
import datetime as dt
import json
import sqlite3

import httpx
import pytest

import forkrun

from tests.http_api.server import api_env, api_server, serving_home, sse_events
from tests.app.server import REPO
from tests.conftest import DATA_DIR

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
PICKUP = "Who should I pick up?"
DAY = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def home(tmp_path_factory, courtside_home):
    h = tmp_path_factory.mktemp("api-home")
    serving_home(courtside_home, h)  # the run's intent model and snapshots: the server neither trains nor rebuilds
    return h


@pytest.fixture(scope="module")
def api(home, tmp_path_factory):
    log = tmp_path_factory.mktemp("api-log") / "api.log"
    with api_server(home, log=log) as url:
        with httpx.Client(base_url=url, timeout=120) as client:
            client.get("/api/desk/games", params={"date": DAY.isoformat()})  # the desk's tables and clock exist
            yield client


def _state(home) -> dict[str, int]:
    """Rows of every table of the state store (turns, decisions, moves, sets, desk quotes ...)."""
    with sqlite3.connect(home / "state.sqlite") as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


def _cli_ask(home, question: str) -> dict:
    out = forkrun.run(["-m", "agents", "ask", question, "--json"], cwd=REPO, env=api_env(home), timeout=180)
    assert out.returncode == 0, out.stderr[-500:]
    return json.loads(out.stdout)


def _comparable(result: dict) -> dict:
    """A turn's JSON without what differs run to run (thread id, timings)."""
    return {"intent": result["intent"], "answer": result["answer"], "error": result["error"],
            "llm_calls": result["llm_calls"],
            "tool_calls": [{k: c[k] for k in ("name", "args", "ok")} for c in result["tool_calls"]],
            "cards": [{k: v for k, v in c.items() if k not in ("issued_at",)} for c in result["pending_approvals"]]}


def test_sse_chat_streams_the_ui_events_in_order_and_ends_with_the_clis_result(api, home):
    """Catches: events buffered into one burst or reordered (done before a tool_end), a done
    result that differs from `python -m agents ask --json` for the same question, a stream that
    skips the tool events the UI draws."""
    with api.stream("POST", "/api/agent/chat", json={"message": PICKUP}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = sse_events(r)
    names = [n for n, _ in events]
    assert names[0] == "state" and names[-1] == "done" and names.count("done") == 1
    assert all(n == d["type"] for n, d in events)  # `event:` names the TurnEvent type
    assert names.index("intent") < names.index("tool_start")
    started = [d["id"] for n, d in events if n == "tool_start"]
    ended = [d["id"] for n, d in events if n == "tool_end"]
    assert started and sorted(started) == sorted(ended)
    at = {(n, d["id"]): i for i, (n, d) in enumerate(events) if n in ("tool_start", "tool_end")}
    assert all(at[("tool_start", c)] < at[("tool_end", c)] for c in started)  # each tool ends after it starts
    result = events[-1][1]["result"]
    assert result["intent"] == "free_agent_scan" and result["error"] is None
    assert sorted((d["name"], d["ok"]) for n, d in events if n == "tool_end") == \
        sorted((c["name"], c["ok"]) for c in result["tool_calls"])  # tools of one round run in parallel
    assert _comparable(result) == _comparable(_cli_ask(home, PICKUP))
    # the same question as JSON: the TurnResult alone, equal to the stream's
    r = api.post("/api/agent/chat", json={"message": PICKUP}, headers={"Accept": "application/json"})
    assert r.status_code == 200 and _comparable(r.json()) == _comparable(result)


def test_player_research_answers_from_the_box_scores(api):
    """Catches the player route running another intent or inventing numbers: Jokic's points over
    his last 5 games before the as-of day, computed here from player_games.csv."""
    import gzip

    with gzip.open(DATA_DIR / "player_games.csv.gz", "rt", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["player_id"] == "jokicni01" and r["game_date"] < DAY.isoformat()]
    rows.sort(key=lambda r: r["game_date"])
    pts = sum(int(r["pts"]) for r in rows[-5:]) / 5
    r = api.post("/api/agent/player", json={"name": "Nikola Jokic", "last_n": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["intent"] == "player_research" and body["error"] is None
    assert {"get_player_game_log"} <= {c["name"] for c in body["tool_calls"]}
    log = next(c for c in body["tool_calls"] if c["name"] == "get_player_game_log")
    assert log["args"]["last_n"] == 5 and log["ok"]
    assert f"{pts:.1f} pts" in body["answer"]


def test_a_card_made_over_http_is_decided_in_the_ui_and_refused_a_second_time(api, home, monkeypatch):
    """Catches: the API and the UI on different stores, a second decision applied twice (two
    roster moves), and a refusal that does not name the decision that won."""
    made = api.post("/api/agent/chat", json={"message": REVIEW}, headers={"Accept": "application/json"}).json()
    thread, cards = made["thread_id"], made["pending_approvals"]
    assert len(cards) >= 2
    listed = api.get("/api/approvals").json()["approvals"]
    assert {c["card"]["move_id"] for c in listed if c["thread_id"] == thread} == {c["move_id"] for c in cards}
    assert api.get("/api/approvals", params={"league": "demo-categories-2025-01-29"}).json()["approvals"] == []

    from streamlit.testing.v1 import AppTest

    from services.store import state as store_mod
    from tests.app.conftest import APP, TIMEOUT

    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    try:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        at.query_params["thread"] = thread
        at.run()
        approve = next(b for b in at.button if b.label == "Approve" and cards[0]["move_id"] in (b.key or ""))
        at = approve.click().run()
        assert not at.exception
    finally:
        with store_mod._stores_lock:
            for key in [k for k in store_mod._stores if k[0] == str(home)]:
                store_mod._stores.pop(key)
    assert _state(home)["roster_moves"] == 1
    before = _state(home)
    # the same approval again is a retry of a decision made already: its first outcome, not a refusal
    # (issue #20: it said "your decision was not applied"); nothing is applied twice
    retry = api.post(f"/api/approvals/{cards[0]['move_id']}", json={"decision": "approve"})
    assert retry.status_code == 200 and retry.json()["answer"].startswith("Applied already"), retry.text
    assert [(t["move_id"], t["already"]) for t in retry.json()["transactions"]] == [(cards[0]["move_id"], True)]
    # a card id names a move in a league, so another conversation of this home (the pickup question above)
    # may offer the same move, still pending there, and deciding it by id alone decides it there: the
    # refusal is checked on a card of this set that no other conversation offers
    elsewhere = {c["card"]["move_id"] for c in listed if c["thread_id"] != thread}
    other = next(c for c in cards[1:] if c["move_id"] not in elsewhere)
    for move_id, decision in ((cards[0]["move_id"], "decline"), (other["move_id"], "approve")):
        again = api.post(f"/api/approvals/{move_id}", json={"decision": decision})
        assert again.status_code == 409, again.text
        assert "decided already" in again.json()["error"] and cards[0]["title"] in again.json()["error"]
        assert again.json()["refused"] is True
    assert _state(home)["roster_moves"] == 1 and _state(home)["decisions"] == before["decisions"]
    listed = {t["thread_id"]: t for t in api.get("/api/threads").json()}
    assert REVIEW.startswith(listed[thread]["title"].rstrip("…")) and listed[thread]["pending"] == 0  # decided in the UI
    history = api.get(f"/api/threads/{thread}").json()
    assert history["turns"][0]["content"] == REVIEW and history["pending_approvals"] == []
    assert any(t["content"].startswith(("Done: dropped", "Done: moved")) for t in history["turns"])


def test_a_card_decided_over_http_once(api, home):
    """Catches a decision route that applies without the set's claim: approve twice -> one move."""
    made = api.post("/api/agent/chat", json={"message": REVIEW}, headers={"Accept": "application/json"}).json()
    move_id = made["pending_approvals"][0]["move_id"]
    moves = _state(home)["roster_moves"]
    first = api.post(f"/api/approvals/{move_id}", json={"decision": "approve"})
    assert first.status_code == 200 and first.json()["transactions"][0]["move_id"] == move_id
    other = api.post(f"/api/approvals/{move_id}", json={"decision": "decline"})
    assert other.status_code == 409 and "decided already" in other.json()["error"]
    assert _state(home)["roster_moves"] == moves + 1


BAD = [  # (method, path, body or params, words the error must contain)
    ("POST", "/api/agent/chat", {"message": ""}, "message"),
    ("POST", "/api/agent/chat", {"message": "   "}, "empty"),
    ("POST", "/api/agent/chat", {"message": "x" * 4001}, "message"),
    ("POST", "/api/agent/chat", {"message": "hi", "scoring": "roto"}, "scoring"),
    ("POST", "/api/agent/chat", {"message": "hi", "as_of": "2024-01-01"}, "2024-01-01"),
    ("POST", "/api/agent/chat", {"message": "hi", "team": 0}, "team"),
    ("POST", "/api/agent/chat", {"message": "hi", "thread_id": "../etc"}, "thread_id"),
    ("POST", "/api/agent/chat", {"message": "hi", "colour": "red"}, "colour"),
    ("POST", "/api/agent/player", {"name": "J"}, "name"),
    ("POST", "/api/approvals/mv_x", {"decision": "maybe"}, "decision"),
    ("POST", "/api/approvals/mv_x", {}, "decision"),
    ("POST", "/api/desk/quote", {"game_id": "2025-01-29-CHI-BOS", "market": "spread", "side": "over", "line": -3,
                                 "odds": 1.9, "amount": 20}, "home or away"),
    ("POST", "/api/desk/quote", {"game_id": "2025-01-29-CHI-BOS", "market": "spread", "side": "home", "line": -3,
                                 "odds": 0.5, "amount": 20}, "odds"),
    ("POST", "/api/desk/quote", {"game_id": "nope", "market": "spread", "side": "home", "line": -3,
                                 "odds": 1.9, "amount": 20}, "nope"),
    ("POST", "/api/desk/accept", {"quote_id": "q-nope"}, "q-nope"),
    ("GET", "/api/desk/games", {"date": "2025-02-30"}, "date"),
    ("POST", "/api/signals/run", {"date": "2025-06-01"}, "outside the box-score window"),
    ("POST", "/api/signals/run", {"date": "2025-01-28", "mode": "psychic"}, "mode"),
]


@pytest.mark.parametrize("method,path,payload,words", BAD, ids=[f"{b[1]}-{i}" for i, b in enumerate(BAD)])
def test_bad_input_is_a_400_with_one_line_and_changes_nothing(api, home, method, path, payload, words):
    """Catches a 500/traceback on bad input, a 200 that ran a turn anyway, and any row written."""
    before = _state(home) if (home / "state.sqlite").exists() else {}
    r = api.request(method, path, **({"params": payload} if method == "GET" else {"json": payload}))
    assert r.status_code == 400, r.text
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"] and "Traceback" not in body["error"]
    assert words in body["error"]
    after = _state(home) if (home / "state.sqlite").exists() else {}
    # no row written; a table the store creates on first open (empty) is not a change (this case alone,
    # on a fresh home, saw three empty tables made while the bad date was refused)
    assert {t: n for t, n in after.items() if n or t in before} == before


def test_unknown_card_and_thread_are_404_and_a_malformed_body_400(api):
    r = api.post("/api/approvals/mv_never", json={"decision": "approve"})
    assert r.status_code == 404 and "mv_never" in r.json()["error"]
    assert api.get("/api/threads/0123456789abcdef").status_code == 404
    r = api.post("/api/agent/chat", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and set(r.json()) == {"error"}


def test_desk_games_quote_and_accept(api):
    """Catches the desk routes serving another day or desk: the day's games are games.csv's."""
    with open(DATA_DIR / "games.csv", encoding="utf-8") as f:
        expected = {f"{r['game_date']}-{r['away']}-{r['home']}" for r in csv.DictReader(f)
                    if r["game_date"] == DAY.isoformat()}
    r = api.get("/api/desk/games", params={"date": DAY.isoformat()})
    assert r.status_code == 200 and r.json()["error"] is None
    assert {g["game_id"] for g in r.json()["games"]} == expected
    game = sorted(expected)[0]
    q = api.post("/api/desk/quote", json={"game_id": game, "market": "moneyline", "side": "home", "odds": 1.5,
                                          "amount": 10}).json()
    assert q["status"] in ("accepted", "rejected", "countered") and q["decision"]["decision"] in ("accept", "reject", "counter")
    r = api.post("/api/desk/accept", json={"quote_id": q["quote_id"]})
    if q["status"] != "countered":  # the CLI's text: only a counter can be accepted
        assert r.status_code == 400 and "only a counter can be accepted" in r.json()["error"]
    else:
        assert r.status_code == 200 and r.json()["status"] in ("counter_accepted", "fresh_evaluation")


def test_signals_run_covers_every_game_of_the_day(api):
    day = "2025-01-28"
    with open(DATA_DIR / "games.csv", encoding="utf-8") as f:
        expected = {f"{r['game_date']}-{r['away']}-{r['home']}" for r in csv.DictReader(f) if r["game_date"] == day}
    r = api.post("/api/signals/run", json={"date": day})
    assert r.status_code == 200 and r.json()["error"] is None
    assert {g["game_id"] for g in r.json()["games"]} == expected
    assert all(g["path"] for g in r.json()["games"])


def test_openapi_documents_every_endpoint_with_models(api):
    spec = api.get("/openapi.json").json()
    paths = {(m.upper(), p) for p, ops in spec["paths"].items() for m in ops}
    assert paths >= {("POST", "/api/agent/chat"), ("POST", "/api/agent/player"), ("GET", "/api/threads/{thread_id}"),
                     ("GET", "/api/approvals"), ("POST", "/api/approvals/{move_id}"), ("GET", "/api/threads"), ("GET", "/api/desk/games"),
                     ("POST", "/api/desk/quote"), ("POST", "/api/desk/accept"), ("POST", "/api/signals/run"),
                     ("GET", "/healthz")}
    schemas = spec["components"]["schemas"]
    assert {"ChatRequest", "TurnResult", "Card", "ErrorBody", "QuoteResult", "DayRun"} <= set(schemas)
    assert "text/event-stream" in spec["paths"]["/api/agent/chat"]["post"]["responses"]["200"]["content"]


def test_chat_for_team_4_gives_team_4s_cards_and_the_thread_keeps_its_team(api, fresh_state):
    """`team` in the chat body is the team the caller manages, bound to the thread like its league.
    Catches: the body's team ignored (team 1's cards for everyone) and a thread switched to another
    team mid-conversation. The rosters are read from the demo league for team 4 and team 1."""
    from services.league.demo import demo_league

    lg = demo_league(DAY, "points", store=fresh_state.store, team_id=4)  # the drafted rosters (no team-4 move yet)
    team4, team1 = set(lg.rosters()[4]), set(lg.rosters()[1])
    r = api.post("/api/agent/chat", json={"message": REVIEW, "team": 4}, headers={"Accept": "application/json"})
    assert r.status_code == 200, r.text
    result = r.json()
    cards = result["pending_approvals"]
    assert cards and {c["team_id"] for c in cards} == {4}
    assert all(c["drop_id"] in team4 and c["drop_id"] not in team1 for c in cards)
    again = api.post("/api/agent/chat", json={"message": "How is my matchup?", "thread_id": result["thread_id"],
                                              "team": 5}, headers={"Accept": "application/json"})
    assert again.status_code == 400 and "team 4" in again.json()["error"]


def test_desk_quote_with_an_idempotency_key_books_once(api):
    """Catches an HTTP retry (a timeout, a proxy resend) booking the same bet twice (issue #20)."""
    game = "2025-01-29-CHI-BOS"
    body = {"game_id": game, "market": "moneyline", "side": "away", "odds": 1.5, "amount": 10,
            "at": "2025-01-29T17:00:00+00:00"}
    first = api.post("/api/desk/quote", json=body, headers={"Idempotency-Key": "http-retry-1"})
    again = api.post("/api/desk/quote", json=body, headers={"Idempotency-Key": "http-retry-1"})
    assert first.status_code == again.status_code == 200
    assert again.json()["quote_id"] == first.json()["quote_id"] and again.json()["replayed"] is True
    assert first.json()["replayed"] is False
    other = api.post("/api/desk/quote", json=body | {"amount": 12}, headers={"Idempotency-Key": "http-retry-1"})
    assert other.status_code == 400 and "used for a different quote request" in other.json()["error"]

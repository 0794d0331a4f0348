"""One decision per card set across processes, on SQLite and PostgreSQL.

Two pre-warmed worker processes resume the same thread at the same instant (each polls for a
"go" file the test creates once both are ready). Before the set claim, two cards of one set were
both applied, approve and decline of one card were both recorded, and racers reported the shared
checkpoint instead of their own outcome. Also: a kill after the move commits but before the
checkpoint, and a resume from a session with other options (the card's own league decides).
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

import forkrun

from services.config import reset_settings_cache
from services.store.state import state_store

pytest_plugins = ["pg_cluster"]

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
# One league universe per round, so a round's move never touches another round's cards.
ROUND_DATES = ["2025-01-29", "2025-01-22", "2025-01-15"]

WORKER = r"""
import json, sys, time
from pathlib import Path
from agents.core.runtime import Assistant

jobs, box, name = json.loads(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
a = Assistant(provider="offline")  # the session's options are the defaults (as of 2025-01-29)
for i, job in enumerate(jobs):
    a.pending_approvals(job["thread"])  # warm: graph, checkpointer, store and the card's league
    (box / f"ready-{name}-{i}").touch()
    while not (box / f"go-{i}").exists():
        time.sleep(0.0005)
    r = a.resume(job["thread"], job["decision"], job["move"])
    print(json.dumps(r, default=str), flush=True)
"""


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, fresh_state, monkeypatch):
    """The state store and checkpoints of this test: SQLite under its home, or a fresh PG database."""
    from services.store import state as store_mod

    url = None
    if request.param == "postgres":
        url = request.getfixturevalue("pg_url")
        monkeypatch.setenv("COURTSIDE_STATE_URL", url)
        reset_settings_cache()
    yield url
    if url:
        with store_mod._stores_lock:
            store = store_mod._stores.pop((str(fresh_state.home), url), None)
        if store is not None:
            store.close()
        monkeypatch.delenv("COURTSIDE_STATE_URL")
        reset_settings_cache()


def _env(home: Path, url: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    if url:
        env["COURTSIDE_STATE_URL"] = url
    return env


def _offer(rounds: int) -> list[tuple[str, list[dict]]]:
    """Asks the review in one thread per round (each in its own as-of league); returns the cards."""
    from agents.core.runtime import Assistant

    out = []
    for i in range(rounds):
        # this-week mode: balanced advice may offer a single card, and a race needs a set of two
        a = Assistant(provider="offline", as_of=__import__("datetime").date.fromisoformat(ROUND_DATES[i]),
                      advice_mode="this_week")
        thread = f"race-{i}"
        cards = a.ask(REVIEW, thread)["pending_approvals"]
        assert len(cards) >= 2, "the review must offer a set of at least two cards"
        out.append((thread, cards))
    return out


def _race(tmp_path: Path, env: dict, jobs_a: list[dict], jobs_b: list[dict]) -> tuple[list[dict], list[dict]]:
    """Runs both workers; releases each round when both are ready; returns their results."""
    box = tmp_path / "box"
    box.mkdir()
    procs = [forkrun.Popen(["-c", WORKER, json.dumps(jobs), str(box), name], cwd=REPO, env=env)
             for name, jobs in (("a", jobs_a), ("b", jobs_b))]
    try:
        for i in range(len(jobs_a)):
            deadline = time.monotonic() + 120
            while not all((box / f"ready-{n}-{i}").exists() for n in "ab"):
                assert time.monotonic() < deadline and all(p.poll() is None for p in procs), \
                    [p.stderr.read() for p in procs if p.poll() is not None]
                time.sleep(0.01)
            (box / f"go-{i}").touch()
        outs = [p.communicate(timeout=180) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    for p, (_, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err[-2000:]
    return tuple([json.loads(line) for line in out.splitlines() if line.strip()] for out, _ in outs)


def _league(card: dict) -> str:
    return card["league_id"]


def test_two_cards_of_one_set_racing_from_two_processes_apply_one(backend, fresh_state, tmp_path):
    offered = _offer(3)
    jobs_a = [{"thread": t, "decision": "approve", "move": cards[0]["move_id"]} for t, cards in offered]
    jobs_b = [{"thread": t, "decision": "approve", "move": cards[1]["move_id"]} for t, cards in offered]
    res_a, res_b = _race(tmp_path, _env(fresh_state.home, backend), jobs_a, jobs_b)
    store = state_store()
    for (thread, cards), ra, rb in zip(offered, res_a, res_b, strict=True):
        moves = store.moves(_league(cards[0]))
        assert len(moves) == 1, f"{thread}: {len(moves)} moves of one set applied"
        winner, loser = (ra, rb) if ra["transactions"] else (rb, ra)
        won_card = next(c for c in cards if c["move_id"] == moves[0]["move_id"])
        # each process reports its own outcome: the winner its move, the loser a refusal naming it
        assert [t["move_id"] for t in winner["transactions"]] == [won_card["move_id"]]
        assert winner["error"] is None and not winner.get("refused")
        assert loser["transactions"] == [] and loser["refused"] is True
        assert "decided already" in loser["error"] and won_card["title"] in loser["error"]
        assert [d["move_id"] for d in store.decisions(thread)] == [won_card["move_id"]]


def test_approve_and_decline_of_one_card_racing_record_one_decision(backend, fresh_state, tmp_path):
    offered = _offer(3)
    jobs_a = [{"thread": t, "decision": "approve", "move": cards[0]["move_id"]} for t, cards in offered]
    jobs_b = [{"thread": t, "decision": "decline", "move": cards[0]["move_id"]} for t, cards in offered]
    res_a, res_b = _race(tmp_path, _env(fresh_state.home, backend), jobs_a, jobs_b)
    store = state_store()
    for (thread, cards), approver, decliner in zip(offered, res_a, res_b, strict=True):
        decided = store.decisions(thread)
        assert len(decided) == 1, f"{thread}: {[d['decision'] for d in decided]} both recorded"
        moves = store.moves(_league(cards[0]))
        if decided[0]["decision"] == "approve":
            assert [m["move_id"] for m in moves] == [cards[0]["move_id"]]
            assert [t["move_id"] for t in approver["transactions"]] == [cards[0]["move_id"]]
            assert decliner["refused"] is True and "Nothing changed." not in decliner["answer"].split("(")[0]
            assert "approve of" in decliner["error"]
        else:
            assert moves == []
            assert "Declined" in decliner["answer"] and decliner["error"] is None
            assert approver["refused"] is True and approver["transactions"] == []
            assert "decline of" in approver["error"]


KILLER = r"""
import os, sys
from services.store.state import StateStore
from agents.core.runtime import Assistant

real = StateStore.decide_set
def decide_then_die(self, *a, **kw):
    out = real(self, *a, **kw)  # the claim and the move are committed ...
    os._exit(9)                 # ... and the process dies before LangGraph writes the checkpoint
StateStore.decide_set = decide_then_die
Assistant(provider="offline").resume(sys.argv[1], "approve", sys.argv[2])
"""


def test_a_kill_after_the_move_commits_then_a_retry_reports_it_applied(backend, fresh_state):
    from agents.core.runtime import Assistant

    a = Assistant(provider="offline")
    card = a.ask(REVIEW, "killed")["pending_approvals"][0]
    p = forkrun.run(["-c", KILLER, "killed", card["move_id"]], cwd=REPO,
                    env=_env(fresh_state.home, backend), timeout=120)
    assert p.returncode == 9, p.stderr[-2000:]
    assert [m["move_id"] for m in state_store().moves(card["league_id"])] == [card["move_id"]]
    assert a.pending_approvals("killed")  # the checkpoint never moved on

    retry = Assistant(provider="offline").resume("killed", "approve", card["move_id"])
    assert retry["error"] is None and not retry.get("refused")
    assert [t["move_id"] for t in retry["transactions"]] == [card["move_id"]]
    from agents.core.approvals import decision_line
    from agents.core.contracts import Card

    line = decision_line(Card.model_validate(card))  # "Done: dropped A and added B" (or moved A to IR)
    assert line[:-1] in retry["answer"]
    assert "recorded earlier" in retry["answer"]
    assert "refused" not in retry["answer"] and "applied already" not in retry["answer"]
    assert a.pending_approvals("killed") == []  # now the checkpoint moved on too
    assert len(state_store().moves(card["league_id"])) == 1
    other = Assistant(provider="offline").resume("killed", "decline", card["move_id"])
    assert other["refused"] is True and card["title"] in other["error"]


def test_a_resume_is_checked_against_the_cards_own_league(fresh_state):
    """A session on 2025-01-30 deciding a card of the 2025-01-29 league: the 01-29 roster decides
    (it answered 'Brandon Miller is no longer on your roster' and burned the card)."""
    import datetime as dt

    from agents.core.runtime import Assistant

    card = Assistant(provider="offline").ask(REVIEW, "own-league")["pending_approvals"][0]
    later = Assistant(provider="offline", as_of=dt.date(2025, 1, 30), scoring="categories")
    r = later.resume("own-league", "approve", card["move_id"])
    assert r["error"] is None, r["answer"]
    assert [t["move_id"] for t in r["transactions"]] == [card["move_id"]]
    assert [m["move_id"] for m in state_store().moves("demo-points-2025-01-29")] == [card["move_id"]]
    assert state_store().moves(later.league_id()) == []


def _cli(home: Path, *args: str) -> tuple[int, dict, str]:
    p = forkrun.run(["-m", "agents", *args, "--json"], cwd=REPO, env=_env(home, None), timeout=120)
    return p.returncode, json.loads(p.stdout) if p.stdout.strip() else {}, p.stderr


@pytest.mark.parametrize("move", ["", "   ", "mv_" + "x" * 5000])
def test_resume_with_an_empty_or_unknown_move_is_an_error(fresh_state, move):
    rc, r, _ = _cli(fresh_state.home, "ask", REVIEW, "--thread", "cli-move")
    assert rc == 0 and r["error"] is None and r["pending_approvals"]
    rc, r, err = _cli(fresh_state.home, "resume", "--thread", "cli-move", "--decision", "approve", "--move", move)
    assert rc == 1 and r["refused"] is True and r["transactions"] == [] and r["error"]
    assert "Traceback" not in err and len(r["error"]) < 400  # a long id is echoed clipped
    assert state_store().moves("demo-points-2025-01-29") == []


def test_two_conflicting_cards_decided_from_another_session_apply_one(fresh_state, demo_source):
    """Two cards adding the same free agent with different drops, decided at function level from a
    01-30 session's source: the second is refused against the cards' own 01-29 league (it left
    Ayo Dosunmu on team 1 twice)."""
    import datetime as dt

    from agents.core.approvals import decide
    from agents.core.contracts import Card
    from agents.core.cards import move_id
    from agents.core.runtime import Assistant

    first = Assistant(provider="offline").ask(REVIEW, "conflict-1")["pending_approvals"][0]
    other_drop = next(p for p in demo_source().league.roster_ids() if p != first["drop_id"])
    clash = first | {"drop_id": other_drop, "drop": other_drop, "title": f"Drop {other_drop} -> Add {first['add']}",
                     "move_id": move_id(first["league_id"], first["team_id"], other_drop, first["add_id"])}
    session = demo_source(as_of=dt.date(2025, 1, 30))  # the deciding session's options differ
    done, _ = decide(session, [Card.model_validate(first)], {first["move_id"]: "approve"}, "conflict-1")
    refused, lines = decide(session, [Card.model_validate(clash)], {clash["move_id"]: "approve"}, "conflict-2")
    assert [t["move_id"] for t in done] == [first["move_id"]] and refused == []
    assert f"{first['add']} is no longer a free agent" in lines[0]
    rosters = demo_source().league.rosters()
    assert sum(first["add_id"] in ids for ids in rosters.values()) == 1
    assert [m["move_id"] for m in state_store().moves("demo-points-2025-01-29")] == [first["move_id"]]
    assert state_store().moves(session.league.league_id) == []

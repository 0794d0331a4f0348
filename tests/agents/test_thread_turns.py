"""A thread is a conversation (issue #18 §2): a new question while cards wait is answered and the
cards stay decidable; turns of one thread are serialized, so concurrent turns are never lost; a
turn that cannot run says so.

Every test here fails on the code before this change: a second question on a thread with a
pending card was refused ("approve or decline it first", exit 1), and concurrent turns in
several processes read the same checkpoint and the later write dropped a turn.
"""
from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

import forkrun

from services.store import thread_locks
from services.store.state import state_store

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
RESEARCH = "How has Tyrese Haliburton played lately?"


def _cli(home: Path, *args: str, **env_extra: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env |= {"COURTSIDE_HOME": str(home), **env_extra}
    return forkrun.Popen(["-m", "agents", *args], cwd=REPO, env=env)


def _user_turns(assistant, thread: str) -> list[str]:
    return [t["content"] for t in assistant.history(thread) if t["role"] == "user"]


def test_a_new_question_while_cards_wait_is_answered_and_the_cards_stay_decidable(make_assistant):
    """Before: refused with "approve or decline it first"; now answered, cards kept, then approved."""
    a = make_assistant()
    cards = a.ask(REVIEW, "t")["pending_approvals"]
    assert cards
    r = a.ask(RESEARCH, "t")
    assert r["error"] is None and "refused" not in r
    assert r["intent"] == "player_research" and "get_player_game_log" in [c["name"] for c in r["tool_calls"]]
    assert "Haliburton" in r["answer"]
    # the same cards, still pending: in the turn's result, the thread, and the Approvals list
    assert [c["move_id"] for c in r["pending_approvals"]] == [c["move_id"] for c in cards]
    assert [c["move_id"] for c in a.pending_approvals("t")] == [c["move_id"] for c in cards]
    assert {c["move_id"] for c in a.all_pending() if c["thread_id"] == "t"} == {c["move_id"] for c in cards}
    assert _user_turns(a, "t") == [REVIEW, RESEARCH]
    # deciding the deferred card applies exactly it; approving closes its set
    top = cards[0]
    done = a.resume("t", "approve", top["move_id"])
    assert done["error"] is None and [t["move_id"] for t in done["transactions"]] == [top["move_id"]]
    assert top["add_id"] in a.source.league.roster_ids() and top["drop_id"] not in a.source.league.roster_ids()
    assert a.pending_approvals("t") == []
    assert "Done:" in done["answer"] and a.history("t")[-1]["content"].startswith("Done:")
    again = a.resume("t", "approve", top["move_id"])  # once decided, a second decision changes nothing
    # a retry of the same decision reports the first outcome (issue #20) and applies nothing again
    assert not again.get("refused") and again["error"] is None and again["answer"].startswith("Applied already")
    assert [t["move_id"] for t in again["transactions"]] == [top["move_id"]] and all(
        t["already"] for t in again["transactions"])
    assert [m["move_id"] for m in state_store().moves(a.source.league_id)] == [top["move_id"]]


def test_a_declined_deferred_card_leaves_its_siblings_pending(make_assistant):
    """Before: the second question was refused, so the set could never be set aside at all."""
    a = make_assistant()
    cards = a.ask(REVIEW, "d")["pending_approvals"]
    assert len(cards) >= 2
    a.ask(RESEARCH, "d")
    r = a.resume("d", "decline", cards[0]["move_id"])
    assert r["error"] is None and "Declined" in r["answer"] and r["transactions"] == []
    assert [c["move_id"] for c in a.pending_approvals("d")] == [c["move_id"] for c in cards[1:]]
    r = a.resume("d", "approve", cards[1]["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [cards[1]["move_id"]]
    assert a.pending_approvals("d") == []


def test_an_older_deferred_set_is_decided_while_newer_cards_wait(make_assistant):
    """Two sets in one thread: approving the older set's card applies it; the newer set stays
    pending and decidable. Before: the second review was refused, so only one set could exist."""
    a = make_assistant()
    first = a.ask(REVIEW, "two")["pending_approvals"]
    second = a.ask("Which center on the waiver wire would you grab?", "two")["pending_approvals"]
    # newest set first, then the deferred one (the newer set may offer a move the older set offers too)
    newer = second[:len(second) - len(first)]
    assert newer and [c["move_id"] for c in second[len(newer):]] == [c["move_id"] for c in first]
    # an older card that shares no player with the newer set (one that does withdraws the cards it conflicts with)
    players = lambda c: {c.get(k) for k in ("drop_id", "add_id", "cut_id")} - {None, ""}  # noqa: E731
    old = next(c for c in first if c["move_id"] not in {n["move_id"] for n in newer}
               and not any(players(c) & players(n) for n in newer))
    r = a.resume("two", "approve", old["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [old["move_id"]]
    left = {c["move_id"] for c in a.pending_approvals("two")}
    assert {c["move_id"] for c in newer} <= left and old["move_id"] not in left


def test_four_concurrent_cli_turns_on_one_thread_are_all_in_its_history(fresh_state, make_assistant):
    """Before: each process read the same checkpoint and the last write won (a turn went missing
    while every process exited 0). Now each waits for the thread's lease: four turns, in order."""
    questions = [f"How has {n} played lately?" for n in ("Tyrese Haliburton", "Jalen Williams", "Paul George",
                                                          "Tyler Herro")]
    procs = [_cli(fresh_state.home, "ask", q, "--thread", "four", "--json") for q in questions]
    outs = [p.communicate(timeout=240) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], [o[1][-300:] for o in outs]
    assert all(json.loads(o[0])["error"] is None for o in outs)
    a = make_assistant()
    asked = _user_turns(a, "four")
    assert sorted(asked) == sorted(questions)
    assert len([t for t in a.audit("four")]) == 4
    assert thread_locks.holder_of(state_store(), "four") is None  # every lease given back


def test_concurrent_turns_in_one_process_are_serialized(make_assistant):
    """Threads of one server sharing an assistant: before, the second was refused ("already running")."""
    a = make_assistant()
    results: list[dict] = []
    questions = [RESEARCH, "How has Jalen Williams played lately?", "How has Paul George played lately?"]
    workers = [threading.Thread(target=lambda q=q: results.append(a.ask(q, "inproc"))) for q in questions]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert sorted(r["error"] or "" for r in results) == ["", "", ""]
    assert sorted(_user_turns(a, "inproc")) == sorted(questions)


def test_a_turn_that_cannot_get_the_thread_is_refused_and_changes_nothing(fresh_state):
    """Another turn holds the thread longer than this one waits: exit 1, `error` says so, nothing
    is added. (Before, a second process simply ran and the two turns raced.)"""
    store = state_store()
    assert thread_locks.try_acquire(store, "held", "someone-else")
    p = _cli(fresh_state.home, "ask", RESEARCH, "--thread", "held", "--json", COURTSIDE_TURN_WAIT_S="0.3")
    out, err = p.communicate(timeout=120)
    assert p.returncode == 1
    result = json.loads(out)
    assert "still running" in result["error"] and result["refused"] is True
    assert store.turns("held") == []
    thread_locks.release(store, "held", "someone-else")


def test_an_expired_lease_is_taken_over_and_only_its_holder_releases(fresh_state):
    """A process that died holding the thread must not block it forever; a stale holder's
    release must not free the new holder's lease."""
    store = state_store()
    assert thread_locks.try_acquire(store, "x", "dead", lease_s=-1)  # already expired
    assert thread_locks.try_acquire(store, "x", "alive")
    assert not thread_locks.try_acquire(store, "x", "third")
    thread_locks.release(store, "x", "dead")
    assert thread_locks.holder_of(store, "x") == "alive"
    with pytest.raises(thread_locks.TurnBusy):
        thread_locks.acquire(store, "x", wait_s=0.05)
    thread_locks.release(store, "x", "alive")
    with thread_locks.turn_lock(store, "x", wait_s=0.05) as holder:
        assert thread_locks.holder_of(store, "x") == holder


def test_a_question_over_the_limit_is_bad_input_in_one_line(fresh_state):
    """Issue #18/#20: 5,000 characters were cut (UI) or refused with exit 1 (CLI); now exit 2,
    one line, nothing recorded."""
    p = _cli(fresh_state.home, "ask", "x" * 5000, "--thread", "long", "--json")
    out, err = p.communicate(timeout=120)
    assert p.returncode == 2
    assert json.loads(out)["error"].startswith("That message is too long (5,000 characters; the limit is 4,000)")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert state_store().turns("long") == []


def test_a_killed_holder_frees_the_thread_at_once(fresh_state):
    """A turn's process killed mid-turn (no release) must not block its thread for the lease's
    length: a waiter on the same host sees the holder's process is gone and takes over."""
    code = ("import os; from services.store import thread_locks as t; from services.store.state import state_store; "
            "t.hold(state_store(), 'killed', 1.0); os._exit(9)")
    env = {k: v for k, v in os.environ.items() if k != "COURTSIDE_STATE_URL"} | {"COURTSIDE_HOME": str(fresh_state.home)}
    assert forkrun.run(["-c", code], cwd=REPO, env=env, timeout=60).returncode == 9
    store = state_store()
    dead = thread_locks.holder_of(store, "killed")
    assert dead and dead.split(":")[1] != str(os.getpid())  # still leased to the dead process
    with thread_locks.turn_lock(store, "killed", wait_s=0.5) as holder:  # not 30 s: at once
        assert thread_locks.holder_of(store, "killed") == holder


def test_a_running_turn_keeps_its_lease_past_the_lease_length(fresh_state):
    """The holder renews its lease while the turn runs: a long turn (a slow model) is not taken
    over by a waiter when the lease's length passes, and releasing frees it."""
    import time

    store = state_store()
    held = thread_locks.hold(store, "long", wait_s=0.1, lease_s=0.3)
    time.sleep(0.7)  # two lease lengths: renewed every 0.1 s
    assert not thread_locks.try_acquire(store, "long", "waiter", lease_s=0.3)
    held.release()
    assert thread_locks.try_acquire(store, "long", "waiter")

"""A failure is never exit 0: every `--json` result has an `error` (null when fine), a failed turn
exits 1 with a message that says what failed and what to do, within a bounded time.

Before: a locked state store, Gemini without a network, Ollama down or hung all exited 0 (a hung
Ollama after ~63 s), and the JSON had no `error` key.
"""
from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
from pathlib import Path

import pytest

import forkrun
from fake_ollama import FakeOllama

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
QUESTION = "What's Joel Embiid's status right now?"


def _env(home: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("COURTSIDE_", "OLLAMA_")) and k not in ("GOOGLE_API_KEY", "GEMINI_API_KEY")}
    env.update({"COURTSIDE_HOME": str(home), "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"})
    env.update(extra)
    return env


def _cli(env: dict, *args: str, timeout: float = 120) -> tuple[int, dict, str, float]:
    t0 = time.perf_counter()
    p = forkrun.run(["-m", "agents", *args, "--json"], cwd=REPO, env=env, timeout=timeout)
    out = p.stdout.strip()
    return p.returncode, json.loads(out[out.find("{"):]) if "{" in out else {}, p.stderr, time.perf_counter() - t0


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_good_turn_has_error_null_and_exit_0(fresh_state):
    rc, r, err, _ = _cli(_env(fresh_state.home), "ask", "How has Tyrese Haliburton played lately?")
    assert rc == 0 and r["error"] is None and r["answer"], err


def test_an_unknown_player_is_an_answer_not_a_failure(fresh_state):
    rc, r, err, _ = _cli(_env(fresh_state.home), "ask", "What is the status of Bob Fakename?")
    assert rc == 0 and r["error"] is None, err
    assert "No player matches 'Bob Fakename'" in r["answer"]


def test_a_locked_state_store_fails_a_resume_with_exit_1_and_says_so(fresh_state):
    env = _env(fresh_state.home, COURTSIDE_STORE_BUSY_TIMEOUT_S="1")
    rc, r, err, _ = _cli(env, "ask", REVIEW, "--thread", "locked")
    card = r["pending_approvals"][0]
    holder = sqlite3.connect(str(fresh_state.home / "state.sqlite"), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        rc, r, err, secs = _cli(env, "resume", "--thread", "locked", "--decision", "approve", "--move", card["move_id"])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert rc == 1 and r.get("transactions", []) == [] and "Traceback" not in err
    assert "is locked by another process" in r["error"] and "try again" in r["error"]
    assert secs < 30  # bounded by COURTSIDE_STORE_BUSY_TIMEOUT_S, not 40 s
    rc, r, err, _ = _cli(env, "resume", "--thread", "locked", "--decision", "approve", "--move", card["move_id"])
    assert rc == 0 and [t["move_id"] for t in r["transactions"]] == [card["move_id"]], err  # nothing was half-done


def test_a_locked_state_store_fails_an_ask_with_exit_1(fresh_state):
    env = _env(fresh_state.home, COURTSIDE_STORE_BUSY_TIMEOUT_S="1")
    _cli(env, "ask", QUESTION)  # the store exists
    holder = sqlite3.connect(str(fresh_state.home / "state.sqlite"), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        rc, r, err, _ = _cli(env, "ask", QUESTION)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert rc == 1 and "is locked by another process" in r["error"] and "Traceback" not in err


def test_ollama_down_fails_fast_with_exit_1(fresh_state):
    env = _env(fresh_state.home, COURTSIDE_PROVIDER="ollama",
               COURTSIDE_OLLAMA_URL=f"http://127.0.0.1:{_closed_port()}", COURTSIDE_MODEL_TIMEOUT_S="2")
    rc, r, err, secs = _cli(env, "ask", QUESTION)
    assert rc == 1 and "Traceback" not in err
    assert r["error"].startswith("The model (Ollama (qwen2.5:7b)) did not answer: ConnectError")
    assert "ollama serve" in r["error"] and "--provider offline" in r["error"]
    assert secs < 30


def test_a_hung_ollama_fails_within_one_timeout(fresh_state):
    server = FakeOllama((), mode="hang", hang_cap_s=30.0)
    try:
        env = _env(fresh_state.home, COURTSIDE_PROVIDER="ollama", COURTSIDE_OLLAMA_URL=server.url,
                   COURTSIDE_MODEL_TIMEOUT_S="2", COURTSIDE_MODEL_MAX_RETRIES="2")
        rc, r, err, secs = _cli(env, "ask", QUESTION)
    finally:
        server.close()
    assert rc == 1 and "ReadTimeout" in r["error"] and "2 s (COURTSIDE_MODEL_TIMEOUT_S)" in r["error"]
    assert len(server.requests) == 1  # one wait, not one per node (was 3 x 20 s)
    assert secs < 2 + 40  # one timeout plus the process start (slow under load), not a wait per node


def test_gemini_without_a_network_fails_with_exit_1(fresh_state):
    dead_proxy = f"http://127.0.0.1:{_closed_port()}"  # every HTTPS request dies at once: no network
    env = _env(fresh_state.home, COURTSIDE_PROVIDER="gemini", GOOGLE_API_KEY="AIzaFAKE-not-a-real-key-000000000",
               COURTSIDE_MODEL_TIMEOUT_S="3", COURTSIDE_MODEL_MAX_RETRIES="0",
               HTTPS_PROXY=dead_proxy, https_proxy=dead_proxy, ALL_PROXY=dead_proxy, NO_PROXY="", no_proxy="")
    rc, r, err, secs = _cli(env, "ask", QUESTION)
    assert rc == 1 and "Traceback" not in err, err
    assert r["error"].startswith("The model (Gemini (gemini-2.5-flash)) did not answer")
    assert "AIzaFAKE" not in json.dumps(r) + err
    assert secs < 60

"""Connecting an ESPN league is checked on save with one line (issue #37 item 5), against the mirror
served as a private league (`--private`: 401 without the espn_s2/SWID cookies).

Broken versions caught: before #37 there was no check (the Settings page took any id and failed
later inside a chat turn) and nowhere to keep a connection; a message echoing a cookie; cookies
kept as plain strings that print.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
S2, SWID = "S2-secret-cookie-value-123", "{SWID-SECRET-4567}"


@pytest.fixture(scope="module")
def private_mirror(courtside_home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
    env["COURTSIDE_HOME"] = str(courtside_home)
    proc = subprocess.Popen([sys.executable, "-m", "services", "espn-mirror", "--as-of", "2025-01-29", "--private"],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        yield json.loads(proc.stdout.readline())
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_each_failure_is_one_line_and_a_good_league_connects(private_mirror, monkeypatch, fresh_state, caplog):
    from agents.core import threads
    from services.models import ServiceError

    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("COURTSIDE_ESPN_URL", private_mirror["url"])
    lid, season = private_mirror["league_id"], private_mirror["season"]
    cases = [
        ((lid, season, None, None), "ESPN refused access to league"),           # private, no cookies
        ((lid, season, S2, None), "needs both cookies"),                         # half the cookies
        ((987654, season, S2, SWID), "ESPN has no fantasy basketball league 987654"),  # wrong id
        (("12ab", season, None, None), "is a positive number"),
    ]
    for args, words in cases:
        with pytest.raises(ServiceError) as e:
            threads.connect_espn("alice", *args)
        assert words in str(e.value) and "\n" not in str(e.value)
        assert S2 not in str(e.value) and SWID not in str(e.value)
        assert threads.espn_connection("alice") is None  # a failed check changes nothing
    with socket.socket() as s:  # a closed port: no network
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    monkeypatch.setenv("COURTSIDE_ESPN_URL", f"http://127.0.0.1:{closed}")
    with pytest.raises(ServiceError) as e:
        threads.connect_espn("alice", lid, season, S2, SWID)
    assert str(e.value).startswith("Could not reach ESPN")
    monkeypatch.setenv("COURTSIDE_ESPN_URL", private_mirror["url"])
    found = threads.connect_espn("alice", str(lid), season, S2, SWID)
    assert found.league_id == lid and found.scoring == "points" and len(found.teams) == 10
    held = threads.espn_connection("alice")
    assert held.league_id == lid and held.espn_s2.get_secret_value() == S2 and held.swid.get_secret_value() == SWID
    assert S2 not in repr(held) and S2 not in str(held.model_dump())  # SecretStr: never printed
    assert threads.espn_connection("bob") is None  # another owner's connection is not his
    assert S2 not in caplog.text and SWID not in caplog.text

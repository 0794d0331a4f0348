"""The API serving through `services store backup` and `services store restore --which state`
(issue #39, failure 1): before, the API kept its connections on the file renamed aside, six new
chats answered 200, none reached the live state.sqlite, and after a restart
`GET /api/threads/<id>` was 404. Here every chat after the restore is in the live file, the API
never stops answering, and after a restart each thread is still there.
"""
from __future__ import annotations

import sqlite3
from contextlib import closing

import httpx
import pytest

import forkrun
from tests.app.server import REPO
from tests.http_api.server import api_env, api_server, serving_home

QUESTION = "How is Nikola Jokic doing?"


@pytest.fixture
def home(tmp_path, courtside_home):
    h = tmp_path / "home"
    h.mkdir()
    serving_home(courtside_home, h)
    return h


def _chat(client: httpx.Client) -> str:
    r = client.post("/api/agent/chat", json={"message": QUESTION}, headers={"accept": "application/json"})
    assert r.status_code == 200 and r.json()["error"] is None, r.text[:300]
    return r.json()["thread_id"]


def _threads_in_live_file(home) -> set[str]:
    with closing(sqlite3.connect(f"file:{home / 'state.sqlite'}?mode=ro", uri=True)) as con:
        return {r[0] for r in con.execute("SELECT DISTINCT thread_id FROM audit_turns")}


def _store(home, *args: str) -> None:
    out = forkrun.run(["-m", "services", "store", *args, "--json"], cwd=REPO, env=api_env(home), timeout=120)
    assert out.returncode == 0, out.stderr[-500:]


def test_chats_after_a_restore_reach_the_live_file_and_survive_a_restart(home):
    with api_server(home) as url, httpx.Client(base_url=url, timeout=120) as client:
        first = _chat(client)
        _store(home, "backup")
        lost = _chat(client)  # after the backup: the restore takes it back (it is in the copy aside)
        _store(home, "restore", "--which", "state")
        after = [_chat(client) for _ in range(3)]
        live = _threads_in_live_file(home)
        assert first in live and set(after) <= live and lost not in live
        assert client.get(f"/api/threads/{after[0]}").status_code == 200
    [aside] = home.glob("state.sqlite.replaced-*")
    with closing(sqlite3.connect(f"file:{aside}?mode=ro", uri=True)) as con:
        assert con.execute("SELECT count(*) FROM audit_turns WHERE thread_id=?", (lost,)).fetchone()[0] == 1
    with api_server(home) as url:  # a restart reads the same file
        for tid in [first, *after]:
            r = httpx.get(f"{url}/api/threads/{tid}", timeout=60)
            assert r.status_code == 200 and r.json()["turns"], (tid, r.text[:200])

"""Backup and restore on PostgreSQL with its own tools, while stores are open (issue #39): before,
`services store backup|restore` refused to run on PostgreSQL at all. One test per step: the
backup is a pg_dump archive; a restore in one transaction is read and written by stores whose
connections were open through it (two, as two processes would hold them); what it replaced is
kept aside as a dump that `restore --from` accepts; a bad candidate changes nothing; no temporary
file is left. A throwaway cluster (tests/pg_cluster.py).
"""
from __future__ import annotations

import json

import pytest

from services.store import pg_admin
from services.store.guard import StoreDamaged
from services.store.state import StateStore

pytest_plugins = ["pg_cluster"]


@pytest.fixture
def pg(pg_url, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    monkeypatch.setenv("COURTSIDE_STATE_URL", pg_url)
    from services.config import reset_settings_cache

    reset_settings_cache()
    stores = [StateStore(pg_url), StateStore(pg_url)]
    yield pg_url, home, stores
    for s in stores:
        s.close()
    monkeypatch.delenv("COURTSIDE_STATE_URL")
    reset_settings_cache()


def _ids(store: StateStore) -> set[int]:
    return {int(t["turn_id"].split("-")[1]) for t in store.turns()}


def _turn(store: StateStore, n: int) -> None:
    store.record_turn(f"turn-{n}", "t", {"n": n})


def test_open_stores_read_and_write_the_restored_database(pg):
    url, home, (a, b) = pg
    for n in range(3):
        _turn(a, n)
    dump = pg_admin.backup(url, home)
    assert dump.name.endswith("-manual.dump") and pg_admin.candidate_problem(dump) is None
    _turn(b, 3)  # after the backup: the restore takes it back
    src, aside = pg_admin.restore(url, home, dump)
    assert _ids(a) == _ids(b) == {0, 1, 2}
    _turn(a, 4), _turn(b, 5)  # the same connections, on the restored tables
    assert _ids(StateStore(url)) == {0, 1, 2, 4, 5}
    # what was replaced is a dump that restore --from accepts
    pg_admin.restore(url, home, aside)
    assert _ids(a) == {0, 1, 2, 3}
    assert not [p for p in home.rglob("*") if ".tmp-" in p.name]


def test_the_cli_backs_up_and_restores_postgresql(pg, capsys):
    from services.cli import main

    url, home, (a, _) = pg
    _turn(a, 1)
    assert main(["store", "backup", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)["backups"]
    _turn(a, 2)
    assert main(["store", "restore", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["error"] is None and out["restored"][0][0] == made[0]
    assert _ids(a) == {1}


def test_a_bad_candidate_changes_nothing(pg, tmp_path):
    url, home, (a, _) = pg
    _turn(a, 1)
    junk = tmp_path / "junk.dump"
    junk.write_bytes(b"not an archive")
    with pytest.raises(StoreDamaged, match="not a pg_dump archive.*nothing was changed"):
        pg_admin.restore(url, home, junk)
    empty = tmp_path / "empty.dump"
    empty.write_bytes(b"")
    with pytest.raises(StoreDamaged, match="empty"):
        pg_admin.restore(url, home, empty)
    assert _ids(a) == {1} and not list(home.glob("state.replaced-*"))

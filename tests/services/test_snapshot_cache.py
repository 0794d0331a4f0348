"""The on-disk snapshot cache (services/league/snapshot_cache.py): a new process reads the snapshot
an earlier one built, only for the same database content and code, and a damaged file is rebuilt."""
from __future__ import annotations

import datetime as dt
import pickle

import pytest

from services.league import snapshot as snap_mod
from services.league import snapshot_cache as cache

AS_OF = dt.date(2025, 1, 29)


def _facts(s) -> dict:
    return {pid: (ps.expected_fpts, ps.availability, tuple(ps.return_curve), ps.status, len(ps.games))
            for pid, ps in s.players.items()}


@pytest.fixture
def own_cache(fresh_state, monkeypatch):
    """A home with no snapshot cache of its own (not the run's shared one) and an empty memory cache."""
    import shutil

    link = fresh_state.home / "cache"
    if link.is_symlink():
        link.unlink()
    elif link.exists():
        shutil.rmtree(link)
    snap_mod.forget_in_memory()
    yield fresh_state.home / "cache" / "snapshots"
    snap_mod.forget_in_memory()


def _no_build(monkeypatch):
    def refuse(self, as_of):
        raise AssertionError("built again instead of read from the cache")
    monkeypatch.setattr(snap_mod.Snapshot, "__init__", refuse)


def test_a_new_process_reads_the_snapshot_an_earlier_one_built(own_cache, monkeypatch):
    """Catches a cache that is written but never read (every process rebuilding, 1.5 s of CPU),
    and one that returns a different snapshot than the build would."""
    built = snap_mod.snapshot(AS_OF)
    [path] = own_cache.glob(f"{AS_OF}-*.pkl")
    snap_mod.forget_in_memory()  # what a new process starts with
    _no_build(monkeypatch)
    loaded = snap_mod.snapshot(AS_OF)
    assert loaded is not built and loaded.as_of == AS_OF
    assert _facts(loaded) == _facts(built)
    assert loaded.team_dates_all == built.team_dates_all


def test_another_database_or_code_never_reads_it(own_cache, monkeypatch):
    """The key is the database's recorded fingerprint and the league code: a different database
    (a rebuilt or scrambled one) at the same path rebuilds, and its file replaces the old key's.
    Catches a cache keyed by path or date only (the no-lookahead copy would read the real future)."""
    snap_mod.snapshot(AS_OF)
    [first] = own_cache.glob(f"{AS_OF}-*.pkl")
    snap_mod.forget_in_memory()
    monkeypatch.setattr(cache, "_db_fingerprint", lambda path: "another database")
    calls = []
    real = snap_mod.Snapshot.__init__
    monkeypatch.setattr(snap_mod.Snapshot, "__init__", lambda self, d: (calls.append(d), real(self, d))[1])
    snap_mod.snapshot(AS_OF)
    assert calls == [AS_OF]
    [second] = own_cache.glob(f"{AS_OF}-*.pkl")
    assert second != first
    snap_mod.forget_in_memory()
    monkeypatch.setattr(cache, "code_digest", lambda: "other code")
    snap_mod.snapshot(AS_OF)
    assert calls == [AS_OF, AS_OF]


def test_a_damaged_file_is_rebuilt_and_replaced(own_cache, monkeypatch):
    """A truncated file (a killed writer, a full disk) or one holding another date is not trusted:
    the snapshot is rebuilt and the file rewritten whole. Catches a crash on a bad cache file."""
    good = _facts(snap_mod.snapshot(AS_OF))
    [path] = own_cache.glob(f"{AS_OF}-*.pkl")
    path.write_bytes(path.read_bytes()[:1000])
    snap_mod.forget_in_memory()
    assert _facts(snap_mod.snapshot(AS_OF)) == good
    with path.open("rb") as f:
        assert pickle.load(f).as_of == AS_OF
    other = snap_mod.snapshot(dt.date(2025, 1, 28))
    path.write_bytes(pickle.dumps(other))  # a file under the wrong name
    snap_mod.forget_in_memory()
    assert snap_mod.snapshot(AS_OF).as_of == AS_OF
    assert not list(own_cache.glob(".snap-*"))  # no temporary file left behind


def test_two_that_miss_it_at_once_build_it_once(own_cache, monkeypatch):
    """Two threads (a server's sessions; processes lock the same way) ask for a snapshot nobody
    has built: one builds it while the other waits for its file and reads it. Catches a cache
    without the lock (both build: 0.7 s of CPU each, and every test worker of a fresh run built
    the default date's), and a waiter that builds anyway after the lock."""
    import threading
    import time

    builds = []
    real = cache.load_or_build

    def slow(as_of):
        builds.append(threading.get_ident())
        time.sleep(0.3)  # the other thread arrives while this one builds
        return snap_mod.Snapshot(as_of)

    from services.store.build import db_path

    results = []
    threads = [threading.Thread(target=lambda: results.append(real(AS_OF, str(db_path()), slow))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(builds) == 1 and len(results) == 2
    assert _facts(results[0]) == _facts(results[1])
    assert len(list(own_cache.glob(f"{AS_OF}-*.pkl"))) == 1

"""An as-of snapshot kept on disk, so a new process does not rebuild it (1.5 s of CPU each).

A `Snapshot` is a pure function of the analytics database's rows, the as-of date and the code of
`services/league` (calibration, projection, status). Every CLI process, Streamlit server and
forked test run built the same ones again: the as-of date's and, for the scoreboard, each day
already played this week. So a built snapshot is pickled under COURTSIDE_HOME/cache/snapshots,
named by its as-of date and a key over

- the database's content: the fingerprint recorded at build (`services.store.db_check`: rows and
  row hashes of every table), so a rebuilt or different database (the no-lookahead test's
  scrambled copy) never reads another's snapshot, wherever its file lives;
- the source of `services/league/*.py` and `services/models.py`: a code change rebuilds.

Loading a 3.6 MB pickle takes ~0.08 s. A file that fails to load (truncated, written by other
code) is rebuilt and replaced; writes go to a temporary file renamed into place, so two processes
never see half a file, and a missing file is built under a lock beside it, so processes that miss
it at once build it once (the others wait and read it). The files are the app's own derived data in the user's own directory (the
same trust as the database beside them); `python -m services build` leaves them, and a new
database's key simply misses them (older keys are removed when a new one is written).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import pickle
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from services.store.db import content_key, forget_fingerprints  # noqa: F401 (re-exported: the callers' names)
from services.store.db import fingerprint as _db_fingerprint

log = logging.getLogger(__name__)

_CODE = (Path(__file__).resolve().parent, Path(__file__).resolve().parents[1] / "models.py")
_LOAD_ERRORS = (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError,
                IndexError, KeyError)


@lru_cache(maxsize=1)
def code_digest() -> str:
    h = hashlib.sha256()
    league, models = _CODE
    for path in [*sorted(league.glob("*.py")), models]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def cache_key(db_path: str) -> str:
    return hashlib.sha256(f"{_db_fingerprint(db_path)}|{code_digest()}".encode()).hexdigest()[:20]


def cache_dir(db_path: str) -> Path:
    return Path(db_path).parent / "cache" / "snapshots"


def load_or_build(as_of: dt.date, db_path: str, build):
    """The snapshot of `as_of` from the disk cache, else `build(as_of)` (then written there)."""
    key = cache_key(db_path)
    folder = cache_dir(db_path)
    path = folder / f"{as_of.isoformat()}-{key}.pkl"
    snap = _load(path, as_of, quiet=True)
    if snap is not None:
        return snap
    with _building(folder, path.name):  # another process (or thread) building it: wait, then read its file
        snap = _load(path, as_of)
        if snap is None:
            snap = build(as_of)
            _write(folder, path, snap, as_of)
    return snap


def _load(path: Path, as_of: dt.date, quiet: bool = False):
    """The snapshot in `path`, or None when absent or unusable (said unless `quiet`: the check
    is made again under the build lock)."""
    if not path.exists():
        return None
    try:
        with path.open("rb") as f:
            snap = pickle.load(f)
        if getattr(snap, "as_of", None) == as_of:
            return snap
        if not quiet:
            log.warning("snapshot cache %s holds another date; rebuilding it", path)
    except _LOAD_ERRORS as e:
        if not quiet:
            log.warning("snapshot cache %s did not load (%s: %s); rebuilding it", path, type(e).__name__, e)
    return None


@contextmanager
def _building(folder: Path, name: str) -> Iterator[None]:
    """An exclusive lock on building one snapshot file (an flock on a lock file beside it), so the
    processes that miss it at once (a server's sessions, CLI runs, test workers) build it once.
    Without a writable folder, or off POSIX, no lock: each builds its own, as before."""
    try:
        import fcntl

        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f".{name}.lock", "w")  # noqa: SIM115 - held for the block
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        lock.close()  # releases the lock


def _write(folder: Path, path: Path, snap, as_of: dt.date) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".snap-", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(snap, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in folder.glob(f"{as_of.isoformat()}-*.pkl"):  # the same date under an older key
            if old != path:
                old.unlink(missing_ok=True)
                (folder / f".{old.name}.lock").unlink(missing_ok=True)
    except OSError as e:  # a full or read-only disk: the snapshot is still good, only not kept
        log.warning("snapshot cache %s not written (%s)", path, e)

"""A throwaway PostgreSQL cluster for the tests, loaded with `pytest_plugins = ["pg_cluster"]`.

Loading it as a plugin (not importing the fixtures) registers them once, so every module shares
one cluster per session.

- `pg_cluster` (session): initdb + postgres from /usr/lib/postgresql/*/bin on a free loopback
  port, unix sockets in the cluster's temp dir, trust auth, fsync off; stopped and deleted at
  the end, and shut down by the kernel if pytest is killed. As root the cluster belongs to the
  `postgres` user (initdb refuses root). Tests are skipped with the reason when there are no
  binaries or no psycopg (`.ci/run` installs both).
- `pg_url` (function): `postgresql://courtside@127.0.0.1:PORT/<fresh db>`, a database of the
  test's own, dropped (connections forced closed) afterwards.
"""
from __future__ import annotations

import ctypes
import glob
import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

USER = "courtside"
PREFIX = "courtside-pg-"
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _bin_dir() -> Path | None:
    """The newest installed major version's bin dir (Debian layout)."""
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(Path(d).parent.name))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "initdb").exists() else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(owner: tuple[int, int] | None):
    """preexec_fn: drop to the cluster's owner, then ask for SIGQUIT (immediate shutdown) when
    pytest dies, so a killed run leaves no server behind (set after setuid, which clears it)."""
    parent = os.getpid()

    def preexec():
        if owner is not None:
            os.setgroups([])
            os.setgid(owner[1])
            os.setuid(owner[0])
        if sys.platform == "linux":
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGQUIT)
            if os.getppid() != parent:  # pytest died before prctl
                os._exit(1)

    return preexec


def _sweep_stale(tmp: Path, min_age_s: float = 3600) -> None:
    """Deletes clusters of earlier killed runs: no postmaster.pid (the server is gone), old."""
    for d in tmp.glob(PREFIX + "*"):
        if not (d / "data" / "postmaster.pid").exists() and time.time() - d.stat().st_mtime > min_age_s:
            shutil.rmtree(d, ignore_errors=True)


@dataclass
class PgCluster:
    bin_dir: Path
    root: Path  # temp dir holding data/, the sockets and the log
    port: int
    owner: tuple[int, int] | None  # (uid, gid) the binaries run as; None: the current user
    proc: subprocess.Popen | None = None
    _names = itertools.count(1)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{dbname}"

    def _env(self) -> dict:
        return {k: v for k, v in os.environ.items() if not k.startswith("PG")} | {"LC_ALL": "C.UTF-8"}

    def start(self, timeout_s: float = 60) -> None:
        import psycopg

        data = self.root / "data"
        init = subprocess.run([str(self.bin_dir / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
                               "-E", "UTF8", "--no-sync"], cwd=self.root, env=self._env(), capture_output=True,
                              text=True, timeout=120, preexec_fn=_as_owner(self.owner))
        if init.returncode:
            raise RuntimeError(f"initdb failed: {init.stderr}")
        log = open(self.root / "log", "wb")  # noqa: SIM115 (the server writes it until stop)
        self.proc = subprocess.Popen(
            [str(self.bin_dir / "postgres"), "-D", str(data), "-c", "listen_addresses=127.0.0.1",
             "-p", str(self.port), "-k", str(self.root), "-c", "fsync=off", "-c", "synchronous_commit=off",
             "-c", "full_page_writes=off"],
            cwd=self.root, env=self._env(), stdout=log, stderr=subprocess.STDOUT, preexec_fn=_as_owner(self.owner))
        log.close()
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"postgres did not start:\n{(self.root / 'log').read_text()}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.root, ignore_errors=True)

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(sql)

    def create_database(self) -> str:
        name = f"test_{os.getpid()}_{next(self._names)}"
        self.admin(f"CREATE DATABASE {name}")
        return name


def _owner(root: Path) -> tuple[int, int] | None:
    """As root, the `postgres` user owns the cluster (initdb and postgres refuse to run as root)."""
    if os.geteuid() != 0:
        return None
    import pwd

    try:
        pw = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("running as root and there is no `postgres` user to own the test cluster")
    os.chown(root, pw.pw_uid, pw.pw_gid)
    return pw.pw_uid, pw.pw_gid


@pytest.fixture(scope="session")
def pg_cluster():
    """A running throwaway cluster (see the module docstring); skips when it cannot exist here."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install courtside[postgres])")
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    tmp = Path(tempfile.gettempdir())  # not pytest's tmp dirs: those are private to the current user
    _sweep_stale(tmp)
    root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=tmp))
    cluster = PgCluster(bin_dir, root, _free_port(), _owner(root))
    try:
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster) -> str:
    """A URL to an empty database of this test's own."""
    name = pg_cluster.create_database()
    yield pg_cluster.url(name)
    pg_cluster.admin(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, fresh_state, monkeypatch):
    """The process's state store for this test, on each backend (PostgreSQL: a fresh database).

    One definition for every module that loads this plugin and runs a behaviour on both stores.
    """
    from services.store import state as store_mod
    from services.config import reset_settings_cache
    from services.store.state import state_store

    if request.param == "sqlite":
        yield fresh_state.store
        return
    monkeypatch.setenv("COURTSIDE_STATE_URL", request.getfixturevalue("pg_url"))
    reset_settings_cache()
    pg = state_store()
    yield pg
    pg.close()
    with store_mod._stores_lock:
        store_mod._stores.pop((str(fresh_state.home), pg.url), None)
    monkeypatch.delenv("COURTSIDE_STATE_URL")
    reset_settings_cache()

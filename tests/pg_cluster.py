"""A throwaway PostgreSQL cluster for the tests, loaded with `pytest_plugins = ["pg_cluster"]`.

Loading it as a plugin (not importing the fixtures) registers them once, so every module shares
one cluster per session.

- `pg_cluster` (session): initdb + pg_ctl from /usr/lib/postgresql/*/bin on a free loopback
  port, unix sockets in the cluster's temp dir, trust auth, fsync off; stopped and deleted at
  the end. As root the cluster belongs to the `postgres` user (initdb refuses root). Tests are
  skipped with the reason when there are no binaries or no psycopg (`.ci/run` installs both).
- `pg_url` (function): `postgresql://courtside@127.0.0.1:PORT/<fresh db>`, a database of the
  test's own, dropped (connections forced closed) afterwards.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

USER = "courtside"


def _bin_dir() -> Path | None:
    """The newest installed major version's bin dir (Debian layout)."""
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(Path(d).parent.name))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "initdb").exists() else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgCluster:
    bin_dir: Path
    root: Path  # temp dir holding data/, the sockets and the log
    port: int
    run_as: list[str]  # the command prefix that runs a binary as the cluster's owner
    _names = itertools.count(1)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{dbname}"

    def run(self, tool: str, *args: str) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")} | {"LC_ALL": "C.UTF-8"}
        return subprocess.run([*self.run_as, str(self.bin_dir / tool), *args], cwd=self.root, env=env,
                              capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        data = self.root / "data"
        init = self.run("initdb", "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        if init.returncode:
            raise RuntimeError(f"initdb failed: {init.stderr}")
        opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off")
        up = self.run("pg_ctl", "-D", str(data), "-l", str(self.root / "log"), "-o", opts, "-w", "-t", "60", "start")
        if up.returncode:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {up.stderr}\n{log}")

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(sql)

    def create_database(self) -> str:
        name = f"test_{os.getpid()}_{next(self._names)}"
        self.admin(f"CREATE DATABASE {name}")
        return name


def _run_as_owner(root: Path) -> list[str]:
    if os.geteuid() != 0:
        return []
    import pwd

    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("running as root and there is no `postgres` user to own the test cluster")
    os.chown(root, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


@pytest.fixture(scope="session")
def pg_cluster():
    """A running throwaway cluster (see the module docstring); skips when it cannot exist here."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install courtside[postgres])")
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    # Directly under /tmp: pytest's own tmp dirs are private to the current user.
    root = Path(tempfile.mkdtemp(prefix="courtside-pg-"))
    cluster = PgCluster(bin_dir, root, _free_port(), _run_as_owner(root))
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

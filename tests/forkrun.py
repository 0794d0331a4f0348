"""`python -m agents ...` in a new process, without paying Python's start-up each time.

A CLI test wants what only a process shows: the exit code, stdout and stderr as a shell sees them,
its own environment (COURTSIDE_HOME) and its own caches, and, for the race tests, two processes at
once or one that dies. Each `python -m agents|services` start-up imports LangGraph, scikit-learn,
SciPy, pandas and DuckDB: about 3 s of CPU, half of the suite's CPU (docs/benchmarks.md).

So each test process starts one *zygote* (on first use): a Python that has imported those modules
and read the run's most-read league state (`_warm`: held by the database's content, its
connection closed again; no settings kept, no thread started). Every run asks it for a
fresh process: the zygote forks, the fork forks the run itself and waits for it, reporting its
exact exit status (a signal too) back. The run gets the given argv, environment, working
directory and stdin, fresh stdout/stderr files, re-seeded random generators, and exits through
atexit and thread shutdown as an interpreter would. What it shares with the zygote is only
modules already imported, which a real start-up would import the same way.

    run(["-m", "agents", "ask", "hi", "--json"], env=env)      -> subprocess.CompletedProcess
    Popen(["-c", code, "arg"], env=env).communicate(timeout)    -> (stdout, stderr)

`COURTSIDE_FORKRUN=0` runs every call as a plain subprocess instead (same results, ~3 s more each).
A handful of tests keep plain subprocesses on purpose: the `python -m` entry points themselves.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = str(Path(__file__).resolve().parent)
# What a CLI start-up imports (heavy first); the zygote imports them once. Import only: a module
# here must not read settings or open anything at import.
PRELOAD = ["numpy", "pandas", "scipy.stats", "sklearn.linear_model", "sklearn.feature_extraction.text",
           "duckdb", "sqlite3", "pydantic", "pydantic_settings", "langchain_core.messages",
           "langgraph.graph", "langgraph.checkpoint.sqlite", "agents.cli", "services.cli",
           "agents.core.runtime", "agents.door", "services.league.demo_source",
           # what an `agents ask` run imports on its way (the offline planner, the tools, the CLIs)
           "agents.offline.planner", "agents.offline.nlu_model", "agents.supervisor.facade",
           "agents.tools.optimizer_tools", "agents.tools.trade_tools", "agents.tools.ranking_tools",
           "agents.tools.outlook_tools", "agents.trades.cli", "agents.signals.cli", "agents.arena.cli",
           "services.optimizer.season", "services.trades.evaluate", "services.league.rankings",
           "sklearn.calibration", "sklearn.pipeline", "langchain_core.tracers.stdout",
           # and what a `streamlit run app.py` server imports (tests/app/server.py forks them too)
           "streamlit.web.cli", "streamlit.web.bootstrap", "streamlit.runtime.scriptrunner", "plotly.graph_objects",
           "streamlit.material_icon_names", "streamlit.components.v2.manifest_scanner", "PIL.Image",
           # and what its first page run imports
           "pages.components.backend", "pages.components.turn", "pages.components.cards",
           "pages.components.charts", "pages.components.decisions", "pages.components.history_window",
           "agents.offline.reasoner", "agents.offline.signals_model", "agents.offline.desk_policy"]
ENABLED = os.environ.get("COURTSIDE_FORKRUN", "1") != "0"
WARM_HOME = "FORKRUN_WARM_HOME"  # the run's home (tests/conftest.py): the zygote reads its league state once (`_warm`)
RUN_CPU = 0.0  # CPU seconds (user + system) of the runs this process has waited for (bench/suite_cpu.py)
_lock = threading.Lock()
_zygote: dict = {}


def _serve(path: str) -> None:
    """The zygote: import, listen, and fork one runner per request."""
    import importlib

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:  # an optional dependency missing: the run imports what it needs itself
            pass
    if os.environ.get(WARM_HOME):
        import duckdb

        try:
            _warm(os.environ[WARM_HOME])
        except (OSError, ValueError, duckdb.Error) as e:  # no usable database there: each run reads its own
            print(f"forkrun: the zygote read no league state ({type(e).__name__}: {e})", file=sys.stderr, flush=True)
    if TESTS in sys.path:
        sys.path.remove(TESTS)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(64)
    srv.settimeout(0.2)
    print("ready", flush=True)
    parent = os.getppid()
    while not stopping and os.getppid() == parent:  # its test process gone: stop too
        _reap(block=False)
        try:
            conn, _ = srv.accept()
        except (socket.timeout, TimeoutError, InterruptedError):
            continue
        conn.settimeout(None)
        sys.stdout.flush()
        sys.stderr.flush()
        if os.fork() == 0:
            srv.close()
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            try:
                _runner(conn)
            finally:
                os._exit(0)
        conn.close()
    _reap(block=True)


def _warm(home: str) -> None:
    """Reads, once, the league state nearly every run reads first from the run's database under
    `home`: the default as-of date's snapshot with the mornings of its matchup week before it
    (the scoreboard's), and the stored season (both scorings, and the mornings a re-simulation
    starts from). A run would otherwise load them itself from the run's snapshot cache and the
    database (~0.3 s of CPU each). They are held by the database's content key, so a run on another
    database (a scrambled copy, an older schema) misses them and reads its own; the connection is
    closed before any fork and the settings forgotten, so a run opens its own home's database."""
    import datetime as dt

    from services import config
    from services.league import season_tables
    from services.league.snapshot import snapshot, week_of
    from services.league.snapshot_cache import forget_fingerprints
    from services.store import db

    from services.store.build import DB_NAME

    if not (Path(home) / DB_NAME).is_file():  # nothing built there: never build one here
        return
    os.environ["COURTSIDE_HOME"] = home
    config.reset_settings_cache()
    try:
        _, monday, _ = week_of(config.DEFAULT_AS_OF)  # the default clock's day and its week's played mornings
        for n in range((config.DEFAULT_AS_OF - monday).days + 1):
            snapshot(monday + dt.timedelta(days=n))
        key = season_tables._db_key()  # noqa: SLF001 - the caches a run would fill
        season_tables._stored(key)  # noqa: SLF001
        for scoring in ("points", "categories"):
            season_tables._base(scoring, key)  # noqa: SLF001
    finally:
        db.close()
        forget_fingerprints()
        del os.environ["COURTSIDE_HOME"]
        config.reset_settings_cache()


def _reap(block: bool) -> None:
    """Waits for finished runners. Reaped here (not ignored), their CPU and their runs' is counted
    in the zygote's children, and so in the test process's (`os.times()`, `time -v`)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _runner(conn: socket.socket) -> None:
    """Forks the run, sends its pid, waits for it and sends its exit status (as subprocess reports it)."""
    f = conn.makefile("rwb")
    req = json.loads(f.readline())
    pid = os.fork()
    if pid == 0:
        f.close()
        conn.close()
        _child(req)  # never returns
    f.write(f"{pid}\n".encode())
    f.flush()
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    f.write(f"{code} {usage.ru_utime + usage.ru_stime:.3f}\n".encode())
    f.flush()


def _child(req: dict) -> None:
    """Becomes `python ARGV` with the request's environment, directory and files."""
    import atexit
    import random
    import runpy
    import traceback

    os.chdir(req["cwd"])
    os.environ.clear()
    os.environ.update(req["env"])
    append = os.O_WRONLY | os.O_APPEND  # stdout and stderr may name one file (a server's log)
    for fd, name, mode in ((0, "stdin", os.O_RDONLY), (1, "stdout", append), (2, "stderr", append)):
        target = os.open(req[name], mode)
        os.dup2(target, fd)
        os.close(target)
    random.seed()
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    argv = req["argv"]
    code = 0
    try:
        if argv[0] == "-m":
            sys.argv = [argv[1], *argv[2:]]
            sys.path[0] = req["cwd"]
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        elif argv[0] == "-c":
            sys.argv = ["-c", *argv[2:]]
            sys.path[0] = ""
            exec(compile(argv[1], "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
        else:
            sys.argv = list(argv)
            sys.path[0] = str(Path(argv[0]).resolve().parent)
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:  # noqa: BLE001 - what the interpreter does with an uncaught exception
        traceback.print_exc()
        code = 1
    try:
        threading._shutdown()  # noqa: SLF001 - the interpreter joins non-daemon threads at exit
        atexit._run_exitfuncs()  # noqa: SLF001
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code & 0xFF)


def _socket_path() -> str:
    """Starts this process's zygote on first use (one per pytest worker) and returns its socket."""
    with _lock:
        z = _zygote.get(os.getpid())
        if z and z["proc"].poll() is None:
            return z["path"]
        d = tempfile.mkdtemp(prefix="forkrun-")
        path = os.path.join(d, "zygote.sock")
        env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
        code = f"import sys; sys.path.insert(0, {TESTS!r}); import forkrun; forkrun._serve({path!r})"
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
        if proc.stdout.readline().strip() != "ready":
            raise RuntimeError("the forkrun zygote did not start")
        import atexit

        atexit.register(stop)
        _zygote[os.getpid()] = {"proc": proc, "path": path}
        return path


def stop() -> None:
    """Stops this process's zygote (conftest calls it at the end of the session)."""
    with _lock:
        z = _zygote.pop(os.getpid(), None)
    if z:
        _stop(z["proc"])
        shutil.rmtree(os.path.dirname(z["path"]), ignore_errors=True)


def _stop(proc: subprocess.Popen) -> None:
    """Asks the zygote to wait for its runners and exit (a kill would leave their CPU uncounted)."""
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Popen:
    """The part of subprocess.Popen the tests use, for `python ARGV` (text mode, stdout and stderr
    captured). `argv` is what follows the interpreter: ["-m", "agents", ...] or ["-c", code, ...]."""

    def __init__(self, argv: list[str], *, env: dict | None = None, cwd: str | Path = REPO, input: str | None = None,
                 output: str | Path | None = None):
        """`output`: one file that both stdout and stderr are appended to (as `stderr=STDOUT` into a
        log), instead of two captured ones."""
        self.args = [sys.executable, *argv]
        self.returncode: int | None = None
        self._dir = tempfile.mkdtemp(prefix="forkrun-run-")
        names = {n: os.path.join(self._dir, n) for n in ("stdin", "stdout", "stderr")}
        if output is not None:
            names["stdout"] = names["stderr"] = str(output)
        Path(names["stdin"]).write_text(input or "", encoding="utf-8")
        for n in ("stdout", "stderr"):
            Path(names[n]).touch()
        self._names = names
        env = dict(os.environ if env is None else env)
        if not ENABLED:
            self._proc = subprocess.Popen(self.args, cwd=cwd, env=env, stdin=open(names["stdin"]),
                                          stdout=open(names["stdout"], "a"), stderr=open(names["stderr"], "a"))
            self.pid = self._proc.pid
            return
        self._proc = None
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.connect(_socket_path())
        self._buf = b""
        req = {"argv": [str(a) for a in argv], "env": env, "cwd": str(cwd), **names}
        self._sock.sendall(json.dumps(req).encode() + b"\n")
        self.pid = int(self._readline())

    def _readline(self) -> bytes:
        """One line from the runner ('' when it closed without one); a socket timeout propagates."""
        while b"\n" not in self._buf:
            chunk = self._sock.recv(4096)
            if not chunk:
                return b""
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is not None:
            return self.returncode
        if self._proc is not None:
            self.returncode = self._proc.wait(timeout)
            return self.returncode
        self._sock.settimeout(timeout)
        try:
            line = self._readline()
        except (socket.timeout, TimeoutError):
            raise subprocess.TimeoutExpired(self.args, timeout) from None
        code, cpu = line.split() if line.strip() else (-signal.SIGKILL, 0)
        self.returncode = int(code)
        global RUN_CPU
        RUN_CPU += float(cpu)
        self._sock.close()
        return self.returncode

    def poll(self) -> int | None:
        if self.returncode is None and self._proc is None:
            try:
                os.kill(self.pid, 0)
                return None
            except ProcessLookupError:
                pass
        return self.wait() if self._proc is None else self._proc.poll()

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def send_signal(self, sig: int) -> None:
        if self._proc is not None:
            self._proc.send_signal(sig)
            return
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    @property
    def stdout(self):
        """The output so far, as a file to read (what a PIPE's `.read()` gives once the run ended)."""
        return open(self._names["stdout"], encoding="utf-8", errors="replace")

    @property
    def stderr(self):
        return open(self._names["stderr"], encoding="utf-8", errors="replace")

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        try:
            self.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            self.wait()
            raise
        out = Path(self._names["stdout"]).read_text(encoding="utf-8", errors="replace")
        err = Path(self._names["stderr"]).read_text(encoding="utf-8", errors="replace")
        return out, err

    def __del__(self):
        shutil.rmtree(getattr(self, "_dir", ""), ignore_errors=True)


def run(argv: list[str], *, env: dict | None = None, cwd: str | Path = REPO, input: str | None = None,
        timeout: float | None = None) -> subprocess.CompletedProcess:
    """`subprocess.run([python, *argv], capture_output=True, text=True)`, through the zygote."""
    p = Popen(argv, env=env, cwd=cwd, input=input)
    out, err = p.communicate(timeout=timeout)
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)

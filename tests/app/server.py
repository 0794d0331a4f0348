"""Starts `streamlit run app.py` on a free loopback port: the one helper of the browser tests,
the multi-process tests, the UI bench and the load bench."""
from __future__ import annotations

import atexit
import dataclasses
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
NO_XSRF = ("--server.enableXsrfProtection", "false")  # for websocket clients that hold no cookie


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 30.0) -> float:
    """Seconds until /_stcore/health answers 200; raises if the server dies or times out."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                if r.status == 200:
                    return time.perf_counter() - t0
        except OSError:
            time.sleep(0.05)
    raise TimeoutError("streamlit did not become healthy")


@dataclasses.dataclass(frozen=True)
class AppServer:
    url: str
    pid: int
    cold_start_s: float  # until /_stcore/health answered


def start_server(argv: list[str], env: dict, log: Path | None, fork: bool | None):
    """`python ARGV` (a server) under `env` in REPO, stdout and stderr appended to `log`; returns
    (process, the log file to close after it or None). Inside a test (`fork` None:
    PYTEST_CURRENT_TEST is set) it is forked from the worker's zygote (tests/forkrun.py), which
    has already imported Streamlit, LangGraph and the rest: the same start without ~3 s of CPU.
    Elsewhere (the benches), and where forkrun is not importable, a plain process."""
    if fork is None:
        fork = "PYTEST_CURRENT_TEST" in os.environ
    if fork:
        try:
            import forkrun  # tests/ is on sys.path under pytest
        except ImportError:  # a bench started from a test's environment
            fork = False
    if fork:
        env = {k: v for k, v in env.items() if k not in ("PYTEST_CURRENT_TEST", "PYTEST_XDIST_WORKER")}
        return forkrun.Popen(argv, env=env, cwd=REPO, output=log or os.devnull), None
    out = open(log, "wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, *argv], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                            start_new_session=True)
    return proc, (out if log else None)


@contextmanager
def app_server(home: Path, log: Path | None = None, env_extra: dict | None = None,
               args: tuple[str, ...] = (), timeout: float = 30.0, fork: bool | None = None) -> Iterator[AppServer]:
    """The app under `home` (no COURTSIDE_* or key of this environment leaks in); always stopped.
    `env_extra` adds variables (a COURTSIDE_STATE_URL), `args` more `streamlit run` options, `log`
    keeps its output. Forked inside a test (`start_server`); the benches start a plain process,
    so a cold start they time is a real one."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    env["COURTSIDE_APP_OWNER"] = "local"  # one person's app and CLI, as every test assumes (tests/conftest.py)
    env.update(env_extra or {})
    argv = ["-m", "streamlit", "run", "app.py", "--server.address", "127.0.0.1", "--server.port", str(port),
            "--server.headless", "true", *args]
    proc, out = start_server(argv, env, log, fork)
    try:
        url = f"http://127.0.0.1:{port}"
        yield AppServer(url, proc.pid, wait_healthy(url, proc, timeout))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if out is not None:
            out.close()


@contextmanager
def streamlit_server(home: Path, log: Path | None = None, env_extra: dict | None = None,
                     args: tuple[str, ...] = ()):
    """Yields (base_url, seconds_to_healthy), as `app_server`; on a failure the server log's last
    lines are printed (a browser test that timed out under the full suite's load says what the
    server was doing: a slow resume, a traceback, a rerun that never came)."""
    with app_server(home, log, env_extra, args) as app:
        try:
            yield app.url, app.cold_start_s
        except BaseException:
            if log is not None and Path(log).exists():
                tail = Path(log).read_text(errors="replace").splitlines()[-60:]
                print("SERVER LOG (last lines):", *tail, sep="\n")
            raise


# One Playwright driver and Chromium, started on first use and stopped at the end of the test
# module (tests/app/conftest.py): while the sync driver lives, its event loop stays the thread's
# running loop, and a later asyncio.run() in the process (tests/app/st_client.py) would fail.
_shared: dict = {}


def _browser():
    if "browser" not in _shared or not _shared["browser"].is_connected():
        if "playwright" not in _shared:
            from playwright.sync_api import sync_playwright

            _shared["playwright"] = sync_playwright().start()
        _shared["browser"] = _shared["playwright"].chromium.launch(executable_path=CHROMIUM, headless=True,
                                                                   args=CHROMIUM_ARGS)
    return _shared["browser"]


def stop_browser() -> None:
    """Closes the shared Chromium and stops its driver (nothing when none was started)."""
    if "playwright" not in _shared:
        return
    from playwright.sync_api import Error

    try:
        if "browser" in _shared:
            _shared.pop("browser").close()
    except Error:  # the browser already gone: the driver still stops
        pass
    _shared.pop("playwright").stop()


atexit.register(stop_browser)  # a process that used it outside a test module (a bench) stops it too


class Pages:
    """A test's pages: each in a browser context of its own (its own cookies, storage and
    Streamlit session) in the module's one Chromium, so a test pays for a context (~0.2 s),
    not a driver and a browser (~0.8 s of CPU). `close()` closes the test's contexts."""

    def __init__(self) -> None:
        self._browser, self._contexts = _browser(), []

    def new_page(self, **context_options):
        context = self._browser.new_context(**context_options)
        self._contexts.append(context)
        return context.new_page()

    def close(self) -> None:
        while self._contexts:
            self._contexts.pop().close()


@contextmanager
def chromium() -> Iterator[Pages]:
    """`Pages` for one test (`browser.new_page(viewport=...)`), closed when it ends."""
    pages = Pages()
    try:
        yield pages
    finally:
        pages.close()


def keep_screenshot(page, path: Path) -> None:
    """A full-page picture of a step that passed, for a person to look at: only with
    COURTSIDE_TEST_SCREENSHOTS=1 (a 3,000-pixel page costs Chromium ~0.8 s of CPU; a failing
    `chromium_page` test leaves its picture either way)."""
    if os.environ.get("COURTSIDE_TEST_SCREENSHOTS"):
        page.screenshot(path=str(path), full_page=True)


@contextmanager
def chromium_page(home: Path, tmp_path: Path, height: int = 3400, log: Path | None = None):
    """The app on loopback (`streamlit_server`) and one headless Chromium page opened on it; on a
    failure a full-page screenshot is left in `tmp_path` (its path printed) before the error goes on."""
    with streamlit_server(home, log or tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": height})
        try:
            page.goto(url, wait_until="domcontentloaded")
            yield page
        except Exception:
            page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
            print("SCREENSHOT", tmp_path / "failed.png")
            raise
        finally:
            browser.close()


def send_message(page, text: str) -> None:
    """Types `text` into the chat composer once it is enabled and sends it (Enter)."""
    from playwright.sync_api import expect

    box = page.get_by_test_id("stChatInputTextArea")
    expect(box).to_be_enabled(timeout=90_000)
    box.fill(text)
    box.press("Enter")


def turn_settled(page, n_messages: int, pause_ms: int = 1000) -> None:
    """The turn is over: `n_messages` chat messages drawn and the composer enabled again, then
    `pause_ms` for the last rerun's paint and the scroll that follows it."""
    from playwright.sync_api import expect

    expect(page.get_by_test_id("stChatMessage")).to_have_count(n_messages, timeout=120_000)
    expect(page.get_by_test_id("stChatInputTextArea")).to_be_enabled(timeout=90_000)
    page.wait_for_timeout(pause_ms)

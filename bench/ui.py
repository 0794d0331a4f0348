"""UI bench: cold start of `streamlit run app.py` until /_stcore/health answers, and the time from
submitting a question to the first step drawn in headless Chromium (offline planner), on a fresh
thread and on threads that already hold 1, 15 and 30 turns (a long evening's chat), and after a
signals turn ("Any edges tonight?": the pod's 41 steps in the thread).

    .venv/bin/python bench/ui.py [--json] [--runs N] [--turns 1,15,30]

Past turns are seeded through the runtime (player research with game-log charts, news, general
advice: one question after another, as a manager would ask) in the same COURTSIDE_HOME, then the
page opens the thread and the matchup review is timed from Enter to its first tool step. The page
opens with the latest RECENT_TURNS turns; threads longer than that are timed again with every turn
shown ("Show earlier turns" pressed), the worst case. Targets: cold start <= 6 s, first step
<= 300 ms (median) at every size, as the page opens. One JSON object with --json.

`first_token_ms` (issue #38): Enter to the first streamed words of a full review's answer on a
fresh thread (the live answer slot shows text for the first time); target <= 300 ms on an idle
machine. The offline planner writes its review's answer once the optimizer has run, so this
figure is the optimizer's time plus the page's: the JSON's load averages say how busy the machine was.

Two load figures (issue 21): `reload_ms`, a reload of the longest seeded thread until the page is
usable (its latest turns drawn and the chat input enabled; target <= 1500 ms), and `first_draw_ms`,
each page opened in a new browser session until its title (the chat: its input) is drawn, the
session's first run of that page (target <= 1000 ms each). Medians of --runs.

The machine is shared, so wall times move with the load: each figure comes with the CPU seconds
the app server and the browser spent on it (`*_cpu_ms`, from /proc), and with a floor timed the
same way in the same run: a one-line Streamlit page (`st.title`) served by its own server
(`first_draw_floor_ms`), which no page of the app can beat. `first_draw_cached_ms` opens each page
in a new session of a browser that has loaded the app before (its static files cached, as for a
returning user); `first_draw_ms` uses a new browser profile each time (nothing cached).
`first_draw_nav_ms` reaches each page the way a user of the running app does: a new session has
drawn another page (the chat; for the chat, Settings), then its sidebar link is clicked, and the
clock runs from the click until the page's top is drawn: the session's first run of that page's
script, with no page load (Streamlit's frontend is already up, as it is after the first page).

`league_first_visit`: a new server process, its first user opens the chat and LEAGUE_AFTER_S later
the League page (the process's first League view; issue 21 met 5.6 s there).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pages.components.history_window import RECENT_TURNS  # noqa: E402
from tests.app.server import CHROMIUM, CHROMIUM_ARGS, app_server, free_port, wait_healthy  # noqa: E402

QUESTION = "Review my matchup and help me optimize for this week without destroying my team."
SEED = ["How has Nikola Jokic played over his last 5 games?", "Is Joel Embiid playing?",
        "Who am I playing this week?", "Show me Jalen Brunson's last 10 games", "Any news on LeBron James?",
        "What is my schedule this week?"]
TARGETS = {"cold_start_s": 6.0, "first_step_ms": 300.0, "reload_ms": 1500.0, "first_draw_ms": 1000.0,
           "first_token_ms": 300.0}
# url path -> what is on screen once the page has drawn its top (the chat: the input, usable)
PAGES = {"": "[data-testid='stChatInputTextArea']:not([disabled])", "approvals": "h1", "league": "h1",
         "players": "h1", "trade": "h1", "signals": "h1", "desk": "h1", "audit": "h1", "arena": "h1", "settings": "h1"}
TITLES = {"": "Chat", "approvals": "Approvals", "league": "League", "players": "Players", "trade": "Trade",
          "signals": "Signals", "desk": "Desk", "audit": "Audit", "arena": "Arena", "settings": "Settings"}  # app.py's links
MAIN = "[data-testid='stMain']"


def on_page(selector: str) -> str:
    """Where a page's top is looked for: a page's title in the main block; the chat's composer
    anywhere (it is called at the page's top level, so Streamlit pins it to the bottom of the view,
    outside the main block: bench runs of Dec 2 waited 120 s for it inside `stMain`)."""
    return selector if "stChatInput" in selector else f"{MAIN} {selector}"


LEAGUE_AFTER_S = 3.0  # a new server's first user reads the chat page this long before opening League
# The first step of the new turn: a step (expander) inside the chat message right after the new
# question. The new question is the last message holding the question's words that was not in the
# page at Enter (its nodes are remembered then): counting messages at Enter missed it when the
# page was still drawing past turns, and the wait ran out (bench runs of Dec 2).
WATCH = """() => {
  window.__submit = null; window.__step = null; window.__before = null;
  const msgs = () => Array.from(document.querySelectorAll('[data-testid="stChatMessage"]'));
  document.addEventListener('keydown', e => { if (e.key === 'Enter' && window.__submit === null) {
    window.__submit = performance.now(); window.__before = new Set(msgs()); } }, true);
  const seen = () => {
    const m = msgs();
    const q = m.map((el, i) => [el, i]).filter(([el]) => !window.__before.has(el) &&
      el.textContent.includes('Review my matchup')).pop();
    const a = q && m[q[1] + 1];
    return a && a.querySelector('[data-testid="stExpander"]');
  };
  const obs = new MutationObserver(() => { if (window.__submit !== null && window.__step === null && seen()) {
      window.__step = performance.now(); obs.disconnect(); } });
  obs.observe(document.body, {subtree: true, childList: true});
}"""


# The first streamed words of the answer (issue #38): the live turn's keyed answer slot
# (`TurnView(live=True)`: class st-key-chat_m<N>_answer) shows text for the first time.
WATCH_TOKEN = """() => {
  window.__submit = null; window.__token = null;
  document.addEventListener('keydown', e => { if (e.key === 'Enter' && window.__submit === null)
    window.__submit = performance.now(); }, true);
  const obs = new MutationObserver(() => {
    if (window.__submit === null) return;
    const t = document.querySelector('[class*="_answer"] [data-testid="stMarkdownContainer"]');
    if (t && t.innerText.trim()) { window.__token = performance.now(); obs.disconnect(); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""

FLOOR_APP = "import streamlit as st\n\nst.title('Floor')\n"
TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, str, float]]:
    """pid -> (parent pid, command name, CPU seconds so far) of every process in /proc."""
    out = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        out[int(stat.parent.name)] = (int(fields[1]), name, (int(fields[11]) + int(fields[12])) / TICK)
    return out


def cpu_now(server_pid: int) -> tuple[float, float]:
    """(app server CPU s, browser CPU s): the server process, and the Chromium processes under this one."""
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    mine, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        mine.append(pid)
        todo.extend(children.get(pid, []))
    browser = sum(procs[p][2] for p in mine if p in procs and procs[p][1].startswith(("chrom", "headless")))
    return (procs[server_pid][2] if server_pid in procs else 0.0), browser


class CpuSpent:
    """CPU ms the server and the browser spent inside a `with` block: `.server_ms`, `.browser_ms`."""

    def __init__(self, server_pid: int):
        self.pid, self.server_ms, self.browser_ms = server_pid, 0.0, 0.0

    def __enter__(self):
        self.start = cpu_now(self.pid)
        return self

    def __exit__(self, *exc):
        end = cpu_now(self.pid)
        self.server_ms = round((end[0] - self.start[0]) * 1000, 1)
        self.browser_ms = round((end[1] - self.start[1]) * 1000, 1)
        return False


def seed_threads(home: str, sizes: list[int], runs: int, tag: str = "") -> dict[int, list[str]]:
    """Threads holding `size` finished turns each (`runs` per size), written through the runtime."""
    os.environ["COURTSIDE_HOME"] = home
    from agents.core.runtime import get_assistant

    assistant = get_assistant("offline")
    threads: dict[int, list[str]] = {}
    for size in sizes:
        for r in range(runs):
            thread = f"bench{tag}-{size}-{r}"  # one thread per timing: the review leaves a card
            for i in range(size):
                result = assistant.ask(SEED[i % len(SEED)], thread)
                assert not result["pending_approvals"], "a seeded turn must leave no card"
            threads.setdefault(size, []).append(thread)
    return threads


SIGNALS_QUESTION = "Any edges tonight?"


def seed_signals_threads(home: str, runs: int) -> list[str]:
    """Threads whose one past turn is a signals pod run (its 41 node steps in the history), the
    turn issue 21 saw slow every later reply (3.8-4.6 s against 0.3-0.8 s in a fresh thread)."""
    os.environ["COURTSIDE_HOME"] = home
    from agents.core.runtime import get_assistant

    assistant = get_assistant("offline")
    threads = []
    for r in range(runs):
        thread = f"bench-signals-{r}"
        assistant.ask(SIGNALS_QUESTION, thread)
        threads.append(thread)
    return threads


def _messages_at_least(page, n: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('[data-testid=\"stChatMessage\"]').length >= {n}",
                           timeout=120_000)


def first_step_ms(page, url: str, thread: str, past_turns: int = 0, show_all: bool = False) -> float:
    """Enter to the new turn's first step; `show_all` presses "Show earlier turns" first, so every
    past turn is in the page (the page opens with the latest RECENT_TURNS)."""
    page.goto(f"{url}/?thread={thread}", wait_until="domcontentloaded")
    box = page.get_by_test_id("stChatInputTextArea")
    box.wait_for(timeout=120_000)
    _messages_at_least(page, 2 * min(past_turns, RECENT_TURNS))
    if show_all and past_turns > RECENT_TURNS:
        page.get_by_role("button", name="earlier turn").click()
        _messages_at_least(page, 2 * past_turns)
    page.wait_for_timeout(2500)  # the script run of the page has finished drawing
    page.evaluate(WATCH)
    box.fill(QUESTION)
    box.press("Enter")
    page.wait_for_function("() => window.__step !== null", timeout=30_000)
    return round(page.evaluate("() => window.__step - window.__submit"), 1)


def first_token_ms(page, url: str, thread: str) -> float:
    """Enter to the first streamed words of a full review's answer, on a fresh thread."""
    page.goto(f"{url}/?thread={thread}", wait_until="domcontentloaded")
    box = page.get_by_test_id("stChatInputTextArea")
    box.wait_for(timeout=120_000)
    page.wait_for_timeout(2500)  # the page's script run has finished drawing
    page.evaluate(WATCH_TOKEN)
    box.fill(QUESTION)
    box.press("Enter")
    page.wait_for_function("() => window.__token !== null", timeout=60_000)
    return round(page.evaluate("() => window.__token - window.__submit"), 1)


def reload_ms(page, url: str, thread: str, past_turns: int, server_pid: int) -> dict:
    """A reload of the thread until usable: its latest turns drawn and the chat input enabled."""
    with CpuSpent(server_pid) as cpu:
        t0 = time.perf_counter()
        page.goto(f"{url}/?thread={thread}", wait_until="commit")
        _messages_at_least(page, 2 * min(past_turns, RECENT_TURNS))
        page.locator(PAGES[""]).wait_for(timeout=120_000)
        ms = round((time.perf_counter() - t0) * 1000, 1)
    return {"ms": ms, "server_cpu_ms": cpu.server_ms, "browser_cpu_ms": cpu.browser_ms}


def _draw(page, url: str, path: str, selector: str) -> float:
    t0 = time.perf_counter()
    page.goto(f"{url}/{path}", wait_until="commit")  # "": the chat, the default page
    page.locator(on_page(selector)).first.wait_for(timeout=120_000)
    return round((time.perf_counter() - t0) * 1000, 1)


def first_draw_ms(browser, url: str, path: str, server_pid: int, selector: str | None = None) -> dict:
    """A page opened in a new browser profile (nothing cached; a first run of it) until its top is drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    try:
        with CpuSpent(server_pid) as cpu:
            ms = _draw(context.new_page(), url, path, selector or PAGES[path])
        return {"ms": ms, "server_cpu_ms": cpu.server_ms, "browser_cpu_ms": cpu.browser_ms}
    finally:
        context.close()


def first_draw_cached_ms(context, url: str, path: str, selector: str | None = None) -> float:
    """A page opened in a new tab (a new session, a first run of it) of a browser that has the
    app's static files cached."""
    page = context.new_page()
    try:
        return _draw(page, url, path, selector or PAGES[path])
    finally:
        page.close()


def first_draw_nav_ms(context, url: str, path: str) -> dict:
    """A page reached from the sidebar in a new session (tab) that has just drawn the chat (for
    the chat itself: Settings, which has no chat input and the chat no title): from the click until
    the page's top is drawn."""
    page = context.new_page()
    try:
        start = "settings" if path == "" else ""
        page.goto(f"{url}/{start}", wait_until="commit")
        page.locator(on_page(PAGES[start])).first.wait_for(timeout=120_000)
        page.wait_for_timeout(1500)  # the first page's script run is over
        link = page.locator("[data-testid='stSidebarNavLink']", has_text=TITLES[path]).first
        link.wait_for(timeout=30_000)
        t0 = time.perf_counter()
        link.click()
        page.locator(on_page(PAGES[path])).first.wait_for(timeout=120_000)
        ms = round((time.perf_counter() - t0) * 1000, 1)
        if path and not urlparse(page.url).path.rstrip("/").endswith(f"/{path}"):
            raise RuntimeError(f"the {TITLES[path]} link led to {page.url}")
        return {"ms": ms}
    finally:
        page.close()


def floor_ms(browser, runs: int) -> dict:
    """The same two draws of a one-line Streamlit page (its own server): no app page draws faster."""
    with tempfile.TemporaryDirectory(prefix="courtside-ui-floor-") as d:
        script = Path(d) / "floor.py"
        script.write_text(FLOOR_APP)
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.address",
                                 "127.0.0.1", "--server.port", str(port), "--server.headless", "true"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_healthy(url, proc)
            draws = [first_draw_ms(browser, url, "", proc.pid, "h1") for _ in range(runs)]
            fresh = [d["ms"] for d in draws]
            context = browser.new_context(viewport={"width": 1280, "height": 1600})
            try:
                first_draw_cached_ms(context, url, "", "h1")  # fills the cache
                cached = [first_draw_cached_ms(context, url, "", "h1") for _ in range(runs)]
            finally:
                context.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return {"ms": statistics.median(fresh), "cached_ms": statistics.median(cached),
            "cpu_ms": {"server_ms": statistics.median(d["server_cpu_ms"] for d in draws),
                       "browser_ms": statistics.median(d["browser_cpu_ms"] for d in draws)}}


def league_first_visit(browser, home: str) -> dict:
    """The League page as a new server process's first user meets it: the app started, the chat
    opened (the process's first session: imports, the league and the agent built), and
    LEAGUE_AFTER_S later the League page in a new session (issue 21: "the first League page load
    takes 5.6 s"). `chat_ms` is that first chat page until its input is usable."""
    with app_server(Path(home)) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 1600})
        try:
            chat = _draw(context.new_page(), server.url, "", PAGES[""])
        finally:
            context.close()
        time.sleep(LEAGUE_AFTER_S)
        league = first_draw_ms(browser, server.url, "league", server.pid)
    return {"chat_ms": chat, "league_ms": league["ms"], "league_server_cpu_ms": league["server_cpu_ms"],
            "league_browser_cpu_ms": league["browser_cpu_ms"], "after_s": LEAGUE_AFTER_S}


def run(runs: int, sizes: list[int]) -> dict:
    from playwright.sync_api import sync_playwright

    load_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="courtside-ui-bench-") as home:
        env = {**os.environ, "COURTSIDE_HOME": home}
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "services", "build"], cwd=REPO, env=env, check=True,
                       capture_output=True)
        build_s = time.perf_counter() - t0
        seeded = seed_threads(home, sizes, runs)
        seeded_all = seed_threads(home, [s for s in sizes if s > RECENT_TURNS], runs, tag="-all")
        longest = max(sizes)
        reload_threads = seed_threads(home, [longest], runs, tag="-reload")[longest]  # no card left waiting
        signals_threads = seed_signals_threads(home, runs)
        with app_server(Path(home)) as server, sync_playwright() as p:
            url, cold_s = server.url, server.cold_start_s
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport={"width": 1280, "height": 1600}).new_page()
                t1 = time.perf_counter()
                page.goto(url, wait_until="domcontentloaded")
                page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
                first_page_s = time.perf_counter() - t1
                samples = [first_step_ms(page, url, f"bench-fresh-{i}") for i in range(runs)]
                tokens = [first_token_ms(page, url, f"bench-token-{i}") for i in range(runs)]
                by_size = {size: [first_step_ms(page, url, t, size) for t in threads] for size, threads in seeded.items()}
                every = {size: [first_step_ms(page, url, t, size, show_all=True) for t in threads]
                         for size, threads in seeded_all.items()}
                after_signals = [first_step_ms(page, url, t, 1) for t in signals_threads]
                reloads = [reload_ms(page, url, t, longest, server.pid) for t in reload_threads]
                fresh = {path or "chat": [first_draw_ms(browser, url, path, server.pid) for _ in range(runs)]
                         for path in PAGES}
                cached = {path or "chat": statistics.median([first_draw_cached_ms(page.context, url, path)
                                                             for _ in range(runs)]) for path in PAGES}
                nav = {path or "chat": statistics.median([first_draw_nav_ms(page.context, url, path)["ms"]
                                                          for _ in range(runs)]) for path in PAGES}
                floor = floor_ms(browser, runs)
            finally:
                browser.close()
        with sync_playwright() as p:  # a new server process: its first League page
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                first_league = [league_first_visit(browser, home) for _ in range(max(1, runs // 2))]
            finally:
                browser.close()
    reload_runs = [r["ms"] for r in reloads]
    draws = {k: statistics.median(r["ms"] for r in v) for k, v in fresh.items()}
    draw_cpu = {k: {"server_ms": statistics.median(r["server_cpu_ms"] for r in v),
                    "browser_ms": statistics.median(r["browser_cpu_ms"] for r in v)} for k, v in fresh.items()}
    median = statistics.median(samples)
    after = {str(size): {"median_ms": statistics.median(v), "runs_ms": v} for size, v in by_size.items()}
    shown_all = {str(size): {"median_ms": statistics.median(v), "runs_ms": v} for size, v in every.items()}
    worst = max([median, *(a["median_ms"] for a in after.values())])
    return {"bench": "ui", "error": None, "provider": "offline", "cold_start_s": round(cold_s, 2),
            "first_page_s": round(first_page_s, 2), "db_build_s": round(build_s, 2),
            "first_step_ms": median, "first_step_ms_runs": samples, "first_step_after_turns": after,
            "first_token_ms": statistics.median(tokens), "first_token_ms_runs": tokens,
            "first_step_after_signals_ms": statistics.median(after_signals),
            "first_step_after_signals_runs_ms": after_signals, "recent_turns_drawn": RECENT_TURNS, "first_step_every_turn_shown": shown_all,
            "reload_turns": longest, "reload_ms": statistics.median(reload_runs), "reload_ms_runs": reload_runs,
            "reload_cpu_ms": {"server_ms": statistics.median(r["server_cpu_ms"] for r in reloads),
                              "browser_ms": statistics.median(r["browser_cpu_ms"] for r in reloads)},
            "first_draw_ms": draws, "first_draw_cpu_ms": draw_cpu, "first_draw_cached_ms": cached,
            "first_draw_floor_ms": floor["ms"], "first_draw_cached_floor_ms": floor["cached_ms"],
            "first_draw_floor_cpu_ms": floor["cpu_ms"], "first_draw_nav_ms": nav,
            "first_draw_nav_within_target": max(nav.values()) <= TARGETS["first_draw_ms"],
            "league_first_visit": {"league_ms": statistics.median(r["league_ms"] for r in first_league),
                                   "chat_ms": statistics.median(r["chat_ms"] for r in first_league),
                                   "runs": first_league},
            "load_average_at_start": load_start, "load_average": [round(x, 2) for x in os.getloadavg()],
            "targets": TARGETS, "ok": cold_s <= TARGETS["cold_start_s"] and worst <= TARGETS["first_step_ms"]
            and statistics.median(reload_runs) <= TARGETS["reload_ms"]
            and max(draws.values()) <= TARGETS["first_draw_ms"]
            and statistics.median(tokens) <= TARGETS["first_token_ms"]}


def _runs(text: str) -> int:
    import argparse

    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"takes a whole number >= 1, not {text!r}")
    return int(text)


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--runs", type=_runs, default=5, help="questions to time per thread size")
    ap.add_argument("--turns", default="1,15,30", help="sizes of the seeded threads (past turns)")
    args = ap.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"needs {CHROMIUM}")
    try:
        sizes = [int(n) for n in args.turns.split(",") if n.strip()]
    except ValueError:
        sys.exit("--turns takes numbers separated by commas, e.g. 1,15,30")
    result = run(args.runs, sizes)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"cold start {result['cold_start_s']} s (target <= 6), first page {result['first_page_s']} s, "
              f"first step {result['first_step_ms']} ms median of {result['first_step_ms_runs']} (target <= 300)")
        print(f"first streamed words of a full review's answer {result['first_token_ms']} ms median of "
              f"{result['first_token_ms_runs']} (target <= 300 on an idle machine)")
        for size, a in result["first_step_after_turns"].items():
            print(f"after {size} turns: first step {a['median_ms']} ms median of {a['runs_ms']}")
        print(f"after a signals turn: first step {result['first_step_after_signals_ms']} ms median of "
              f"{result['first_step_after_signals_runs_ms']}")
        for size, a in result["first_step_every_turn_shown"].items():
            print(f"after {size} turns, every turn shown: first step {a['median_ms']} ms median of {a['runs_ms']}")
        cpu = result["reload_cpu_ms"]
        print(f"reload of a {result['reload_turns']}-turn thread until usable: {result['reload_ms']} ms median "
              f"(target <= 1500; CPU: server {cpu['server_ms']} ms, browser {cpu['browser_ms']} ms)")
        print("first draw per page, new browser profile (target <= 1000 ms): "
              + ", ".join(f"{k} {v} ms" for k, v in result["first_draw_ms"].items())
              + f"; floor (a one-line page) {result['first_draw_floor_ms']} ms")
        print("first draw per page, browser cache warm: "
              + ", ".join(f"{k} {v} ms" for k, v in result["first_draw_cached_ms"].items())
              + f"; floor {result['first_draw_cached_floor_ms']} ms")
        print("first draw per page, reached from the sidebar (target <= 1000 ms): "
              + ", ".join(f"{k} {v} ms" for k, v in result["first_draw_nav_ms"].items()))
        first = result["league_first_visit"]
        print(f"a new server: first chat page {first['chat_ms']} ms, League {LEAGUE_AFTER_S:g} s later "
              f"{first['league_ms']} ms (median of {len(first['runs'])})")
        print(f"load average {result['load_average_at_start']} at start, {result['load_average']} at the end")


if __name__ == "__main__":
    main()

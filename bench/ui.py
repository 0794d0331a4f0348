"""UI bench: cold start of `streamlit run app.py` until /_stcore/health answers, and the time from
submitting a question to the first step drawn in headless Chromium (offline planner), on a fresh
thread and on threads that already hold 1, 15 and 30 turns (a long evening's chat).

    .venv/bin/python bench/ui.py [--json] [--runs N] [--turns 1,15,30]

Past turns are seeded through the runtime (player research with game-log charts, news, general
advice: one question after another, as a manager would ask) in the same COURTSIDE_HOME, then the
page opens the thread and the matchup review is timed from Enter to its first tool step. The page
opens with the latest RECENT_TURNS turns; threads longer than that are timed again with every turn
shown ("Show earlier turns" pressed), the worst case. Targets: cold start <= 6 s, first step
<= 300 ms (median) at every size, as the page opens. One JSON object with --json.

Two load figures (issue 21): `reload_ms`, a reload of the longest seeded thread until the page is
usable (its latest turns drawn and the chat input enabled; target <= 1500 ms), and `first_draw_ms`,
each page opened in a new browser session until its title (the chat: its input) is drawn, the
session's first run of that page (target <= 1000 ms each). Medians of --runs.
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

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pages.components.history_window import RECENT_TURNS  # noqa: E402
from tests.app.server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

QUESTION = "Review my matchup and help me optimize for this week without destroying my team."
SEED = ["How has Nikola Jokic played over his last 5 games?", "Is Joel Embiid playing?",
        "Who am I playing this week?", "Show me Jalen Brunson's last 10 games", "Any news on LeBron James?",
        "What is my schedule this week?"]
TARGETS = {"cold_start_s": 6.0, "first_step_ms": 300.0, "reload_ms": 1500.0, "first_draw_ms": 1000.0}
# url path -> what is on screen once the page has drawn its top (the chat: the input, usable)
PAGES = {"": "[data-testid='stChatInputTextArea']:not([disabled])", "approvals": "h1", "league": "h1",
         "signals": "h1", "desk": "h1", "audit": "h1", "arena": "h1", "settings": "h1"}
# The first step of the new turn: a step (expander) inside the chat message right after the new
# question (message counts are taken at Enter, so steps of past turns do not count).
WATCH = """() => {
  window.__submit = null; window.__step = null; window.__n0 = null;
  const msgs = () => document.querySelectorAll('[data-testid="stChatMessage"]');
  document.addEventListener('keydown', e => { if (e.key === 'Enter' && window.__submit === null) {
    window.__submit = performance.now(); window.__n0 = msgs().length; } }, true);
  const seen = () => { const m = msgs(); const a = m[window.__n0 + 1];
    return a && m[window.__n0].innerText.includes('Review my matchup') &&
           a.querySelector('[data-testid="stExpander"]'); };
  const added = ms => ms.some(r => Array.from(r.addedNodes).some(n => n.nodeType === 1 &&
    (n.matches('[data-testid="stExpander"]') || n.querySelector('[data-testid="stExpander"]'))));
  const obs = new MutationObserver(ms => { if (window.__submit !== null && window.__step === null && added(ms)
      && seen()) { window.__step = performance.now(); obs.disconnect(); } });
  obs.observe(document.body, {subtree: true, childList: true});
}"""


def seed_threads(home: str, sizes: list[int], runs: int, tag: str = "") -> dict[int, list[str]]:
    """Threads holding `size` finished turns each (`runs` per size), written through the runtime."""
    os.environ["COURTSIDE_HOME"] = home
    from agents.runtime import get_assistant

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


def reload_ms(page, url: str, thread: str, past_turns: int) -> float:
    """A reload of the thread until usable: its latest turns drawn and the chat input enabled."""
    t0 = time.perf_counter()
    page.goto(f"{url}/?thread={thread}", wait_until="commit")
    _messages_at_least(page, 2 * min(past_turns, RECENT_TURNS))
    page.locator(PAGES[""]).wait_for(timeout=120_000)
    return round((time.perf_counter() - t0) * 1000, 1)


def first_draw_ms(browser, url: str, path: str) -> float:
    """A page opened in a new browser session (a first run of it) until its top is drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    try:
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(f"{url}/{path}", wait_until="commit")  # "": the chat, the default page
        page.locator(f"[data-testid='stMain'] {PAGES[path]}").first.wait_for(timeout=120_000)
        return round((time.perf_counter() - t0) * 1000, 1)
    finally:
        context.close()


def run(runs: int, sizes: list[int]) -> dict:
    from playwright.sync_api import sync_playwright

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
        with streamlit_server(Path(home)) as (url, cold_s), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1600})
                t1 = time.perf_counter()
                page.goto(url, wait_until="domcontentloaded")
                page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
                first_page_s = time.perf_counter() - t1
                samples = [first_step_ms(page, url, f"bench-fresh-{i}") for i in range(runs)]
                by_size = {size: [first_step_ms(page, url, t, size) for t in threads] for size, threads in seeded.items()}
                every = {size: [first_step_ms(page, url, t, size, show_all=True) for t in threads]
                         for size, threads in seeded_all.items()}
                reloads = [reload_ms(page, url, t, longest) for t in reload_threads]
                draws = {path or "chat": statistics.median([first_draw_ms(browser, url, path) for _ in range(runs)])
                         for path in PAGES}
            finally:
                browser.close()
    median = statistics.median(samples)
    after = {str(size): {"median_ms": statistics.median(v), "runs_ms": v} for size, v in by_size.items()}
    shown_all = {str(size): {"median_ms": statistics.median(v), "runs_ms": v} for size, v in every.items()}
    worst = max([median, *(a["median_ms"] for a in after.values())])
    return {"bench": "ui", "error": None, "provider": "offline", "cold_start_s": round(cold_s, 2),
            "first_page_s": round(first_page_s, 2), "db_build_s": round(build_s, 2),
            "first_step_ms": median, "first_step_ms_runs": samples, "first_step_after_turns": after,
            "recent_turns_drawn": RECENT_TURNS, "first_step_every_turn_shown": shown_all,
            "reload_turns": longest, "reload_ms": statistics.median(reloads), "reload_ms_runs": reloads,
            "first_draw_ms": draws,
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "targets": TARGETS, "ok": cold_s <= TARGETS["cold_start_s"] and worst <= TARGETS["first_step_ms"]
            and statistics.median(reloads) <= TARGETS["reload_ms"]
            and max(draws.values()) <= TARGETS["first_draw_ms"]}


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--runs", type=int, default=5, help="questions to time per thread size")
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
        for size, a in result["first_step_after_turns"].items():
            print(f"after {size} turns: first step {a['median_ms']} ms median of {a['runs_ms']}")
        for size, a in result["first_step_every_turn_shown"].items():
            print(f"after {size} turns, every turn shown: first step {a['median_ms']} ms median of {a['runs_ms']}")
        print(f"reload of a {result['reload_turns']}-turn thread until usable: {result['reload_ms']} ms median "
              f"(target <= 1500)")
        print("first draw per page (target <= 1000 ms): "
              + ", ".join(f"{k} {v} ms" for k, v in result["first_draw_ms"].items()))


if __name__ == "__main__":
    main()

"""Issue #38's Signals defects in headless Chromium: a card's edge is the edge of the team it buys,
away picks included, and the scoreboard's sweep axis and group table read in words (AppTest and
unit checks of the same fixes: tests/app/test_signals_edge.py, test_chat_small_defects.py,
test_signals_page.py).

The broken versions: "buy OKC at 0.758", P(OKC) 85.7%, "Edge -0.100" (the home side's sign kept on
an away pick); a sweep axis reading 0.0144; group headers `hit_rate`, `bss_vs_market` and "None" cells.
"""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]

METRICS = """() => [...document.querySelectorAll('[data-testid="stMetric"]')].map(m => ({
  label: m.querySelector('[data-testid="stMetricLabel"]').innerText.trim(),
  value: m.querySelector('[data-testid="stMetricValue"]').innerText.trim()}))"""
RAW = ("hit_rate", "bss_vs_market", "market_brier", "realized_ev", "by_confidence")


def _away_teams(day: str) -> set[str]:
    from services.config import DATA_DIR

    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return {r["away"] for r in csv.DictReader(f) if r["game_date"] == day}


def test_the_signal_cards_edge_is_the_picks_own_and_the_scoreboard_reads_in_words(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    away = _away_teams("2025-01-29")
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 3000})
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
        page.get_by_test_id("stSidebarNav").get_by_role("link", name="Signals").click(timeout=30_000)
        page.get_by_role("button", name=re.compile(r"^Run all \d+ games")).click(timeout=60_000)
        page.get_by_text(re.compile(r"signal\(s\) from \d+ game\(s\)")).first.wait_for(timeout=180_000)
        page.wait_for_timeout(1500)
        from services.signals.store import SignalStore

        stored = SignalStore(fresh_state.store).list()
        expect(page.get_by_test_id("stMetric").filter(has_text="Edge of ")).to_have_count(len(stored), timeout=30_000)
        metrics = page.evaluate(METRICS)
        cards = [metrics[i:i + 3] for i, m in enumerate(metrics) if m["label"].startswith("Pod: P(")]
        assert len(cards) == len(stored) > 0, metrics
        picks = []
        for p, price, edge in cards:
            team = re.match(r"Pod: P\((\w+) wins\)", p["label"])[1]
            assert price["label"] == f"Market price of {team}" and edge["label"] == f"Edge of {team}", (p, price, edge)
            prob, cost = float(p["value"].rstrip("%")) / 100, float(price["value"].rstrip("%")) / 100
            shown = float(edge["value"])
            assert shown == pytest.approx(prob - cost, abs=0.0011), (team, p, price, edge)  # P(pick) - price(pick)
            assert shown > 0, (team, edge)  # a signal buys the side its pod rates above the price
            picks.append(team)
        assert away & set(picks), (picks, away)  # away picks among them (Jan 29: OKC at GSW)

        for part, value in (("year", "2025"), ("month", "01"), ("day", "27")):
            page.get_by_role("spinbutton", name=f"{part}, From").click(timeout=60_000)
            page.keyboard.type(value)
        page.keyboard.press("Tab")
        page.wait_for_timeout(1500)
        page.get_by_role("button", name="Score", exact=True).click()
        page.get_by_text("2025-01-27 to 2025-01-28").first.wait_for(timeout=300_000)
        sweep = page.locator(".js-plotly-plot").nth(1)
        sweep.locator(".xtick text").first.wait_for(timeout=60_000)
        ticks = sweep.locator(".xtick text").all_text_contents()
        assert ticks and all(re.fullmatch(r"0\.\d\d", t) for t in ticks), ticks  # thresholds, not 0.0144
        # the group table (a canvas grid): its headers and cells from the grid's accessible table
        groups = page.get_by_test_id("stDataFrame").filter(has_text="Skill vs market")
        groups.get_by_role("columnheader", include_hidden=True).first.wait_for(state="attached", timeout=30_000)
        heads = groups.get_by_role("columnheader", include_hidden=True).all_text_contents()
        assert "Hit rate" in " ".join(heads) and not [h for h in heads if any(r in h for r in RAW)], heads
        cells = groups.get_by_role("gridcell", include_hidden=True).all_text_contents()
        assert cells and "None" not in [c.strip() for c in cells], cells

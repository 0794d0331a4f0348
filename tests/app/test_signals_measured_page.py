"""The Signals page speaks from measured skill (issue #41): the scoreboard shows skill with and
without the absence signal and the reliability table per |ev| band; where the skill is negative it
says "no established edge", and a signal card's badge carries the label its band earned on the
week before, never the |ev| bucket. Broken version caught: today's page and cards ("high
confidence" from |ev| >= .15 on a pod that loses to the market)."""
from __future__ import annotations

import csv
import datetime as dt

from services.config import DATA_DIR
from tests.app.conftest import rendered_text

SIGNALS = "pages/signals.py"


def test_scoreboard_shows_absences_and_bands_and_no_established_edge(app):
    at = app()
    at.switch_page(SIGNALS).run()
    at.date_input(key="signals_score_from").set_value(dt.date(2025, 1, 27))
    at.date_input(key="signals_score_to").set_value(dt.date(2025, 1, 28))
    next(b for b in at.button if b.label.startswith("Score")).click()
    at.run()
    assert not at.exception
    board = at.session_state["signals_board"]
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        won = {f"{r['game_date']}-{r['away']}-{r['home']}": int(r["home_pts"]) > int(r["away_pts"])
               for r in csv.DictReader(f) if r["game_date"] in ("2025-01-27", "2025-01-28")}
    est = [g for g in board["per_game"] if g["estimate"] is not None]
    without = sum((g["estimate_without_absences"] - won[g["game_id"]]) ** 2 for g in est) / len(est)
    assert abs(board["absences"]["without"]["brier"] - without) < 1e-4
    text = rendered_text(at)
    assert f"without it {board['absences']['without']['bss_vs_market']}" in text
    bands = next(d.value for d in at.dataframe if "|ev| band" in d.value.columns)
    assert list(bands["|ev| band"]) == ["low", "medium", "high"]
    assert list(bands["signals"]) == [board["reliability_by_band"][b]["n"] for b in ("low", "medium", "high")]
    assert (board["estimates"]["bss_vs_market"] < 0) == any("No established edge" in w.value for w in at.warning)


def test_a_card_on_a_pod_with_negative_skill_says_no_established_edge(app, fresh_state):
    at = app()
    at.switch_page(SIGNALS).run()
    at.selectbox(key="signals_game").set_value("2025-01-29-OKC-GSW")
    next(b for b in at.button if b.label.startswith("Run this game")).click()
    at.run()
    assert not at.exception
    from agents.signals.runner import measured_skill

    assert measured_skill(dt.date(2025, 1, 29), "blind")["bss_vs_market"] < 0
    text = rendered_text(at)
    assert "no established edge" in text
    assert "high confidence" not in text and "medium confidence" not in text and "low confidence" not in text

"""The Desk page shows closing-line value beside P&L (issue #41): the desk's CLV per bet, the share
of bets where its price beat the close and the interval, from the book, against the CSV close.
Broken version caught: today's page, with P&L and hold and no CLV at all."""
from __future__ import annotations

import csv
import datetime as dt
from statistics import NormalDist

from agents.desk.clock import DeskClock
from services.config import DATA_DIR
from services.desk.book import DeskBook
from services.desk.models import DeskLimits

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def test_clv_beside_pnl(app, fresh_state):
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        spread = next(float(r["home_spread"]) for r in csv.DictReader(f)
                      if (r["game_date"], r["away"], r["home"]) == ("2025-01-29", "CHI", "BOS"))
    desk_clv = -100 * (1.2 * NormalDist(0, 13.6).cdf(-spread) - 1)
    book = DeskBook(fresh_state.store)
    book.book_position("q-x", GAME, "moneyline", "home", None, 1.2, 10, DeskLimits(), AT)
    DeskClock(book).set(AT + dt.timedelta(days=1))
    at = app()
    at.switch_page("pages/desk.py").run()
    at.button(key="desk_settle").click()
    at = at.run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Desk P&L"] == "-2.00"
    assert metrics["Desk CLV per bet"] == f"{desk_clv:+.2f}%"
    assert metrics["Beat the close"] == ("100%" if desk_clv > 0 else "0%")
    assert any("Closing-line value over 1 bets on 1 games" in c.value for c in at.caption)

"""The market maker's five tools against values computed here from games.csv and by hand: the
market (priced from the real close at tip), exposure, recent decisions, and the two calculators
with their calculation log."""
from __future__ import annotations

import csv
import datetime as dt
import json
from statistics import NormalDist

import pytest

from agents.desk.tools import DESK_TOOL_NAMES, DeskContext, build_desk_tools
from services.config import DATA_DIR
from services.desk.book import DeskBook
from services.desk.models import DeskLimits

GAME = "2025-01-29-CHI-BOS"
TIP = dt.datetime(2025, 1, 30, 0, 0, tzinfo=dt.timezone.utc)


def _row(gid):
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return next(r for r in csv.DictReader(f) if f"{r['game_date']}-{r['away']}-{r['home']}" == gid)


@pytest.fixture
def tools(fresh_state):
    book = DeskBook(fresh_state.store)
    ctx = DeskContext(book=book, limits=DeskLimits(max_per_side=150, max_per_game=300), quote_id="q-test", at=TIP)
    return {t.name: t for t in build_desk_tools(ctx)}, book, ctx


def test_exactly_the_five_tools(tools):
    assert sorted(tools[0]) == sorted(DESK_TOOL_NAMES) and len(DESK_TOOL_NAMES) == 5


def test_market_state_at_tip_is_priced_from_the_real_close(tools):
    t, _, _ = tools
    close = float(_row(GAME)["home_spread"])
    out = json.loads(t["get_market_state"].invoke({"game_id": GAME, "market": "spread", "side": "away",
                                                   "line": -close + 2}))
    p_home = NormalDist(0, 13.6).cdf(-close)
    assert out["spread"]["home_line"] == close and out["moneyline"]["home"] == round(1 / (p_home * 1.045), 3)
    # away at (its market line + 2): covers when margin < -close + 2, margin ~ N(-close, 13.6)
    p = NormalDist(-close, 13.6).cdf(-close + 2)
    assert out["quote"]["desk_odds"] == round(1 / (p * 1.045), 3) and out["quote"]["market_line"] == -close
    assert "priced from the spread" in out["labels"]
    with pytest.raises(KeyError):
        t["get_market_state"].invoke({"game_id": "1999-01-01-AAA-BBB"})


def test_exposure_and_recent_decisions_read_the_book(tools):
    t, book, ctx = tools
    book.book_position("q0", GAME, "moneyline", "home", None, 1.5, 40, ctx.limits, TIP)
    out = json.loads(t["get_my_exposure"].invoke({"game_id": GAME, "market": "moneyline", "side": "home"}))
    assert (out["side_exposure"], out["game_exposure"], out["max_per_side"]) == (20.0, 20.0, 150)
    book.save_quote("q-old", GAME, TIP - dt.timedelta(seconds=30), "rejected",
                    {"market": "spread", "side": "home", "line": -14.5, "odds": 2.2},
                    {"decision": "reject", "reason": "too much edge"}, {"desk_odds": 1.914, "market_line": -14.5})
    book.save_quote("q-future", GAME, TIP + dt.timedelta(hours=1), "rejected",
                    {"market": "spread", "side": "home", "line": -14.5, "odds": 2.2},
                    {"decision": "reject", "reason": "later"}, {})
    rec = json.loads(t["get_my_recent_decisions"].invoke({"game_id": GAME}))["decisions"]
    assert [(d["quote_id"], d["seconds_ago"], d["desk_odds"]) for d in rec] == [("q-old", 30.0, 1.914)]


def test_calculators_log_every_call_with_the_quote_id(tools):
    t, book, _ = tools
    edge = json.loads(t["compare_odds"].invoke({"offered_odds": 2.0, "market_odds": 1.9}))
    assert edge["edge_pct"] == pytest.approx(5.0)
    imp = json.loads(t["compute_exposure_impact"].invoke({
        "amount": 100, "odds": 2.0, "current_side_exposure": 100, "current_game_exposure": 100,
        "max_per_side": 150, "max_per_game": 300}))
    assert imp["can_accept"] is False and imp["max_allowed_amount"] == 50.0
    logged = book.calcs(quote_id="q-test")
    assert [c["tool"] for c in logged] == ["compute_exposure_impact", "compare_odds"]
    assert {c["calc_id"] for c in logged} == {edge["calc_id"], imp["calc_id"]}
    assert logged[1]["inputs"] == {"offered_odds": 2.0, "market_odds": 1.9, "perspective": "bettor"} and not logged[1]["verified"]

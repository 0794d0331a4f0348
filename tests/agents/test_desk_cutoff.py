"""The desk's cutoff: an offline quote at desk time T (the decision and every tool result the
model saw) is unchanged when the results from T on are scrambled (the line feed stays); and no
desk module reads box scores at all (services.store.db / snapshot / players are never imported)."""
from __future__ import annotations

import ast
import csv
import datetime as dt
import json
import random
from pathlib import Path

from agents.desk.runtime import Desk
from agents.offline.desk_policy import DeskPolicyModel
from services import markets
from services.league import season_games as sg
from services.config import DATA_DIR, reset_settings_cache
from services.desk.models import BetRequest
from services.store.state import StateStore
from tests.conftest import REPO_ROOT

T = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
STRIP = {"calc_id", "quote_id", "id"}


def _quote_view(store) -> list:
    desk = Desk(model=DeskPolicyModel(), store=store)
    out = []
    for g in sg.schedule(T.date(), T.date() + dt.timedelta(days=1)):
        for market, side, line in (("moneyline", "away", None), ("total", "over", 225.5)):
            r = desk.quote(BetRequest(game_id=g.game_id, market=market, side=side, line=line, odds=2.0, amount=10), T)
            results = [{k: v for k, v in c["outputs"].items() if k not in STRIP} for c in
                       desk.book.calcs(quote_id=r.quote_id)]
            out.append((g.game_id, market, r.status, r.decision, r.desk_odds, results))
    return out


def _clear():
    sg.all_games.cache_clear()
    sg._by_id.cache_clear()
    markets.clear_caches()


def test_quote_at_t_unchanged_when_results_from_t_on_are_scrambled(fresh_state, tmp_path, monkeypatch):
    before = _quote_view(fresh_state.store)
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rng = random.Random(11)
    for r in rows:
        if r["game_date"] >= T.date().isoformat():
            r["home_pts"], r["away_pts"] = str(rng.randint(70, 160)), str(rng.randint(70, 160))
    path = tmp_path / "games.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    monkeypatch.setattr(sg, "GAMES_CSV", path)
    _clear()
    second_home = tmp_path / "second-home"
    second_home.mkdir()
    monkeypatch.setenv("COURTSIDE_HOME", str(second_home))
    reset_settings_cache()
    try:
        after = _quote_view(StateStore())  # an empty book, like the first run's
    finally:
        monkeypatch.undo()
        reset_settings_cache()
        _clear()
    assert json.dumps(after, default=str) == json.dumps(before, default=str)
    assert len(before) > 20 and {v[2] for v in before} >= {"accepted", "rejected"}


def test_no_desk_module_reads_box_scores():
    forbidden = {"services.store.db", "services.league.snapshot", "services.league.players", "services.league.demo_source"}
    for folder in ("agents/desk", "services/desk", "services/markets"):
        for py in Path(REPO_ROOT, folder).glob("*.py"):
            tree = ast.parse(py.read_text())
            mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | \
                   {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            assert not (mods & forbidden), (py, mods & forbidden)

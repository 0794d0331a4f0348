"""The whole product sees nothing on or after the as-of date (except the published schedule).

Builds a second database from a copy of the data in which every box-score line on or after the
as-of date is scrambled (random stats and results, a quarter of the lines removed; every team
game keeps at least one line, so the schedule is kept), then runs a fixed set of outputs on
both databases in this process: every team's roster, statuses, game logs, free agents, news,
the matchup, the league's life (rosters on each day of the week, IR, every manager's
transaction up to the as-of morning), the optimizer's cards and weekly lineup in both scoring modes, and a dozen
`agents ask` answers (thread ids and timings removed). They must be byte-identical: any
output that read a future box score (eligibility from the whole season, a banked total of a
day not yet played, a calibration rate counted from later games) would differ.
"""
from __future__ import annotations

import csv
import datetime as dt
import gzip
import json
import random
import shutil
from pathlib import Path

import pytest

REPO_DATA = Path(__file__).resolve().parents[1] / "data" / "nba-2024-25"
AS_OF = dt.date(2025, 1, 29)
STAT_COLS = ["min", "fgm", "fga", "fg3m", "fg3a", "ftm", "fta", "oreb", "dreb", "reb", "ast", "stl",
             "blk", "tov", "pf", "pts", "game_score"]
QUESTIONS = [
    "Review my matchup and help me optimize for this week.",
    "How has Tyrese Haliburton played lately?",
    "Is Joel Embiid injured?",
    "Who are the best free agents right now?",
    "Who should I start today?",
    "Any news on my players?",
    "Which of my players have the most games left this week?",
    "How am I doing in my matchup?",
    "Should I pick up Jrue Holiday?",
    "Compare Jalen Williams and Norman Powell",
    "Who has been hot on the waiver wire?",
    "Show me my roster",
]
CATEGORY_QUESTIONS = ["Review my matchup and help me optimize for this week.", "Which categories am I winning?"]


def scramble(src: Path, dst: Path, as_of: dt.date, seed: int = 7) -> int:
    """Copies the data with every line on or after `as_of` scrambled; returns lines changed."""
    dst.mkdir(parents=True)
    for name in ("players.csv", "games.csv", "README.md"):
        if (src / name).exists():
            shutil.copy2(src / name, dst / name)
    rng = random.Random(seed)
    with gzip.open(src / "player_games.csv.gz", "rt", encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        fields, rows = reader.fieldnames, list(reader)
    kept_game: set[tuple[str, str]] = set()
    out, changed = [], 0
    for r in rows:
        if dt.date.fromisoformat(r["game_date"]) < as_of:
            out.append(r)
            continue
        key = (r["game_date"], r["team"])
        if key in kept_game and rng.random() < 0.25:
            changed += 1
            continue  # who played after the as-of date is not known either
        kept_game.add(key)
        for c in STAT_COLS:
            r[c] = f"{rng.uniform(0, 48):.2f}" if c in ("min", "game_score") else str(rng.randint(0, 30))
        r["result"] = rng.choice(["W", "L"])
        out.append(r)
        changed += 1
    with gzip.open(dst / "player_games.csv.gz", "wt", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(out)
    return changed


def _strip(result: dict) -> dict:
    out = {k: v for k, v in result.items() if k not in ("thread_id", "elapsed_ms")}
    # a round's tools run in parallel and are listed as they finish: compared as a set of calls, in one order
    out["tool_calls"] = sorted(({k: v for k, v in c.items() if k != "ms"} for c in result.get("tool_calls", [])),
                               key=lambda c: json.dumps(c, sort_keys=True, default=str))
    # a card's issued_at is the wall clock at which it was made (it starts the card's league clock)
    out["pending_approvals"] = [{k: v for k, v in c.items() if k != "issued_at"}
                                for c in result.get("pending_approvals", [])]
    return out


def outputs(as_of: dt.date) -> dict[str, str]:
    """The fixed set of outputs of the current COURTSIDE_HOME, as JSON text per name."""
    from agents.core.runtime import get_assistant
    from services import optimizer as opt
    from services.league.demo_source import DemoSource
    from services.models import ServiceError
    from services.store.state import state_store

    out: dict[str, str] = {}
    for scoring in ("points", "categories"):
        src = DemoSource(as_of, scoring, store=state_store())
        lg = src.league
        for t in lg.team_ids:
            out[f"{scoring}/roster/{t}"] = src.roster(t).model_dump_json()
        mine = lg.roster_ids()
        fas = src.free_agents(limit=50)
        out[f"{scoring}/free_agents"] = json.dumps([f.model_dump(mode="json") for f in fas])
        out[f"{scoring}/matchup"] = src.matchup().model_dump_json()
        names = [lg.snapshot.players[p].ref.name for p in mine] + [f.player.name for f in fas[:10]]
        for name in names + ["Joel Embiid", "Dante Exum"]:
            for kind, call in (("status", src.player_status), ("gamelog", src.game_log)):
                try:
                    out[f"{scoring}/{kind}/{name}"] = call(name).model_dump_json()
                except ServiceError as e:
                    out[f"{scoring}/{kind}/{name}"] = f"error: {e}"
        week_days = [dt.date(2025, 1, 27), dt.date(2025, 1, 28)]
        out[f"{scoring}/season"] = json.dumps({  # the league's life up to the as-of morning
            "rosters_on": {f"{t}/{d}": lg.roster_on(t, d) for t in lg.team_ids for d in week_days},
            "ir": {t: lg.ir_ids(t) for t in lg.team_ids},
            "transactions": [str(x) for x in lg.transactions(dt.date(2024, 10, 22), as_of)]})
        out[f"{scoring}/calibration"] = lg.snapshot.calibration.model_dump_json()
        out[f"{scoring}/news"] = json.dumps([n.model_dump(mode="json") for n in src.news(limit=50)])
        inputs = opt.from_demo_league(lg, season=True)  # the rest-of-season values too
        for mode in ("balanced", "this_week"):
            out[f"{scoring}/cards/{mode}"] = json.dumps(opt.as_json(opt.scan_moves(inputs, limit=20, mode=mode)))
        out[f"{scoring}/weekly"] = json.dumps(opt.as_json(opt.weekly_lineup(opt.from_demo_league(lg, free_agents=[]))))
        asst = get_assistant(provider="offline", as_of=as_of, scoring=scoring)
        for q in QUESTIONS if scoring == "points" else CATEGORY_QUESTIONS:
            out[f"{scoring}/ask/{q}"] = json.dumps(_strip(asst.ask(q)), sort_keys=True, default=str)
    return out


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory, courtside_home):
    from services import config
    from services.store import db
    from services.store.build import DB_NAME, build, db_path
    from tests.db_files import copy_database

    root = tmp_path_factory.mktemp("lookahead")
    scrambled = root / "data-scrambled"
    changed = scramble(REPO_DATA, scrambled, AS_OF)
    runs = {}
    with pytest.MonkeyPatch.context() as mp:
        for name, data in (("real", None), ("scrambled", scrambled)):
            home = root / name
            home.mkdir()
            mp.setenv("COURTSIDE_HOME", str(home))
            if data is None:
                mp.delenv("COURTSIDE_DATA_DIR", raising=False)
            else:
                mp.setenv("COURTSIDE_DATA_DIR", str(data))
            config.reset_settings_cache()
            if data is None:  # the real data: the run's own database, built from it by the same build()
                copy_database(courtside_home / DB_NAME, db_path())
            else:
                build(db_path())
            runs[name] = outputs(AS_OF)
            db.close()
    config.reset_settings_cache()
    return changed, runs


def test_the_scrambled_copy_really_differs_after_the_as_of_date(two_runs, csv_facts):
    changed, _ = two_runs
    after = sum(1 for g in csv_facts.games if g["game_date"] >= AS_OF)
    assert changed == after > 1000


def test_every_output_is_identical_with_the_future_scrambled(two_runs):
    _, runs = two_runs
    real, scrambled = runs["real"], runs["scrambled"]
    assert real.keys() == scrambled.keys()
    assert len(real) > 100
    # the run really produced advice and answers, not errors
    assert json.loads(real["points/ask/Review my matchup and help me optimize for this week."])["pending_approvals"]
    cards = json.loads(real["points/cards/balanced"])
    assert cards and all(m["season_gain"] is not None for m in cards)
    differ = [k for k in real if real[k] != scrambled[k]]
    assert differ == [], f"{len(differ)} outputs read the future, e.g. {differ[:5]}\n{first_difference(real, scrambled, differ[0])}"


def first_difference(real: dict, scrambled: dict, key: str) -> str:
    """Where the first differing output parts ways (a failure must say what changed, not only where)."""
    a, b = real[key], scrambled[key]
    i = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"{key} at char {i}:\n real:      ...{a[max(0, i - 200):i + 200]}\n scrambled: ...{b[max(0, i - 200):i + 200]}"

"""Why balanced swap claims are (not) realized: each claim recomputed with one input replaced by
what really happened (docs/season-value.md, "the decomposition").

For every balanced swap of a `bench/backtest.py --json` result (points), the claim over the same
horizon (the as-of date to the last day of the data) is recomputed by the same model
(`season.season_gains`: exact lineups every day) with
- each game of the roster and the added player at 1 if he really played it, else 0 (availability
  known; per-game value still the projection), then
- also each player's real points per game over the horizon,
and reported next to the realized gain, with games expected against games played and the dropped
player's class on the as-of morning.

    python bench/backtest.py --json --scoring points > result.json
    python bench/backtest_claims.py result.json [--json]
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

FIELDS = ("claim", "claim_known_games", "claim_known_games_and_points", "realized",
          "add_expected_games", "add_played", "drop_expected_games", "drop_played")


def _row(m: dict, lg, book, end: dt.date) -> dict:
    import numpy as np

    from services.optimizer import from_demo_league, prepare
    from services.optimizer.season import season_gains, season_table, within

    inputs = from_demo_league(lg, team_id=m["team_id"], season=True)
    prep = prepare(inputs)
    season = within(inputs.season, end=end + dt.timedelta(days=1))
    k = next(i for i, p in enumerate(season.roster) if p.player_id == m["drop"])
    a = next(i for i, p in enumerate(season.free_agents) if p.player_id == m["add"])
    lines = {pid: {g[0]: float(g[3]) for g in book.games.get(pid, []) if g[0] >= lg.as_of}
             for pid in [p.player_id for p in season.roster] + [m["add"]]}

    def claim(s) -> float:
        one = dataclasses.replace(s, free_agents=(s.free_agents[a],))
        return float(season_gains(season_table(prep, one), np.array([k]))[0][0, 0])

    def known(p, points: bool):
        played = lines[p.player_id]
        value = sum(played.values()) / len(played) if points and played else p.value
        return dataclasses.replace(p, rates=tuple(float(d in played) for d in p.games), value=value)

    def replaced(points: bool):
        return dataclasses.replace(season, roster=tuple(known(p, points) for p in season.roster),
                                   free_agents=tuple(known(p, points) if i == a else p
                                                     for i, p in enumerate(season.free_agents)))

    drop, add = season.roster[k], season.free_agents[a]
    status = next(p.status for p in inputs.roster if p.player_id == m["drop"])
    return {"week": m["week"], "team_id": m["team_id"], "drop": m["drop"], "add": m["add"], "drop_class": status,
            "claim": m["claim_horizon"], "claim_known_games": round(claim(replaced(False)), 1),
            "claim_known_games_and_points": round(claim(replaced(True)), 1), "realized": m["rest_gain"],
            "add_expected_games": round(sum(add.rates), 1), "add_played": sum(d in lines[add.player_id] for d in add.games),
            "drop_expected_games": round(sum(drop.rates), 1),
            "drop_played": sum(d in lines[drop.player_id] for d in drop.games)}


def decompose(result: dict) -> dict:
    from backtest import as_of_dates

    from services.league.demo import demo_league
    from services.optimizer.replay import MorningBook
    from services.store.state import state_store

    end = dt.date.fromisoformat(result["points"]["rest_of_data_end"])
    dates = dict(as_of_dates())
    moves = [m for m in result["points"]["moves"] if m["strategy"] == "balanced" and m["kind"] == "swap"]
    rows, views = [], {}
    for m in moves:
        as_of = dates[m["week"]]
        if as_of not in views:
            lg = demo_league(as_of, "points", store=state_store())
            views = {as_of: (lg, MorningBook(lg.snapshot, end))}
        rows.append(_row(m, *views[as_of], end))
    groups: dict[str, dict] = defaultdict(lambda: dict.fromkeys(("swaps", *FIELDS), 0.0))
    for r in rows:
        for g in (groups["all"], groups[f"drop {r['drop_class']}"]):
            g["swaps"] += 1
            for f in FIELDS:
                g[f] = round(g[f] + r[f], 1)
    return {"horizon_end": end.isoformat(), "groups": dict(groups), "swaps": rows, "error": None}


def main() -> None:
    from services.cli import OneLineParser

    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("result", nargs="?", help="a bench/backtest.py --json result with the points scoring")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        if not args.result:
            raise OSError("no file named")
        result = json.loads(Path(args.result).read_text())
        result["points"]["moves"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        msg = f"not a bench/backtest.py --json result with points: {args.result} ({type(e).__name__})"
        print(json.dumps({"error": msg}) if args.json else f"error: {msg}")
        sys.exit(2)
    out = decompose(result)
    if args.json:
        print(json.dumps(out))
        return
    for name, g in out["groups"].items():
        print(f"{name}: {int(g['swaps'])} swaps, claimed {g['claim']:.0f}, with known games {g['claim_known_games']:.0f}, "
              f"and known points {g['claim_known_games_and_points']:.0f}, realized {g['realized']:.0f}; added "
              f"{g['add_played']:.0f}/{g['add_expected_games']:.0f} games, dropped {g['drop_played']:.0f}/"
              f"{g['drop_expected_games']:.0f}")


if __name__ == "__main__":
    main()

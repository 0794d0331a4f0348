"""The current matchup from ESPN's live box score, with a projection for the days left.

Scores are ESPN's own. The projection adds each healthy, non-IR player's expected output for his
remaining games (it ignores daily lineup limits, so it leans high for deep rosters).
"""
from __future__ import annotations

import datetime as dt
import math
from typing import Any

from services.models import CategoryLine, MatchupDetails, RosterEntry
from services.league.scoring import CATEGORIES
from services.espn.mapping import CATEGORY_NAMES


def _active(entries: list[RosterEntry]) -> list[RosterEntry]:
    return [e for e in entries if e.status != "OUT" and not e.on_ir]


def projected_rest(entries: list[RosterEntry]) -> tuple[float, int]:
    """(expected fantasy points, games) still to come from the healthy, non-IR players."""
    active = _active(entries)
    return (round(sum(e.expected_per_game * e.games_remaining for e in active), 1),
            sum(e.games_remaining for e in active))


def rest_totals(entries: list[RosterEntry]) -> dict[str, float]:
    """Expected counting stats still to come (season per-game averages x games remaining)."""
    totals: dict[str, float] = {}
    for e in _active(entries):
        for stat, avg in e.season_avg.items():
            totals[stat] = totals.get(stat, 0.0) + avg * e.games_remaining
    return totals


_ESPN_RESULT = {"WIN": "me", "LOSS": "opponent", "TIE": "tied"}


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def category_line(cat: str, mine: dict, theirs: dict, rest_m: dict, rest_t: dict) -> CategoryLine:
    """One category: ESPN's current values, a projection and a normal-approximation win chance."""
    col, higher_better = CATEGORIES[cat]
    now_m, now_t = float(mine.get(cat, {}).get("value", 0) or 0), float(theirs.get(cat, {}).get("value", 0) or 0)
    if "/" in col:
        num, den = col.split("/")
        key_n, key_d = num.upper(), den.upper()
        made_m, att_m = mine.get(key_n, {}).get("value"), mine.get(key_d, {}).get("value")
        made_t, att_t = theirs.get(key_n, {}).get("value"), theirs.get(key_d, {}).get("value")
        if None not in (made_m, att_m, made_t, att_t):
            am, at = att_m + rest_m.get(den, 0), att_t + rest_t.get(den, 0)
            proj_m = (made_m + rest_m.get(num, 0)) / am if am else now_m
            proj_t = (made_t + rest_t.get(num, 0)) / at if at else now_t
        else:
            proj_m, proj_t = now_m, now_t
        spread = 0.015 if rest_m.get(den, 0) + rest_t.get(den, 0) else 0.0
    else:
        proj_m, proj_t = now_m + rest_m.get(col, 0), now_t + rest_t.get(col, 0)
        spread = math.sqrt(rest_m.get(col, 0) + rest_t.get(col, 0))  # Poisson-like noise
    margin = (proj_m - proj_t) * (1 if higher_better else -1)
    if spread:
        win = _phi(margin / spread)
    else:
        win = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    lead = (now_m - now_t) * (1 if higher_better else -1)
    leader = "me" if lead > 0 else "opponent" if lead < 0 else "tied"
    leader = _ESPN_RESULT.get(mine.get(cat, {}).get("result"), leader)  # ESPN's call wins
    return CategoryLine(category=cat, mine=round(now_m, 4), theirs=round(now_t, 4),
                        projected_mine=round(proj_m, 4), projected_theirs=round(proj_t, 4),
                        leader=leader,
                        win_probability=round(win, 3))


def build_matchup(*, box: Any, my_team_id: int, week: int, start: dt.date, end: dt.date,
                  as_of: dt.date, scoring: str, my_name: str, opp_name: str, opp_id: int,
                  categories: list[str], mine: list[RosterEntry],
                  theirs: list[RosterEntry]) -> MatchupDetails:
    home = getattr(box.home_team, "team_id", box.home_team) == my_team_id
    side, other = ("home", "away") if home else ("away", "home")
    days = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
    my_rest, my_games = projected_rest(mine)
    opp_rest, opp_games = projected_rest(theirs)
    details = dict(week=week, start=start, end=end, as_of=as_of, scoring=scoring, my_team=my_name,
                   opponent=opp_name, opponent_team_id=opp_id,
                   days_played=[d for d in days if d < as_of],
                   days_remaining=[d for d in days if d >= as_of],
                   my_projected_rest=my_rest, opponent_projected_rest=opp_rest,
                   my_games_remaining=my_games, opponent_games_remaining=opp_games)
    if scoring == "categories":
        stats_m = {CATEGORY_NAMES.get(k, k): v for k, v in getattr(box, f"{side}_stats").items()}
        stats_t = {CATEGORY_NAMES.get(k, k): v for k, v in getattr(box, f"{other}_stats").items()}
        lines = [category_line(c, stats_m, stats_t, rest_totals(mine), rest_totals(theirs))
                 for c in categories if c in CATEGORIES]
        wins = sum(line.leader == "me" for line in lines)
        losses = sum(line.leader == "opponent" for line in lines)
        summary = (f"{my_name} leads {wins}-{losses}-{len(lines) - wins - losses} in categories "
                   f"against {opp_name} (ESPN live stats, as of {as_of.isoformat()}).")
        return MatchupDetails(**details, categories=lines, summary=summary)
    my_pts, opp_pts = float(getattr(box, f"{side}_score")), float(getattr(box, f"{other}_score"))
    summary = (f"{my_name} {my_pts:.1f} - {opp_pts:.1f} {opp_name} (ESPN live score); projected "
               f"for the {my_games} and {opp_games} games left: {my_pts + my_rest:.1f} - "
               f"{opp_pts + opp_rest:.1f}.")
    return MatchupDetails(**details, my_points=my_pts, opponent_points=opp_pts, summary=summary)


def live_totals(box: Any, my_team_id: int, scoring: str) -> tuple[dict[str, float], dict[str, float]]:
    """(mine, theirs): what ESPN's live box score has banked this matchup week: fantasy points in
    a points league; each counting stat ESPN keeps (its categories and FGM/FGA, FTM/FTA) in a
    categories league."""
    from services.espn.mapping import STAT_KEYS

    home = getattr(box.home_team, "team_id", box.home_team) == my_team_id
    sides = ("home", "away") if home else ("away", "home")
    if scoring != "categories":
        return tuple({"fpts": float(getattr(box, f"{s}_score") or 0.0)} for s in sides)  # type: ignore[return-value]
    out = []
    for s in sides:
        stats = getattr(box, f"{s}_stats") or {}
        out.append({ours: float((stats.get(name) or {}).get("value") or 0.0)
                    for name, ours in STAT_KEYS.items() if name in stats})
    return out[0], out[1]

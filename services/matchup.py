"""The current matchup: totals so far (real box scores of played days) and a projection.

Past days score the lineup each manager would have set that morning (best lineup on what was
known then), counting only the starters who really played. The rest of the week is projected
from per-game expectations x availability for the best lineup each remaining day.
"""
from __future__ import annotations

import datetime as dt
import math

from services.league import DemoLeague
from services.lineup import BENCH, best_lineup
from services.models import CategoryLine, MatchupDetails
from services.scoring import CATEGORIES, COUNTING_STATS, ScoringMode, category_value
from services.snapshot import data_dates, snapshot
from services.values import player_value

START_BONUS = 100.0


def _day_lineup(lg: DemoLeague, ids: list[str], day: dt.date, snap) -> list[str]:
    playing = []
    for pid in ids:
        ps = snap.players[pid]
        if day not in lg.snapshot.games_remaining(pid, day, day):
            continue
        # The offset makes filling a slot always better than leaving it empty (z-sums can be
        # negative; an OUT player may still be started in a free slot), without changing the
        # order among players.
        playing.append((pid, ps.ref.eligible, player_value(snap, ps, lg.scoring) * ps.availability + START_BONUS))
    assign, _ = best_lineup(playing)
    return [pid for pid, slot in assign.items() if slot != BENCH]


def _totals_so_far(lg: DemoLeague, team_id: int) -> dict[str, float]:
    totals = {k: 0.0 for k in COUNTING_STATS} | {"fpts": 0.0, "games": 0.0}
    ids = lg.drafted[team_id]
    for day in lg.days_played:
        starters = _day_lineup(lg, ids, day, snapshot(day))
        for pid in starters:
            for g in lg.snapshot.players[pid].games[::-1]:
                if g["game_date"] < day:
                    break
                if g["game_date"] == day:
                    for k in totals:
                        totals[k] += g.get(k, 1.0) if k == "games" else g[k]
    return totals


def _projection_rest(lg: DemoLeague, team_id: int) -> tuple[dict[str, float], dict[str, float]]:
    """Expected totals for the rest of the week and their variances."""
    mean = {k: 0.0 for k in COUNTING_STATS} | {"fpts": 0.0, "games": 0.0}
    var = {k: 0.0 for k in mean}
    ids = lg.roster_ids(team_id)
    for day in lg.days_remaining:
        for pid in _day_lineup(lg, ids, day, lg.snapshot):
            ps = lg.snapshot.players[pid]
            a = ps.availability
            mean["games"] += a
            for k in mean:
                if k != "games":
                    mean[k] += a * ps.expected[k]
                    var[k] += a * ps.stat_sd.get(k, 0.0) ** 2
    return mean, var


def _prob_greater(mu: float, var: float) -> float:
    return 0.5 if var <= 0 and mu == 0 else 0.5 * (1 + math.erf(mu / math.sqrt(2 * max(var, 1e-9))))


def category_lines(mine, theirs, mine_rest, theirs_rest, var_mine, var_theirs) -> list[CategoryLine]:
    out = []
    for cat, (col, higher) in CATEGORIES.items():
        now_m, now_t = category_value(cat, mine), category_value(cat, theirs)
        fin_m = {k: mine[k] + mine_rest[k] for k in mine_rest}
        fin_t = {k: theirs[k] + theirs_rest[k] for k in theirs_rest}
        proj_m, proj_t = category_value(cat, fin_m), category_value(cat, fin_t)
        if "/" in col:
            num, den = col.split("/")
            v = var_mine[num] / max(fin_m[den], 1) ** 2 + var_theirs[num] / max(fin_t[den], 1) ** 2
        else:
            v = var_mine[col] + var_theirs[col]
        diff = proj_m - proj_t if higher else proj_t - proj_m
        lead = now_m - now_t if higher else now_t - now_m
        out.append(CategoryLine(
            category=cat, mine=round(now_m, 3), theirs=round(now_t, 3), projected_mine=round(proj_m, 3),
            projected_theirs=round(proj_t, 3), win_probability=round(_prob_greater(diff, v), 3),
            leader="me" if lead > 1e-9 else "opponent" if lead < -1e-9 else "tied"))
    return out


def matchup(lg: DemoLeague, team_id: int | None = None) -> MatchupDetails:
    me = team_id or lg.my_team_id
    opp = lg.opponent_of(me, lg.week[0])
    mine, theirs = _totals_so_far(lg, me), _totals_so_far(lg, opp)
    (m_rest, m_var), (t_rest, t_var) = _projection_rest(lg, me), _projection_rest(lg, opp)
    week_no, start, end = lg.week
    names = lg.team_name(me)[0], lg.team_name(opp)[0]
    remaining = {t: sum(len(lg.snapshot.games_remaining(p, lg.as_of, end)) for p in lg.roster_ids(t)
                        if lg.snapshot.players[p].status != "OUT") for t in (me, opp)}
    common = dict(week=week_no, start=start, end=end, as_of=lg.as_of, scoring=lg.scoring,
                  my_team=names[0], opponent=names[1], opponent_team_id=opp,
                  days_played=lg.days_played, days_remaining=lg.days_remaining,
                  my_games_remaining=remaining[me], opponent_games_remaining=remaining[opp])
    last_day = data_dates()[1]
    caveat = (f" The schedule in the data ends {last_day:%b %-d}; games after it are not projected."
              if end > last_day else "")
    if lg.scoring == ScoringMode.POINTS:
        my_final, opp_final = mine["fpts"] + m_rest["fpts"], theirs["fpts"] + t_rest["fpts"]
        p = _prob_greater(my_final - opp_final, m_var["fpts"] + t_var["fpts"])
        summary = (f"{names[0]} {mine['fpts']:.1f} - {theirs['fpts']:.1f} {names[1]} after "
                   f"{len(lg.days_played)} day(s); projected final {my_final:.1f} - {opp_final:.1f} "
                   f"(win probability {p:.0%}).{caveat}")
        return MatchupDetails(**common, my_points=round(mine["fpts"], 1), opponent_points=round(theirs["fpts"], 1),
                              my_projected_rest=round(m_rest["fpts"], 1),
                              opponent_projected_rest=round(t_rest["fpts"], 1), summary=summary)
    cats = category_lines(mine, theirs, m_rest, t_rest, m_var, t_var)
    lead = sum(c.leader == "me" for c in cats), sum(c.leader == "opponent" for c in cats)
    exp_won = sum(c.win_probability for c in cats)
    verb = "leads" if lead[0] > lead[1] else "trails" if lead[0] < lead[1] else "is tied"
    summary = (f"{names[0]} {verb} {lead[0]}-{lead[1]} in categories after {len(lg.days_played)} day(s); "
               f"expected categories won {exp_won:.1f} of 9.{caveat}")
    return MatchupDetails(**common, categories=cats, summary=summary)

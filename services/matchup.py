"""The current matchup: totals so far (real box scores of played days) and a projection.

Past days come from the one scoreboard (`services.scoreboard`: the lineup each manager would have
set that morning from the roster he had that day, real box scores of the starters who played).
The rest of the week is the optimizer's standing-pat plan (per-game expectations x availability,
the exact lineup each remaining day).
"""
from __future__ import annotations

import datetime as dt
import math

from services.league import DemoLeague
from services.models import CategoryLine, MatchupDetails
from services.scoring import CATEGORIES, COUNTING_STATS, ScoringMode, category_value
from services.scoreboard import banked_totals
from services.snapshot import data_dates



def _as_dicts(rows) -> tuple[dict[str, float], dict[str, float]]:
    from services.optimizer import projection as pj

    mean = {s: float(rows[pj.MEAN][i]) for i, s in enumerate(COUNTING_STATS)}
    var = {s: float(rows[pj.VAR][i]) for i, s in enumerate(COUNTING_STATS)}
    mean["fpts"], var["fpts"] = float(rows[pj.FPTS]), float(rows[pj.FPTS_VAR])
    mean["games"], var["games"] = float(rows[pj.COUNT]), 0.0
    return mean, var


def projections_rest(lg: DemoLeague, team_id: int):
    """((mean, var) of my rest of week, (mean, var) of the opponent's): the optimizer's
    standing-pat plans (the same lineups and solver; the opponent sets his best
    fantasy-points lineups, as the optimizer assumes)."""
    from services.optimizer import projection as pj
    from services.optimizer.adapter import from_demo_league
    from services.optimizer.weekly import make_table, plan_rows, prepare

    prep = prepare(from_demo_league(lg, team_id=team_id, free_agents=[]))
    mine = plan_rows(prep.roster, prep.counts)
    opp = make_table(prep.inputs.opponent, pj.POINTS_COEF, True, prep.slot_names, prep.days)
    return _as_dicts(mine), _as_dicts(plan_rows(opp, prep.counts))


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
    mine, theirs = banked_totals(lg, me), banked_totals(lg, opp)
    (m_rest, m_var), (t_rest, t_var) = projections_rest(lg, me)
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

"""The current matchup: totals so far (real box scores of played days) and a projection.

Past days come from the one scoreboard (`services.league.scoreboard`: the lineup each manager would have
set that morning from the roster he had that day, real box scores of the starters who played).
The rest of the week is the optimizer's standing-pat evaluation (`optimizer.weekly.standing_pat`:
per-game expectations x availability, the exact lineup each remaining day, its win probabilities),
so "expected categories won" here is the same figure as the weekly lineup's and the optimizer's.
"""
from __future__ import annotations

import datetime as dt
import math

from services.league.demo import DemoLeague
from services.models import CategoryLine, MatchupDetails
from services.league.scoring import CATEGORIES, COUNTING_STATS, ScoringMode, category_value
from services.league.scoreboard import banked_totals



def _as_dicts(rows) -> tuple[dict[str, float], dict[str, float]]:
    from services.optimizer import projection as pj

    mean = {s: float(rows[pj.MEAN][i]) for i, s in enumerate(COUNTING_STATS)}
    var = {s: float(rows[pj.VAR][i]) for i, s in enumerate(COUNTING_STATS)}
    mean["fpts"], var["fpts"] = float(rows[pj.FPTS]), float(rows[pj.FPTS_VAR])
    mean["games"], var["games"] = float(rows[pj.COUNT]), 0.0
    return mean, var


def outlook(lg: DemoLeague, team_id: int, rules=None):
    """The optimizer's standing-pat evaluation of the team's rest of week (`weekly.standing_pat`:
    the same lineups, solver and win probabilities as the weekly lineup and the move scan);
    `rules`: the league's own slots and eligibility (`optimizer.adapter.LeagueRules`; default the demo's)."""
    from services.optimizer.adapter import DEMO_RULES, from_demo_league
    from services.optimizer.weekly import prepare, standing_pat

    return standing_pat(prepare(from_demo_league(lg, team_id=team_id, free_agents=[], rules=rules or DEMO_RULES)))


def _prob_greater(mu: float, var: float) -> float:
    return 0.5 if var <= 0 and mu == 0 else 0.5 * (1 + math.erf(mu / math.sqrt(2 * max(var, 1e-9))))


def category_lines(mine, theirs, mine_rest, theirs_rest, win_probabilities: dict[str, float]) -> list[CategoryLine]:
    """Per category: totals so far, projected finals, and the optimizer's win probability."""
    out = []
    fin_m = {k: mine[k] + mine_rest[k] for k in mine_rest}
    fin_t = {k: theirs[k] + theirs_rest[k] for k in theirs_rest}
    for cat, (_, higher) in CATEGORIES.items():
        now_m, now_t = category_value(cat, mine), category_value(cat, theirs)
        lead = now_m - now_t if higher else now_t - now_m
        out.append(CategoryLine(
            category=cat, mine=round(now_m, 3), theirs=round(now_t, 3),
            projected_mine=round(category_value(cat, fin_m), 3), projected_theirs=round(category_value(cat, fin_t), 3),
            win_probability=round(win_probabilities[cat], 3),
            leader="me" if lead > 1e-9 else "opponent" if lead < -1e-9 else "tied"))
    return out


def matchup(lg: DemoLeague, team_id: int | None = None, *, rules=None,
            banked: tuple[dict, dict] | None = None, score_note: str = "") -> MatchupDetails:
    """The matchup of a league's history (the demo's, or an ESPN league's with its `rules`);
    `banked`: (mine, theirs) totals so far when the league keeps its own (ESPN's live box score,
    `score_note` says so), else the one scoreboard's."""
    me = team_id or lg.my_team_id
    opp = lg.opponent_of(me, lg.week[0])
    mine, theirs = banked or (banked_totals(lg, me), banked_totals(lg, opp))
    zero = dict.fromkeys((*COUNTING_STATS, "fpts", "games"), 0.0)  # what a live box score does not keep
    mine, theirs = zero | mine, zero | theirs
    week_out = outlook(lg, me, rules)
    (m_rest, m_var), (t_rest, t_var) = _as_dicts(week_out.mine), _as_dicts(week_out.opponent)
    week_no, start, end = lg.week
    names = lg.team_name(me)[0], lg.team_name(opp)[0]
    remaining = {t: sum(len(lg.snapshot.games_remaining(p, lg.as_of, end)) for p in lg.roster_ids(t)
                        if lg.snapshot.players[p].status != "OUT") for t in (me, opp)}
    common = dict(week=week_no, start=start, end=end, as_of=lg.as_of, scoring=lg.scoring,
                  my_team=names[0], opponent=names[1], opponent_team_id=opp,
                  days_played=lg.days_played, days_remaining=lg.days_remaining,
                  my_games_remaining=remaining[me], opponent_games_remaining=remaining[opp])
    last_day = lg.snapshot.db.query("SELECT max(game_date) FROM schedule")[0][0]
    caveat = (f" The schedule in the data ends {last_day:%b %-d}; games after it are not projected."
              if end > last_day else "")
    if lg.scoring == ScoringMode.POINTS:
        my_final, opp_final = mine["fpts"] + m_rest["fpts"], theirs["fpts"] + t_rest["fpts"]
        p = _prob_greater(my_final - opp_final, m_var["fpts"] + t_var["fpts"])
        summary = (f"{names[0]} {mine['fpts']:.1f} - {theirs['fpts']:.1f} {names[1]}{score_note} after "
                   f"{len(lg.days_played)} day(s); projected final {my_final:.1f} - {opp_final:.1f} "
                   f"(win probability {p:.0%}).{caveat}")
        return MatchupDetails(**common, my_points=round(mine["fpts"], 1), opponent_points=round(theirs["fpts"], 1),
                              my_projected_rest=round(m_rest["fpts"], 1),
                              opponent_projected_rest=round(t_rest["fpts"], 1), summary=summary)
    counted = rules.categories if rules is not None else tuple(CATEGORIES)  # an ESPN league's own categories
    cats = [c for c in category_lines(mine, theirs, m_rest, t_rest, week_out.win_probabilities) if c.category in counted]
    lead = sum(c.leader == "me" for c in cats), sum(c.leader == "opponent" for c in cats)
    exp_won = round(week_out.expected_total, 3)  # as the weekly lineup rounds it: one figure everywhere
    verb = "leads" if lead[0] > lead[1] else "trails" if lead[0] < lead[1] else "is tied"
    summary = (f"{names[0]} {verb} {lead[0]}-{lead[1]} in categories{score_note} after {len(lg.days_played)} day(s); "
               f"expected categories won {exp_won:.1f} of {len(counted)}.{caveat}")
    return MatchupDetails(**common, categories=cats, expected_categories_won=exp_won, summary=summary)

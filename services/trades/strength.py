"""Team strength: every team's rest-of-season value by the optimizer's exact daily lineups (the
value the trade finder and `evaluate_trade` compute for a roster), ranked. The nearest thing the
product has to standings or playoff odds, which it does not model."""
from __future__ import annotations

from pydantic import BaseModel

from services.trades.value import Valuer, unit


class TeamStrength(BaseModel):
    rank: int
    team_id: int
    team: str
    value: float  # rest-of-season lineup value (unit)
    mine: bool
    # categories leagues: the team's rank in each category by rest-of-season contributions (per-game z x
    # expected games of its roster, the trade verdict's profile); 1 is the league's best
    category_ranks: dict[str, int] = {}


class Strengths(BaseModel):
    unit: str
    teams: list[TeamStrength]


def team_strength(source) -> Strengths:
    lg = source.history()
    v = Valuer(lg)
    total = {t: sum(x for x, _ in v.lineup(tuple(v.player(p) for p in lg.roster_ids(t))).values())
             for t in lg.team_ids}
    ranked = sorted(total, key=lambda t: (-total[t], t))
    ranks = _category_ranks(v) if lg.scoring != "points" else {}
    return Strengths(unit=unit(lg.scoring), teams=[
        TeamStrength(rank=i, team_id=t, team=lg.team_name(t)[0], value=round(total[t], 1), mine=t == lg.my_team_id,
                     category_ranks=ranks.get(t, {}))
        for i, t in enumerate(ranked, start=1)])


def _category_ranks(v: Valuer) -> dict[int, dict[str, int]]:
    from services.trades.category_profile import team_profiles

    prof = team_profiles(v)
    return {t: {c: 1 + sum(prof[o][c] > prof[t][c] for o in prof if o != t) for c in prof[t]} for t in prof}

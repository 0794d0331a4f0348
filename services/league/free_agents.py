"""Free agents of the demo league, filtered and ranked by value x games remaining."""
from __future__ import annotations

from services.league.demo import DemoLeague
from services.models import FreeAgent, ServiceError
from services.league.rosters import _rounded
from services.league.scoring import counted_categories, normalize_category, not_counted
from services.league.values import player_value, replacement_value

POSITIONS = {"PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"}
MAX_LIMIT = 50


def free_agents(lg: DemoLeague, position: str | None = None, healthy_only: bool = False,
                min_games_remaining: int = 0, target_categories: list[str] | None = None,
                limit: int = 15, punt: list[str] | None = None, eligible=None) -> list[FreeAgent]:
    """Ranked free agents (`eligible(pid, rule)`: the league's own slots of a player, an ESPN
    league's eligibleSlots; default the box-score rule). Value is expected fantasy points per game (points leagues) or the
    sum of z-scores over the target categories (all nine when none are named) less the punted
    ones (`punt`, categories leagues); the score is the value above replacement level x
    availability x games left."""
    pos = position.strip().upper() if position else None
    if pos and pos not in POSITIONS:
        raise ServiceError(f"Unknown position {position!r}; use one of {', '.join(sorted(POSITIONS))}.")
    punt = [*(punt or ()), *not_counted(lg)]  # what the league never counts is left out, as a punt
    cats = None
    if target_categories or punt:
        bad = [c for c in [*(target_categories or ()), *(punt or ())] if normalize_category(c) is None]
        if bad:
            raise ServiceError(f"Unknown categories {bad}; use FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS.")
        try:
            cats = counted_categories(target_categories, punt, lg.scoring)
        except ValueError as e:
            raise ServiceError(str(e)) from None
    if not 1 <= int(limit) <= MAX_LIMIT:
        raise ServiceError(f"limit must be from 1 to {MAX_LIMIT}.")
    snap, end = lg.snapshot, lg.week[2]
    z_scored = bool(cats) or lg.scoring == "categories"
    floor = replacement_value(snap, lg.scoring, cats) if z_scored else 0.0
    out = []
    for pid in lg.free_agent_ids():
        ps = snap.players[pid]
        ref = ps.ref if eligible is None else ps.ref.model_copy(update={"eligible": list(eligible(pid, ps.ref.eligible))})
        if pos and pos not in ref.eligible:
            continue
        if healthy_only and ps.status != "ACTIVE":
            continue
        if len(ps.games) < 3:
            continue  # no basis for a projection
        dates = snap.games_remaining(pid, lg.as_of, end)
        if len(dates) < min_games_remaining:
            continue
        value = player_value(snap, ps, lg.scoring, cats)
        out.append(FreeAgent(
            player=ref, status=ps.status, games_remaining=len(dates), remaining_dates=dates,
            fantasy_avg=round(ps.season_avg["fpts"], 2), recent_fantasy_avg=round(ps.recent_avg["fpts"], 2),
            expected_per_game=round(ps.expected_fpts * ps.availability, 2), season_avg=_rounded(ps.season_avg),
            value=round(value, 3), score=round((value - floor) * ps.availability * len(dates), 3),
            games_played=len(ps.games)))
    out.sort(key=lambda f: (-f.score, -f.value, f.player.player_id))
    return out[: int(limit)]

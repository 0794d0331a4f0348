"""Player status (inferred from missed team games) and game logs, as of a date."""
from __future__ import annotations

from services.models import GameLine, GameLog, ServiceError, StatusReport
from services.league.scoring import POINTS_WEIGHTS, fantasy_points
from services.league.snapshot import Snapshot, averages

MAX_LAST_N = 82
LINE_FIELDS = ["team", "opp", "result", "min", "pts", "reb", "ast", "stl", "blk", "tov", "fg3m",
               "fgm", "fga", "ftm", "fta"]


def player_status(snap: Snapshot, player_id: str) -> StatusReport:
    import datetime as dt

    from services.league.returns import return_odds

    ps = snap.players[player_id]
    week_end = snap.as_of + dt.timedelta(days=6 - snap.as_of.weekday())
    o = return_odds(snap, player_id, week_end) if ps.missed_in_row >= 1 else None
    return StatusReport(player=ps.ref, status=ps.status, evidence=ps.evidence,
                        last_played=ps.last_played, missed_in_row=ps.missed_in_row, as_of=snap.as_of,
                        return_by_game=[(d, round(p, 3)) for d, p in zip(o.dates, o.by_game, strict=True)] if o else [],
                        back_in_days=o.days if o else None)


def game_log(snap: Snapshot, player_id: str, last_n: int = 5, scoring: str = "points") -> GameLog:
    """The last N games before the as-of date with window averages and fantasy points."""
    if not isinstance(last_n, int) or last_n < 1 or last_n > MAX_LAST_N:
        raise ServiceError(f"last_n must be a whole number from 1 to {MAX_LAST_N}, not {last_n!r}.")
    ps = snap.players[player_id]
    window = ps.games[-last_n:]
    lines = [GameLine(date=g["game_date"], fantasy_pts=round(fantasy_points(g, POINTS_WEIGHTS), 1),
                      **{k: g[k] for k in LINE_FIELDS}) for g in window]
    avg = {k: round(v, 3 if k.endswith("pct") else 2) for k, v in averages(window).items()}
    season = averages(ps.games)
    return GameLog(player=ps.ref, as_of=snap.as_of, last_n=last_n, scoring=scoring, games=lines,
                   averages=avg, fantasy_avg=round(avg["fpts"], 2),
                   season_fantasy_avg=round(season["fpts"], 2),
                   season_averages={k: round(v, 3 if k.endswith("pct") else 2) for k, v in season.items()})

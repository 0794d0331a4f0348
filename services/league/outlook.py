"""Player outlooks of the demo league: expected totals over remaining games, and recent form.

    rest_of_window(lg, ids, start, end) -> list[PlayerOutlook]  # "compare A and B for the rest of the week"
    hot_free_agents(lg, limit, position) -> list[HotPlayer]     # "who has been hot on the waiver wire?"

Both use only the as-of snapshot (box scores before the as-of date) and the published schedule.
The expected total is the optimizer's per-game projection x the status's play probability x
the games left, so it agrees with what the optimizer assumes.
"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from services.league.demo import DemoLeague
from services.models import PlayerRef, ServiceError, Status
from services.league.snapshot import averages

SHOWN_STATS = ("pts", "reb", "ast", "stl", "blk", "fg3m", "tov")
HOT_WINDOW = 5  # recent form: the last 5 games
HOT_MIN_GAMES = 10  # a season sample worth comparing with
HOT_RECENT_DAYS = 14  # the last game must be this recent (a hot streak, not an old one)


class PlayerOutlook(BaseModel):
    player: PlayerRef
    status: Status
    availability: float  # chance he plays each scheduled game
    dates: list[dt.date]  # his team's games in the window
    per_game: float  # expected fantasy points when he plays
    expected_per_game: float  # per_game x availability
    expected_total: float  # expected_per_game x games
    expected_stats: dict[str, float]  # expected totals of the main stats over the window
    stats_per_game: dict[str, float]  # the projection of the main stats per game when he plays


class HotPlayer(BaseModel):
    player: PlayerRef
    status: Status
    games_played: int
    recent_fantasy_avg: float  # last 5 games
    season_fantasy_avg: float
    form_delta: float  # recent - season
    recent_minutes: float
    season_minutes: float
    games_remaining: int  # this matchup week
    last_played: dt.date | None


def _pcts(expected: dict[str, float]) -> dict[str, float]:
    """The shooting figures a percentage is made of (projected makes and attempts a game) and the
    percentages themselves, so 'who helps my FG% more' is read from the same projection."""
    out = {k: round(expected.get(k, 0.0), 2) for k in ("fgm", "fga", "ftm", "fta")}
    for pct, made, tried in (("fg_pct", "fgm", "fga"), ("ft_pct", "ftm", "fta")):
        if expected.get(tried):
            out[pct] = round(expected[made] / expected[tried], 3)
    return out


def rest_of_window(lg: DemoLeague, player_ids: list[str], start: dt.date | None = None,
                   end: dt.date | None = None) -> list[PlayerOutlook]:
    """Each player's expected totals over his team's games in [start, end] (default: the rest of
    the matchup week), best expected total first."""
    start, end = start or lg.as_of, end or lg.week[2]
    if start < lg.as_of:
        raise ServiceError(f"The window starts ({start}) before the as-of date ({lg.as_of}): use a game log for past games.")
    if end < start:
        raise ServiceError(f"The window ends ({end}) before it starts ({start}).")
    out = []
    for pid in player_ids:
        ps = lg.snapshot.players[pid]
        dates = lg.snapshot.games_remaining(pid, start, end)
        q = ps.availability
        out.append(PlayerOutlook(
            player=ps.ref, status=ps.status, availability=q, dates=dates, per_game=round(ps.expected_fpts, 2),
            expected_per_game=round(ps.expected_fpts * q, 2), expected_total=round(ps.expected_fpts * q * len(dates), 1),
            expected_stats={**{k: round(ps.expected.get(k, 0.0) * q * len(dates), 1) for k in SHOWN_STATS},
                            **_pcts(ps.expected)},
            stats_per_game={**{k: round(ps.expected.get(k, 0.0), 2) for k in SHOWN_STATS}, **_pcts(ps.expected)}))
    out.sort(key=lambda o: (-o.expected_total, o.player.name))
    return out


def hot_free_agents(lg: DemoLeague, limit: int = 10, position: str | None = None) -> list[HotPlayer]:
    """Free agents ranked by recent form against their season: last-5 fantasy points per game minus
    the season average. Only players with a real sample who played in the last two weeks."""
    if not 1 <= int(limit) <= 50:
        raise ServiceError("limit must be from 1 to 50.")
    pos = position.strip().upper() if position else None
    if pos and pos not in {"PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"}:
        raise ServiceError(f"Unknown position {position!r}; use PG, SG, SF, PF, C, G, F or UTIL.")
    snap, since = lg.snapshot, lg.as_of - dt.timedelta(days=HOT_RECENT_DAYS)
    out = []
    for pid in lg.free_agent_ids():
        ps = snap.players[pid]
        if len(ps.games) < HOT_MIN_GAMES or ps.games[-1]["game_date"] < since:
            continue
        if pos and pos not in ps.ref.eligible:
            continue
        recent, season = averages(ps.games[-HOT_WINDOW:]), averages(ps.games)
        out.append(HotPlayer(
            player=ps.ref, status=ps.status, games_played=len(ps.games),
            recent_fantasy_avg=round(recent["fpts"], 2), season_fantasy_avg=round(season["fpts"], 2),
            form_delta=round(recent["fpts"] - season["fpts"], 2), recent_minutes=round(recent["min"], 1),
            season_minutes=round(season["min"], 1),
            games_remaining=len(snap.games_remaining(pid, lg.as_of, lg.week[2])), last_played=ps.last_played))
    out.sort(key=lambda h: (-h.form_delta, h.player.player_id))
    return out[: int(limit)]

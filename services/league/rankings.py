"""Player rankings of the demo league: every player over a window before the as-of date.

    rankings(lg, window="season", punt=(), availability="all", position=None, team=None,
             sort="value", per="game", limit=None) -> Rankings
    player_trend(lg, player_id) -> PlayerTrend  # game by game fantasy points and z-sum

Window stats are the box scores in the window (season, or the last 7, 14 or 30 days before the
as-of date), per game and totals. The z-scores use the one category scale of `services.league.values`
(the same pool, league FG%/FT% and spreads the free-agent tool and the optimizer use), so a
player's z-sum here and his value there differ only by the stats they score (this window's
averages here, the projection there). The projection columns (`proj_fpts`, `proj_value`) and
the rest-of-season value (`ros_value`, from `services.optimizer.season.season_player`) are the
optimizer's own numbers, not a copy of them.
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Literal

from pydantic import BaseModel

from services.models import PlayerRef, ServiceError, Status
from services.league.scoring import CATEGORIES, normalize_category
from services.league.snapshot import averages
from services.league.values import category_scale, player_value

WINDOWS: dict[str, int | None] = {"season": None, "7": 7, "14": 14, "30": 30}
POSITIONS = {"PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"}
AVAILABILITY = ("all", "free_agents", "rostered")
TOTAL_STATS = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta", "min", "fpts")
SORTS = ("value", "fpts", "z_sum", "proj_value", "ros_value", "games_left_week", "games_left_season", *CATEGORIES)


class RankedPlayer(BaseModel):
    rank: int
    player: PlayerRef
    status: Status
    owner_team_id: int | None  # None: a free agent
    owner: str  # "Free agent" or the fantasy team's name
    games: int  # games played in the window
    per_game: dict[str, float]  # window averages (fg_pct/ft_pct as ratios)
    totals: dict[str, float]  # window sums
    fpts: float  # fantasy points per game in the window
    fpts_total: float
    z: dict[str, float]  # per-game z-score of each of the nine categories over the window
    z_sum: float  # sum over the counted categories (punted ones dropped)
    proj_fpts: float  # the optimizer's per-game projection of fantasy points
    proj_value: float  # the tools' per-game value in this league's scoring (free agents, optimizer)
    availability: float  # calibrated chance he plays his next game
    games_left_week: int
    games_left_season: int
    ros_value: float  # rest-of-season value: per-game value x games-weighted availability x games left


class Rankings(BaseModel):
    as_of: dt.date
    window: str
    window_start: dt.date | None  # first day of the window (None: the whole season)
    scoring: str
    punt: list[str]
    counted: list[str]  # the categories in z_sum
    sort: str
    per: Literal["game", "total"]
    ros_unit: str
    total: int  # players matching the filters, before the limit
    players: list[RankedPlayer]


class TrendPoint(BaseModel):
    date: dt.date
    opp: str
    fpts: float
    z_sum: float
    rolling_fpts: float  # mean of the last 5 games up to this one


class PlayerTrend(BaseModel):
    player: PlayerRef
    as_of: dt.date
    points: list[TrendPoint]


def parse_punt(punt) -> list[str]:
    """'FT%,TO' or ['FT%', 'turnovers'] -> ['FT%', 'TO']; a one-line error for an unknown name."""
    items = [p.strip() for p in (punt.split(",") if isinstance(punt, str) else punt or ()) if p and p.strip()]
    cats = [normalize_category(p) for p in items]
    bad = [p for p, c in zip(items, cats, strict=True) if c is None]
    if bad:
        raise ServiceError(f"Unknown categories {bad}; use FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS.")
    if len(set(cats)) >= len(CATEGORIES):
        raise ServiceError("Punting all nine categories leaves nothing to rank.")
    return list(dict.fromkeys(cats))


def window_games(games: list[dict], as_of: dt.date, window: str) -> list[dict]:
    """The games of a window: all of them (season), or those in the last N days before as_of."""
    days = WINDOWS[window]
    if days is None:
        return games
    start = as_of - dt.timedelta(days=days)
    return [g for g in games if start <= g["game_date"] < as_of]


def category_z(scale, avg: dict[str, float]) -> dict[str, float]:
    """Per-game z of each category for per-game averages, on the league's one scale."""
    line = SimpleNamespace(expected=avg)  # the scale reads the stats a player is worth per game
    return {c: scale.z(line, c) for c in CATEGORIES}


def owners(lg) -> dict[str, int]:
    """player id -> fantasy team holding him (active roster or IR)."""
    return {pid: t for t in lg.team_ids for pid in [*lg.roster_ids(t), *lg.ir_ids(t)]}


def _check(window: str, availability: str, position: str | None, sort: str, per: str) -> str | None:
    if window not in WINDOWS:
        raise ServiceError(f"Unknown window {window!r}; use season, 7, 14 or 30.")
    if availability not in AVAILABILITY:
        raise ServiceError(f"Unknown availability {availability!r}; use all, free_agents or rostered.")
    if sort not in SORTS:
        raise ServiceError(f"Unknown sort {sort!r}; use one of {', '.join(SORTS)}.")
    if per not in ("game", "total"):
        raise ServiceError(f"per must be game or total, not {per!r}.")
    pos = position.strip().upper() if position else None
    if pos and pos not in POSITIONS:
        raise ServiceError(f"Unknown position {position!r}; use one of {', '.join(sorted(POSITIONS))}.")
    return pos


def rankings(lg, window: str = "season", punt=(), availability: str = "all", position: str | None = None,
             team: str | None = None, sort: str = "value", per: str = "game", limit: int | None = None) -> Rankings:
    """Every player with a game in the window, ranked (best first) by `sort`: "value" is fantasy
    points in a points league and the z-sum in a categories league; `per` "total" ranks the
    window's totals (a z-sum total is the per-game z-sum x games)."""
    from services.optimizer.season import POINTS_UNIT, CATS_UNIT, category_floor, season_player

    window = str(window)
    pos = _check(window, availability, position, sort, per)
    punted = parse_punt(punt)
    counted = [c for c in CATEGORIES if c not in punted]
    nba_team = team.strip().upper() if team else None
    snap, scale, owner_of = lg.snapshot, category_scale(lg.snapshot), owners(lg)
    if nba_team and nba_team not in {ps.ref.team for ps in snap.players.values()}:
        raise ServiceError(f"Unknown NBA team {team!r}; use a three-letter code like MIA or NYK.")
    cats = tuple(counted) if punted else ()  # punted: the season value leaves them out, as a card's does
    floor = category_floor(snap, lg.scoring, cats) if lg.scoring != "points" else 0.0
    rows = []
    for pid, ps in snap.players.items():
        owner = owner_of.get(pid)
        if availability == "free_agents" and (owner is not None or not ps.ref.team):
            continue
        if availability == "rostered" and owner is None:
            continue
        if (pos and pos not in ps.ref.eligible) or (nba_team and ps.ref.team != nba_team):
            continue
        games = window_games(ps.games, lg.as_of, window)
        if not games:
            continue
        avg = averages(games)
        z = category_z(scale, avg)
        sp = season_player(lg, pid, lg.week[2], lg.scoring, floor, cats, regressed=True)  # the cards' season value
        rows.append(RankedPlayer(
            rank=0, player=ps.ref, status=ps.status, owner_team_id=owner,
            owner="Free agent" if owner is None else lg.team_name(owner)[0], games=len(games),
            per_game={k: round(v, 3 if k.endswith("pct") else 2) for k, v in avg.items()},
            totals={k: round(sum(g[k] for g in games), 1) for k in TOTAL_STATS},
            fpts=round(avg["fpts"], 2), fpts_total=round(sum(g["fpts"] for g in games), 1),
            z={c: round(v, 3) for c, v in z.items()}, z_sum=round(sum(z[c] for c in counted), 3),
            proj_fpts=round(ps.expected_fpts, 2), proj_value=round(player_value(snap, ps, lg.scoring), 3),
            availability=round(ps.availability, 3),
            games_left_week=len(snap.games_remaining(pid, lg.as_of, lg.week[2])),
            games_left_season=len(sp.games), ros_value=round(sp.value * sp.availability * len(sp.games), 1)))
    rows.sort(key=lambda r: (-_key(r, sort, per, lg.scoring), r.player.name))
    ranked = [r.model_copy(update={"rank": i}) for i, r in enumerate(rows, start=1)]
    return Rankings(as_of=lg.as_of, window=window,
                    window_start=None if WINDOWS[window] is None else lg.as_of - dt.timedelta(days=WINDOWS[window]),
                    scoring=lg.scoring, punt=punted, counted=counted, sort=sort, per=per,
                    ros_unit=POINTS_UNIT if lg.scoring == "points" else CATS_UNIT, total=len(ranked),
                    players=ranked[:limit] if limit else ranked)


def _key(r: RankedPlayer, sort: str, per: str, scoring: str) -> float:
    n = r.games if per == "total" else 1
    if sort == "value":
        sort = "fpts" if scoring == "points" else "z_sum"
    if sort == "fpts":
        return r.fpts * n
    if sort == "z_sum":
        return r.z_sum * n
    if sort in CATEGORIES:
        return r.z[sort] * n
    return float(getattr(r, sort))


def player_trend(lg, player_id: str) -> PlayerTrend:
    """Each game before the as-of date: fantasy points, z-sum and the 5-game rolling mean."""
    ps = lg.snapshot.players[player_id]
    scale, points = category_scale(lg.snapshot), []
    for i, g in enumerate(ps.games):
        last5 = ps.games[max(0, i - 4): i + 1]
        z = category_z(scale, averages([g]))
        points.append(TrendPoint(date=g["game_date"], opp=g["opp"], fpts=round(g["fpts"], 1),
                                 z_sum=round(sum(z.values()), 2),
                                 rolling_fpts=round(sum(x["fpts"] for x in last5) / len(last5), 2)))
    return PlayerTrend(player=ps.ref, as_of=lg.as_of, points=points)

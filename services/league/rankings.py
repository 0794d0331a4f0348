"""Player rankings of the demo league: every player over a window before the as-of date.

    rankings(lg, window="season", punt=(), availability="all", position=None, team=None,
             sort="value", per="game", limit=None) -> Rankings
    (a player's game-by-game trend: services/league/trend.py)

Window stats are the box scores in the window (season, or the last 7, 14 or 30 days before the
as-of date), per game and totals. The z-scores use the one category scale of `services.league.values`
(the same pool, league FG%/FT% and spreads the free-agent tool and the optimizer use), so a
player's z-sum here and his value there differ only by the stats they score (this window's
averages here, the projection there). The projection columns (`proj_fpts`, `proj_value`) and
the rest-of-season value (`ros_value`, from `services.optimizer.season.season_player`) are the
optimizer's own numbers, not a copy of them.

The result models are in services/league/rank_models.py; the sort keys and the sample filter in
services/league/rank_order.py.
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from services.models import ServiceError
from services.league.rank_models import FilteredPlayer, RankedPlayer, Rankings
from services.league.rank_order import games_needed, filtered_player, sort_key
from services.league.rank_rates import PER36_MIN_MPG, minutes_change, per36_reason, per_36_line, season_mpg
from services.league.scoring import CATEGORIES, normalize_category, not_counted
from services.league.snapshot import averages
from services.league.values import CategoryScale, category_scale, player_value

WINDOWS: dict[str, int | None] = {"season": None, "7": 7, "14": 14, "30": 30}
POSITIONS = {"PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"}
AVAILABILITY = ("all", "free_agents", "rostered")
TOTAL_STATS = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta", "min", "fpts")
MIN_SHARE = 0.5  # share of his team's games in the window a player needs to be ranked (Basketball Monster's filter)
SHORT_MINUTES = 20.0  # minutes a game under which a row is flagged "short minutes"
SORTS = ("value", "fpts", "z_sum", "proj_value", "ros_value", "games_left_week", "games_left_season", "minutes_trend",
         *CATEGORIES)
PERS = ("game", "total", "36")


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
    if per not in PERS:
        raise ServiceError(f"per must be game, total or 36 (per 36 minutes), not {per!r}.")
    if sort == "minutes_trend" and window == "season":
        raise ServiceError("minutes_trend compares a window's minutes with the season's: use window 7, 14 or 30.")
    pos = position.strip().upper() if position else None
    if pos and pos not in POSITIONS:
        raise ServiceError(f"Unknown position {position!r}; use one of {', '.join(sorted(POSITIONS))}.")
    return pos


def rankings(lg, window: str = "season", punt=(), availability: str = "all", position: str | None = None,
             team: str | None = None, sort: str = "value", per: str = "game", limit: int | None = None,
             min_share: float = MIN_SHARE) -> Rankings:
    """Every player with a game in the window, ranked (best first) by `sort`: "value" is fantasy
    points in a points league and the z-sum in a categories league; `per` "total" ranks the
    window's totals (a z-sum total is the per-game z-sum x games), "36" the rates per 36 minutes
    (players under PER36_MIN_MPG minutes a game are filtered); `sort` "minutes_trend" ranks the rise
    of his minutes a game in the window over his season's. A player with fewer games in the
    window than `min_share` of his team's (capped at ENOUGH_GAMES) is not ranked but listed in
    `filtered` with the reason and where his window alone would have ranked him (one game in 14 days
    is no sample).
    A window's z-scores use the window's own spreads (over the POOL_SIZE best of those who pass the
    filter); the season's use the league's one scale (`services.league.values`)."""
    from services.optimizer.season import POINTS_UNIT, CATS_UNIT, category_floor

    window = str(window)
    pos = _check(window, availability, position, sort, per)
    if not isinstance(min_share, (int, float)) or not 0.0 <= min_share <= 1.0:  # NaN fails both
        raise ServiceError(f"min_share must be a share from 0 to 1, not {min_share!r}.")
    punted, counted = counted_categories(lg, punt)
    nba_team = team.strip().upper() if team else None
    snap, owner_of = lg.snapshot, owners(lg)
    if nba_team and nba_team not in {ps.ref.team for ps in snap.players.values()}:
        raise ServiceError(f"Unknown NBA team {team!r}; use a three-letter code like MIA or NYK.")
    samples = window_samples(snap, lg.as_of, window)
    passing = {pid: smp for pid, smp in samples.items() if len(smp.games) >= games_needed(smp.team_games, min_share)}
    scale = (category_scale(snap) if WINDOWS[window] is None
             else CategoryScale.of_lines([smp.avg for smp in passing.values()]))
    cats = tuple(counted) if len(counted) < len(CATEGORIES) else ()  # the season value leaves the rest out, as a card's does
    floor = category_floor(snap, lg.scoring, cats) if lg.scoring != "points" else 0.0
    rows, low = [], []
    for pid, smp in samples.items():
        ps, owner = snap.players[pid], owner_of.get(pid)
        if not _wanted(ps, owner, availability, pos, nba_team):
            continue
        line = _window_line(lg, ps, owner, smp, scale, counted, window)
        if pid not in passing:
            low.append((line, None))
            continue
        if per == "36" and smp.avg["min"] < PER36_MIN_MPG:
            low.append((line, per36_reason(smp.avg["min"])))
            continue
        rows.append(_ranked_row(lg, snap, pid, ps, smp, line, floor, cats))
    ranked, filtered = _ordered(rows, low, sort, per, lg.scoring, min_share)
    return Rankings(as_of=lg.as_of, window=window,
                    window_start=None if WINDOWS[window] is None else lg.as_of - dt.timedelta(days=WINDOWS[window]),
                    scoring=lg.scoring, punt=punted, counted=counted, sort=sort, per=per,
                    ros_unit=POINTS_UNIT if lg.scoring == "points" else CATS_UNIT, min_share=min_share,
                    z_scale="league" if WINDOWS[window] is None else f"the {window}-day window's own",
                    total=len(ranked), players=ranked[:limit] if limit else ranked, filtered=filtered)


def counted_categories(lg, punt) -> tuple[list[str], list[str]]:
    """(the manager's punt, the categories the z-sum counts): the league's own categories less the punt
    (a league that scores none of what is left is an error)."""
    punted, unscored = parse_punt(punt), not_counted(lg)  # the manager's punt; what the league itself never counts
    counted = [c for c in CATEGORIES if c not in punted and c not in unscored]
    if not counted:
        raise ServiceError(f"Punting {', '.join(punted)} leaves none of the league's categories to rank.")
    return punted, counted


def _wanted(ps, owner: int | None, availability: str, pos: str | None, nba_team: str | None) -> bool:
    """Whether a player passes the table's filters: free agent or rostered, eligible at the position,
    on the NBA team."""
    if availability == "free_agents" and (owner is not None or not ps.ref.team):
        return False
    if availability == "rostered" and owner is None:
        return False
    if (pos and pos not in ps.ref.eligible) or (nba_team and ps.ref.team != nba_team):
        return False
    return True


def _window_line(lg, ps, owner: int | None, smp: _Sample, scale, counted: list[str], window: str) -> dict:
    """A player's window columns, shared by his ranked row and his filtered one: games, fantasy points,
    z-scores, totals, the per-36 line and his minutes against the season's."""
    games, avg = smp.games, smp.avg
    z = category_z(scale, avg)
    owner_name = "Free agent" if owner is None else lg.team_name(owner)[0]
    p36 = per_36_line(avg)
    z36 = category_z(scale, p36) if p36 else {c: 0.0 for c in CATEGORIES}
    return dict(player=ps.ref, status=ps.status, owner_team_id=owner, owner=owner_name, games=len(games),
                team_games=smp.team_games, fpts=round(avg["fpts"], 2), z={c: round(v, 3) for c, v in z.items()},
                z_sum=round(sum(z[c] for c in counted), 3),
                totals={k: round(sum(g[k] for g in games), 1) for k in TOTAL_STATS},
                per_36={k: round(v, 3 if k.endswith("pct") else 2) for k, v in p36.items()},
                z36={c: round(v, 3) for c, v in z36.items()}, z36_sum=round(sum(z36[c] for c in counted), 3),
                season_mpg=round(season_mpg(ps.games), 2),
                minutes_change=round(minutes_change(avg, ps.games), 2) if WINDOWS[window] else 0.0)


def _ranked_row(lg, snap, pid: str, ps, smp: _Sample, line: dict, floor: float, cats: tuple) -> RankedPlayer:
    """A ranked player's row: his window columns, flags, the optimizer's projection and the cards'
    rest-of-season value (rank 0 until the table is ordered)."""
    from services.optimizer.season import season_player

    games, avg = smp.games, smp.avg
    sp = season_player(lg, pid, lg.week[2], lg.scoring, floor, cats, regressed=True)  # the cards' season value
    return RankedPlayer(
        rank=0, **line, flags=flags_of(ps.status, avg),
        per_game={k: round(v, 3 if k.endswith("pct") else 2) for k, v in avg.items()},
        fpts_total=round(sum(g["fpts"] for g in games), 1),
        proj_fpts=round(ps.expected_fpts, 2), proj_value=round(player_value(snap, ps, lg.scoring, list(cats) or None), 3),
        availability=round(ps.availability, 3),
        games_left_week=len(snap.games_remaining(pid, lg.as_of, lg.week[2])),
        games_left_season=len(sp.games), ros_value=round(sp.value * sp.availability * len(sp.games), 1))


def _ordered(rows: list[RankedPlayer], low: list[tuple[dict, str | None]], sort: str, per: str, scoring: str,
             min_share: float) -> tuple[list[RankedPlayer], list[FilteredPlayer]]:
    """The rows ranked by `sort` (best first, then by name) and the filtered players, each where his
    window alone would have ranked him."""
    # ties (a games count: many players have 3 left) go to the better player by value, then by name
    rows.sort(key=lambda r: (-sort_key(r, sort, per, scoring), -sort_key(r, "value", "game", scoring), r.player.name))
    ranked = [r.model_copy(update={"rank": i}) for i, r in enumerate(rows, start=1)]
    keys = [sort_key(r, sort, per, scoring) for r in ranked]
    filtered = sorted((filtered_player(line, keys, sort, per, scoring, min_share, why) for line, why in low),
                      key=lambda f: (f.would_rank, f.player.name))
    return ranked, filtered


class _Sample(SimpleNamespace):
    games: list[dict]
    avg: dict[str, float]
    team_games: int


def window_samples(snap, as_of: dt.date, window: str) -> dict[str, _Sample]:
    """player id -> his games in the window, their averages and his team's games in it (his current
    team's: a traded player's new team has played about as many)."""
    days = WINDOWS[window]
    start = dt.date.min if days is None else as_of - dt.timedelta(days=days)
    out = {}
    for pid, ps in snap.players.items():
        games = window_games(ps.games, as_of, window)
        if not games:
            continue
        team_games = len(snap.team_games_between(ps.ref.team, start, as_of - dt.timedelta(days=1)))
        out[pid] = _Sample(games=games, avg=averages(games), team_games=max(team_games, len(games)))
    return out


def flags_of(status: str, avg: dict[str, float]) -> list[str]:
    """What a manager must know before trusting a row: he is out now, or plays few minutes."""
    return (["OUT"] if status == "OUT" else []) + (["short minutes"] if avg["min"] < SHORT_MINUTES else [])

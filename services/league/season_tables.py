"""The demo league's season, precomputed at build time into DuckDB, and read back.

`write_season(con)` runs inside `build.py` on the tables it has just written: the pre-season
priors and the draft (once, before opening night), every morning's facts, and the simulated
season of both scorings (rosters per day, the managers' transactions). Readers get the league on
any morning (`season_state`), re-simulated from the stored mornings when the user has approved
moves (cached per set of moves; the whole season takes well under a second).
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

import duckdb

from services.league.draft import Candidate, run_draft
from services.league.setup import N_TEAMS
from services.league.preseason import Prior, load_espn, match
from services.league.season import Season, UserMove, simulate
from services.league.season_inputs import Morning, mornings, season_days
from services.league.snapshot import GAME_COLS

DRAFT_SEED = 2024
SCORINGS = ("points", "categories")
PRIOR_GAMES_IN_DRAFT = 10_000  # the prior is all the draft knows: no shrinking toward replacement


def draft(priors: list[Prior]) -> dict[int, list[str]]:
    """The one draft, before opening night: the managers rank by the pre-season prior, each with
    his seeded taste (services.league.draft)."""
    cands = [Candidate(p.player_id, p.score, PRIOR_GAMES_IN_DRAFT, p.age, p.positions) for p in priors]
    return run_draft(cands, N_TEAMS, DRAFT_SEED)


def prior_ranks(priors: list[Prior]) -> dict[str, int]:
    order = sorted(priors, key=lambda p: (-p.score, p.player_id))
    return {p.player_id: i for i, p in enumerate(order)}


def write_season(con: duckdb.DuckDBPyConnection) -> None:
    """Adds the season tables to a database being built (players, player_games, schedule exist)."""
    import pandas as pd

    players = [(p, n, pos, int(a if a is not None else 27)) for p, n, pos, a in
               con.execute("SELECT player_id, name, pos, age FROM players ORDER BY player_id").fetchall()]
    priors = match(players, load_espn())
    ranks = prior_ranks(priors)
    games = [dict(zip(GAME_COLS, r, strict=True)) for r in con.execute(
        f"SELECT {', '.join(GAME_COLS)} FROM player_games ORDER BY game_date, player_id").fetchall()]
    schedule = con.execute("SELECT game_date, team FROM schedule").fetchall()
    first, last = con.execute("SELECT min(game_date), max(game_date) FROM schedule").fetchall()[0]
    morn = mornings(games, schedule, season_days(first, last))
    picks = draft(priors)
    con.register("priors_df", pd.DataFrame([(p.player_id, p.score, p.source, ranks[p.player_id], "/".join(sorted(p.positions)))
                                            for p in priors], columns=["player_id", "score", "source", "prior_rank", "positions"]))
    con.execute("CREATE TABLE season_priors AS SELECT * FROM priors_df ORDER BY prior_rank")
    con.register("draft_df", pd.DataFrame([(t, i + 1, pid) for t, ids in picks.items() for i, pid in enumerate(ids)],
                                          columns=["team_id", "round", "player_id"]))
    con.execute("CREATE TABLE season_draft AS SELECT * FROM draft_df ORDER BY team_id, round")
    con.register("morn_df", pd.DataFrame([(d, pid, m.games, m.status, m.points, m.categories, m.team)
                                          for d, rows in morn.items() for pid, m in rows.items()],
                                         columns=["day", "player_id", "games", "status", "points", "categories", "team"]))
    con.execute("CREATE TABLE season_mornings AS SELECT day::DATE AS day, player_id, games, status, points, "
                "categories, team FROM morn_df ORDER BY day, player_id")
    rosters, moves = [], []
    for scoring in SCORINGS:
        season = simulate(picks, morn, scoring, ranks)
        for d, (active, ir) in season.states.items():
            rosters += [(scoring, d, t, i, pid, False) for t, ids in active.items() for i, pid in enumerate(ids)]
            rosters += [(scoring, d, t, i, pid, True) for t, ids in ir.items() for i, pid in enumerate(ids)]
        moves += [(scoring, i, x.day, x.team_id, x.kind, x.add_id, x.drop_id) for i, x in enumerate(season.log)]
    con.register("rosters_df", pd.DataFrame(rosters, columns=["scoring", "day", "team_id", "idx", "player_id", "on_ir"]))
    con.execute("CREATE TABLE season_rosters AS SELECT scoring, day::DATE AS day, team_id, idx, player_id, on_ir "
                "FROM rosters_df ORDER BY scoring, day, team_id, on_ir, idx")
    con.register("moves_df", pd.DataFrame(moves, columns=["scoring", "seq", "day", "team_id", "kind", "add_id", "drop_id"]))
    con.execute("CREATE TABLE season_moves AS SELECT scoring, seq, day::DATE AS day, team_id, kind, add_id, drop_id "
                "FROM moves_df ORDER BY scoring, seq")
    for name in ("priors_df", "draft_df", "morn_df", "rosters_df", "moves_df"):
        con.unregister(name)


def _db_key() -> str:
    from services.league.snapshot_cache import content_key

    return content_key()


@lru_cache(maxsize=4)
def _draft(db_key: str) -> dict[int, list[str]]:
    from services.store import db

    picks: dict[int, list[str]] = {t: [] for t in range(1, N_TEAMS + 1)}
    for t, _r, pid in db.query("SELECT team_id, round, player_id FROM season_draft ORDER BY team_id, round"):
        picks[t].append(pid)
    return picks


@lru_cache(maxsize=4)
def _stored(db_key: str):
    """What a re-simulation starts from: the draft, the prior ranks and every stored morning (50k
    rows; read only when the user has approved moves)."""
    from services.store import db

    picks = _draft(db_key)
    ranks = dict(db.query("SELECT player_id, prior_rank FROM season_priors"))
    morn: dict[dt.date, dict[str, Morning]] = {}
    for d, pid, g, st, pts, cats, team in db.query("SELECT * FROM season_mornings ORDER BY day, player_id"):
        morn.setdefault(d, {})[pid] = Morning(g, st, pts, cats, team)
    return picks, ranks, morn


@lru_cache(maxsize=4)
def _base(scoring: str, db_key: str) -> Season:
    """The stored season (no user moves), read back from season_rosters and season_moves."""
    from services.store import db
    from services.league.season import Transaction

    season = Season()
    states: dict = {}
    for d, t, pid, on_ir in db.query("SELECT day, team_id, player_id, on_ir FROM season_rosters "
                                     "WHERE scoring=? ORDER BY day, team_id, on_ir, idx", [scoring]):
        active, ir = states.setdefault(d, ({t: [] for t in range(1, N_TEAMS + 1)}, {t: [] for t in range(1, N_TEAMS + 1)}))
        (ir if on_ir else active)[t].append(pid)
    season.states = {d: ({t: tuple(v) for t, v in a.items()}, {t: tuple(v) for t, v in i.items()}) for d, (a, i) in states.items()}
    season.log = [Transaction(d, t, k, a, dr) for d, t, k, a, dr in db.query(
        "SELECT day, team_id, kind, add_id, drop_id FROM season_moves WHERE scoring=? ORDER BY seq", [scoring])]
    return season


@lru_cache(maxsize=32)
def _resimulated(scoring: str, moves: tuple[UserMove, ...], until: dt.date, db_key: str) -> Season:
    picks, ranks, morn = _stored(db_key)
    return simulate(picks, {d: m for d, m in morn.items() if d <= until}, scoring, ranks, moves)


def season_state(scoring: str, moves: tuple[UserMove, ...] = (), until: dt.date | None = None) -> Season:
    """The league's season in a scoring: the stored one, or re-simulated with the user's approved
    moves (up to `until`: a league on an as-of date knows no later morning)."""
    key = _db_key()
    if not moves:
        return _base(scoring, key)
    return _resimulated(scoring, moves, until or max(m.day for m in moves), key)


def drafted() -> dict[int, list[str]]:
    """The draft's rosters (team -> players in pick order)."""
    return {t: list(ids) for t, ids in _draft(_db_key()).items()}

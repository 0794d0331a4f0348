"""Optimizer inputs from a real ESPN league: my roster and ESPN's free agents as `PlayerInput`s.

`build_inputs` is pure: it turns the typed results every `LeagueSource` returns (LeagueInfo,
Roster, FreeAgent, MatchupDetails) into `OptimizerInputs`. `from_espn_league` makes the reads.

Per-game expectation: the season per-game line scaled so that its fantasy points equal the
entry's `expected_per_game` (ESPN's half-season, half-last-week blend in the league's own points),
so the optimizer weighs players as the roster and free-agent tools show them. Spreads are
Poisson-like (ESPN sends no per-game spread). IR players are left out: they cannot start, and
dropping one opens no roster spot for an add.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import math
from typing import Iterable, Mapping

from services.models import FreeAgent, LeagueInfo, MatchupDetails, Roster, RosterEntry
from services.optimizer.models import STATS, OptimizerInputs, PlayerInput
from services.league.scoring import CATEGORIES, POINTS_WEIGHTS, fantasy_points

AVAILABILITY: dict[str, float] = {"ACTIVE": 1.0, "DTD": 0.6, "OUT": 0.0}  # as the demo's snapshot
FORM_LIMITS = (0.5, 2.0)  # categories: recent form moves a season line by at most this factor
FREE_AGENT_POOL = 60  # ESPN sends its top 60 free agents per request


def eligible_for(eligible: Iterable[str], slots: Iterable[str]) -> tuple[str, ...]:
    """Our slot names, plus ESPN's combined slots (SG/SF, G/F, PF/C, F/C) the player fits."""
    own = list(eligible)
    combined = [s for s in slots if "/" in s and any(part in own for part in s.split("/"))]
    return tuple(own + [s for s in combined if s not in own])


def _expected(e: RosterEntry | FreeAgent, scoring: str) -> dict[str, float]:
    season = {s: float(e.season_avg.get(s, 0.0) or 0.0) for s in STATS}
    base = fantasy_points(season, POINTS_WEIGHTS)
    scale = e.expected_per_game / base if base > 0 else 1.0
    if scoring != "points":
        scale = min(max(scale, FORM_LIMITS[0]), FORM_LIMITS[1])
    return {s: v * scale for s, v in season.items()} | {"fpts": float(e.expected_per_game)}


def _spread(expected: Mapping[str, float]) -> dict[str, float]:
    sd = {s: math.sqrt(max(expected.get(s, 0.0), 0.0)) for s in STATS}
    fpts_var = sum(POINTS_WEIGHTS.get(s, 0.0) ** 2 * max(expected.get(s, 0.0), 0.0) for s in STATS)
    return sd | {"fpts": math.sqrt(fpts_var)}


def player_input(e: RosterEntry | FreeAgent, days: tuple[dt.date, ...], slots: Iterable[str],
                 scoring: str) -> PlayerInput:
    """One roster entry or free agent: expectation, spread, availability, game days left."""
    expected = _expected(e, scoring)
    return PlayerInput(
        player_id=e.player.player_id, eligible=eligible_for(e.player.eligible, slots),
        expected=expected, game_days=frozenset(d for d in e.remaining_dates if d in days),
        availability=AVAILABILITY[e.status], stat_sd=_spread(expected), name=e.player.name,
        status=e.status, season_value=e.fantasy_avg if scoring == "points" else None)


def banked_totals(matchup: MatchupDetails) -> tuple[dict[str, float], dict[str, float]]:
    """(mine, theirs) counting totals so far from a categories matchup (FG%/FT% give no counts)."""
    mine, theirs = {}, {}
    for line in matchup.categories:
        col = CATEGORIES.get(line.category, ("/", True))[0]
        if "/" not in col:
            mine[col], theirs[col] = float(line.mine), float(line.theirs)
    return mine, theirs


def build_inputs(info: LeagueInfo, mine: Roster, free_agents: Iterable[FreeAgent],
                 days: Iterable[dt.date], opponent: Roster | None = None,
                 taken: Iterable[str] = (), matchup: MatchupDetails | None = None) -> OptimizerInputs:
    """My remaining week: my non-IR players, the free agents nobody rosters, the opponent's."""
    days = tuple(sorted(days))
    make = lambda entries: tuple(player_input(e, days, info.slots, info.scoring)  # noqa: E731
                                 for e in entries)
    rostered = set(taken) | {e.player.player_id for e in mine.entries}
    fas = [f for f in free_agents if f.player.player_id not in rostered]
    my_so_far, opp_so_far = banked_totals(matchup) if matchup else ({}, {})
    return OptimizerInputs(
        scoring=info.scoring, days=days, roster=make(e for e in mine.entries if not e.on_ir),
        free_agents=make(fas), opponent=make(e for e in (opponent.entries if opponent else [])
                                            if not e.on_ir),
        slots=dict(info.slots), my_so_far=my_so_far, opp_so_far=opp_so_far,
        as_of=info.as_of, team_id=mine.team_id, league_id=info.league_id,
        ir_back=make(e for e in mine.entries if e.on_ir and e.status != "OUT"))  # back: his activation card


def league_rosters(league) -> dict[int, Roster]:
    """Every team's roster, by team id."""
    return {t.team_id: league.roster(t.team_id) for t in league.info().teams}


def from_espn_league(league, rosters: Mapping[int, Roster] | None = None,
                     free_agent_limit: int = FREE_AGENT_POOL) -> OptimizerInputs:
    """Reads an `EspnLeague` (any LeagueSource) and builds my team's remaining week.

    Categories leagues also read the opponent's roster and the live matchup (totals so far).
    """
    info = league.info()
    rosters = dict(rosters) if rosters is not None else league_rosters(league)
    mine = rosters.get(info.my_team_id) or league.roster()
    taken = {e.player.player_id for r in rosters.values() for e in r.entries}
    days = league.schedule().days_remaining
    opponent = matchup = None
    if info.scoring != "points":
        opponent, matchup = league.opponent_roster(), league.matchup()
    return build_inputs(info, mine, league.free_agents(limit=free_agent_limit), days,
                        opponent, taken, matchup)


def espn_rules(raw_settings: Mapping, eligible: Mapping[str, Iterable[str]]):
    """The league's own rules from ESPN: its starting slots and IR slots (`rosterSettings.
    lineupSlotCounts`) and each player's `eligibleSlots` (espn-api names) in our slot names."""
    from services.espn.mapping import our_slots, slot_counts
    from services.optimizer.adapter import LeagueRules

    slots, _bench, ir = slot_counts(raw_settings)
    return LeagueRules(slots=slots, ir_slots=ir,
                       eligible={pid: tuple(our_slots(list(names))) for pid, names in eligible.items()})


def from_espn_history(league, free_agents: Iterable[str] | None = None, season: bool = False,
                      punt: Iterable[str] = ()) -> OptimizerInputs:
    """My remaining week (and with `season` the rest of the season) of an `EspnLeague` from its
    box-score history: the inputs the demo computes from its box scores (projections, spreads,
    calibrated availability, return odds, banked totals, season values), under the league's own
    settings (points weights, lineup and IR slots, ESPN's eligibleSlots)."""
    from services.models import ServiceError
    from services.optimizer.adapter import from_demo_league

    lg = league.history()
    if free_agents is not None:
        free_agents = list(free_agents)
        known, rostered = lg.snapshot.known, {p for ids in lg.rosters().values() for p in ids}
        for pid in free_agents:
            if pid not in known or pid in rostered or lg.owner_of(pid) is not None:
                raise ServiceError(f"{league.player_name(pid)} is not a free agent with a game this season "
                                   "in ESPN league " f"{league.league_id}; the optimizer cannot weigh him.")
    inputs = from_demo_league(lg, free_agents=free_agents, season=season, punt=punt, rules=league_rules(league, lg))
    mine, theirs = league.banked()  # ESPN's own totals so far (its real lineups), not a reconstruction
    return dataclasses.replace(inputs, my_so_far=mine, opp_so_far=theirs)


def league_rules(league, lg=None):
    """The `LeagueRules` of an `EspnLeague` (its settings, and each player's eligibleSlots as its
    history stored them)."""
    lg = lg or league.history()
    return espn_rules(league._snap().settings, lg.eligible_slots())

"""Optimizer inputs from the demo league: projections and schedules known on the as-of date.

Reads only the league's snapshot (box scores strictly before the as-of date) and the schedule.
Totals banked earlier in the matchup week come from the one scoreboard (`services.league.scoreboard`).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from functools import lru_cache
from typing import Iterable, Mapping

from services.optimizer.models import OptimizerInputs, PlayerInput, ReturnChance
from services.league.scoreboard import banked_totals
from services.league.scoring import CATEGORIES
from services.league.slots import IR_SLOTS, STARTING_SLOTS
from services.league.snapshot import Snapshot


@dataclasses.dataclass(frozen=True)
class LeagueRules:
    """What a league sets for itself: its starting lineup slots, IR slots, the categories it counts
    and each player's eligible slots (the demo: its own slots, the nine categories, eligibility by
    the box-score rule). Points weights are the history's own (`snapshot.points_weights`)."""

    slots: Mapping[str, int] = dataclasses.field(default_factory=lambda: dict(STARTING_SLOTS))
    ir_slots: int = IR_SLOTS
    categories: tuple[str, ...] = tuple(CATEGORIES)  # a categories league's own (the others count like a punt)
    eligible: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # pid -> slots (else the rule)

    def eligible_for(self, pid: str, rule: Iterable[str]) -> tuple[str, ...]:
        """The player's slots: the league's list for him (or the box-score rule's), plus each of
        the league's combined slots (SG/SF, G/F, PF/C, F/C) one of his positions fills."""
        own = list(self.eligible.get(pid) or rule)
        combined = [s for s in self.slots if "/" in s and s not in own and any(p in own for p in s.split("/"))]
        return tuple(own + combined)


DEMO_RULES = LeagueRules()


def player_input(snap: Snapshot, pid: str, days: tuple[dt.date, ...], scoring: str,
                 rules: LeagueRules = DEMO_RULES) -> PlayerInput:
    """One player's projection, availability and remaining game days (an OUT player's chance to
    play each of them from the return model, game by game: `returns.week_chances`, as the season
    value's first week reads it)."""
    from services.league.returns import week_chances

    ps = snap.players[pid]
    games = frozenset(snap.games_remaining(pid, days[0], days[-1])) if days else frozenset()
    ordered = tuple(sorted(games))
    by_day = week_chances(snap, pid, ordered, days[-1]) if ordered else None
    return PlayerInput(
        player_id=pid, eligible=rules.eligible_for(pid, ps.ref.eligible), expected=dict(ps.expected),
        game_days=games, availability=ps.availability, stat_sd=dict(ps.stat_sd),
        name=ps.ref.name, status=ps.avail_class, season_value=_season_value(snap, pid, scoring),
        returns=_returns(snap, pid, days[-1] if days else snap.as_of),
        day_availability=dict(zip(ordered, by_day, strict=True)) if by_day else {})


def _returns(snap: Snapshot, pid: str, week_end: dt.date) -> ReturnChance | None:
    """His return odds over his team's games on the published season schedule (the demo's data
    window ends in February; an ESPN league's history holds the whole season: both read the
    season, so the date his return passes even odds is the same on either)."""
    from services.league.returns import return_odds

    ps = snap.players[pid]
    o = return_odds(snap, pid, week_end, _season_dates(snap.as_of, snap.db)) if ps.missed_in_row else None
    return None if o is None else ReturnChance(round(o.soon, 4), round(o.by_week_end, 4), o.days, o.missed)


@lru_cache(maxsize=8)
def _season_dates(as_of: dt.date, database) -> dict[str, tuple[dt.date, ...]]:
    from services.optimizer.season import team_dates

    return team_dates(as_of, database)


STAR_RANK = 40  # the league's top 40 players by per-game value are stars


def star_value(snap: Snapshot, scoring: str) -> float:
    """Per-game value of the league's 40th best player (players with 5+ games)."""
    from services.league.values import player_value

    vals = sorted((player_value(snap, p, scoring) for p in snap.players.values() if len(p.games) >= 5), reverse=True)
    return vals[min(STAR_RANK, len(vals)) - 1] if vals else float("inf")


def _season_value(snap: Snapshot, pid: str, scoring: str) -> float:
    from services.league.values import player_value

    return float(player_value(snap, snap.players[pid], scoring))


def _named_cut(lg, team_id: int, back: list[str], roster: list[str]) -> str | None:
    """The player the user named, on an approved IR card ("cut X when he returns"), to go when that
    IR player is back: his activation card names him (still on the roster; else nobody named)."""
    if not back:
        return None
    for m in reversed(lg.store.moves(lg.league_id) if lg.store is not None else ()):
        card = m.get("card") or {}
        if (m["team_id"] == team_id and card.get("kind") == "ir" and m["drop_id"] in back
                and card.get("cut_named") and card.get("cut_id") in roster):
            return card["cut_id"]
    return None


def from_demo_league(lg, team_id: int | None = None, scoring: str | None = None,
                     free_agents: Iterable[str] | None = None, season: bool = False, punt=(),
                     rules: LeagueRules = DEMO_RULES) -> OptimizerInputs:
    """One team's remaining matchup week in a league's box-score history (`LeagueHistory`: the
    demo league's, or an ESPN league's; default: my team) under the league's `rules`; with
    `season`, also the rest of the regular season (for moves' rest-of-season value)."""
    snap = lg.snapshot
    scoring = scoring or lg.scoring
    team_id = team_id or lg.my_team_id
    opp_id = lg.opponent_of(team_id, lg.week[0])
    days = tuple(lg.days_remaining)
    mine, theirs = lg.roster_ids(team_id), lg.roster_ids(opp_id)
    fa_ids = lg.free_agent_ids() if free_agents is None else list(free_agents)
    make = lambda ids: tuple(player_input(snap, pid, days, scoring, rules) for pid in ids)  # noqa: E731
    inputs = OptimizerInputs(
        scoring=scoring, days=days, roster=make(mine), free_agents=make(fa_ids), opponent=make(theirs),
        slots=dict(rules.slots), points_weights=dict(snap.points_weights),
        my_so_far=banked_totals(lg, team_id), opp_so_far=banked_totals(lg, opp_id),
        as_of=lg.as_of, team_id=team_id, league_id=lg.league_id, star_value=star_value(snap, scoring),
        ir_slots_free=max(0, rules.ir_slots - len(lg.ir_ids(team_id))),
        ir_back=make(pid for pid in lg.ir_ids(team_id) if snap.players[pid].status != "OUT"),
        punt=tuple(c for c in CATEGORIES if c in set(punt or ()) or c not in rules.categories))
    named = _named_cut(lg, team_id, [p.player_id for p in inputs.ir_back], mine)
    if named:
        inputs = dataclasses.replace(inputs, ir_cut=named)
    if season:
        from services.optimizer.season import season_inputs

        inputs = dataclasses.replace(inputs, season=season_inputs(lg, inputs))
    return inputs

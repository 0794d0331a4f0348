"""Optimizer inputs of a real ESPN league: its box-score history under its own settings.

`from_espn_history` gives the inputs the demo computes from its box scores
(`services.optimizer.adapter.from_demo_league` over the league's `LeagueHistory`: projections,
spreads, calibrated availability, return odds, season values) with the league's own rules
(`espn_rules`: ESPN's lineup and IR slots, each player's eligibleSlots; the points weights are
the history's own) and ESPN's live totals so far. IR players are left out of the week: they
cannot start, and dropping one opens no roster spot for an add.
"""
from __future__ import annotations

import dataclasses
from typing import Iterable, Mapping

from services.optimizer.models import OptimizerInputs


def espn_rules(raw_settings: Mapping, eligible: Mapping[str, Iterable[str]]):
    """The league's own rules from ESPN: its starting slots and IR slots (`rosterSettings.
    lineupSlotCounts`), the categories it counts (`scoringSettings.scoringItems`) and each player's
    `eligibleSlots` (espn-api names) in our slot names."""
    from services.espn.mapping import league_categories, our_slots, scoring_mode, slot_counts
    from services.optimizer.adapter import LeagueRules

    slots, _bench, ir = slot_counts(raw_settings)
    kind = scoring_mode((raw_settings.get("scoringSettings") or {}).get("scoringType"))
    cats = tuple(league_categories(raw_settings)) if kind == "categories" else LeagueRules().categories
    return LeagueRules(slots=slots, ir_slots=ir, categories=cats,
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
        for pid in free_agents:
            if pid not in lg.snapshot.known or lg.owner_of(pid) is not None:
                raise ServiceError(f"{league.player_name(pid)} is not a free agent with a game this season "
                                   f"in ESPN league {league.league_id}; the optimizer cannot weigh him.")
    inputs = from_demo_league(lg, free_agents=free_agents, season=season, punt=punt, rules=league_rules(league, lg))
    mine, theirs = league.banked()  # ESPN's own totals so far (its real lineups), not a reconstruction
    return dataclasses.replace(inputs, my_so_far=mine, opp_so_far=theirs)


def league_rules(league, lg=None):
    """The `LeagueRules` of an `EspnLeague` (its settings, and each player's eligibleSlots as its
    history stored them)."""
    lg = lg or league.history()
    return espn_rules(league._snap().settings, lg.eligible_slots())

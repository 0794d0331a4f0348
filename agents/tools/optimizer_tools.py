"""Tools over the deterministic optimizer: slot fit of a move, a day's lineup, the full scan.

They run on the demo league and on a real ESPN league (`EspnWeek`); ESPN cards carry
`league_kind="espn"`, and approving one records it with manual steps (nothing is sent to ESPN).
"""
from __future__ import annotations

import dataclasses
import datetime as dt

from langchain_core.tools import BaseTool, StructuredTool

from agents.cards import card_from_move
from agents.tools import schemas as S
from agents.tools.card_results import CARD_FORMAT, with_cards
from agents.tools.results import dump
from services import optimizer as opt
from services.models import ServiceError
from services.source import LeagueSource


def _league(source: LeagueSource):
    lg = getattr(source, "league", None)
    if lg is None:
        raise ServiceError("The optimizer runs on the demo league or an ESPN league, not this source.")
    return lg


def day_summary(lg, day: dt.date, inputs=None) -> dict:
    """A day's best lineup in the demo league with the reason each benched player sits."""
    inputs = inputs or opt.from_demo_league(lg, free_agents=[])
    return lineup_summary(inputs, day, list(lg.info().slots), "OUT (inferred)")


def lineup_summary(inputs: opt.OptimizerInputs, day: dt.date, slot_order: list[str], out_reason: str) -> dict:
    """A day's best lineup over optimizer inputs: starters by slot, bench with reasons."""
    line = opt.daily_lineup(inputs, day)
    by_id = {p.player_id: p for p in inputs.roster}
    starters = [{"slot": slot, "name": by_id[pid].name,
                 "expected": round(by_id[pid].expected.get("fpts", 0.0) * by_id[pid].availability, 1)}
                for pid, slot in sorted(line.slots.items(), key=lambda kv: slot_order.index(kv[1])
                                        if kv[1] in slot_order else 99)]
    bench = []
    for pid in line.bench:
        p = by_id[pid]
        if day not in p.game_days:
            reason = "no game"
        elif p.status == "OUT":
            reason = out_reason
        else:
            reason = f"outvalued, {p.expected.get('fpts', 0.0) * p.availability:.1f} expected"
        bench.append({"name": p.name, "reason": reason})
    with_games = sum(1 for p in inputs.roster if day in p.game_days and p.status != "OUT")
    return {"date": day.isoformat(), "starters": starters, "bench": bench, "players_with_games": with_games,
            "expected_total": round(line.fantasy_points, 1)}


class EspnWeek:
    """One read of an ESPN league for the optimizer: inputs, who owns whom, a name index."""

    def __init__(self, source: LeagueSource):
        from services.espn.lookup import NameIndex
        from services.optimizer.espn_adapter import from_espn_league, league_rosters

        self.rosters = league_rosters(source)
        self.inputs = from_espn_league(source, self.rosters)
        self.owners = {e.player.player_id: t for t, r in self.rosters.items() for e in r.entries}
        mine = self.rosters[self.inputs.team_id].entries
        self.ir = {e.player.player_id for e in mine if e.on_ir}
        names = {e.player.player_id: e.player.name for r in self.rosters.values() for e in r.entries}
        self.names = names | {p.player_id: p.name for p in self.inputs.free_agents}
        self.index, self.my_index = NameIndex(self.names), NameIndex({e.player.player_id: e.player.name for e in mine})

    def card(self, m) -> dict:
        i = self.inputs
        return card_from_move(m, i.league_id, i.team_id, i.as_of, kind="espn")

    def slot_fit(self, add: str, drop: str | None) -> dict:
        add_id = self.index.resolve(add)
        owner, name = self.owners.get(add_id), self.names[add_id]
        if owner is not None:
            raise ServiceError(f"{name} is on {self.rosters[owner].team_name}'s roster, not a free agent.")
        drop_id = self.index.resolve(drop) if drop else None
        if drop_id and self.owners.get(drop_id) != self.inputs.team_id:
            raise ServiceError(f"{self.names[drop_id]} is not on your roster.")
        if drop_id in self.ir:
            raise ServiceError(f"{self.names[drop_id]} is in your IR slot: dropping him opens no roster spot.")
        fa = next(p for p in self.inputs.free_agents if p.player_id == add_id)
        moves = opt.scan_moves(dataclasses.replace(self.inputs, free_agents=(fa,)),
                               allow_drop={drop_id} if drop_id else frozenset())
        return fit_result(name, len(fa.game_days), moves, drop_id, self.card)

    def lineup(self, date: str | None) -> dict:
        i = self.inputs
        day = _day(date, i.as_of)
        if day not in i.days:
            last = i.days[-1] if i.days else i.as_of
            raise ServiceError(f"{day} is not a remaining day of this matchup week ({i.as_of} to {last}).")
        out = lineup_summary(dataclasses.replace(i, free_agents=()), day, list(i.slots), "OUT (ESPN)")
        return out | {"on_ir": [self.names[pid] for pid in sorted(self.ir)]}

    def optimize(self, allow_drop: list[str] | None, limit: int) -> dict:
        allow = {self.my_index.resolve(n) for n in allow_drop or []}
        moves = [m for m in opt.scan_moves(self.inputs, allow_drop=allow, limit=max(limit * 3, 10)) if m.gain > 0][:limit]
        week = opt.weekly_lineup(self.inputs)
        out = {"moves": [self.card(m) for m in moves], "standing_pat_expected": round(week.expected_total, 1),
               "unit": week.unit, "starts": {self.names[k]: v for k, v in week.starts.items()}}
        if not moves:
            out["note"] = (f"no drop/add pair gains over standing pat ({len(self.inputs.free_agents)} free agents "
                           "checked; your top 6 players are never offered unless allowed)")
        return out


def best_moves(lg, allow_drop: set[str] | frozenset = frozenset(), limit: int = 3, mode: str = "balanced",
               team_id: int | None = None) -> list:
    """The optimizer pipeline's best distinct moves for a demo team: every swap and IR move scanned
    with the week's gain and the rest-of-season change, ranked by `mode` ("balanced" or
    "this_week"), only those worth offering (a positive score: in this-week mode a positive week
    gain; balanced may accept a small loss this week for the season)."""
    from agents.cards import compatible

    inputs = opt.from_demo_league(lg, team_id=team_id, season=True)
    moves = [m for m in opt.scan_moves(inputs, allow_drop=allow_drop, limit=max(limit * 10, 30), mode=mode,
                                       per_player=limit) if m.score > 0]
    return compatible(moves, inputs.ir_slots_free)[:limit]


def fit_result(name: str, games: int, moves: list, drop_id: str | None, make_card) -> dict:
    """validate_slot_fit's answer for one free agent from the scanned moves."""
    if drop_id:
        moves = [m for m in moves if m.drop_id == drop_id]
    good = [m for m in moves if m.score > 0]
    if games == 0:
        reason = "no games left this matchup week, so he cannot add anything"
    elif not good:
        reason = "no drop on your roster makes room for a gain (lineups re-solved every remaining day)"
    else:
        reason = f"best drop gains {good[0].gain:+.1f} {good[0].unit}"
    cards = [make_card(m) for m in good[:2]] if games else []
    return {"add": name, "add_games_remaining": games, "valid": bool(cards), "reason": reason, "moves": cards}


def _day(date: str | None, default: dt.date) -> dt.date:
    try:
        return dt.date.fromisoformat(date) if date else default
    except ValueError:
        raise ServiceError(f"date must be YYYY-MM-DD, not {date!r}.") from None


def build_optimizer_tools(source: LeagueSource) -> list[BaseTool]:
    espn = getattr(source, "kind", None) == "espn"

    def validate_slot_fit(add: str, drop: str | None = None) -> str:
        if espn:
            return with_cards(EspnWeek(source).slot_fit(add, drop))
        lg = _league(source)
        add_id = source.resolve(add)
        name = lg.snapshot.players[add_id].ref.name
        owner = lg.owner_of(add_id)
        if owner is not None:
            raise ServiceError(f"{name} is on {lg.team_name(owner)[0]}'s roster, not a free agent.")
        drop_id = source.resolve(drop) if drop else None
        if drop_id and drop_id not in lg.roster_ids():
            raise ServiceError(f"{lg.snapshot.players[drop_id].ref.name} is not on your roster.")
        inputs = opt.from_demo_league(lg, free_agents=[add_id], season=True)
        moves = opt.scan_moves(inputs, allow_drop={drop_id} if drop_id else frozenset(), mode=source.advice_mode)
        games = len(lg.snapshot.games_remaining(add_id, lg.as_of, lg.week[2]))
        return with_cards(fit_result(name, games, moves, drop_id,
                               lambda m: card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of)))

    def compose_daily_lineup(date: str | None = None) -> str:
        if espn:
            return dump(EspnWeek(source).lineup(date))
        lg = _league(source)
        day = _day(date, lg.as_of)
        if day in lg.days_remaining:
            return dump(day_summary(lg, day))
        if not lg.as_of < day <= lg.as_of + dt.timedelta(days=7):
            raise ServiceError(f"{day} is not within the next week ({lg.as_of} to {lg.as_of + dt.timedelta(days=7)}).")
        # A day of next matchup week: the same roster, that day's schedule (projections as of today).
        from services.optimizer.adapter import player_input

        base = opt.from_demo_league(lg, free_agents=[])
        roster = tuple(player_input(lg.snapshot, p.player_id, (day,), lg.scoring) for p in base.roster)
        return dump(day_summary(lg, day, dataclasses.replace(base, days=(day,), roster=roster)))

    def optimize_matchup(allow_drop=None, target_categories=None, limit=3, mode=None) -> str:
        if espn:
            return with_cards(EspnWeek(source).optimize(allow_drop, limit))
        lg = _league(source)
        allow = {source.resolve(n) for n in allow_drop or []}
        moves = best_moves(lg, allow, limit, mode or source.advice_mode)
        week = opt.weekly_lineup(opt.from_demo_league(lg, free_agents=[]))
        return with_cards({"moves": [card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of) for m in moves],
                     "standing_pat_expected": round(week.expected_total, 1), "unit": week.unit,
                     "starts": {lg.snapshot.players[k].ref.name: v for k, v in week.starts.items()}})

    return [
        StructuredTool.from_function(validate_slot_fit, name="validate_slot_fit", args_schema=S.SlotFitArgs, response_format=CARD_FORMAT,
                                     description="Simulate adding a free agent (and dropping one of my players): expected gain over the remaining days with lineups re-solved."),
        StructuredTool.from_function(compose_daily_lineup, name="compose_daily_lineup", args_schema=S.DailyLineupArgs,
                                     description="The exact best lineup for one day: who starts in which slot and who sits, with reasons."),
        StructuredTool.from_function(optimize_matchup, name="optimize_matchup", args_schema=S.OptimizeArgs, response_format=CARD_FORMAT,
                                     description="Scan every drop/add pair for this week and return the best moves (as approval cards) and the weekly plan."),
    ]

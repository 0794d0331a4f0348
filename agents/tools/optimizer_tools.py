"""Tools over the deterministic optimizer: slot fit of a move, a day's lineup, the full scan."""
from __future__ import annotations

import datetime as dt

from langchain_core.tools import BaseTool, StructuredTool

from agents.cards import card_from_move
from agents.tools import schemas as S
from agents.tools.results import dump
from services import optimizer as opt
from services.models import ServiceError
from services.source import LeagueSource


def _league(source: LeagueSource):
    lg = getattr(source, "league", None)
    if lg is None:
        raise ServiceError("The optimizer runs on the demo league; for an ESPN league use the roster and free-agent tools.")
    return lg


def day_summary(lg, day: dt.date, inputs=None) -> dict:
    """A day's best lineup with the reason each benched player sits."""
    inputs = inputs or opt.from_demo_league(lg, free_agents=[])
    line = opt.daily_lineup(inputs, day)
    snap = lg.snapshot
    by_id = {p.player_id: p for p in inputs.roster}
    starters = [{"slot": slot, "name": snap.players[pid].ref.name,
                 "expected": round(by_id[pid].expected.get("fpts", 0.0) * by_id[pid].availability, 1)}
                for pid, slot in sorted(line.slots.items(), key=lambda kv: list(lg.info().slots).index(kv[1])
                                        if kv[1] in lg.info().slots else 99)]
    bench = []
    for pid in line.bench:
        p, ps = by_id[pid], snap.players[pid]
        if day not in p.game_days:
            reason = "no game"
        elif ps.status == "OUT":
            reason = "OUT (inferred)"
        else:
            reason = f"outvalued, {p.expected.get('fpts', 0.0) * p.availability:.1f} expected"
        bench.append({"name": ps.ref.name, "reason": reason})
    with_games = sum(1 for p in inputs.roster if day in p.game_days and snap.players[p.player_id].status != "OUT")
    return {"date": day.isoformat(), "starters": starters, "bench": bench, "players_with_games": with_games,
            "expected_total": round(line.fantasy_points, 1)}


def build_optimizer_tools(source: LeagueSource) -> list[BaseTool]:
    def validate_slot_fit(add: str, drop: str | None = None) -> str:
        lg = _league(source)
        add_id = source.resolve(add)
        name = lg.snapshot.players[add_id].ref.name
        owner = lg.owner_of(add_id)
        if owner is not None:
            raise ServiceError(f"{name} is on {lg.team_name(owner)[0]}'s roster, not a free agent.")
        drop_id = source.resolve(drop) if drop else None
        if drop_id and drop_id not in lg.roster_ids():
            raise ServiceError(f"{lg.snapshot.players[drop_id].ref.name} is not on your roster.")
        inputs = opt.from_demo_league(lg, free_agents=[add_id])
        moves = opt.scan_moves(inputs, allow_drop={drop_id} if drop_id else frozenset())
        if drop_id:
            moves = [m for m in moves if m.drop_id == drop_id]
        games = len(lg.snapshot.games_remaining(add_id, lg.as_of, lg.week[2]))
        good = [m for m in moves if m.gain > 0]
        if games == 0:
            reason = "no games left this matchup week, so he cannot add anything"
        elif not good:
            reason = "no drop on your roster makes room for a gain (lineups re-solved every remaining day)"
        else:
            reason = f"best drop gains {good[0].gain:+.1f} {good[0].unit}"
        cards = [card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of) for m in good[:2]] if games else []
        return dump({"add": name, "add_games_remaining": games, "valid": bool(cards), "reason": reason, "moves": cards})

    def compose_daily_lineup(date: str | None = None) -> str:
        lg = _league(source)
        try:
            day = dt.date.fromisoformat(date) if date else lg.as_of
        except ValueError:
            raise ServiceError(f"date must be YYYY-MM-DD, not {date!r}.") from None
        if day not in lg.days_remaining:
            raise ServiceError(f"{day} is not a remaining day of this matchup week ({lg.as_of} to {lg.week[2]}).")
        return dump(day_summary(lg, day))

    def optimize_matchup(allow_drop=None, target_categories=None, limit=3) -> str:
        lg = _league(source)
        allow = {source.resolve(n) for n in allow_drop or []}
        inputs = opt.from_demo_league(lg)
        moves = [m for m in opt.scan_moves(inputs, allow_drop=allow, limit=max(limit * 3, 10)) if m.gain > 0][:limit]
        week = opt.weekly_lineup(inputs)
        return dump({"moves": [card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of) for m in moves],
                     "standing_pat_expected": round(week.expected_total, 1), "unit": week.unit,
                     "starts": {lg.snapshot.players[k].ref.name: v for k, v in week.starts.items()}})

    return [
        StructuredTool.from_function(validate_slot_fit, name="validate_slot_fit", args_schema=S.SlotFitArgs,
                                     description="Simulate adding a free agent (and dropping one of my players): expected gain over the remaining days with lineups re-solved."),
        StructuredTool.from_function(compose_daily_lineup, name="compose_daily_lineup", args_schema=S.DailyLineupArgs,
                                     description="The exact best lineup for one day: who starts in which slot and who sits, with reasons."),
        StructuredTool.from_function(optimize_matchup, name="optimize_matchup", args_schema=S.OptimizeArgs,
                                     description="Scan every drop/add pair for this week and return the best moves (as approval cards) and the weekly plan."),
    ]

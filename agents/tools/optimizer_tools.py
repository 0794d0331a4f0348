"""Tools over the deterministic optimizer: slot fit of a move, a day's lineup, the full scan.

They run on any LeagueSource (the demo league, a real ESPN league) through its interface; a
card carries the source's kind as `league_kind`, and approving an ESPN card records it with
manual steps (nothing is sent to ESPN). `optimize_matchup` is `propose_moves`, the pipeline the
optimizer node runs too.
"""
from __future__ import annotations

import dataclasses
import datetime as dt

from langchain_core.tools import BaseTool, StructuredTool

from agents.core.cards import card_from_move, named_cut
from agents.core.contracts import card_dicts
from agents.core.sits import day_sits
from agents.tools import schemas as S
from agents.tools.card_results import CARD_FORMAT, with_cards
from agents.tools.results import dump
from services import optimizer as opt
from services.league.scoring import normalize_targets
from services.models import ServiceError
from services.league.source import LeagueSource


def source_card(source: LeagueSource):
    """The card maker for moves of `source`'s league (its id, my team, its clock and kind)."""
    return lambda m: card_from_move(m, source.league_id, source.my_team_id, source.today, kind=source.kind)


def _open_slots(slot_counts: dict[str, int], starters: list[dict]) -> list[str]:
    """The starting slots nobody fills that day, one entry per empty place ('UTIL' twice when two are empty)."""
    filled: dict[str, int] = {}
    for s in starters:
        filled[s["slot"]] = filled.get(s["slot"], 0) + 1
    return [slot for slot, n in slot_counts.items() for _ in range(max(0, n - filled.get(slot, 0)))]


def lineup_summary(inputs: opt.OptimizerInputs, day: dt.date, slot_order: list[str], out_reason: str,
                   slot_counts: dict[str, int] | None = None) -> dict:
    """A day's best lineup over optimizer inputs: starters by slot, bench with reasons. A benched
    player's reason is the lineup model's own value, in the league's units (fantasy points, or the
    category value of the matchup's weights), against the starters he would have to displace."""
    prep = opt.prepare(inputs)
    line = opt.daily_lineup(inputs, day, prep)
    by_id = {p.player_id: p for p in inputs.roster}
    values = prep.roster.values_on(prep.days.index(day))  # that day's (an OUT player's odds differ by day)
    value = {p.player_id: float(v) for p, v in zip(prep.roster.players, values, strict=True)}
    points = prep.points
    shown = (lambda pid: round(by_id[pid].expected.get("fpts", 0.0) * by_id[pid].chance_on(day), 1)) if points else \
        (lambda pid: round(value.get(pid, 0.0), 2))
    unit = "fantasy pts" if points else "category value"
    starters = [{"slot": slot, "name": by_id[pid].name, "expected": shown(pid)}
                for pid, slot in sorted(line.slots.items(), key=lambda kv: slot_order.index(kv[1])
                                        if kv[1] in slot_order else 99)]
    bench = [{"name": b["name"], "reason": b["reason"]} for b in day_sits(prep, line, out_reason)]
    with_games = sum(1 for p in inputs.roster if day in p.game_days and p.status != "OUT")
    return {"date": day.isoformat(), "starters": starters, "bench": bench, "players_with_games": with_games,
            "open_slots": _open_slots(slot_counts, starters) if slot_counts else [],
            "expected_total": round(line.fantasy_points, 1), "unit": unit,
            **({} if points else {"value_total": round(line.value, 2)})}


def best_moves(source: LeagueSource, allow_drop: set[str] | frozenset = frozenset(), limit: int = 3,
               mode: str = "balanced", target_categories: list[str] | None = None, punt=()) -> list:
    """The moves `propose_moves` offers for my team (the same pipeline as the optimizer node)."""
    return list(proposal(source, allow_drop, limit, mode, target_categories, punt=punt).moves)


def punt_ids(punt) -> tuple[str, ...]:
    """Punted category names as the optimizer takes them ('free throws' -> 'FT%'); a one-line error
    for a name that is no category."""
    try:
        return normalize_targets(punt)
    except ValueError as e:
        raise ServiceError(str(e)) from None


def proposal(source: LeagueSource, allow_drop=frozenset(), limit: int = 3, mode: str = "balanced",
             target_categories: list[str] | None = None, ir_cut: str | None = None, punt=(),
             leaders_in: str | None = None, min_games: int | None = None, keep=()) -> opt.Proposal:
    """`ir_cut`: the player id the user will cut when an IR player returns (IR and activation cards);
    `punt`: categories left out of the objective, the targets and the reasons; `leaders_in`: a
    superlative's category (every add one of the wire's leaders in it); `min_games`: the fewest games
    left this week an add must have; `keep`: player ids never dropped."""
    import dataclasses

    from services.optimizer.propose import with_games

    adds = with_games(source.optimizer_inputs(), min_games) if min_games and min_games > 1 else None
    inputs = source.optimizer_inputs(free_agents=adds, season=True, punt=punt_ids(punt))
    if ir_cut:
        inputs = dataclasses.replace(inputs, ir_cut=ir_cut)
    if keep:
        inputs = dataclasses.replace(inputs, keep=tuple(sorted(set(inputs.keep) | set(keep))))
    try:
        return opt.propose_moves(inputs, allow_drop=allow_drop, mode=mode, limit=limit,
                                 target_categories=target_categories, leaders_in=leaders_in)
    except ValueError as e:  # an unknown category name
        raise ServiceError(str(e)) from None


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
    cards = card_dicts([make_card(m) for m in good[:2]]) if games else []
    return {"add": name, "add_games_remaining": games, "valid": bool(cards), "reason": reason, "moves": cards}


def _day(date: str | None, default: dt.date) -> dt.date:
    try:
        return dt.date.fromisoformat(date) if date else default
    except ValueError:
        raise ServiceError(f"date must be YYYY-MM-DD, not {date!r}.") from None


def build_optimizer_tools(source: LeagueSource) -> list[BaseTool]:
    make_card = source_card(source)

    def validate_slot_fit(add: str, drop: str | None = None, punt=None) -> str:
        add_id = source.resolve_id(add)
        drop_id = source.resolve_id(drop) if drop else None
        try:
            source.validate_move(drop_id, add_id)
        except ServiceError as e:
            raise ServiceError(f"{e}.") from None
        inputs = source.optimizer_inputs(free_agents=[add_id], season=True, punt=punt_ids(punt))
        moves = opt.scan_moves(inputs, allow_drop={drop_id} if drop_id else frozenset(), mode=source.advice_mode)
        games = len(inputs.free_agents[0].game_days)
        return with_cards(fit_result(source.player_name(add_id), games, moves, drop_id, make_card))

    def compose_daily_lineup(date: str | None = None, punt=None) -> str:
        day = _day(date, source.today)
        inputs = source.day_inputs(day)
        if punt:  # the thread's punts weigh the day's lineup as they weigh the plan and the cards
            inputs = dataclasses.replace(inputs, punt=punt_ids(punt))
        slots = dict(source.info().slots)
        out = lineup_summary(inputs, day, list(slots), f"OUT ({source.status_note})", slots)
        return dump(out | {"on_ir": [source.player_name(pid) for pid in sorted(source.ir_ids())]})

    def optimize_matchup(allow_drop=None, target_categories=None, limit=3, mode=None, ir_cut=None, punt=None,
                         leaders_in=None, min_games_remaining=None, keep_healthy=False) -> str:
        allow = {source.resolve_id(n) for n in allow_drop or []}
        cut = source.resolve_id(ir_cut) if ir_cut else None
        healthy = [e.player.player_id for e in source.roster().entries if keep_healthy and e.status == "ACTIVE"
                   and not e.on_ir]  # "don't drop anybody healthy"
        found = proposal(source, allow, limit, mode or source.advice_mode, target_categories, cut, punt or (),
                         leaders_in, min_games_remaining, healthy)
        week_inputs = source.optimizer_inputs(free_agents=[], punt=punt_ids(punt or ()))
        prep = opt.prepare(week_inputs)
        week = opt.weekly_lineup(week_inputs, prep)
        names = {p.player_id: p.name for p in week_inputs.roster}
        cards = named_cut([make_card(m) for m in found.moves], cut)  # his activation card will name him
        out_reason = f"OUT ({source.status_note})"
        sits = [dict(s, date=d.date.isoformat()) for d in week.days for s in day_sits(prep, d, out_reason)
                if s["kind"] != "no_game"]  # who sits with a game this week, and why (the plan's own reasons)
        out = {"moves": card_dicts(cards), "standing_pat_expected": round(week.expected_total, 1),
               "unit": week.unit, "starts": {names[k]: v for k, v in week.starts.items()}, "sits": sits,
               "free_agents_scanned": found.scanned_free_agents, "passes": found.passes_run}
        if found.target_categories:
            out["target_categories"] = list(found.target_categories)
        if found.leaders_in:
            out["leaders_in"] = {"category": found.leaders_in, "top": len(found.leaders),
                                 "players": [source.player_name(pid) for pid in found.leaders]}
        if punt:
            out["punt"] = list(punt_ids(punt))
        if not found.moves:
            out["note"] = (f"no drop/add pair gains over standing pat ({found.scanned_free_agents} free agents "
                           "checked; your top 6 players are never offered unless allowed"
                           + (f"; only moves that help {', '.join(found.target_categories)}" if found.target_categories else "")
                           + (f"; only adds among the wire's top {len(found.leaders)} in {found.leaders_in}"
                              if found.leaders_in else "")
                           + ")")
        return with_cards(out)

    return [
        StructuredTool.from_function(validate_slot_fit, name="validate_slot_fit", args_schema=S.SlotFitArgs, response_format=CARD_FORMAT,
                                     description="Simulate adding a free agent (and dropping one of my players): expected gain over the remaining days with lineups re-solved."),
        StructuredTool.from_function(compose_daily_lineup, name="compose_daily_lineup", args_schema=S.DailyLineupArgs,
                                     description="The exact best lineup for one day: who starts in which slot and who sits, with reasons, and "
                                                 "`open_slots`: the starting slots nobody of mine fills that day (an empty one is a free start for a pickup)."),
        StructuredTool.from_function(optimize_matchup, name="optimize_matchup", args_schema=S.OptimizeArgs, response_format=CARD_FORMAT,
                                     description="Scan every drop/add pair for this week and return the best moves (as approval cards) and the weekly plan. "
                                                 "target_categories keeps only moves whose added player beats the dropped one per game in at least one of them; "
                                                 "leaders_in holds every add to the wire's top 10 per game in one category (a superlative ask)."),
    ]

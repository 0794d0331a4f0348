"""Matchup-optimizer nodes: deterministic, each streams a progress line and a step event."""
from __future__ import annotations

import time
from typing import Literal

from agents.cards import card_from_move, compatible
from agents.intents import Intent, IntentLabel
from agents.supervisor.nodes import emit
from services import optimizer as opt
from services.models import ServiceError

MAX_ITERATIONS = 3
ADD_POOL = (12, 40, 10_000)  # add candidates considered per iteration (relaxed each time)
MIN_GAIN = (1.0, 0.25, 0.0)  # a move must beat standing pat by this much (relaxed each time)


def _step(node: str, text: str, t0: float) -> None:
    emit({"type": "progress", "text": text})
    emit({"type": "step", "node": node, "text": text, "ms": round((time.perf_counter() - t0) * 1000, 1)})


def make_nodes(source):
    lg = source.league
    snap = lg.snapshot

    def parse_intent(state) -> dict:
        """The optimizer's request from the classifier's label in state (no text parsing here)."""
        t0 = time.perf_counter()
        label = IntentLabel.model_validate(state.get("intent_label") or {"intent": Intent.LINEUP_OPTIMIZATION})
        allow, unknown = [], []
        for name in label.allow_drop:
            try:
                allow.append(source.resolve(name))
            except ServiceError:  # a name the model heard that no player has: protect everyone
                unknown.append(name)
        text = f"Optimizing {lg.as_of:%a %b %-d} to {lg.week[2]:%a %b %-d} (week {lg.week[0]})."
        if unknown:
            text += f" No player matches {', '.join(unknown)}: nobody protected is dropped for it."
        _step("parse_intent", text, t0)
        return {"allow_drop": allow, "target_categories": label.target_categories, "iteration": 0, "relax": 0,
                "advice_mode": label.mode or state.get("advice_mode") or source.advice_mode,
                "week_window": {"start": lg.as_of.isoformat(), "end": lg.week[2].isoformat(), "week": lg.week[0]}}

    def gather_rosters(state) -> dict:
        t0 = time.perf_counter()
        mine, theirs = lg.roster_ids(), lg.roster_ids(lg.opponent_id)
        _step("gather_rosters", f"Analyzing your roster ({len(mine)} players) and {lg.team_name(lg.opponent_id)[0]}'s.", t0)
        return {"my_roster": mine, "opponent_roster": theirs}

    def analyze_schedule(state) -> dict:
        t0 = time.perf_counter()
        end = lg.week[2]
        matrix = {pid: [d.isoformat() for d in snap.games_remaining(pid, lg.as_of, end)] for pid in state["my_roster"]}
        _step("analyze_schedule", f"Your players have {sum(len(v) for v in matrix.values())} games left over "
                                  f"{len(lg.days_remaining)} days.", t0)
        return {"schedule_matrix": matrix}

    def check_injuries(state) -> dict:
        t0 = time.perf_counter()
        statuses = {pid: snap.players[pid].status for pid in state["my_roster"]}
        flagged = [snap.players[p].ref.name for p, s in statuses.items() if s != "ACTIVE"]
        _step("check_injuries", f"Flagged {len(flagged)} player(s): {', '.join(flagged) or 'none'} (inferred).", t0)
        return {"statuses": statuses}

    def identify_candidates(state) -> dict:
        t0 = time.perf_counter()
        relax = state.get("relax", 0)
        inputs = opt.from_demo_league(lg, free_agents=[])
        prep = opt.prepare(inputs)
        drops = [inputs.roster[int(i)].player_id for i in opt_droppable(prep, state)]
        pool = [fa for fa in source.free_agents(healthy_only=relax == 0, min_games_remaining=1 if relax < 2 else 0,
                                                target_categories=state.get("target_categories") or None, limit=50)]
        adds = [f.player.player_id for f in pool][: ADD_POOL[min(relax, 2)]]
        if relax >= 2:
            adds = lg.free_agent_ids()
        _step("identify_candidates", f"Found {len(drops)} drop candidates and {len(adds)} add candidates.", t0)
        return {"drop_candidates": drops, "add_candidates": adds}

    def validate_moves(state) -> dict:
        t0 = time.perf_counter()
        relax = state.get("relax", 0)
        inputs = opt.from_demo_league(lg, free_agents=state["add_candidates"], season=True)
        mode = state.get("advice_mode") or getattr(source, "advice_mode", "balanced")
        moves = opt.scan_moves(inputs, allow_drop=set(state.get("allow_drop") or []), limit=30, mode=mode,
                               per_player=3)
        good = [m for m in moves if (m.drop_id in state["drop_candidates"] or m.kind == "ir")
                and m.score > MIN_GAIN[min(relax, 2)]]
        best = compatible(good, inputs.ir_slots_free)[:3]
        cards = [card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of) for m in best]
        it = state.get("iteration", 0) + 1
        _step("validate_moves", f"Pass {it}: {len(cards)} move(s) beat standing pat." if cards else
              f"Pass {it}: no move beats standing pat{'; relaxing the filters' if it < MAX_ITERATIONS else ''}.", t0)
        return {"valid_moves": cards, "iteration": it, "relax": relax + (0 if cards else 1)}

    def compose_lineup(state) -> dict:
        t0 = time.perf_counter()
        week = opt.weekly_lineup(opt.from_demo_league(lg, free_agents=[]))
        days = [{"date": d.date.isoformat(), "starters": [snap.players[p].ref.name for p in d.slots],
                 "expected": round(d.fantasy_points, 1)} for d in week.days]
        lineup = {"expected_total": round(week.expected_total, 1), "unit": week.unit, "days": days,
                  "starts": {snap.players[k].ref.name: v for k, v in week.starts.items()}}
        _step("compose_lineup", f"Weekly lineup set: {sum(week.starts.values())} starts, "
                                f"{lineup['expected_total']} {week.unit} expected standing pat.", t0)
        return {"weekly_lineup": lineup, "pending_cards": state.get("valid_moves", []), "answer": None}

    return dict(parse_intent=parse_intent, gather_rosters=gather_rosters, analyze_schedule=analyze_schedule,
                check_injuries=check_injuries, identify_candidates=identify_candidates,
                validate_moves=validate_moves, compose_lineup=compose_lineup)


def opt_droppable(prep, state):
    from services.optimizer.moves import droppable

    return droppable(prep, set(state.get("allow_drop") or []))


def route_after_validate(state) -> Literal["compose_lineup", "identify_candidates"]:
    if state.get("valid_moves") or state.get("iteration", 0) >= MAX_ITERATIONS:
        return "compose_lineup"
    return "identify_candidates"

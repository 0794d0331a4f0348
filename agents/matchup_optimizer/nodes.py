"""Matchup-optimizer nodes: deterministic, each streams a progress line and a step event.

They read the league only through the LeagueSource interface (demo or ESPN alike); the moves are
`propose_moves`, the same pipeline as the `optimize_matchup` tool (its relax passes are streamed
as numbered steps of validate_moves)."""
from __future__ import annotations

import dataclasses
import datetime as dt
import time

from agents.core.cards import card_from_move, named_cut
from agents.core.contracts import card_dicts
from agents.core.intents import Intent, IntentLabel
from agents.core.contracts import StepEvent, TextEvent
from agents.core.events import emit
from agents.matchup_optimizer.checks import checked_targets, declined_here, ir_full_note
from services import optimizer as opt
from services.models import ServiceError
from services.optimizer.moves import droppable
from services.optimizer.propose import LEADERS, wire_leaders, with_games

MAX_CARDS = 10  # the most cards one request may ask for (the optimize_matchup tool's own `limit` cap)


def _step(node: str, text: str, t0: float) -> None:
    emit(TextEvent(type="progress", text=text))
    emit(StepEvent(node=node, text=text, ms=round((time.perf_counter() - t0) * 1000, 1)))


def _with_cut(inputs, state):
    """The optimizer's inputs with the cut the user named for an IR player's return (if any)."""
    return dataclasses.replace(inputs, ir_cut=state["ir_cut"]) if state.get("ir_cut") else inputs


def make_nodes(source):
    """The nodes over any LeagueSource: every read and the move scan go through its interface."""

    def parse_intent(state) -> dict:
        """The optimizer's request from the classifier's label in state (no text parsing here)."""
        t0 = time.perf_counter()
        label = IntentLabel.model_validate(state.get("intent_label") or {"intent": Intent.LINEUP_OPTIMIZATION})
        today, (week, end) = source.today, _week(source)
        allow, unknown = [], []
        for name in label.allow_drop:
            try:
                allow.append(source.resolve_id(name))
            except ServiceError:  # a name the model heard that no player has: protect everyone
                unknown.append(name)
        only = None
        if label.drop and not label.add:  # "stash Embiid on IR and pick someone up": moves out of him only
            try:
                only = source.resolve_id(label.drop)
            except ServiceError:
                unknown.append(label.drop)
        cut = None
        if label.ir_cut:
            try:
                cut = source.resolve_id(label.ir_cut)
            except ServiceError:
                unknown.append(label.ir_cut)
        keep = []
        for name in label.frame.exclude:  # "find me moves but don't drop Bogdanovic" (the request frame)
            try:
                keep.append(source.resolve_id(name))
            except ServiceError:
                unknown.append(name)
        named_keep = list(keep)  # named: no move of him at all (a position kept: an IR move still keeps him)
        kept_at = set(label.frame.keep_positions)  # "I'd rather keep my guards": every one of them stays
        keep += [e.player.player_id for e in source.roster().entries if kept_at & set(e.player.eligible)
                 and e.player.player_id not in keep and e.player.player_id not in allow]
        healthy = [e.player.player_id for e in active(source.roster()) if label.frame.keep_healthy
                   and e.status == "ACTIVE" and e.player.player_id not in keep]  # "don't drop anybody healthy"
        keep += healthy
        least = label.frame.min_games if (label.frame.min_games or 0) > 1 else None
        note = ir_full_note(source, only, label)
        limit = min(label.frame.count, MAX_CARDS) if label.frame.count else None  # "3 add/drop options", "one move"
        text = f"Optimizing {today:%a %b %-d} to {end:%a %b %-d} (week {week})."
        if limit:
            text += f" Up to {limit} move{'s' if limit > 1 else ''} (you asked for {label.frame.count})."
        if healthy:
            text += " Never dropping a healthy player (you asked): only OUT or day-to-day players go."
        if keep and len(keep) > len(healthy):
            text += f" Never dropping {', '.join(source.player_name(k) for k in keep if k not in healthy)} (you keep him)."
        if least:
            text += f" Only adds with at least {least} games left this week (you asked)."
        if state.get("punt"):
            text += f" Punting {', '.join(state['punt'])}: left out of the objective."
        if cut:
            text += f" {source.player_name(cut)} goes when an IR player returns (you named him)."
        if only:
            text += f" Only moves that take {source.player_name(only)} out of the lineup (IR first)."
        if label.frame.leaders_in:
            text += f" Adds only from the wire's top {LEADERS} per game in {label.frame.leaders_in} (you asked for the best)."
        if unknown:
            text += f" No player matches {', '.join(unknown)}: nobody protected is dropped for it."
        targets, need = checked_targets(source, label.target_categories, state.get("punt") or [],
                                        claimed=label.frame.need_claimed)
        if need:
            text += (f" Chasing {', '.join(targets) or 'the whole matchup'}: the scoreboard settles the rest."
                     if label.frame.need_claimed else f" Chasing {', '.join(targets)} as asked, though the scoreboard "
                     "settles it this week.")
        note = " ".join(x for x in (note, need) if x) or None
        _step("parse_intent", text, t0)
        return {"allow_drop": allow, "only_drop": only, "limit": limit, "keep": [source.player_name(k) for k in keep],
                "untouched": [source.player_name(k) for k in named_keep], "ir_cut": cut, "target_categories": targets, "need_note": note,
                "leaders_in": label.frame.leaders_in, "min_games": least,
                "iteration": 0, "relax": 0,
                "advice_mode": label.mode or state.get("advice_mode") or source.advice_mode,
                "week_window": {"start": today.isoformat(), "end": end.isoformat(), "week": week}}

    def gather_rosters(state) -> dict:
        t0 = time.perf_counter()
        mine, theirs = source.roster(), source.opponent_roster()
        _step("gather_rosters", f"Analyzing your roster ({len(active(mine))} players) and {theirs.team_name}'s.", t0)
        return {"my_roster": [e.player.player_id for e in active(mine)],
                "opponent_roster": [e.player.player_id for e in active(theirs)]}

    def analyze_schedule(state) -> dict:
        t0 = time.perf_counter()
        window = state.get("week_window") or {}
        entries = {e.player.player_id: e for e in source.roster().entries}
        matrix = {pid: [d.isoformat() for d in entries[pid].remaining_dates] for pid in state["my_roster"] if pid in entries}
        days = (dt.date.fromisoformat(window["end"]) - dt.date.fromisoformat(window["start"])).days + 1 if window else 0
        _step("analyze_schedule", f"Your players have {sum(len(v) for v in matrix.values())} games left over "
                                  f"{days} days. {schedule_findings(matrix, entries)}", t0)
        return {"schedule_matrix": matrix}

    def check_injuries(state) -> dict:
        t0 = time.perf_counter()
        entries = [e for e in active(source.roster()) if e.player.player_id in set(state["my_roster"])]
        statuses = {e.player.player_id: e.status for e in entries}
        flagged = [e.player.name for e in entries if e.status != "ACTIVE"]
        _step("check_injuries", f"Flagged {len(flagged)} player(s): {', '.join(flagged) or 'none'} "
                                f"({source.status_note}).", t0)
        return {"statuses": statuses}

    def identify_candidates(state) -> dict:
        t0 = time.perf_counter()
        inputs = source.optimizer_inputs()
        prep = opt.prepare(dataclasses.replace(inputs, free_agents=()))
        drops = [inputs.roster[int(i)].player_id for i in droppable(prep, set(state.get("allow_drop") or []))]
        adds = with_games(inputs, state.get("min_games"))  # "the guy's gotta have 3 games left": only they
        names = {p.player_id: p.name for p in inputs.roster}
        scanned = (f"the {len(adds)} free agents with {state['min_games']}+ games left" if state.get("min_games")
                   else "every free agent is scanned")
        _step("identify_candidates", f"Found {len(drops)} drop candidates ({_names([names.get(d, d) for d in drops])}) "
                                     f"and {len(adds)} add candidates ({scanned}).", t0)
        return {"drop_candidates": drops, "add_candidates": adds}

    def validate_moves(state) -> dict:
        t0 = time.perf_counter()
        if state.get("only_drop"):
            return _moves_of(state, t0)
        declined = declined_here()  # a card the user declined in this thread is not offered again: the next ones are
        kept = {source.resolve_id(n) for n in state.get("keep") or []}  # a player the user keeps is never a swap's drop
        inputs = _with_cut(source.optimizer_inputs(free_agents=state["add_candidates"], season=True,
                                                   punt=tuple(state.get("punt") or ())), state)
        found = opt.propose_moves(dataclasses.replace(inputs, keep=tuple(sorted(kept))),  # nor an IR return's cut
                                  allow_drop=set(state.get("allow_drop") or []),
                                  mode=state.get("advice_mode") or source.advice_mode,
                                  limit=(want := state.get("limit") or 3) + 3 * len(state.get("keep") or []) + len(declined),
                                  target_categories=state.get("target_categories") or None,
                                  leaders_in=state.get("leaders_in"))
        named = {source.resolve_id(n) for n in state.get("untouched") or []}
        moves = [m for m in found.moves if not (kept and m.kind != "ir" and m.drop_id in kept) and m.drop_id not in named]
        made = named_cut([card_from_move(m, source.league_id, source.my_team_id, source.today, kind=source.kind)
                          for m in moves], state.get("ir_cut"))
        offered = [c for c in made if (c.drop_id, c.add_id, c.kind) not in declined][:want]
        cards = card_dicts(offered)  # state keeps the JSON of cards
        last = found.passes[-1].number
        for p in found.passes:
            if p.number == last and offered:
                text = f"Pass {p.number}: {len(offered)} move(s) beat standing pat. Best: {offered[0].title}."
            else:
                relax = "" if p.last else "; relaxing the filters"
                text = f"Pass {p.number}: no move beats standing pat by more than {p.min_gain:g}{relax}."
            _step("validate_moves", text, t0)
        return {"valid_moves": cards, "iteration": found.passes_run, "relax": found.passes_run - 1}

    def _moves_of(state, t0) -> dict:
        """The best move that takes the named player out: an IR move first (he stays yours), else a swap;
        one card (two cards moving the same player could not both be approved), offered even below
        standing pat (he asked for it)."""
        only = state["only_drop"]
        inputs = _with_cut(source.optimizer_inputs(free_agents=state["add_candidates"], season=True,
                                                   punt=tuple(state.get("punt") or ())), state)
        lead = state.get("leaders_in")  # "... and pick up the best shot blocker": the adds from the wire's leaders
        leaders = frozenset(wire_leaders(inputs.free_agents, lead)) if lead else None
        ranked = opt.scan_moves(inputs, allow_drop={only}, mode=state.get("advice_mode") or source.advice_mode,
                                accept=lambda drop, add, kind, week, score: drop == only
                                and (leaders is None or add in leaders))
        kept = {source.resolve_id(n) for n in state.get("keep") or []}  # "... but don't drop anybody healthy"
        declined = declined_here()  # "hard pass. something else": the declined move is not the one offered again
        made = named_cut([card_from_move(m, source.league_id, source.my_team_id, source.today, kind=source.kind)
                          for m in sorted(ranked, key=lambda m: m.kind != "ir")  # stable: the best IR move, else a swap
                          if m.drop_id not in kept or m.kind == "ir"], state.get("ir_cut"))
        cards = card_dicts([c for c in made if (c.drop_id, c.add_id, c.kind) not in declined][:1])
        name = source.player_name(only)
        _step("validate_moves", f"Best move for {name}: {cards[0]['title']}." if cards else
              f"No move is possible for {name}.", t0)
        return {"valid_moves": cards, "iteration": 1, "relax": 0}

    def compose_lineup(state) -> dict:
        t0 = time.perf_counter()
        lineup = weekly_plan(source, state.get("punt") or ())
        _step("compose_lineup", f"Weekly lineup set: {sum(lineup['starts'].values())} starts, "
                                f"{lineup['expected_total']} {lineup['unit']} expected standing pat.", t0)
        return {"weekly_lineup": lineup, "pending_cards": state.get("valid_moves", []), "answer": None}

    return dict(parse_intent=parse_intent, gather_rosters=gather_rosters, analyze_schedule=analyze_schedule,
                check_injuries=check_injuries, identify_candidates=identify_candidates,
                validate_moves=validate_moves, compose_lineup=compose_lineup)


def _names(names: list[str], most: int = 4) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "") or "none"


def schedule_findings(matrix: dict[str, list[str]], entries: dict) -> str:
    """What the schedule shows: the busiest day, and who plays most and least in the window."""
    if not matrix:
        return "Nobody plays again this week."
    per_day: dict[str, int] = {}
    for dates in matrix.values():
        for d in dates:
            per_day[d] = per_day.get(d, 0) + 1
    ranked = sorted(matrix, key=lambda pid: (-len(matrix[pid]), entries[pid].player.name))
    name = lambda pid: f"{entries[pid].player.name} {len(matrix[pid])}"  # noqa: E731
    busiest = max(sorted(per_day), key=per_day.get) if per_day else None
    text = f"Most games: {', '.join(map(name, ranked[:3]))}; fewest: {', '.join(map(name, ranked[-2:]))}."
    if busiest:
        text += f" Busiest day {dt.date.fromisoformat(busiest):%a %b %-d} ({per_day[busiest]} of your players)."
    return text


def active(roster) -> list:
    """A roster's entries that can play (IR players sit in their slot)."""
    return [e for e in roster.entries if not e.on_ir]


def _week(source) -> tuple[int, dt.date]:
    m = source.matchup()
    return m.week, m.end


def weekly_plan(source, punt=()) -> dict:
    """Standing pat: the exact lineup of every remaining day (who starts, who sits and why, from the
    one lineup model the day's lineup and the cards use, with the thread's punts), starts per
    player, the week's total."""
    from agents.core.sits import day_sits

    inputs = source.optimizer_inputs(free_agents=[], punt=tuple(punt or ()))
    prep = opt.prepare(inputs)
    week = opt.weekly_lineup(inputs, prep)
    names = {p.player_id: p.name for p in inputs.roster}
    out_reason = f"OUT ({source.status_note})"
    days = [{"date": d.date.isoformat(), "starters": [names[p] for p in d.slots],
             "expected": round(d.fantasy_points, 1), "sits": day_sits(prep, d, out_reason)} for d in week.days]
    return {"expected_total": round(week.expected_total, 1), "unit": week.unit, "days": days,
            "starts": {names[k]: v for k, v in week.starts.items()}}

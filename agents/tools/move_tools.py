"""`evaluate_move`: the user's own drop/add, scored exactly by the optimizer, as a card of its own.

The answer carries the move's expected gain (negative gains included), a warning when it loses
value or drops a player the optimizer protects, and the optimizer's better alternatives with
why they are better. The user's card is marked `origin: "user"` and titled "Your move: ...".
Works on the demo league and on an ESPN league (`EspnWeek`).
"""
from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from agents.cards import card_from_move, season_label
from agents.tools.card_results import CARD_FORMAT, with_cards
from agents.tools.results import dump
from agents.tools.schemas import HoldArgs, MoveArgs
from services import optimizer as opt
from services.models import ServiceError
from services.optimizer.evaluate import HoldVerdict, MoveVerdict, evaluate_move, hold_verdict
from services.source import LeagueSource

RESULT_CAP = 16000
PROTECTED_WHY = {"star": "one of the league's top-40 players by per-game value",
                 "top": "one of the six best players on your roster by per-game value"}


def _demo_ids(source, drop: str, add: str) -> tuple[str, str, bool, object]:
    """(drop id, add id, swapped, optimizer inputs): whichever named player is mine is the drop."""
    lg = source.league
    a, b = source.resolve(drop), source.resolve(add)
    mine = set(lg.roster_ids())
    swapped = a not in mine and b in mine
    drop_id, add_id = (b, a) if swapped else (a, b)
    name = lambda pid: lg.snapshot.players[pid].ref.name  # noqa: E731
    if drop_id not in mine:
        raise ServiceError(f"{name(drop_id)} is not on your roster, so he cannot be dropped.")
    if add_id in mine:
        raise ServiceError(f"{name(add_id)} is on your roster already.")
    owner = lg.owner_of(add_id)
    if owner is not None:
        raise ServiceError(f"{name(add_id)} is on {lg.team_name(owner)[0]}'s roster, not a free agent.")
    return drop_id, add_id, swapped, opt.from_demo_league(lg, season=True)


def _espn_ids(week, drop: str, add: str) -> tuple[str, str, bool, object]:
    a, b = week.index.resolve(drop), week.index.resolve(add)
    me = week.inputs.team_id
    swapped = week.owners.get(a) != me and week.owners.get(b) == me
    drop_id, add_id = (b, a) if swapped else (a, b)
    if week.owners.get(drop_id) != me:
        raise ServiceError(f"{week.names[drop_id]} is not on your roster, so he cannot be dropped.")
    if drop_id in week.ir:
        raise ServiceError(f"{week.names[drop_id]} is in your IR slot: dropping him opens no roster spot.")
    owner = week.owners.get(add_id)
    if owner is not None:
        raise ServiceError(f"{week.names[add_id]} is on {week.rosters[owner].team_name}'s roster, not a free agent.")
    return drop_id, add_id, swapped, week.inputs


def _why_better(alt: dict, mine: dict, protected: str | None) -> str:
    if alt["add_id"] == mine["add_id"] and alt.get("kind") == "ir":
        lead = f"the same add without losing {mine['drop']}: he goes to IR"
    elif alt["add_id"] == mine["add_id"]:
        lead = f"the same add with a better drop: {alt['drop']} instead of {mine['drop']}"
    else:
        lead = f"the optimizer's best move overall (adds {alt['add']} instead of {mine['add']})"
    why = []
    if alt["expected_gain"] > mine["expected_gain"]:
        diff = round(alt["expected_gain"] - mine["expected_gain"], 2 if alt["unit"] == "cats" else 1)
        why.append(f"{diff:+} {alt['unit']} more this week")
    a, m = alt.get("season_gain"), mine.get("season_gain")
    if a is not None and m is not None and a > m:
        why.append(f"{round(a - m, 1):+} {season_label(alt.get('season_unit'))} more over the rest of the season")
    if not why:
        why.append(f"as much without giving up {mine['drop']} ({PROTECTED_WHY[protected]})")
    return f"{lead}; " + " and ".join(why)


def verdict_result(v: MoveVerdict, make_card, swapped: bool = False) -> dict:
    """The tool's answer for one verdict: the user's card, warnings, better alternatives."""
    mine = make_card(v.move)
    warnings = []
    if v.move.gain < 0:
        warnings.append(f"this move is expected to cost {abs(mine['expected_gain'])} {mine['unit']} this week")
    elif v.move.gain == 0:
        warnings.append("this move gains nothing this week")
    season = mine.get("season_gain")
    if season is not None and season < 0:
        warnings.append(f"it costs {abs(season)} {season_label(mine.get('season_unit'))} over the rest of the season")
    if v.protected:
        warnings.append(f"{mine['drop']} is {PROTECTED_WHY[v.protected]}; the optimizer never drops him on its own")
    card = mine | {"origin": "user", "title": "Your move: " + mine["title"],
                   "reasons": [f"Warning: {w}." for w in warnings] + list(mine["reasons"])}
    alts = [make_card(m) for m in v.better]
    alts = [a | {"why": _why_better(a, mine, v.protected)} for a in alts]
    verdict = "better_alternative" if alts else ("not_recommended" if warnings else "recommended")
    return {"move": card, "expected_gain": card["expected_gain"], "unit": card["unit"],
            "season_gain": card.get("season_gain"), "season_unit": card.get("season_unit"), "warnings": warnings,
            "protected": v.protected, "swapped": swapped, "alternatives": alts, "verdict": verdict,
            "moves": [card] + alts[:1]}


def _move_summary(m, make_card) -> dict | None:
    if m is None:
        return None
    c = make_card(m)
    return {k: c.get(k) for k in ("title", "kind", "drop", "add", "expected_gain", "unit", "season_gain",
                                  "season_unit", "add_games_remaining", "drop_games_remaining")}


def hold_result(v: HoldVerdict, name: str, status: str, make_card) -> dict:
    """evaluate_hold's answer: the optimizer's verdict on one of my players, with its reason."""
    top, dropped = _move_summary(v.top_move, make_card), _move_summary(v.best_if_dropped, make_card)
    if not v.hold:
        reason = f"the optimizer's top move drops him: {top['title']}"
    elif top is not None and top.get("kind") == "ir" and top["drop"] == name:
        reason = f"the optimizer's top move keeps him and puts him on IR: {top['title']}"
    elif v.protected:
        reason = f"{name} is {PROTECTED_WHY[v.protected]}, so the optimizer never drops him on its own"
    elif top is None:
        reason = "no move beats standing pat this week"
    else:
        reason = f"the optimizer's top move keeps him and drops {top['drop']} instead"
    return {"player": name, "status": status, "verdict": "hold" if v.hold else "drop", "reason": reason,
            "protected": v.protected, "top_move": top, "best_move_dropping_him": dropped}


def build_move_tools(source: LeagueSource) -> list[BaseTool]:
    def evaluate_hold(name: str, mode: str | None = None) -> str:
        lg = getattr(source, "league", None)
        if lg is None:
            raise ServiceError("The hold check runs on the demo league.")
        pid = source.resolve(name)
        ps = lg.snapshot.players[pid]
        if pid not in lg.roster_ids():
            raise ServiceError(f"{ps.ref.name} is not on your roster.")
        v = hold_verdict(opt.from_demo_league(lg, season=True), pid, mode or source.advice_mode)
        make_card = lambda m: card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of)  # noqa: E731
        return dump(hold_result(v, ps.ref.name, ps.status, make_card))

    def evaluate_user_move(drop: str, add: str, mode: str | None = None) -> str:
        if getattr(source, "kind", None) == "espn":
            from agents.tools.optimizer_tools import EspnWeek

            week = EspnWeek(source)
            drop_id, add_id, swapped, inputs = _espn_ids(week, drop, add)
            make_card = week.card
        elif getattr(source, "league", None) is not None:
            lg = source.league
            drop_id, add_id, swapped, inputs = _demo_ids(source, drop, add)
            make_card = lambda m: card_from_move(m, lg.league_id, lg.my_team_id, lg.as_of)  # noqa: E731
        else:
            raise ServiceError("Moves can be evaluated on the demo league or an ESPN league, not this source.")
        verdict = evaluate_move(inputs, drop_id, add_id, mode or getattr(source, "advice_mode", "balanced"))
        out = verdict_result(verdict, make_card, swapped) | {"mode": mode or getattr(source, "advice_mode", "balanced")}
        return with_cards(out, cap=RESULT_CAP)  # never shortened: the warnings and every card must reach the model

    hold_tool = StructuredTool.from_function(
        evaluate_hold, name="evaluate_hold", args_schema=HoldArgs,
        description="Is one of my players worth holding? What the optimizer would do with him: 'hold' unless its "
                    "top move drops him, with the reason (protection, the top move) and the best move that drops him.")
    return [hold_tool, StructuredTool.from_function(
        evaluate_user_move, name="evaluate_move", args_schema=MoveArgs, response_format=CARD_FORMAT,
        description="Evaluate exactly the drop/add the user named (e.g. 'drop Embiid, pick up Jrue Holiday'): its "
                    "expected gain this week (negative included), warnings, and the optimizer's better alternatives, "
                    "each with why. Returns the user's move as an approval card marked as theirs.")]

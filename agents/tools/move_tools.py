"""`evaluate_move`: the user's own drop/add, scored exactly by the optimizer, as a card of its own.

The answer carries the move's expected gain (negative gains included), a warning when it loses
value or drops a player the optimizer protects, and the optimizer's better alternatives with
why they are better. The user's card is marked `origin: "user"` and titled "Your move: ...".
Works on any LeagueSource (the demo league, an ESPN league) through its interface.
"""
from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from agents.core.cards import season_label
from agents.core.contracts import Card, card_dicts
from agents.tools.optimizer_tools import source_card
from agents.tools.card_results import CARD_FORMAT, with_cards
from agents.tools.results import dump
from agents.tools.schemas import HoldArgs, MoveArgs
from services.models import ServiceError
from services.optimizer.evaluate import HoldVerdict, MoveVerdict, evaluate_move, hold_verdict
from services.league.source import LeagueSource

RESULT_CAP = 16000
PROTECTED_WHY = {"star": "one of the league's top-40 players by per-game value",
                 "top": "one of the six best players on your roster by per-game value"}


def _move_ids(source: LeagueSource, drop: str, add: str) -> tuple[str, str, bool]:
    """(drop id, add id, swapped): whichever named player is mine is the drop; the move is
    checked against my roster now (ServiceError naming what is wrong)."""
    a, b = source.resolve_id(drop), source.resolve_id(add)
    me = source.my_team_id
    swapped = source.owner_of(a) != me and source.owner_of(b) == me
    drop_id, add_id = (b, a) if swapped else (a, b)
    try:
        source.validate_move(drop_id, None)
    except ServiceError as e:
        msg = str(e)
        raise ServiceError(msg + (", so he cannot be dropped." if msg.endswith("not on your roster") else ".")) from None
    try:
        source.validate_move(None, add_id)
    except ServiceError as e:
        raise ServiceError(f"{e}.") from None
    return drop_id, add_id, swapped


def _why_better(alt: Card, mine: Card, protected: str | None) -> str:
    if alt.add_id == mine.add_id and alt.kind == "ir" and mine.kind == "ir":  # both IR moves: another in the slot
        lead = f"the same add with {alt.drop} in the IR slot instead of {mine.drop}"
    elif alt.add_id == mine.add_id and alt.kind == "ir":
        lead = (f"the same add, keeping {mine.drop}: he goes to IR instead of being dropped" if alt.drop_id == mine.drop_id
                else f"the same add without losing {mine.drop}: {alt.drop} goes to IR instead")
    elif alt.add_id == mine.add_id:
        lead = f"the same add with a better drop: {alt.drop} instead of {mine.drop}"
    else:
        lead = f"the optimizer's best move overall (adds {alt.add} instead of {mine.add})"
    why = []
    if alt.expected_gain > mine.expected_gain:
        diff = round(alt.expected_gain - mine.expected_gain, 2 if alt.unit == "cats" else 1)
        why.append(f"{diff:+} {alt.unit} more this week")
    a, m = alt.season_gain, mine.season_gain
    if a is not None and m is not None and a > m:
        why.append(f"{round(a - m, 1):+} {season_label(alt.season_unit)} more over the rest of the season")
    if not why:
        why.append(f"as much without giving up {mine.drop} ({PROTECTED_WHY[protected]})")
    return f"{lead}; " + " and ".join(why)


def verdict_result(v: MoveVerdict, make_card, swapped: bool = False) -> dict:
    """The tool's answer for one verdict: the user's card, warnings, better alternatives (cards as
    their JSON: the answer is what the model reads)."""
    mine: Card = make_card(v.move)
    warnings = []
    if v.move.gain < 0:
        warnings.append(f"this move is expected to cost {abs(mine.expected_gain)} {mine.unit} this week")
    elif v.move.gain == 0:
        warnings.append("this move gains nothing this week")
    season = mine.season_gain
    if season is not None and season < 0:
        warnings.append(f"it costs {abs(season)} {season_label(mine.season_unit)} over the rest of the season")
    if v.protected:
        warnings.append(f"{mine.drop} is {PROTECTED_WHY[v.protected]}; the optimizer never drops him on its own")
    card = mine.model_copy(update={"origin": "user", "title": "Your move: " + mine.title,
                                   "reasons": [f"Warning: {w}." for w in warnings] + list(mine.reasons)})
    alts = [a.model_copy(update={"why": _why_better(a, mine, v.protected)}) for a in map(make_card, v.better)]
    verdict = "better_alternative" if alts else ("not_recommended" if warnings else "recommended")
    mine_json, alts_json = card_dicts([card]), card_dicts(alts)
    return {"move": mine_json[0], "expected_gain": card.expected_gain, "unit": card.unit,
            "season_gain": card.season_gain, "season_unit": card.season_unit, "warnings": warnings,
            "protected": v.protected, "swapped": swapped, "alternatives": alts_json, "verdict": verdict,
            "moves": mine_json + alts_json[:1]}


SUMMARY_FIELDS = ("title", "kind", "drop", "add", "expected_gain", "unit", "season_gain", "season_unit",
                  "add_games_remaining", "drop_games_remaining")


def _move_summary(card: Card | None) -> dict | None:
    if card is None:
        return None
    data = card.model_dump(mode="json")
    return {k: data.get(k) for k in SUMMARY_FIELDS}


def stream_wins(dropped: Card | None, protected: str | None, mode: str) -> bool:
    """Hold vs stream on the question's own numbers (issue #36): stream when the best swap that drops
    him gains this week without costing the rest of the season (or only this week counts). The
    optimizer's top move being another move (someone else's IR move) is no reason to hold: both fit."""
    if protected or dropped is None or dropped.kind != "swap":  # an IR move keeps him: that is holding
        return False
    season = dropped.season_gain
    return dropped.expected_gain > 0 and (mode == "this_week" or season is None or season > 0)


def hold_result(v: HoldVerdict, name: str, status: str, make_card, mode: str = "balanced") -> dict:
    """evaluate_hold's answer: the verdict on one of my players, with its reason."""
    top = make_card(v.top_move) if v.top_move is not None else None
    dropped = make_card(v.best_if_dropped) if v.best_if_dropped is not None else None
    if stream_wins(dropped, v.protected, mode):
        reason = f"streaming his spot gains: {dropped.title}"
        return {"player": name, "status": status, "verdict": "drop", "reason": reason, "protected": v.protected,
                "top_move": _move_summary(top), "best_move_dropping_him": _move_summary(dropped)}
    if not v.hold:
        reason = f"the optimizer's top move drops him: {top.title}"
    elif top is not None and top.kind == "ir" and top.drop == name:
        reason = f"the optimizer's top move keeps him and puts him on IR: {top.title}"
    elif v.protected:
        reason = f"{name} is {PROTECTED_WHY[v.protected]}, so the optimizer never drops him on its own"
    elif top is None:
        reason = "no move beats standing pat this week"
    else:
        reason = f"the optimizer's top move keeps him and drops {top.drop} instead"
    return {"player": name, "status": status, "verdict": "hold" if v.hold else "drop", "reason": reason,
            "protected": v.protected, "top_move": _move_summary(top), "best_move_dropping_him": _move_summary(dropped)}


def build_move_tools(source: LeagueSource) -> list[BaseTool]:
    make_card = source_card(source)

    def evaluate_hold(name: str, mode: str | None = None, punt=None) -> str:
        from agents.tools.optimizer_tools import punt_ids

        pid = source.resolve_id(name)
        if source.owner_of(pid) != source.my_team_id:
            raise ServiceError(f"{source.player_name(pid)} is not on your roster.")
        inputs = source.optimizer_inputs(season=True, punt=punt_ids(punt))  # the verdict on the thread's punt
        player = next((p for p in inputs.roster if p.player_id == pid), None)
        if player is None:
            raise ServiceError(f"{source.player_name(pid)} is in your IR slot: he is held there, not weighed.")
        v = hold_verdict(inputs, pid, mode or source.advice_mode)
        return dump(hold_result(v, player.name, player.status, make_card, mode or source.advice_mode))

    def evaluate_user_move(drop: str, add: str, mode: str | None = None, punt=None, kind: str = "swap") -> str:
        from agents.tools.optimizer_tools import punt_ids

        drop_id, add_id, swapped = _move_ids(source, drop, add)
        inputs = source.optimizer_inputs(season=True, punt=punt_ids(punt))
        try:
            verdict = evaluate_move(inputs, drop_id, add_id, mode or source.advice_mode, kind=kind)
        except ValueError as e:
            raise ServiceError(f"{source.player_name(drop_id)}: {e}.") from None
        out = verdict_result(verdict, make_card, swapped) | {"mode": mode or source.advice_mode}
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

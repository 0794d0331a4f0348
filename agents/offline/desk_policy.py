"""`DeskPolicyModel`: the offline market maker, a deterministic chat model that emits real tool
calls for the desk graph and then the decision JSON, by the rule policy of the desk:

bettor edge (compare_odds, perspective "bettor") within the bettor's accept band (2%; narrower for
a sharp bettor: the task's bettor profile) -> accept; a request at a line off the market whose
price is too good -> counter at the adjacent line get_market_state's line_counter found (the
requested odds kept; within the seed's NBA bounds) when there is one; 2-5% -> counter at the
desk's price (shaded when the side is heavy) with a 60 s TTL and a 2% market-move limit; over 5%
-> reject; always within limits and the bettor's stake cap (a smaller amount is countered when
only that fits, else reject; the room comes from get_my_exposure's remaining_per_side/game and
compute_exposure_impact); a line more than the bound off the market -> reject.
It reuses the desk price of the same bet evaluated on the same game less than a minute ago
instead of fetching the market again.
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from services.desk.calc import ACCEPT_EDGE_PCT, REJECT_EDGE_PCT
from services.desk.models import FLEX_POINTS

TASK_MARKER = "Bet request"
REUSE_WINDOW_S = 60
COUNTER_TTL_S = 60
COUNTER_MOVE_PCT = 2.0
MIN_COUNTER_AMOUNT = 1.0


def _task(messages: Sequence[BaseMessage]) -> dict:
    for m in messages:
        if isinstance(m, HumanMessage) and isinstance(m.content, str) and m.content.startswith(TASK_MARKER):
            return json.loads(m.content[m.content.index("{"):])
    raise ValueError("no bet request in the conversation")


def _results(messages: Sequence[BaseMessage]) -> dict[str, dict]:
    out = {}
    for m in messages:
        if isinstance(m, ToolMessage):
            try:
                out[m.name] = json.loads(m.content)
            except (TypeError, ValueError):
                out[m.name] = {"error": str(m.content)[:200]}
    return out


def _reusable(recent: dict, req: dict) -> dict | None:
    """The same bet evaluated on this game less than a minute ago, with its desk price, when the
    market has not moved since (a moved market, or a record that does not say, is fetched again)."""
    for d in recent.get("decisions", []):
        if (d["seconds_ago"] < REUSE_WINDOW_S and d.get("market_moved_since") is False and d.get("desk_odds")
                and d["market"] == req["market"]
                and d["side"] == req["side"] and d.get("line") == req.get("line")):
            return d
    return None


def _decision(kind: str, reason: str, confidence: float, **terms: Any) -> str:
    return json.dumps({"decision": kind, "amount": terms.get("amount"), "odds": terms.get("odds"),
                       "line": terms.get("line"), "ttl_seconds": terms.get("ttl_seconds"),
                       "max_market_move_pct": terms.get("max_market_move_pct"), "reason": reason,
                       "confidence": confidence})


def price_words(offered: float, quote: dict, edge: float) -> str:
    """Which price the bettor's odds are compared with, and which one moved: "bettor edge +5.63%: your
    1.91 is over my price 1.808 (my line shaded 1 point from the market's, which prices it at 1.91:
    this side holds 80% of its limit)". A negative edge reads as under my price, never as "within"."""
    desk_odds = quote["desk_odds"]
    rel = "over" if edge > 0.005 else "under" if edge < -0.005 else "at"
    words = f"bettor edge {edge:+.2f}%: your {offered:g} is {rel} my price {desk_odds:g}"
    shade = quote.get("shading") or {}
    if shade.get("shade_points"):
        words += (f" (my line shaded {shade['shade_points']:g} points from the market's, which prices it at "
                  f"{shade['unshaded_desk_odds']:g}: this side holds {shade['share_of_limit']:.0%} of its limit)")
    return words


def plan(task: dict, done: dict[str, dict]) -> list[tuple[str, dict]] | str:
    """The next tool calls, or the final decision JSON."""
    req, lim = task["request"], task["limits"]
    profile = task.get("bettor_profile") or {}
    band = profile.get("accept_edge_pct", ACCEPT_EDGE_PCT)
    cap = profile.get("max_stake")
    gid, mkt, side, line = req["game_id"], req["market"], req["side"], req.get("line")
    errors = [f"{n}: {r['error']}" for n, r in done.items() if isinstance(r, dict) and "error" in r]
    if errors:
        return _decision("reject", "cannot price this request: " + "; ".join(errors)[:400], 0.9)
    if "get_my_recent_decisions" not in done:
        return [("get_my_recent_decisions", {"game_id": gid, "limit": 5})]
    reuse = _reusable(done["get_my_recent_decisions"], req)
    calls = []
    if reuse is None and "get_market_state" not in done:
        calls.append(("get_market_state", {"game_id": gid, "market": mkt, "side": side, "line": line,
                                            "requested_odds": req["odds"]}))
    if "get_my_exposure" not in done:
        calls.append(("get_my_exposure", {"game_id": gid, "market": mkt, "side": side}))
    if calls:
        return calls
    quote = done["get_market_state"]["quote"] if reuse is None else reuse
    desk_odds, market_line = quote["desk_odds"], quote.get("market_line")
    bound = FLEX_POINTS.get(mkt, 0.0)
    if line is not None and market_line is not None and abs(line - market_line) > bound:
        return _decision("reject", f"line {line} is more than {bound:g} points from the market "
                         f"line {market_line}", 0.9)
    ex = done["get_my_exposure"]
    full = [k for k in ("remaining_per_side", "remaining_per_game") if ex.get(k) is not None and ex[k] <= 0]
    if full:
        return _decision("reject", "no room left under my exposure limits (" + ", ".join(
            f"{k.replace('_', ' ')} {ex[k]:g}" for k in full) + ")", 0.9)
    if "compare_odds" not in done or "compute_exposure_impact" not in done:
        return [("compare_odds", {"offered_odds": req["odds"], "market_odds": desk_odds, "perspective": "bettor"}),
                ("compute_exposure_impact", {"amount": req["amount"], "odds": req["odds"],
                                             "current_side_exposure": ex["side_exposure"] or 0.0,
                                             "current_game_exposure": ex["game_exposure"],
                                             "max_per_side": lim["max_per_side"], "max_per_game": lim["max_per_game"]})]
    edge, impact = done["compare_odds"]["bettor_edge_pct"], done["compute_exposure_impact"]
    room = impact["max_allowed_amount"]
    capped = cap is not None and req["amount"] > cap
    if capped:
        room = min(room, cap)
    flex = (quote.get("line_counter") or {}) if reuse is None else {}
    if edge > band and flex.get("line") is not None and flex.get("within_bounds"):
        amount = min(req["amount"], room)
        if amount >= MIN_COUNTER_AMOUNT:
            return _decision("counter", f"line {line:g} is {abs(line - market_line):g} off the market {market_line:g}: "
                             f"I can do {flex['line']:g} at your {req['odds']} (edge {flex['edge_pct_at_line']:.2f}% "
                             f"there)", 0.7, amount=amount if amount < req["amount"] else None, odds=req["odds"],
                             line=flex["line"], ttl_seconds=COUNTER_TTL_S, max_market_move_pct=COUNTER_MOVE_PCT)
    if edge > REJECT_EDGE_PCT:
        return _decision("reject", f"{price_words(req['odds'], quote, edge)}; more than {REJECT_EDGE_PCT:g}% over "
                         "it, I reject", 0.9)
    if edge <= band:
        if impact["can_accept"] and not capped:
            return _decision("accept", f"{price_words(req['odds'], quote, edge)}; I take up to {band:g}% over "
                             "it, and it fits my limits", 0.8,
                             amount=req["amount"], odds=req["odds"], line=line)
        if room >= MIN_COUNTER_AMOUNT:
            return _decision("counter", f"price fine (edge {edge:.2f}%) but only {room} fits my limits"
                             + (f" and your stake cap ({profile.get('rule', '')})" if capped else ""), 0.7,
                             amount=room, odds=req["odds"], line=line, ttl_seconds=COUNTER_TTL_S,
                             max_market_move_pct=COUNTER_MOVE_PCT)
        return _decision("reject", "no room left under my exposure limits", 0.9)
    amount = req["amount"] if impact["can_accept"] and not capped else room
    if amount < MIN_COUNTER_AMOUNT:
        return _decision("reject", f"edge {edge:.2f}% and no room left under my limits", 0.9)
    return _decision("counter", f"{price_words(req['odds'], quote, edge)}, more than the {band:g}% I take: I can "
                     f"offer my price {desk_odds}", 0.6, amount=amount if amount < req["amount"] else None, odds=desk_odds,
                     line=line, ttl_seconds=COUNTER_TTL_S, max_market_move_pct=COUNTER_MOVE_PCT)


class DeskPolicyModel(BaseChatModel):
    """Deterministic: the same conversation gives the same calls or decision."""

    tool_names: list[str] = []
    model_name: str = "offline-desk-policy"

    @property
    def _llm_type(self) -> str:
        return "offline-desk-policy"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "DeskPolicyModel":
        names = [t.name if hasattr(t, "name") else t.get("name", "") for t in tools]
        return self.model_copy(update={"tool_names": names})

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        out = plan(_task(messages), _results(messages))
        if isinstance(out, str):
            msg = AIMessage(content=out)
        else:
            n = sum(1 for m in messages if isinstance(m, AIMessage))
            msg = AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"desk_{n}_{i}_{name}",
                                                     "type": "tool_call"} for i, (name, args) in enumerate(out)])
        return ChatResult(generations=[ChatGeneration(message=msg)])

"""`OfflineTrader`: a deterministic chat model standing in for Gemini/Ollama in the arena.

It reads the Case JSON from the prompt, like a remote model would, and emits a real
`submit_decision` tool call: buy contracts of the day's games whose price rose by at least
`min_rise` since listing (momentum), a fixed stake each, within the cash. After the tool's
result it answers in one sentence.
"""
from __future__ import annotations

import json
import math
from typing import Any, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult

MARKER = "CASE JSON:\n"


def momentum_orders(case: dict, stake: float = 40.0, min_rise: float = 0.02) -> list[dict]:
    sds = case.get("stock_data", {})
    if not sds:
        return []
    first = min(sd["game_date"] for sd in sds.values())
    cash, held, orders = case["portfolio"]["cash"], case["portfolio"]["positions"], []
    rules = case.get("market_rules") or {}
    fee, cap = rules.get("fee_rate") or 0.0, rules.get("max_order_notional")
    stake = min(stake, cap) if cap else stake
    for t in sorted(sds):
        sd = sds[t]
        s = sd.get("interval_summary") or {}
        price = sd.get("ask") or sd["current_price"]  # the desk's ask: what a contract costs
        if sd["game_date"] != first or t in held or not s or s["close"] - s["open"] < min_rise or price <= 0:
            continue
        q = min(math.floor(stake / price + 1e-9), math.floor(cash / (price * (1 + fee)) + 1e-9))
        if q > 0:
            orders.append({"ticker": t, "side": "buy", "quantity": q})
            cash -= q * price * (1 + fee)
    return orders


class OfflineTrader(BaseChatModel):
    tool_names: list[str] = []
    stake: float = 40.0

    @property
    def _llm_type(self) -> str:
        return "offline-trader"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "OfflineTrader":
        return self.model_copy(update={"tool_names": [getattr(t, "name", str(t)) for t in tools]})

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        last = messages[-1] if messages else None
        if isinstance(last, ToolMessage):
            res = json.loads(last.content) if last.content.startswith("{") else {"status": "error", "message": last.content}
            msg = AIMessage(content=f"Decision {res.get('status')}: {res.get('message')}")
        else:
            human = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
            text = human.content if human is not None and isinstance(human.content, str) else ""
            if MARKER not in text or "submit_decision" not in self.tool_names:
                msg = AIMessage(content="No case in the prompt: holding.")
            else:
                case = json.loads(text.split(MARKER, 1)[1])
                orders = momentum_orders(case, self.stake)
                msg = AIMessage(content="", tool_calls=[{"name": "submit_decision", "args": {"orders": orders},
                                                          "id": f"call-{case['case_id']}", "type": "tool_call"}])
        return ChatResult(generations=[ChatGeneration(message=msg)])

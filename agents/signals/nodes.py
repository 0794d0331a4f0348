"""The pod's four nodes and their routers. The chat model is injected; each node appends its step
record to state and streams it as a `step` event (node, text, ms), like the supervisor's steps."""
from __future__ import annotations

import datetime as dt
import logging
import time
from typing import Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.graph import END

from agents.core.contracts import StepEvent
from agents.core.events import emit
from agents.signals import prompts as P
from agents.signals.schema import InvalidEstimate, parse_estimate
from agents.signals.state import PodState
from services.signals.divergence import divergence, signal_confidence
from services.signals.store import CitedNews, Signal, SignalStore, signal_id
from services.signals.timeline import assess_timeline
from services.signals.wire import game_wire

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 2  # one retry


def _step(node: str, text: str, t0: float, **extra) -> dict:
    """The step's record kept in state (with any `extra` figures), streamed as a `StepEvent`."""
    event = StepEvent(node=node, text=text, ms=round((time.perf_counter() - t0) * 1000, 1),
                      ok=extra.get("ok"))
    emit(event)
    return event.model_dump(exclude_none=True) | extra


def assess_event_timeline(state: PodState) -> dict:
    """The seed's assessEventTimeline: time to tip and urgency band (it sets the news weight of the
    estimate and what the band adds to the signal threshold)."""
    t0 = time.perf_counter()
    m = state["market"]
    tl = assess_timeline(dt.datetime.fromisoformat(str(m["at"])), dt.datetime.fromisoformat(str(m["tip"])))
    text = f"{tl.hours_to_tip:.1f} h to tip ({tl.days_remaining:.2f} days): {tl.urgency}; {tl.rule}"
    out = {"timeline": tl.model_dump(), "steps": [_step("assess_event_timeline", text, t0, urgency=tl.urgency)]}
    if tl.urgency == "closed":
        out |= {"exit": "closed", "reason": "the game has started: the contract trades no more"}
    return out


def route_after_assess_event_timeline(state: PodState) -> Literal["fetch_news", "__end__"]:
    return END if (state.get("timeline") or {}).get("urgency") == "closed" else "fetch_news"


def fetch_news(state: PodState) -> dict:
    t0 = time.perf_counter()
    m = state["market"]
    items = [i.model_dump(mode="json") for i in game_wire(m["game_id"], dt.datetime.fromisoformat(str(m["at"])))]
    if not items:
        text = f"no news for {m['home']} or {m['away']} before tip: no estimate"
        return {"news": [], "exit": "no_news", "reason": text, "steps": [_step("fetch_news", text, t0, count=0)]}
    teams = {t: sum(1 for i in items if i["team"] == t) for t in (m["home"], m["away"])}
    text = f"{len(items)} news items known before tip ({', '.join(f'{t} {n}' for t, n in teams.items())})"
    return {"news": items, "steps": [_step("fetch_news", text, t0, count=len(items))]}


def route_after_fetch_news(state: PodState) -> Literal["estimate_probability", "__end__"]:
    return "estimate_probability" if state.get("news") else END


def _prompt(state: PodState) -> list:
    m, mode = state["market"], state.get("mode", "blind")
    news = "\n".join(f"- [{i['id']}] ({i['known_at']}) {i['text']}" for i in state["news"])
    price_line = P.PRICE_LINE.format(home=m["home"], price=m["price"]) if mode == "anchored" else P.BLIND_LINE
    tl = state.get("timeline") or {}
    timeline = (f"{tl['hours_to_tip']:.1f} h to tip, {tl['urgency']} ({tl['rule']})" if tl else "not assessed")
    human = P.ESTIMATE.format(question=m["question"], game_id=m["game_id"], home=m["home"], away=m["away"],
                              at=m["at"], tip=m["tip"], mode=mode, timeline=timeline, price_line=price_line, n=len(state["news"]), news=news)
    return [SystemMessage(P.MANDATE), HumanMessage(human)]


def make_estimate_probability(model):
    def estimate_probability(state: PodState) -> dict:
        t0 = time.perf_counter()
        known = {i["id"] for i in state["news"]}
        messages, steps, error = _prompt(state), [], None
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                reply = model.invoke(messages)
                out = parse_estimate(getattr(reply, "content", reply), known)
            except InvalidEstimate as e:
                error = str(e)
                steps.append(_step("estimate_probability", f"attempt {attempt}: rejected ({error})", t0, ok=False))
                messages = [*messages, AIMessage(content=str(getattr(reply, "content", ""))), HumanMessage(P.RETRY.format(error=error))]
                continue
            except Exception as e:  # noqa: BLE001 - boundary: the model failed (timeout, provider error): no retry storm, end
                log.info("signals estimate failed", exc_info=True)
                error = f"the model failed ({type(e).__name__}: {str(e)[:120]})"
                steps.append(_step("estimate_probability", error, t0, ok=False))
                break
            est = out.model_dump() | {"attempts": attempt}
            text = (f"P({state['market']['home']} wins) = {out.probability:.3f}, "
                    f"citing {len(out.cited_news_ids)} items" + (f" (after {attempt - 1} retry)" if attempt > 1 else ""))
            steps.append(_step("estimate_probability", text, t0, ok=True))
            return {"estimate": est, "attempts": attempt, "steps": steps, "error": None}
        reason = f"no valid estimate: {error}"
        return {"estimate": None, "attempts": attempt, "steps": steps, "error": reason, "exit": "estimate_failed",
                "reason": reason}

    return estimate_probability


def route_after_estimate_probability(state: PodState) -> Literal["calculate_divergence", "__end__"]:
    return "calculate_divergence" if state.get("estimate") else END


def calculate_divergence(state: PodState) -> dict:
    t0 = time.perf_counter()
    price, est = state["market"]["price"], state["estimate"]["probability"]
    add = (state.get("timeline") or {}).get("threshold_add", 0.0)
    div = divergence(est, price, round(state.get("threshold", 0.05) + add, 4))
    text = f"ev = {est:.3f} - {price:.3f} = {div.ev:+.3f} ({'significant' if div.significant else 'below'} the {div.threshold:.2f} threshold)"
    out = {"divergence": div.model_dump(), "steps": [_step("calculate_divergence", text, t0)]}
    if not div.significant:
        out |= {"exit": "below_threshold", "reason": f"|ev| {abs(div.ev):.3f} < threshold {div.threshold:.2f}"}
    return out


def route_after_calculate_divergence(state: PodState) -> Literal["generate_signal", "__end__"]:
    return "generate_signal" if (state.get("divergence") or {}).get("significant") else END


def configured_signals() -> SignalStore:
    """The signals on the configured state store, opened when used (so a test's or a session's
    COURTSIDE_HOME is the one read); the services take the store as an argument."""
    from services.store.state import state_store

    return SignalStore(state_store())


def make_generate_signal(store_factory=configured_signals):
    def generate_signal(state: PodState) -> dict:
        t0 = time.perf_counter()
        m, est, div = state["market"], state["estimate"], state["divergence"]
        news = {i["id"]: i for i in state["news"]}
        sig = Signal(id=signal_id(m["game_id"], state.get("mode", "blind")), market_id=m["id"], game_id=m["game_id"],
                     game_date=m["date"], question=m["question"], mode=state.get("mode", "blind"),
                     estimate=est["probability"], price=m["price"], ev=div["ev"], direction=div["direction"],
                     reasoning=est["reasoning"], confidence=signal_confidence(div["ev"]),
                     estimate_confidence=est["confidence"], key_factors=est["key_factors"],
                     cited_news=[CitedNews(id=i, text=news[i]["text"], known_at=news[i]["known_at"]) for i in est["cited_news_ids"]],
                     created_at=m["at"], expires_at=m["tip"])
        stored = store_factory().save(sig)
        text = (f"signal {stored.id}: {stored.action} (edge {stored.edge:+.3f}, |ev| band {stored.confidence}; its "
                "label is what that band has measured); expires at tip"
                + ("" if stored.model_dump(exclude={"status", "decided_at", "actor"}) == sig.model_dump(exclude={"status", "decided_at", "actor"})
                   else " (kept the signal stored earlier)"))
        return {"signal": stored.model_dump(mode="json"), "exit": "signal", "reason": f"|ev| {abs(div['ev']):.3f} >= {div['threshold']:.2f}",
                "steps": [_step("generate_signal", text, t0)]}

    return generate_signal

"""Supervisor nodes. The model is injected; nothing here loads one."""
from __future__ import annotations

import json
import logging
import time
from typing import Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from agents.core.cards import distinct
from agents.core.contracts import ClarifyEvent, IntentEvent, StateEvent, TextEvent, card_dicts, cards_of
from agents.core.dates import asks_categories
from agents.core.events import emit
from agents.core.failures import MODEL_FAILED, model_unavailable
from agents.core.intents import EXAMPLE_QUESTIONS, Intent, IntentLabel, thread_punt
from agents.core.stale import ruled_out
from agents.models.model_call import CallInfo, call_config
from agents.supervisor import prompts as P
from agents.supervisor.limits import Limits
from agents.supervisor.state import turn_key
from services.models import ServiceError

log = logging.getLogger(__name__)


class ModelDown(Exception):
    """The model did not answer earlier in this turn; it is not asked again."""

TOP_PLAYERS = 3


def make_classify(model, source):
    """The classifier node: the model's structured `IntentLabel` goes into state for the routers."""
    classifier = model.with_structured_output(IntentLabel)

    def classify_intent(state) -> dict:
        emit(StateEvent(state="planning"))
        history = [m for m in state.get("messages", []) if isinstance(m, (HumanMessage, AIMessage)) and not getattr(m, "tool_calls", None)][-6:]
        today = source.today
        error = None
        try:
            raw = classifier.invoke([SystemMessage(P.CLASSIFIER_PROMPT.format(as_of=today)), *history],
                                    config=call_config(CallInfo(purpose="classify", as_of=today,
                                                                scoring=league_scoring(source))))
            label = raw if isinstance(raw, IntentLabel) else IntentLabel.model_validate(raw)
        except Exception as e:  # noqa: BLE001 - boundary: a model call (any SDK, transport or parse error);
            # garbage: the agent answers unlabelled (with its tools); a dead server ends the turn
            log.info("intent classifier failed", exc_info=True)
            label = IntentLabel(intent=Intent.GENERAL_ADVICE)
            error = f"intent classifier failed ({type(e).__name__}); answered without an intent label"
            if model_unavailable(e):  # no second wait on a server that is down or hung
                error = f"{MODEL_FAILED}: {type(e).__name__}"
        emit(IntentEvent(intent=label.intent.value))
        if label.choices or not label.understood:  # the UI offers the choices (or examples) as buttons
            emit(ClarifyEvent(choices=label.choices or EXAMPLE_QUESTIONS, understood=label.understood))
        info = league_ids(source)
        punt = conversation_punt(state, source, label)
        kept_at = set(label.frame.keep_positions)  # "anything that doesn't cost me a guard": my guards stay
        kept = [e.player.name for e in source.roster().entries if kept_at & set(e.player.eligible)] \
            if kept_at and state.get("deferred") else []
        deferred, gone = ruled_out(state.get("deferred"), label.frame.exclude, kept)
        if gone:  # "and don't touch Collins either": a waiting card moving him can no longer be what he wants
            emit(TextEvent(type="progress", text="Withdrawn, since you now keep or rule out its player: "
                           + "; ".join(c.title for c in gone) + "."))
            info = {**info, "deferred": deferred}
        return {**info, "punt": punt, "punt_default": list(source.punt), "intent": label.intent.value, "intent_label": label.model_dump(mode="json"),
                "tool_call_count": 0, "llm_calls": 1, "model_rounds": 0, "started_at": time.time(),
                "guard": None, "error": error, "answer": None, "pending_cards": [], "transactions": [], "decisions": [],
                "offers": []}

    return classify_intent


def conversation_punt(state, source, label: IntentLabel) -> list[str]:
    """The thread's punt after this message (the Settings' punt until the thread sets its own),
    said as progress when it changes."""
    default = list(source.punt)
    before = state.get("punt")
    if before is None or state.get("punt_default", default) != default:
        before = default  # never set, or the Settings' punt changed since: the newer choice stands
    after = thread_punt(before, label)
    if after != before:
        emit(TextEvent(type="progress", text=f"Punting {', '.join(after)} in this conversation: left out of "
                                             "rankings, free agents and moves." if after else
                                             "No category punted any more in this conversation."))
    return after


def model_call(source, purpose: str) -> dict:
    """The run config telling the model why it is called, the league's date and its scoring."""
    return call_config(CallInfo(purpose=purpose, as_of=source.today, scoring=league_scoring(source)))


def league_ids(source) -> dict:
    """The team and league this conversation is about (no league read)."""
    return {"team_id": source.my_team_id, "league_id": source.league_id}


def make_agent(model, tools, source, limits: Limits):
    bound = model.bind_tools(tools)

    def agent(state) -> dict:
        rounds, used = state.get("model_rounds", 0), state.get("tool_call_count", 0)
        if rounds >= limits.max_model_rounds:
            return {"guard": f"stopped after {rounds} model rounds"}
        if time.time() - state.get("started_at", time.time()) > limits.wall_clock_s:
            return {"guard": f"stopped at the {limits.wall_clock_s:.0f} s time budget"}
        if (state.get("error") or "").startswith(MODEL_FAILED):
            return {"guard": "the model did not answer (timeout or error)"}
        emit(StateEvent(state="planning"))
        try:
            msg = bound.invoke([agent_system(source, state), *state["messages"]], config=model_call(source, "plan"))
        except Exception as e:  # noqa: BLE001 - boundary: a model call: any SDK, transport or timeout error ends the round
            log.info("the agent's model call failed", exc_info=True)
            return {"model_rounds": rounds + 1, "llm_calls": state.get("llm_calls", 0) + 1, "error": f"the model failed: {type(e).__name__}",
                    "guard": "the model did not answer (timeout or error)"}
        if not isinstance(msg, AIMessage):
            msg = AIMessage(content=str(getattr(msg, "content", msg)))
        calls = list(msg.tool_calls)
        out: dict = {"model_rounds": rounds + 1, "llm_calls": state.get("llm_calls", 0) + 1}
        if calls:
            budget = limits.tool_budget((state.get("intent_label") or {}).get("requests", 1))
            room = budget - used
            if len(calls) > room:
                kept, dropped = calls[:max(room, 0)], calls[max(room, 0):]
                out["guard"] = f"the limit of {budget} tool calls per turn was reached"
                closing = [ToolMessage(content=json.dumps({"error": "not run: " + out["guard"]}), tool_call_id=c["id"],
                                       name=c["name"], status="error") for c in dropped]
                # the model's message keeps every call; the dropped ones are answered with errors
                # here and the tools node runs only the calls still unanswered
                out["messages"] = [msg, *closing]
                if kept:
                    out["tool_call_count"] = used + len(kept)
                    emit(StateEvent(state="executing"))
                return out
            out["tool_call_count"] = used + len(calls)
            emit(StateEvent(state="executing"))
        out["messages"] = [msg]
        return out

    return agent


def agent_system(source, state) -> SystemMessage:
    """The agent's system prompt (rules, scoring, intent): every call that reads tool results gets it."""
    return SystemMessage(P.AGENT_PROMPT.format(as_of=source.today, scoring=league_scoring(source),
                                               intent=state.get("intent")))


def league_scoring(source) -> str:
    """The league's scoring ("points" or "categories") for the prompt and the model call."""
    try:
        return source.scoring
    except ServiceError:  # an unreachable remote league: the prompt still goes out
        return "points"


def unanswered_calls(messages) -> list[dict]:
    """Tool calls of the latest model message that no ToolMessage answers yet."""
    answered = set()
    for m in reversed(messages):
        if isinstance(m, ToolMessage):
            answered.add(m.tool_call_id)
        elif isinstance(m, AIMessage):
            return [c for c in m.tool_calls if c["id"] not in answered]
        elif isinstance(m, HumanMessage):
            break
    return []


def route_after_agent(state) -> Literal["tools", "synthesize"]:
    # with a guard set, run what was kept within the limit, then synthesize
    return "tools" if unanswered_calls(state.get("messages", [])) else "synthesize"


def route_after_tools(state) -> Literal["agent", "synthesize"]:
    return "synthesize" if state.get("guard") else "agent"


def collect_cards(state) -> list[dict]:
    """The turn's cards, from state (what the card tools handed over), best first: the move the
    user named always, then at most one card per dropped and per added player; three at most."""
    turn = (state.get("tool_cards") or {}).get(turn_key(state.get("messages", [])), [])
    cards, seen = [], set()
    for c in cards_of(turn):
        if c.move_id not in seen:
            seen.add(c.move_id)
            cards.append(c)
    cards.sort(key=lambda c: c.rank)  # the optimizer's own ranking (the mode's score), not the week's gain alone
    mine = [c for c in cards if c.origin == "user"]
    others = distinct([c for c in cards if c.origin != "user"], key=lambda c: (c.drop_id, c.add_id))
    return card_dicts((mine + others)[:3])


def make_synthesize(model, source):
    def synthesize(state) -> dict:
        emit(StateEvent(state="responding"))
        last = state["messages"][-1] if state.get("messages") else None
        guard, extra, calls, model_error = state.get("guard"), [], state.get("llm_calls", 0), {}
        if guard:
            emit(TextEvent(type="guard", text=f"Stopped early: {guard}."))
        if guard or not isinstance(last, AIMessage) or last.tool_calls or not last.content:
            reason = f"Reason: {guard}." if guard else ""
            failed = state.get("error") or ""
            try:
                if failed.startswith(MODEL_FAILED):  # it did not answer once this turn: no third wait
                    raise ModelDown(failed.removeprefix(MODEL_FAILED + ": "))
                calls += 1
                # the same system prompt as the agent's: its rule that tool text is data, never instructions
                msg = model.invoke([agent_system(source, state), *state["messages"],
                                    HumanMessage(P.FINAL_PROMPT.format(reason=reason))],
                                   config=model_call(source, "final"))
                answer = msg.content if isinstance(msg.content, str) else str(msg.content)
                extra = [AIMessage(content=answer)]
            except Exception as e:  # noqa: BLE001 - boundary: a model call (or ModelDown): any provider error, said in the answer
                log.info("the final answer's model call failed", exc_info=True)
                name = str(e) if isinstance(e, ModelDown) else type(e).__name__
                answer = f"I could not finish this answer: the model failed ({name}). Please try again."
                extra = [AIMessage(content=answer)]
                model_error = {"error": f"{MODEL_FAILED}: {name}"}
        else:
            answer = last.content if isinstance(last.content, str) else str(last.content)
        cards = collect_cards(state)
        top = _top_players(source) if cards else set()
        for c in cards_of(cards):
            if c.drop_id in top:
                answer += P.CAUTION.format(name=c.drop)
                break
        if state.get("error"):
            answer += f"\n\n_Note: {state['error']}._"
        emit(TextEvent(type="answer", text=answer))
        if extra:
            extra[-1] = AIMessage(content=answer)
        elif answer != last.content:
            extra = [AIMessage(content=answer, id=last.id)]  # same id: replaces the draft in history
        return {"answer": answer, "pending_cards": cards, "messages": extra, "llm_calls": calls, **model_error,
                "offers": offers_for(state, source)}

    return synthesize


def _turn_messages(state) -> list:
    """This turn's messages: from the last human message on (the category offer reads its question)."""
    msgs = state.get("messages", [])
    for i in range(len(msgs) - 1, -1, -1):
        if isinstance(msgs[i], HumanMessage):
            return msgs[i:]
    return []


def offers_for(state, source) -> list[dict]:
    """The category view as a button when a points league's manager asks about categories (the
    demo league has both scorings; an ESPN league's scoring is its own)."""
    if state.get("intent") != Intent.MATCHUP_ANALYSIS or league_scoring(source) != "points" \
            or "categories" not in source.scorings:
        return []
    question = next((m.content for m in _turn_messages(state)[:1] if isinstance(m.content, str)), "")
    if not asks_categories(question):
        return []
    return [{"action": "category_view", "label": "Show this matchup by category", "question": question}]


def _top_players(source) -> set[str]:
    """My TOP_PLAYERS players by season fantasy points per game (a card dropping one gets a caution)."""
    entries = [e for e in source.roster().entries if not e.on_ir]
    ids = sorted(entries, key=lambda e: -e.fantasy_avg)
    return {e.player.player_id for e in ids[:TOP_PLAYERS]}

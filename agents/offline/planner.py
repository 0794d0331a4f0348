"""`OfflinePlanner`: a LangChain chat model that plans tool calls and writes answers by rule.

It implements the chat-model interface (`bind_tools`, `with_structured_output`, streaming via
the base class) so the supervisor graph runs unchanged without a key or a network. Its structured
output fills the whole `IntentLabel` by rule. The league's date, the scoring and whether this is
the final answer come from the `CallInfo` the node passes as run metadata (agents/models/model_call.py),
never from the prompt's wording.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import RunnableLambda

from agents.core.frame import RequestFrame
from agents.core.intents import Intent, IntentLabel
from agents.models.model_call import CallInfo, read_call_info
from agents.core.dates import named_date
from agents.offline import names
from agents.offline.acts import CONVERSATION_ACTS
from agents.offline.cards_read import (name_the_new_guy, name_the_pick, name_the_row, name_the_row_after_decline,
                                       name_the_suggested, name_the_trade_row)
from agents.offline.nlu import Parsed, parse
from agents.offline.understand import understood
from agents.offline.plans import next_calls, parse_result
from agents.offline.trade_talk import reroute_by_owner
from agents.offline.writer import write_answer
from services.config import DEFAULT_AS_OF

THREAD_TURNS = 3  # earlier questions a follow-up may lean on
DECISION_NOTES = ("Declined", "Approved", "Done:", "Could not apply", "Deferred")  # a card's outcome, not an answer


def _text(m: BaseMessage) -> str:
    return m.content if isinstance(m.content, str) else " ".join(
        c.get("text", "") if isinstance(c, dict) else str(c) for c in m.content)


def _call_info(metadata: Any) -> CallInfo:
    """What the node said about this call; a bare call (no metadata) plans on the default date."""
    return read_call_info(metadata) or CallInfo(purpose="plan", as_of=DEFAULT_AS_OF)


def _turn(messages: Sequence[BaseMessage], as_of: dt.date) -> tuple[str, Parsed | None, int, Any]:
    """(latest question, the parsed previous question, index of the latest question, what the thread's
    constraint-only messages still say: the players kept, the position disliked; agents/offline/noted.py)."""
    from agents.offline.noted import ThreadNotes, thread_notes

    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if not humans:
        return "", None, len(messages), ThreadNotes()
    last = humans[-1]
    prev, earlier = None, []
    for i in humans[:-1][-THREAD_TURNS:]:  # each earlier question read with its own predecessor, in order
        asked = _named_rows(_text(messages[i]), messages, i)  # "the third guy": that row's player
        here = parse(asked, as_of, _with_lead(prev, asked, _previous_answer(messages, i)))
        # understood as when it was answered (its act, its frame's constraints), so a follow-up goes on from that:
        # with the answers it saw ("the 2nd one instead ... vs the first" weighed the cards shown then)
        thread_notes(earlier).onto(here)
        here.previous_answer, here.thread_answers = _previous_answer(messages, i), thread_answers(messages, i)
        understood(here, prev, here.previous_answer)
        earlier.append(here)
        if here.act not in ("nonsense", "general_smalltalk", "clarify", *CONVERSATION_ACTS):  # a request goes on
            prev = here.parts[-1] if here.parts else here  # after two requests, the thread goes on from the last
            prev.siblings = list(here.parts)  # ...and "and Bron?" asks each of them again (agents/offline/multi.py)
        elif here.act == "out_of_scope" and here.players:
            prev = _about(here)  # "saw on twitter Ivey is out" then "should I IR him then": him is Ivey (each turn)
        elif here.act == "out_of_scope" and getattr(here.frame, "topic", None) in NEAREST_ACT:
            prev = _nearest(here)  # "set my lineup every day automatically?" then "fine. tonight's then": that lineup
    return _text(messages[last]), prev, last, thread_notes(earlier)


def _about(p: Parsed) -> Parsed:
    """An out-of-scope question about a player, as the thread's last request: only its players go on
    (a pronoun in the next message is him; its act is the next message's own)."""
    import copy

    out = copy.copy(p)
    out.act, out.follow_up, out.parts, out.siblings = "research_status", False, [], []
    return out


# the request an out-of-scope answer offered as its nearest thing, which a bare follow-up goes on from
NEAREST_ACT = {"autopilot": "lineup_day", "dfs": "lineup_day", "chat": "matchup", "live": "matchup"}


def _nearest(p: Parsed) -> Parsed:
    import copy

    from agents.offline.nlu_model import intent_of

    out = copy.copy(p)
    out.act = NEAREST_ACT[p.frame.topic]
    out.intent, out.follow_up, out.parts, out.siblings = intent_of(out.act), False, [], []
    return out


LIST_ACTS = ("fa_scan", "fa_hot", "fa_replace", "research_rankings", "optimize", "ir_move", "research_worst")


def _with_lead(prev: Parsed | None, question: str, previous_answer: str | None) -> Parsed | None:
    """`prev` with the player its list answer led with, when the question says "he"/"him" and the
    previous request named nobody ("is he injured?" after "who's the best free agent center?")."""
    from agents.offline.cards_read import lead_player
    from agents.offline.nlu_act import PRONOUNS
    from services.league.lookup import fold

    from agents.offline import cut_pick

    if prev is None or not PRONOUNS.search(fold(question)):
        return prev
    if prev.act == cut_pick.ACT:  # "ok cut him": the one the verdict cuts, of the two it named
        lead = cut_pick.lead(previous_answer)
    elif prev.players or prev.act not in LIST_ACTS:
        return prev
    else:
        lead = lead_player(previous_answer)
    if not lead:
        return prev
    import copy

    out = copy.copy(prev)
    out.players, out.lead_of_list = [lead], True  # "he" is the list's lead; the list itself is not continued
    return out


def _named_rows(question: str, messages: Sequence[BaseMessage], start: int) -> str:
    """The question with a list row ("the third guy"), the pick of the last answer ("get me whoever wins
    that, drop X") or the player an approval just added ("the new guy") named."""
    last = _previous_answer(messages, start)
    question = name_the_row_after_decline(question, thread_answers(messages, start))  # "ok then the 2nd one"
    question = name_the_trade_row(question, last)  # "the first one, yay or nay?" after trades: that trade's sides
    question = name_the_suggested(name_the_row(question, last), last)  # "the guy you just suggested": the pick
    return name_the_new_guy(name_the_pick(question, last), thread_answers(messages, start))


def _previous_answer(messages: Sequence[BaseMessage], start: int) -> str | None:
    return next((_text(m) for m in reversed(messages[:start]) if isinstance(m, AIMessage) and not m.tool_calls
                 and _text(m).strip() and not _text(m).startswith(DECISION_NOTES)), None)


def thread_answers(messages: Sequence[BaseMessage], start: int) -> list[str]:
    """The thread's earlier answers and card notes, latest first (what a name may be resolved by)."""
    return [_text(m) for m in reversed(messages[:start]) if isinstance(m, AIMessage) and not m.tool_calls
            and _text(m).strip()]


def tool_results(messages: Sequence[BaseMessage], start: int, part: int | None = None) -> dict[str, list[dict]]:
    """Tool results after `start`, by tool name, with the arguments that produced them (of one
    request's calls only, when the message has several: their ids carry `_p<part>_`)."""
    args = {}
    for m in messages[start:]:
        if isinstance(m, AIMessage):
            for tc in m.tool_calls:
                args[tc["id"]] = tc["args"]
    done: dict[str, list[dict]] = {}
    for m in messages[start:]:
        if isinstance(m, ToolMessage) and (part is None or f"_p{part}_" in (m.tool_call_id or "")):
            ok, data = parse_result(m.content)
            ok = ok and getattr(m, "status", "success") != "error"
            done.setdefault(m.name or "", []).append({"ok": ok, "data": data, "args": args.get(m.tool_call_id, {})})
    return done


class OfflinePlanner(BaseChatModel):
    """Deterministic planner: same input messages, same output."""

    tool_names: list[str] = []
    model_name: str = "offline-planner"

    @property
    def _llm_type(self) -> str:
        return "offline-planner"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "OfflinePlanner":
        names = [t.name if hasattr(t, "name") else t.get("name", "") if isinstance(t, dict) else getattr(t, "__name__", "")
                 for t in tools]
        return self.model_copy(update={"tool_names": names})

    def with_structured_output(self, schema: Any, **kwargs: Any):
        if schema is not IntentLabel:
            raise TypeError(f"the offline planner's only structured output is IntentLabel, not {schema!r}")

        def label(inp: Any, config: Any = None) -> IntentLabel:
            msgs = inp if isinstance(inp, list) else getattr(inp, "to_messages", lambda: [HumanMessage(str(inp))])()
            info = _call_info((config or {}).get("metadata"))
            question, prev, start, kept = _turn(msgs, info.as_of)
            if not question:
                return IntentLabel(intent=Intent.GENERAL_ADVICE)
            question = _named_rows(question, msgs, start)
            parsed = parse(question, info.as_of, _with_lead(prev, question, _previous_answer(msgs, start)))
            parsed.thread_answers = thread_answers(msgs, start)
            kept.onto(parsed)
            return label_from(understood(parsed, prev, _previous_answer(msgs, start)))

        return RunnableLambda(label)

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        info = _call_info(run_manager.metadata if run_manager else None)
        as_of = info.as_of
        final = info.purpose == "final"
        if final and messages and isinstance(messages[-1], HumanMessage):
            messages = messages[:-1]  # the node's closing instruction, not the user's question
        question, prev, start, kept = _turn(messages, as_of)
        question = _named_rows(question, messages, start)  # "the last one on that list", "the new guy"
        parsed = parse(question, as_of, _with_lead(prev, question, _previous_answer(messages, start)))
        kept.onto(parsed)
        parsed.scoring = info.scoring
        parsed.previous_answer = _previous_answer(messages, start)
        parsed.day = parsed.day or named_date(question, as_of)  # "Jan 30" as well as "Friday"
        context = thread_answers(messages, start)
        parsed.thread_answers = context  # before the frame is read: an affirmation may name a card shown earlier
        understood(parsed, prev, parsed.previous_answer)
        if parsed.parts:
            for k, part in enumerate(parsed.parts):  # each request of the message with its own constraints (issue #36)
                part.thread_answers = context
                kept.onto(part)
                understood(part, prev, parsed.previous_answer)
                names.resolve(part, tool_results(messages, start, part=k), context)
            msg = self._several(parsed.parts, messages, start, as_of, final, info.scoring)
            msg.usage_metadata = None
            return ChatResult(generations=[ChatGeneration(message=msg)])
        done = tool_results(messages, start)
        names.resolve(parsed, done, context)  # "Braun vs Jones": which Jones, from the roster and the thread
        done = reroute_by_owner(parsed, names.plan_done(parsed, done))  # "X for Y?": a trade or a swap, by who owns Y
        calls = [] if final or not self.tool_names else next_calls(parsed, done, as_of)
        calls = [(n, a) for n, a in calls if n in self.tool_names]
        if calls:
            round_no = sum(1 for m in messages[start:] if isinstance(m, AIMessage))
            tool_calls = [{"name": n, "args": a, "id": f"call_{start}_{round_no}_{i}_{n}", "type": "tool_call"}
                          for i, (n, a) in enumerate(calls)]
            msg = AIMessage(content="", tool_calls=tool_calls)
        else:
            msg = AIMessage(content=write_answer(parsed, done, unfinished=final))
        msg.usage_metadata = None
        return ChatResult(generations=[ChatGeneration(message=msg)])


    def _several(self, parts: list[Parsed], messages, start: int, as_of: dt.date, final: bool, scoring: str) -> AIMessage:
        """Several requests in one message (agents/offline/multi.py): each request's next calls in the
        same round (ids tagged with its index), and once none has calls left, the answers in turn."""
        from agents.offline.writer import HONEST

        from agents.supervisor.limits import Limits

        turn = [m for m in messages[start:] if isinstance(m, AIMessage)]
        room = Limits().tool_budget(len(parts)) - sum(len(m.tool_calls) for m in turn)  # a request's calls wait for the next round
        tool_calls, bodies = [], []
        for k, part in enumerate(parts):
            part.scoring = scoring
            done = reroute_by_owner(part, names.plan_done(part, tool_results(messages, start, part=k)))  # each as alone
            calls = [] if final or not self.tool_names else next_calls(part, done, as_of)
            calls = [(n, a) for n, a in calls if n in self.tool_names]
            if calls and (len(calls) <= room - len(tool_calls) or not tool_calls):
                tool_calls += [{"name": n, "args": a, "id": f"call_{start}_{len(turn)}_p{k}_{i}_{n}", "type": "tool_call"}
                               for i, (n, a) in enumerate(calls[:max(room - len(tool_calls), 1)])]
            bodies.append(write_answer(part, done, unfinished=final).removesuffix("\n\n" + HONEST))
        if tool_calls:
            return AIMessage(content="", tool_calls=tool_calls)
        return AIMessage(content="\n\n---\n\n".join(bodies) + "\n\n" + HONEST)


def label_from(p: Parsed) -> IntentLabel:
    """The structured intent the rules read from a question."""
    drop, add = p.move or (None, None)
    if p.act == "ir_move" and p.players and not drop:
        drop = next((n for n in p.players if n != p.ir_cut), p.players[0])  # "stash Embiid on IR and pick someone up": the optimizer moves him out, IR first
    return IntentLabel(intent=p.intent, wants_moves=p.wants_moves, allow_drop=p.allow_drop, ir_cut=p.ir_cut,
                       this_week_only={"this_week": True, "balanced": False}.get(p.mode or ""),
                       target_categories=p.categories, punt_categories=p.punt, unpunt_categories=p.unpunt,
                       stop_punting=p.stop_punting, players=p.players, drop=drop, add=add,
                       choices=p.choices, understood=not p.unknown, confidence=p.confidence,
                       explain_terms=[] if p.act == "general_explain" else list(getattr(p, "gloss", []) or []),
                       day=(p.day or named_date(p.text, p.as_of)) if p.as_of else p.day,
                       frame=getattr(p, "frame", None) or RequestFrame(), requests=len(p.parts or ()) or 1)

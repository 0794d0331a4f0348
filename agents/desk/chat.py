"""The supervisor's `market_desk` node: a line question is answered from `get_market_state`; a bet
request goes to the market maker (its steps and decision card stream into the chat turn)."""
from __future__ import annotations

import datetime as dt
import json
import time

from langchain_core.messages import AIMessage, HumanMessage

from agents.desk.ask import DeskAsk, parse_desk_question
from agents.desk.clock import on_league_day
from agents.core.contracts import DeskCardEvent, StateEvent, TextEvent, ToolEnd, ToolStart
from agents.core.events import emit
from agents.desk.tools import DeskContext, build_desk_tools
from agents.models import llm
from services.desk.models import BetRequest

ET = dt.timezone(dt.timedelta(hours=-5))  # the desk's day is the US Eastern (standard time) date


def desk_model_for(model):
    """The offline planner has a desk twin (the rule policy); a real model is used as it is."""
    return llm.desk_model(model)


def _question(state) -> str:
    """The latest question in plain words (agents/core/normalize.py: "ML", "o/u", "20 bucks"); a
    follow-up that names no team ("and the total?") borrows the teams of the thread's last question
    that named some."""
    from agents.desk.ask import find_teams
    from agents.core.normalize import normalize

    humans = [normalize(m.content if isinstance(m.content, str) else str(m.content))
              for m in state.get("messages", []) if isinstance(m, HumanMessage)]
    if not humans:
        return ""
    if not find_teams(humans[-1]):
        earlier = next((find_teams(q) for q in reversed(humans[:-1]) if find_teams(q)), [])
        if earlier:
            return f"{humans[-1]} ({' vs '.join(earlier[:2]).lower()})"
    return humans[-1]


def line_answer(view: dict, asked_day: dt.date) -> str:
    home, away, gid = view["home"], view["away"], view["game_id"]
    day = dt.date.fromisoformat(gid[:10])
    when = "tonight" if day == asked_day else f"on {day.isoformat()}"
    ml, sp, tot = view["moneyline"], view["spread"], view["total"]
    if not view["listed"]:
        head = (f"**{away} @ {home}** {when} is not listed yet (markets open 48 h before tip). "
                f"The desk's rating model would open it at {home} {sp['home_line']:+g}, total {tot['line']:g}.")
    else:
        head = (f"**{away} @ {home}** {when} (nominal 7 pm ET tip): {home} {sp['home_line']:+g} "
                f"(opened {sp['open_home_line']:+g}) at {sp['odds']}, total {tot['line']:g} (opened {tot['open_line']:g}) "
                f"at {tot['odds']}; moneyline {home} {ml['home']} / {away} {ml['away']}.")
    return head + "\n\n_Priced from the spread; the path from the open to the real close is simulated._"


def card_text(q: dict) -> str:
    d, r = q["decision"], q["request"]
    away, home = q["game_id"].split("-")[3:5]
    who = {"home": home, "away": away}.get(r["side"], r["side"])
    bet = f"{away} @ {home}: {who}" + (" moneyline" if r["market"] == "moneyline" else "") + (f" {r['line']:+g}" if r.get("line") is not None and r["market"] == "spread"
                                          else f" {r['line']:g}" if r.get("line") is not None else "")
    if q["status"] == "accepted":
        head = f"**Accepted**: {bet} at {d['odds']} for {d['amount']:g}."
    elif q["status"] == "countered":
        t = q["counter"]["terms"]
        head = (f"**Counter**: {bet} at {t['odds']} for {t['amount']:g}, valid {q['counter']['ttl_seconds']} s "
                f"(void if the market moves over {q['counter']['max_market_move_pct']:g}%; then accepting starts a fresh "
                f"evaluation). Accept it on the Desk page (quote `{q['quote_id']}`).")
    else:
        head = f"**Rejected**: {bet} at {r['odds']} for {r['amount']:g}."
    return f"{head}\n\nReason: {d['reason']} (confidence {d['confidence']:.0%}; desk price {q['desk_odds']})."


def make_market_desk(model, source=None):
    """`source`: the league whose clock the desk reads (`source.today`, the session's league date);
    without one, the desk clock alone."""
    desk_model = desk_model_for(model)

    def market_desk(state) -> dict:
        from agents.desk.runtime import Desk  # the desk graph is built per turn, over this home's store

        emit(StateEvent(state="executing"))
        desk = Desk(model=desk_model)
        now = desk.clock.now() if source is None else on_league_day(desk.clock, source.today)
        day = now.astimezone(ET).date()
        ask: DeskAsk = parse_desk_question(_question(state), day)
        calls = 0
        if ask.problem:
            answer = f"I could not price that: {ask.problem}."
        elif ask.kind == "line":
            tool = next(t for t in build_desk_tools(DeskContext(desk.book, desk.limits, "", now))
                        if t.name == "get_market_state")
            emit(ToolStart(id="desk_line", name=tool.name, args={"game_id": ask.game_id}))
            t0 = time.perf_counter()
            result = tool.invoke({"game_id": ask.game_id})
            emit(ToolEnd(id="desk_line", name=tool.name, ok=True,
                         ms=round((time.perf_counter() - t0) * 1000, 1), result=result,
                         summary=f"{ask.game_id}: priced from the spread"))
            answer = line_answer(json.loads(result), day)
        else:
            req = BetRequest(game_id=ask.game_id, market=ask.market, side=ask.side, line=ask.line, odds=ask.odds,
                             amount=ask.amount, bettor="chat")
            q = desk.quote(req, now, on_event=emit).model_dump(mode="json")
            calls = q["model_calls"]
            emit(DeskCardEvent(quote=q))
            answer = card_text(q)
        emit(TextEvent(type="answer", text=answer))
        return {"answer": answer, "messages": [AIMessage(content=answer)], "pending_cards": [],
                "llm_calls": state.get("llm_calls", 0) + calls}

    return market_desk

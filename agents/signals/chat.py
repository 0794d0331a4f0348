"""The chat's way into the pod: "any edges tonight?" runs it on every game of the league's as-of
day and answers with the signals (the cards wait in the Approvals inbox until an analyst decides).

The pod's step events stream into the turn like the optimizer's (node, text, ms, graph "Signals").
"""
from __future__ import annotations

import datetime as dt
import logging
import threading

from langchain_core.messages import AIMessage

from agents.core.contracts import SignalsEvent, StateEvent, StepEvent, TextEvent
from agents.core.dates import day_label
from agents.core.events import emit
from agents.models.llm import signals_model
from agents.signals.runner import SignalsPod, confidence_label, measured_skill
from services.signals.store import Signal

log = logging.getLogger(__name__)


def pod_model(model):
    """The offline estimator model for the offline planner (and scripted supervisor tests), else the chat model."""
    return signals_model(model)


def skill_text(skill: dict | None) -> str:
    """The pod's measured skill, said with every edge claim (an edge from a pod that loses to the
    market is a hypothesis, not an edge)."""
    if not skill or skill.get("bss_vs_market") is None:
        return "The pod's skill against the market is not measured yet: treat these as unproven."
    bss, window = skill["bss_vs_market"], f"{skill['from']:%b %-d}-{skill['to']:%b %-d}"
    verdict = ("worse than the market: no established edge, so no signal below carries a confidence label"
               if bss < 0 else "better than the market on that sample; each label below is its band's measured hit "
               "rate on those games")
    return (f"Measured skill: on the {skill['n']} settled games of {window}, the pod's Brier skill against "
            f"the market is {bss:+.3f} (Brier {skill['brier']:.4f} vs the market's {skill['market_brier']:.4f}), "
            f"{verdict}.")


def answer_text(day, runs, signals: list[dict], skill: dict | None = None) -> str:
    if not runs:
        return f"There are no NBA games on {day:%a %b %-d}, so there are no edges to look for."
    head = (f"I ran the signals pod (blind mode) on all {len(runs)} games on {day:%a %b %-d}: "
            f"{len(signals)} edge{'s' if len(signals) != 1 else ''} at |ev| >= {runs[0]['threshold']:.2f}.")
    if not signals:
        return head + " No game's estimate moved far enough from the market price."
    head += " " + skill_text(skill)
    # every figure speaks for the team the position buys, so the claim and the action agree
    lines = ["| game | claim | pod | market | edge | position | measured |", "|---|---|---|---|---|---|---|"]
    for s in sorted(map(Signal.model_validate, signals), key=lambda s: -abs(s.ev)):
        home, away = s.teams
        lines.append(f"| {away} at {home} | {s.backed} wins | {s.backed_estimate:.1%} | {s.backed_price:.1%} | "
                     f"{s.edge:+.3f} | {s.action} | {confidence_label(s.ev, skill)} |")
    tail = ("\n\nThe estimates come from a transparent model (Elo, rotation players missing recent games, rest), "
            "not from hindsight; the news is generated from box scores before each game. Each signal is a card in "
            "**Approvals** (approve to take the paper position at the price); it expires at tip.")
    stopped = [r for r in runs if not r["signal"]]
    if stopped:
        tail += f" {len(stopped)} game(s) stopped early: " + "; ".join(
            f"{r['away']} at {r['home']} ({r['reason']})" for r in stopped[:4]) + ("; …" if len(stopped) > 4 else ".")
    return head + "\n\n" + "\n".join(lines) + tail


def _date_note(asked: dt.date | None, today: dt.date) -> str:
    """What the answer says when the question named another day than the league's today: the pod
    prices games before tip on the league clock, so it runs on today's games and says so."""
    if asked is None or asked == today:
        return ""
    when = "have been played" if asked < today else "are after the league clock's today"
    return (f"**You asked about {day_label(asked)}; these are {day_label(today)}'s games.** {day_label(asked)}'s "
            f"games {when} (the league stands on {today.isoformat()}), and the pod prices games before tip with "
            f"what was known then. To price {day_label(asked)}, set the as-of date to {asked.isoformat()} in "
            f"Settings (from a shell: --as-of {asked.isoformat()}).\n\n")


def make_find_edges(model, source):
    """The chat's signals node. Its pod (a compiled graph of its own, ~12 ms) is built on the
    first question that needs it, not with every assistant (most sessions never ask)."""
    built: list[SignalsPod] = []
    lock = threading.Lock()

    def the_pod() -> SignalsPod:
        with lock:
            if not built:
                estimator = pod_model(model)
                built.append(SignalsPod(model=estimator, provider="offline" if estimator is not model else "chat"))
            return built[0]

    def find_edges(state) -> dict:
        emit(StateEvent(state="executing"))
        day = source.as_of
        asked = (state.get("intent_label") or {}).get("day")
        note = _date_note(dt.date.fromisoformat(str(asked)) if asked else None, day)

        def on_event(ev) -> None:  # the pod's steps join the turn's, marked as the Signals graph's
            if isinstance(ev, StepEvent):
                emit(ev.model_copy(update={"graph": "Signals"}))
        try:
            run = the_pod().run_day(day, "blind", on_event=on_event)
        except Exception as e:  # noqa: BLE001 - boundary: a day outside the box scores, or a model failure: say so
            log.info("the signals pod failed in chat", exc_info=True)
            text = f"I could not run the signals pod for {day}: {e}"
            emit(TextEvent(type="answer", text=text))
            return {"answer": text, "messages": [AIMessage(content=text)], "pending_cards": [], "error": str(e)}
        runs = [r.model_dump(mode="json") | {"threshold": run.threshold} for r in run.games]
        text = note + answer_text(day, runs, run.signals, measured_skill(day, "blind") if run.signals else None)
        emit(SignalsEvent(signals=run.signals))
        emit(TextEvent(type="answer", text=text))
        return {"answer": text, "messages": [AIMessage(content=text)], "pending_cards": []}

    return find_edges

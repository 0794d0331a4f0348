"""One function draws a turn, live or from history: events go in, a chat message comes out.

History messages are turned into the same events a live run streams (`history_events`), so a
refreshed page and a running turn look the same: intent badge, one expandable step per tool
(name in plain words, arguments, result summary, duration, red when it failed), optimizer
progress and graph steps, game-log charts, the answer, a loop-guard notice, cards, moves (the
steps and charts: pages/components/turn_steps.py).
"""
from __future__ import annotations

import logging
import time
from types import SimpleNamespace
from typing import Iterable, Iterator

import streamlit as st

from agents.door import (ApprovalsEvent, Card, ClarifyEvent, DecisionEvent, DeskCardEvent, DoneEvent, IntentEvent,
                         SignalsEvent, StateEvent, StepEvent, TextEvent, ToolEnd, TransactionsEvent, TurnEvent,
                         TurnResult, as_event, cards_of)
from pages.components import cards as card_ui
from pages.components.safe_text import no_images
from pages.components.moves import done_text
from pages.components.labels import intent_label
from pages.components.turn_steps import StepsView


log = logging.getLogger("courtside.ui")
MODEL_DOWN = ("model did not answer", "the model failed")  # what the graph says when the model never replied


def model_failure_text(model_label: str | None) -> str:
    """What failed and what to do, for a remote model that did not answer."""
    who = model_label or "The model"
    if "ollama" in who.lower():
        return (f"{who} did not answer: the Ollama server is not running or not reachable; "
                "the offline planner is still available in Settings.")
    return f"{who} did not answer: no network or an invalid key; the offline planner is still available in Settings."


def _choose(text: str) -> None:
    """A clarifying choice was clicked: the chat page sends it as the next message."""
    st.session_state["chat_prompt"] = text


class TurnView(StepsView):
    """Draws the events of one assistant turn into the current container."""

    def __init__(self, thread_id: str, key_prefix: str, pending_ids: set[str] | None = None,
                 shown_cards: set[str] | None = None, card_prefix: str | None = None,
                 model_label: str | None = None, scoring: str = "points", lazy_charts: bool = False,
                 live: bool = False):
        self.thread_id, self.key_prefix, self.pending_ids = thread_id, key_prefix, pending_ids
        self.lazy_charts = lazy_charts  # a past turn: its charts behind a button (see _chart_game_log)
        self.card_prefix = card_prefix or key_prefix
        self.badge = st.empty()
        self.steps = st.container()
        self.charts = st.container()
        if live:  # keyed: a live answer's first words are found in the page (bench/ui.py `first_token_ms`)
            with st.container(key=f"{key_prefix}_answer"):
                self.answer_slot = st.empty()
        else:
            self.answer_slot = st.empty()
        self.under_answer = st.container()  # the answer's own buttons (Copy), right under its text
        self.notes = st.container()
        self.cards = st.container()
        self.open_steps: dict[str, object] = {}
        self.progress = st.empty()  # the optimizer's latest progress line, cleared when it ends
        self.answer = ""
        self.final = False  # an `answer` event came: the text is complete
        self.decisions: list[dict] = []
        self.errors: list[str] = []
        self.offered: list[Card] = []
        self.card_slots: dict[str, object] = {}
        self.shown_cards = shown_cards if shown_cards is not None else set()  # shared across a page
        self.transactions: list[dict] = []
        self.n_charts = 0
        self.model_label = model_label  # "Gemini (gemini-2.5-flash)": named when it fails
        self.model_failed = False
        self.scoring = scoring  # a categories league charts category stats, never fantasy points
        self.node_passes: dict[tuple, list] = {}  # (game, node) -> its steps (a node re-run is a new pass)
        self.failed = False
        self.choices: list[str] = []  # a clarifying question's options, drawn as buttons
        self.live = live  # a turn being answered now: a whole answer is typed out (`_type_out`)
        self.streamed = False  # deltas came: the answer was written as it arrived

    def handle(self, event: TurnEvent | dict) -> None:
        event = as_event(event)  # a page may hand over a dict (cards it redraws): typed here
        handler = getattr(self, f"_on_{event.type}", None)
        if handler:
            handler(event)

    def consume(self, events: Iterable[TurnEvent | dict]) -> TurnResult | None:
        """Draws every event; returns the `done` result (None when the stream ended without one)."""
        result = None
        for event in map(as_event, events):
            self.handle(event)
            if isinstance(event, DoneEvent):
                result = event.result
                if any(m in str(result.error or "") for m in MODEL_DOWN):
                    self._model_failure(str(result.error))
                if not self.answer and result.answer and not result.refused:
                    self.answer = result.answer  # a resume reports its answer only here
        self.finish()
        return result

    def finish(self) -> None:
        self.progress.empty()
        for status, _ in self.open_steps.values():
            status.update(state="error", label="Step did not finish")
        self.open_steps.clear()
        if self.answer:
            self.answer_slot.markdown(no_images(self.answer))

    # events -------------------------------------------------------------------------------------
    def _on_clarify(self, e: ClarifyEvent) -> None:
        """A clarifying question's choices (or, when nothing was understood, example questions) as
        buttons under the answer: a click sends that question as the next message."""
        self.choices = list(e.choices)
        cols = self.notes.columns(max(1, len(self.choices)))
        for i, (col, text) in enumerate(zip(cols, self.choices)):
            col.button(text, key=f"{self.key_prefix}_choice_{i}", on_click=_choose, args=(text,),
                       icon=":material/help:" if e.understood else ":material/lightbulb:")

    def _on_intent(self, e: IntentEvent) -> None:
        if e.intent:
            self.badge.badge(intent_label(e.intent), icon=":material/label:", color="violet")

    def _on_decision(self, e: DecisionEvent) -> None:
        self.decisions.append(e)

    def _on_answer_delta(self, e: TextEvent) -> None:
        if self.final:  # the whole answer has arrived; a late delta would repeat it
            return
        lead, self.streamed = self.answer, True
        self.answer += e.text
        if self.live and len(e.text.split()) > WHOLE_DELTA_WORDS:
            # a whole answer handed over in one delta (the offline planner's): typed out after what is
            # on screen, as an answer that comes whole is (a model's deltas are a few words each)
            self.answer_slot.write_stream(type_out(no_images(e.text), no_images(lead)))
        else:
            self.answer_slot.markdown(no_images(self.answer) + " ▌")

    def _on_answer(self, e: TextEvent) -> None:
        # the offline planner (or a resume) hands its answer whole: written out as it is read; after
        # streamed first words (the review's scoreboard) the rest is written on after them
        lead = self.answer if self.streamed and e.text and e.text.startswith(self.answer) else ""
        typed = self.live and (not self.streamed or bool(lead)) and not self.final and bool(e.text)
        self.answer = e.text or self.answer
        self.final = bool(e.text) or self.final
        if typed:
            self.answer_slot.write_stream(type_out(no_images(self.answer[len(lead):]), no_images(lead)))
        else:
            self.answer_slot.markdown(no_images(self.answer))

    def _on_guard(self, e: TextEvent) -> None:
        text = e.text.removeprefix("Stopped early: ")
        if any(m in text for m in MODEL_DOWN):  # not a loop: the model never answered
            self._model_failure(text)
            return
        self.notes.warning(no_images(f"Stopped early to avoid a loop: {text}"), icon=":material/block:")

    def _model_failure(self, detail: str) -> None:
        if self.model_failed:
            return
        self.model_failed = self.failed = True
        message = model_failure_text(self.model_label)
        self.errors.append(message)
        self.notes.error(message, icon=":material/cloud_off:")
        if self.model_label is not None:  # a live turn (history redraws it without logging again)
            log.warning("thread %s: %s (%s)", self.thread_id, message, detail)

    def _on_error(self, e: TextEvent) -> None:
        if "did not answer" in e.text and self.model_label is not None:  # one message for a dead model
            self._model_failure(e.text)
            return
        self.failed = True
        self.errors.append(e.text or "Something went wrong.")
        self.notes.error(no_images(self.errors[-1]))

    def _on_state(self, e: StateEvent) -> None:
        if e.state == "error":
            self.failed = True

    def _on_approvals(self, e: ApprovalsEvent) -> None:
        approved = next((c for c in e.cards if _approved(c, self.thread_id)), None)  # closes its siblings
        with self.cards:
            fresh = [c for c in e.cards if c.move_id not in self.shown_cards]
            if len(fresh) >= 2 and approved is None:  # said before the first click
                st.caption(f":material/alt_route: {card_ui.alternatives_text(len(fresh))}")
            for card in e.cards:  # typed by the event (with what the page added: decided, blocked...)
                self.offered.append(card)
                if card.move_id in self.shown_cards:
                    continue
                # a closed card (its set was decided) is not "shown": a later turn that offers the
                # same move again draws it with its buttons (approving an IR move, nobody dropped,
                # then asking again re-offers the swaps it closed), so its key is this turn's own
                closed = card_ui.is_closed(card, self.thread_id, self.pending_ids)
                if not closed:
                    self.shown_cards.add(card.move_id)
                self.card_slots[card.move_id] = card_ui.render_card(
                    card, self.thread_id, self.key_prefix if closed else self.card_prefix, self.pending_ids,
                    closed_by=approved if closed else None)

    def _on_desk_card(self, e: DeskCardEvent) -> None:
        from pages.components.desk_view import desk, render_card

        with self.cards:
            render_card(e.quote, desk(), f"{self.card_prefix}_desk", actions=False)

    def _on_signals(self, e: SignalsEvent) -> None:
        from pages.components import backend, signal_cards

        assistant = backend.assistant()
        pod, now = signal_cards.pod(assistant), signal_cards.league_now(assistant)
        with self.cards:
            for s in e.signals:
                sig = pod.get(s["id"])
                if sig:
                    signal_cards.render_signal_card(pod, sig, now, f"{self.card_prefix}_sig", actions=False)

    def _on_transactions(self, e: TransactionsEvent) -> None:
        for item in e.items:
            self.transactions.append(item)
            self.notes.success(f"Applied: {transaction_text(item)}", icon=":material/swap_horiz:")


TYPE_CHUNKS, TYPE_S = 40, 0.4  # a whole answer is written in at most 40 chunks over about 0.4 s
WHOLE_DELTA_WORDS = 40  # a delta longer than this is a whole answer, typed out (the review's first sentence: 18)


def type_out(text: str, lead: str = "") -> Iterator[str]:
    """`text` in chunks of whole words (markdown marks are never split inside a word), for
    `st.write_stream`: the first words show at once, the whole answer within `TYPE_S`. `lead`,
    words already on screen (streamed first), comes back whole first: the rest is written on after it."""
    if lead:
        yield lead
    words = text.split(" ")
    size = max(1, -(-len(words) // TYPE_CHUNKS))
    pause = TYPE_S / max(1, -(-len(words) // size))
    for i in range(0, len(words), size):
        if i:
            time.sleep(pause)
        yield " ".join(words[i:i + size]) + (" " if i + size < len(words) else "")


def _approved(card: Card, thread_id: str) -> bool:
    """The card was approved and applied (so the other cards of its set are closed)."""
    outcome = card_ui.outcome_of(card, thread_id)
    return bool(outcome) and str(outcome.get("decision", "")).startswith("approve") and not outcome.get("refused")


def transaction_text(item: dict) -> str:
    """An applied move in the words every page uses (`moves.done_text`), with when it was applied."""
    move = SimpleNamespace(kind=item.get("kind"), drop=item.get("drop") or item.get("drop_name"),
                           add=item.get("add") or item.get("add_name"))
    when = item.get("applied_at") or item.get("as_of") or ""
    return done_text(move) + (f" ({str(when)[:16]})" if when else "")


def history_events(message: HistoryTurn) -> Iterator[TurnEvent]:
    """A stored assistant message as the events a live turn would have streamed."""
    if message.intent:
        yield IntentEvent(intent=message.intent)
    for i, step in enumerate(message.steps):
        if step.node and not step.name:
            yield StepEvent(node=str(step.node), text=step.text or "", ms=step.ms, graph=step.graph,
                            game_id=step.game_id, game=step.game)
            continue
        yield ToolEnd(id=str(step.id or f"h{i}"), name=step.name, args=step.args or {},
                      ok=step.ok is not False, ms=step.ms, summary=step.summary,
                      result=step.result, node=bool(step.node))
    if message.guard:
        yield TextEvent(type="guard", text=message.guard)
    if message.content:
        yield TextEvent(type="answer", text=message.content)
    if message.cards:
        yield ApprovalsEvent(cards=message.cards)
    for quote in message.desk_cards:
        yield DeskCardEvent(quote=quote)
    if message.signal_ids:
        yield SignalsEvent(signals=[{"id": i} for i in message.signal_ids])

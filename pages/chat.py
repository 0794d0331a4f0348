"""Chat (default page): the thread's history redrawn from its checkpoint, then the live turn.

As chat apps work: the composer is called first at the page's top level, so Streamlit pins it to
the bottom of the view on every width (in a fragment, a container or a column it would sit inline,
3,000 px down the page after an answer); the view follows the newest message (`chat_ui.follow`);
the answer is written as it comes (`TurnView`: a model's deltas, or the whole answer typed out in
chunks with `st.write_stream`); while a turn runs a Stop button sits under the composer.

Stop is a rerun, not a kill: its click makes Streamlit end the running script at its next element,
the turn's event stream is closed (`contextlib.closing`: the graph stops after its last finished
step, the thread's lease is released), and the new run redraws the page from the checkpoint. What
Stop guarantees is in docs/conversation.md: the question stays in the thread marked "Stopped", no
card, move or audit record comes from the stopped turn, and the next question runs as usual.

Past turns are drawn by every run: the latest `history_window.RECENT_TURNS`, older ones behind
"Show earlier turns". A pending card never disables the input: a new question sets the waiting
cards aside, still decidable on their card and in Approvals (agents.core.deferred).
"""
import logging
from contextlib import closing

import streamlit as st

from agents.door import MAX_QUESTION, ApprovalsEvent, Card, HistoryTurn, Offer, cards_of
from pages.components import backend, chat_ui, league_notice
from pages.components import cards as card_ui
from pages.components import decisions, history_window
from pages.components.safe_text import plain_text
from pages.components.turn import TurnView, history_events
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

log = logging.getLogger(__name__)

SUGGESTIONS = [
    "Review my matchup and help me optimize for this week without destroying my team.",
    "How has Nikola Jokic played over his last 5 games?",
    "Which free agents should I stream this week?",
]
ss = st.session_state


def _submit() -> None:
    ss["chat_prompt"] = ss.get("chat_input")
    ss["chat_replace"] = ss.pop(chat_ui.EDITING, None)  # the thread whose last question this one replaces


def _suggest(text: str) -> None:
    ss["chat_prompt"] = text


def _category_view(question: str) -> None:
    """The answer's "Show this matchup by category": the categories league, a new chat, the question."""
    ss["settings_scoring"] = "categories"
    ss.pop("settings_w_scoring", None)  # the Settings radio redraws the new value
    backend.start_new_chat()
    ss["chat_prompt"] = question


def draw_user(text: str, key: str | None = None, stopped: bool = False, thread: str = "") -> None:
    """A user's message as typed (plain text, never markdown); the last one has Edit and resend
    (unless a card was decided after it: those moves stay, so the question does too)."""
    with st.chat_message("user"):
        st.markdown(plain_text(text))
        if stopped:
            st.caption(":material/stop_circle: Stopped before an answer: nothing was changed. Ask again or edit it.")
        if key:
            st.button("Edit and resend", key=key, icon=":material/edit:", type="tertiary",
                      on_click=chat_ui.edit_question, args=(text, thread),
                      help="Puts this question back in the box below: change it and send it, and it replaces "
                           "this question and its answer.")


def draw_history(assistant, thread: str, messages: list[HistoryTurn], start: int, pending_ids: set[str],
                 shown: set[str], slots: dict) -> None:
    """Draws stored messages `start`.. of the thread, each turn with the cards it offered."""
    offered = ss["chat_offered"].setdefault(thread, {})  # this session's cards; the store's after a reload
    stored = decisions.offered_by_question(assistant, thread, len(messages))
    asked = [j for j, m in enumerate(messages[:start]) if m.role == "user"]
    asked_at, n_asked = (asked[-1] if asked else 0), len(asked)  # the question the first drawn message answers
    cards_at: dict[int, list] = {}  # each drawn answer's cards
    for i, message in enumerate(messages[start:], start):
        if message.role == "user":
            asked_at, n_asked = i, n_asked + 1
        else:
            cards_at[i] = cards_of(offered.get(asked_at) or stored.get(n_asked - 1, []))
    last = {c.move_id: i for i, cards in cards_at.items() for c in cards}  # a move offered again: its latest turn
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
    for i, message in enumerate(messages[start:], start):
        if message.role == "user":
            answered = i + 1 < len(messages) and messages[i + 1].role != "user"
            editable = i == last_user and not decided_since(assistant, thread)
            draw_user(message.content, f"chat_edit_{i}" if editable else None, stopped=not answered, thread=thread)
            continue
        with st.chat_message("assistant"):
            view = TurnView(thread, f"chat_m{i}", pending_ids, shown, card_prefix="chat", scoring=scoring,
                            lazy_charts=i < len(messages) - 1)  # the latest answer keeps its chart drawn
            view.consume(history_events(message))
            cards = [c for c in cards_at[i] if last[c.move_id] == i]
            view.handle(ApprovalsEvent(cards=decisions.with_blockers(cards, thread)))
            chat_ui.copy_button(message.content, f"chat_copy_{i}", view.under_answer)
            slots |= view.card_slots


def decided_since(assistant, thread: str) -> bool:
    """Whether a card was decided after the thread's last question (then it cannot be replaced)."""
    try:
        last = next(iter(assistant.audit(thread)), None)
    except backend.store_errors():  # unreadable: no Edit button (the runtime would say why anyway)
        return True
    return bool(last and last.is_decision)


def last_user_index(messages: list[HistoryTurn]) -> int:
    return max((i for i, m in enumerate(messages) if m.role == "user"), default=len(messages))


def last_offers(assistant, thread: str) -> list[Offer]:
    """The next steps the thread's last answer offered (this session's, else the audit's after a reload)."""
    offers = ss.setdefault("chat_offers", {})
    if thread not in offers:
        try:
            last = next((r for r in assistant.audit(thread) if not r.is_decision), None)
        except backend.store_errors() as e:  # an unreadable audit: no buttons, the chat still works
            log.warning("audit of %s unreadable: %s", thread, e)
            last = None
        offers[thread] = list(last.offers) if last else []
    return offers[thread]


def undecided(assistant, thread: str, pending: list[Card] | None = None) -> list[Card]:
    """Cards still waiting for a decision (`pending`: the thread's pending cards when just read).
    They never stop a new question: asking sets them aside, still decidable (agents.core.deferred)."""
    pending = assistant.pending_approvals(thread) if pending is None else pending
    return [c for c in pending if not card_ui.is_expired(c) and not card_ui.decided_entry(thread, c.move_id)]


# First, at the page's top level: pinned to the bottom of the view (see the module docstring), and
# drawn first the browser fetches its code while the rest of the run is on its way. No max_chars:
# the browser would cut a longer paste silently; an over-long message is refused before it is
# echoed (`chat_ui.too_long`), with the limit named.
st.chat_input("Ask Courtside…", key="chat_input", on_submit=_submit, submit_mode="disable")
chat_ui.char_counter(MAX_QUESTION)  # characters left, under the box
# The browser skips layout and paint of turns scrolled out of view: a long thread stays light.
# An answer's table fits the message: a compact font and headers that wrap ("z x games" was cut at
# 1400 px); on a phone a table wider than the message scrolls inside it instead of running off.
st.html("<style>[data-testid='stChatMessage']{content-visibility:auto;contain-intrinsic-size:auto 360px}"
        "[data-testid='stChatMessage'] [data-testid='stMarkdownContainer'] table{display:block;max-width:100%;"
        "overflow-x:auto;font-size:0.85rem}"
        "[data-testid='stChatMessage'] [data-testid='stMarkdownContainer'] :is(th,td){padding:0.25rem 0.4rem}"
        "[data-testid='stChatMessage'] [data-testid='stMarkdownContainer'] th{white-space:normal}</style>")
thread = backend.current_thread()
assistant = backend.thread_assistant(thread)
if ss.get("thread_notice"):
    st.warning(ss["thread_notice"], icon=":material/lock:")
scoring = assistant.scoring()
pending = assistant.pending_approvals(thread)  # read once per run: each read loads the whole checkpoint
pending_ids = {c.move_id for c in pending}
shown: set[str] = set()
slots: dict[str, object] = {}
messages = assistant.history(thread)
prompt = (ss.pop("chat_prompt", None) or "").strip()  # a blank message is not sent
refusal = chat_ui.too_long(prompt)
replace_last = bool(prompt) and not refusal and ss.pop("chat_replace", None) == thread
if replace_last:  # edit and resend: the last question and its answer are drawn no more, the edited one runs
    messages = messages[:last_user_index(messages)]
chat_ui.editing_notice(thread)
chat_ui.follow(f"{thread}:{len(messages)}:{int(bool(prompt))}")  # the view keeps to the newest message
chat_ui.stopped_notice(thread)
draw_history(assistant, thread, messages, history_window.start_index(thread, messages), pending_ids, shown, slots)

waiting = [c for c in pending if c.move_id not in shown]
if waiting:  # pending in the graph state but not attached to a stored message
    with st.chat_message("assistant"):
        st.caption("Waiting for your decision:")
        view = TurnView(thread, "chat_pending", pending_ids, shown, card_prefix="chat")
        view.handle(ApprovalsEvent(cards=decisions.with_blockers(waiting, thread)))
        slots |= view.card_slots

queued = decisions.take_queued(thread)
if queued:
    decided = decisions.send_decision(assistant, queued, "chat_resume", shown, slots.get(queued[1]))
    decisions.close_stale(assistant, thread, slots, queued)
    if not decided.errors:
        st.rerun()  # drawn again from the checkpoint, as after a turn (and the sidebar's count with it)

waiting_cards = undecided(assistant, thread, None if queued else pending)  # a decision changed them
first_turn = not messages
if refusal:  # refused before it is drawn: a 5,000-character paste is not echoed in full
    st.error(refusal, icon=":material/block:")
    prompt = ""
if prompt:
    draw_user(prompt)
    with st.chat_message("assistant"):
        view = TurnView(thread, f"chat_m{len(messages) + 1}", None, shown, card_prefix="chat",
                        model_label=assistant.provider_label, scoring=scoring, live=True)
        if first_turn:
            backend.bind_thread(thread, assistant)
        chat_ui.stop_button(thread)
        with closing(assistant.stream_turn(prompt, thread, replace_last=replace_last)) as events:  # Stop: docstring
            result = view.consume(events)
        chat_ui.copy_button(view.answer, f"chat_copy_live_{len(messages)}", view.under_answer)
    ss["chat_offered"].setdefault(thread, {})[len(messages)] = view.offered
    ss.setdefault("chat_offers", {})[thread] = list(result.offers) if result else []
    waiting_cards = undecided(assistant, thread)
    if result and not result.refused and not result.error:
        # The page is drawn again from the checkpoint: what a reload shows is what was shown live
        # (no message only a reload shows, no card that moves under a later message), and the
        # sidebar lists the new thread and its pending count at once. A refusal or a failure stays
        # on screen as drawn: nothing of it was recorded.
        st.rerun()

if not messages and not prompt:
    st.markdown("#### Ask about your team, your matchup or a player")
    st.caption(f":material/groups: {league_notice.first_screen_line(assistant)}")  # the sidebar is shut on a phone
    for n, text in enumerate(SUGGESTIONS):
        st.button(text, key=f"chat_suggest_{n}", on_click=_suggest, args=(text,))

for n, offer in enumerate(last_offers(assistant, thread)):  # the last answer's next steps
    st.button(offer.label, key=f"chat_offer_{n}", icon=":material/grid_view:", on_click=_category_view,
              args=(offer.question,))
if waiting_cards:
    n = len(waiting_cards)
    st.info(f"{n} move{'s are' if n != 1 else ' is'} waiting for your decision: approve or decline on "
            f"{'their cards' if n != 1 else 'its card'} above or on the Approvals page. You can keep asking "
            "meanwhile; the cards stay until you decide.", icon=":material/pending_actions:")

"""Chat (default page): the thread's history redrawn from its checkpoint, then live turns.

Past turns are drawn by the full script run only: the latest `history_window.RECENT_TURNS`, older
ones behind "Show earlier turns" (the browser re-renders every drawn element on each rerun). The
chat input, the live turn and decisions live in a fragment, so sending a question reruns the
fragment alone and the first step shows at once however long the thread is (the turns since the
last full run are redrawn there, usually none).
A pending card never disables the input: a new question sets the waiting cards aside, still
decidable on their card and in Approvals (agents.core.deferred); `submit_mode="disable"` blocks the
input while a turn streams.
"""
import streamlit as st
import logging

from agents.door import ApprovalsEvent, Card, HistoryTurn, Offer, cards_of
from pages.components import backend
from pages.components import cards as card_ui
from pages.components import decisions, history_window
from pages.components.turn import TurnView, history_events
from pages.components.safe_text import no_images

log = logging.getLogger(__name__)

SUGGESTIONS = [
    "Review my matchup and help me optimize for this week without destroying my team.",
    "How has Nikola Jokic played over his last 5 games?",
    "Which free agents should I stream this week?",
]
ss = st.session_state


def _submit() -> None:
    ss["chat_prompt"] = ss.get("chat_input")


def _suggest(text: str) -> None:
    ss["chat_prompt"] = text


def _category_view(question: str) -> None:
    """The answer's "Show this matchup by category": the categories league, a new chat, the question."""
    ss["settings_scoring"] = "categories"
    ss.pop("settings_w_scoring", None)  # the Settings radio redraws the new value
    backend.start_new_chat()
    ss["chat_prompt"] = question


def draw_history(assistant, thread: str, messages: list[HistoryTurn], start: int, pending_ids: set[str],
                 shown: set[str], slots: dict) -> None:
    """Draws stored messages `start`.. of the thread, each turn with the cards it offered."""
    offered = ss["chat_offered"].setdefault(thread, {})  # this session's cards; the store's after a reload
    stored = decisions.offered_by_question(assistant, thread)
    asked = [j for j, m in enumerate(messages[:start]) if m.role == "user"]
    asked_at, n_asked = (asked[-1] if asked else 0), len(asked)  # the question the first drawn message answers
    cards_at: dict[int, list] = {}  # each drawn answer's cards
    for i, message in enumerate(messages[start:], start):
        if message.role == "user":
            asked_at, n_asked = i, n_asked + 1
        else:
            cards_at[i] = cards_of(offered.get(asked_at) or stored.get(n_asked - 1, []))
    last = {c.move_id: i for i, cards in cards_at.items() for c in cards}  # a move offered again: its latest turn
    for i, message in enumerate(messages[start:], start):
        with st.chat_message(message.role):
            if message.role == "user":
                st.markdown(no_images(message.content))
                continue
            view = TurnView(thread, f"chat_m{i}", pending_ids, shown, card_prefix="chat", scoring=scoring,
                            lazy_charts=i < len(messages) - 1)  # the latest answer keeps its chart drawn
            view.consume(history_events(message))
            cards = [c for c in cards_at[i] if last[c.move_id] == i]
            view.handle(ApprovalsEvent(cards=decisions.with_blockers(cards, thread)))
            slots |= view.card_slots


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


# Everything above the live turn is drawn in one container, so the fragment below is always called
# at the same place on the page. Streamlit names a fragment by where it is called: called after the
# turns themselves, it got a new name whenever a full run drew more turns (the one after a thread's
# first answer), and a question sent before the browser had the new name was dropped ("Couldn't
# find fragment"), the input emptied and nothing answered.
with st.container():
    # The browser skips layout and paint of turns scrolled out of view: a long thread stays light.
    st.html("<style>[data-testid='stChatMessage']{content-visibility:auto;contain-intrinsic-size:auto 360px}</style>")
    thread = backend.current_thread()
    assistant = backend.thread_assistant(thread)
    if ss.get("thread_notice"):
        st.warning(ss["thread_notice"], icon=":material/lock:")
    scoring = assistant.scoring()
    pending_ids = {c.move_id for c in assistant.pending_approvals(thread)}
    shown: set[str] = set()
    slots: dict[str, object] = {}
    history = assistant.history(thread)
    drawn = len(history)
    draw_history(assistant, thread, history, history_window.start_index(thread, history), pending_ids, shown, slots)


@st.fragment
def live_turn() -> None:
    """The part of the page a question or a decision reruns: new turns, cards, the input."""
    # First: Streamlit pins it to the page's bottom wherever it is called, and drawn first the
    # browser fetches its code while the rest of the run is still on its way (the page is usable
    # sooner). No max_chars: the browser would cut a longer paste silently; the runtime refuses
    # it in one line.
    st.chat_input("Ask Courtside…", key="chat_input", on_submit=_submit, submit_mode="disable")
    full_run = ss.pop("_chat_full_run", False)
    messages = history if full_run else assistant.history(thread)
    here_shown, here_slots = set(shown), dict(slots)
    pending = assistant.pending_approvals(thread)  # read once per run: each read loads the whole checkpoint
    ids = {c.move_id for c in pending}
    if len(messages) > drawn:  # turns since the last full run (this fragment drew them live)
        draw_history(assistant, thread, messages, drawn, ids, here_shown, here_slots)

    waiting = [c for c in pending if c.move_id not in here_shown]
    if waiting:  # pending in the graph state but not attached to a stored message
        with st.chat_message("assistant"):
            st.caption("Waiting for your decision:")
            view = TurnView(thread, "chat_pending", ids, here_shown, card_prefix="chat")
            view.handle(ApprovalsEvent(cards=decisions.with_blockers(waiting, thread)))
            here_slots |= view.card_slots

    queued = decisions.take_queued(thread)
    if queued:
        # A fragment rerun may write only into what it drew: a card slot of the full page run (an
        # earlier turn's set) raised StreamlitInvalidLayoutContextError and lost the chat input.
        # Those cards show their outcome at the next full run.
        owned = here_slots if full_run else {k: v for k, v in here_slots.items() if slots.get(k) is not v}
        decisions.send_decision(assistant, queued, "chat_resume", here_shown, owned.get(queued[1]))
        decisions.close_stale(assistant, thread, owned)

    prompt = (ss.pop("chat_prompt", None) or "").strip()  # a blank message is not sent
    waiting_cards = undecided(assistant, thread, None if queued else pending)  # a decision changed them
    first_turn = not messages
    if prompt:
        with st.chat_message("user"):
            st.markdown(no_images(prompt))
        with st.chat_message("assistant"):
            view = TurnView(thread, f"chat_m{len(messages) + 1}", None, here_shown, card_prefix="chat",
                            model_label=assistant.provider_label, scoring=scoring)
            if first_turn:
                backend.bind_thread(thread, assistant)
            result = view.consume(assistant.stream_turn(prompt, thread))
        ss["chat_offered"].setdefault(thread, {})[len(messages)] = view.offered
        ss.setdefault("chat_offers", {})[thread] = list(result.offers) if result else []
        waiting_cards = undecided(assistant, thread)
        if first_turn and not (result and result.refused):  # a refusal stays on screen: nothing was recorded
            st.rerun()  # the sidebar lists the new thread (a full run of one turn is quick)

    if not messages and not prompt:
        st.markdown("#### Ask about your team, your matchup or a player")
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


ss["_chat_full_run"] = True  # the fragment reuses this run's history; alone, it reads it again
live_turn()

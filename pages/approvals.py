"""Approvals: every pending card across threads (read from graph state), plus the decisions made.

Decided and pending moves show their realized gain (hindsight from the real box scores of the rest
of the week) only behind the Hindsight toggle, off by default; the agent never sees it either way.
Decisions are named in the words every page uses (`moves.decision_text`).
"""
import streamlit as st

from agents.door import Card
from pages.components import backend, decisions, ownership, signal_cards
from pages.components import cards as card_ui
from pages.components.league_tables import decision_rows
from pages.components.safe_text import no_images
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

HINDSIGHT = "Hindsight (not visible to the agent)"
ss = st.session_state
assistant = backend.assistant()
pending = ownership.all_pending(assistant)  # every league's cards, each labelled with its league
titles = {t.thread_id: t.title or "Untitled" for t in assistant.threads(limit=100, pending=False)}

st.title("Approvals")
st.caption("Roster moves wait here until you decide. Nothing changes in the league until you approve; "
           "cards expire when lineups lock (league clock).")
show_hindsight = st.toggle(HINDSIGHT, key="approvals_hindsight", value=False,
                           help="For evaluation: what each pending move really gained over the rest of the week, "
                                "from box scores the agent does not see.")

leagues = sorted({card_ui.note(c, "league") for c in pending})
picked = st.multiselect("League", leagues, key="approvals_leagues", placeholder="All leagues",
                        help="Cards are decided in the league they were made for, whatever Settings shows.")
pending = [c for c in pending if not picked or card_ui.note(c, "league") in picked]

slots: dict[tuple[str, str], object] = {}  # (thread, move): one move can be offered in two threads
by_thread: dict[str, list[Card]] = {}
for card in pending:
    by_thread.setdefault(card_ui.note(card, "thread_id"), []).append(card)
if not by_thread:
    st.info("No moves are waiting for a decision.", icon=":material/done_all:")
for thread_id, cards in by_thread.items():
    head, link = st.columns([4, 1])
    head.markdown(f"**{no_images(titles.get(thread_id, 'Conversation'))}** · {card_ui.note(cards[0], 'league')}")
    link.page_link("pages/chat.py", label="Open chat", icon=":material/chat:", query_params={"thread": thread_id})
    if len(cards) >= 2:
        st.caption(f":material/alt_route: {card_ui.alternatives_text(len(cards))}")
    for card in cards:
        seen = (HINDSIGHT, assistant.hindsight(card)) if show_hindsight else None
        card = decisions.with_blockers([card], thread_id)[0]
        slots[(thread_id, card.move_id)] = card_ui.render_card(card, thread_id, "approvals", None, hindsight=seen)

queued = decisions.take_queued()
if queued:
    shown = {move_id for t, move_id in slots if t == queued[0]}
    decisions.send_decision(assistant, queued, "approvals_resume", shown, slots.get(queued[:2]))
    decisions.close_stale(assistant, queued[0], {m: slots[(t, m)] for t, m in slots if t == queued[0]}, queued)

decided = [e for e in ss["cards_decided"].values()
           if e.get("card") and (e.get("thread_id"), e["card"].move_id) not in slots and e.get("outcome") is not None]
if decided:
    st.subheader("Decided in this session")
    for entry in decided:
        card_ui.render_card(entry["card"], entry["thread_id"], "approvals_done", set(),
                            hindsight=("Hindsight", assistant.hindsight(entry["card"])) if show_hindsight else None)

history = assistant.decided()
if history:
    st.subheader("History")
    st.caption("Every decided card of this league. " + (
        "Realized gains come from the real box scores of the rest of that week: an evaluation the agent never "
        "sees when it recommends." if show_hindsight else "Turn Hindsight on to see what each move really gained."))
    st.dataframe(decision_rows(history, show_hindsight), hide_index=True, key="approvals_history")

st.subheader("Signals")
st.caption("Game edges from the signals pod. Approve publishes the signal and takes the paper position at the price; "
           "a signal expires at its game's tip (league clock).")
signal_cards.render_inbox(signal_cards.pod(assistant), signal_cards.league_now(assistant))

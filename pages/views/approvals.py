"""Approvals: every pending card across threads (read from graph state), plus this session's decisions."""
import streamlit as st

from pages.components import backend, decisions
from pages.components import cards as card_ui

ss = st.session_state
assistant = backend.assistant()
pending = assistant.all_pending()
pending_ids = {c["move_id"] for c in pending}
titles = {t["thread_id"]: t.get("title") or "Untitled" for t in assistant.list_threads(limit=100)}

st.title("Approvals")
st.caption("Roster moves wait here until you decide. Nothing changes in the league until you approve; "
           "cards expire when lineups lock (league clock).")

slots: dict[str, object] = {}
by_thread: dict[str, list[dict]] = {}
for card in pending:
    by_thread.setdefault(card["thread_id"], []).append(card)
if not by_thread:
    st.info("No moves are waiting for a decision.", icon=":material/done_all:")
for thread_id, cards in by_thread.items():
    head, link = st.columns([4, 1])
    head.markdown(f"**{titles.get(thread_id, 'Conversation')}**")
    link.page_link("pages/views/chat.py", label="Open chat", icon=":material/chat:", query_params={"thread": thread_id})
    for card in cards:
        slots[card["move_id"]] = card_ui.render_card(card, thread_id, "approvals", pending_ids)

queued = decisions.take_queued()
if queued:
    decisions.send_decision(assistant, queued, "approvals_resume", set(pending_ids), slots.get(queued[1]))

decided = [(mid, e) for mid, e in ss["cards_decided"].items()
           if e.get("card") and mid not in slots and e.get("outcome") is not None]
if decided:
    st.subheader("Decided in this session")
    for _, entry in decided:
        card_ui.render_card(entry["card"], entry["thread_id"], "approvals_done", set())

"""Chat (default page): the thread's history redrawn from its checkpoint, then live turns.

While a card is pending the input is disabled (a decision resumes the paused run; a new question
would start a competing one), and `submit_mode="disable"` blocks it while a turn streams.
"""
import streamlit as st

from pages.components import backend
from pages.components import cards as card_ui
from pages.components import decisions
from pages.components.turn import TurnView, history_events
from pages.components.safe_text import no_images

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


assistant = backend.assistant()
thread = backend.current_thread()
pending_ids = {c["move_id"] for c in assistant.pending_approvals(thread)}
shown: set[str] = set()
slots: dict[str, object] = {}

history = assistant.history(thread)
offered = ss["chat_offered"].setdefault(thread, {})  # checkpoints keep no cards once decided
asked_at = 0
for i, message in enumerate(history):
    with st.chat_message(message["role"]):
        if message["role"] == "user":
            asked_at = i
            st.markdown(no_images(message.get("content", "")))
            continue
        view = TurnView(thread, f"chat_m{i}", pending_ids, shown, card_prefix="chat")
        view.consume(history_events(message))
        view.handle({"type": "approvals", "cards": offered.get(asked_at, [])})
        slots |= view.card_slots

waiting = [c for c in assistant.pending_approvals(thread) if c["move_id"] not in shown]
if waiting:  # pending in the graph state but not attached to a stored message
    with st.chat_message("assistant"):
        st.caption("Waiting for your decision:")
        view = TurnView(thread, "chat_pending", pending_ids, shown, card_prefix="chat")
        view.handle({"type": "approvals", "cards": waiting})
        slots |= view.card_slots

queued = decisions.take_queued(thread)
if queued:
    decisions.send_decision(assistant, queued, "chat_resume", shown, slots.get(queued[1]))
    decisions.close_stale(assistant, thread, slots)

prompt = (ss.pop("chat_prompt", None) or "").strip()  # a blank message is not sent
blocked = [c for c in assistant.pending_approvals(thread)
           if not card_ui.is_expired(c) and not card_ui.decided_entry(thread, c["move_id"])]
if prompt and blocked:
    st.info("Not sent: a move is waiting for your decision. Approve or decline it first.")
elif prompt:
    with st.chat_message("user"):
        st.markdown(no_images(prompt))
    with st.chat_message("assistant"):
        view = TurnView(thread, f"chat_m{len(history) + 1}", None, shown, card_prefix="chat")
        view.consume(assistant.stream_turn(prompt, thread))
    offered[len(history)] = view.offered
    blocked = [c for c in assistant.pending_approvals(thread)
               if not card_ui.is_expired(c) and not card_ui.decided_entry(thread, c["move_id"])]

if not history and not prompt:
    st.markdown("#### Ask about your team, your matchup or a player")
    for n, text in enumerate(SUGGESTIONS):
        st.button(text, key=f"chat_suggest_{n}", on_click=_suggest, args=(text,))

if blocked:
    st.info("A move is waiting for your decision: approve or decline it above (or on the Approvals "
            "page) before asking something new.", icon=":material/pending_actions:")
st.chat_input("Decide on the pending move first" if blocked else "Ask Courtside…", key="chat_input",
              on_submit=_submit, disabled=bool(blocked), submit_mode="disable", max_chars=backend.max_question())

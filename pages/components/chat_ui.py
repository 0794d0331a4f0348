"""What the chat page adds to Streamlit's chat elements to work as chat apps do: the view that
follows the newest message, Stop, Edit and resend, Copy, and a long paste refused before it is echoed.

How others do it, and what is taken here: agent-chat-ui and Chainlit keep the composer at the
bottom, turn its send button into Stop while a run streams (the run is cancelled, what it wrote so
far stays), offer Edit on the user's message (the question goes back into the composer) and a Copy
icon under each answer; the view sticks to the bottom while the answer streams unless the user
scrolls up. Streamlit pins `st.chat_input` to the bottom itself when it is called at the page's top
level; the rest is here.
"""
from __future__ import annotations

import html
import json

import streamlit as st

STOPPED = "chat_stopped"  # the thread whose turn the user stopped (read once by the next run)

# One observer per browser tab: while the view is stuck to the bottom, every change of the page (a
# new message, a streamed chunk, a card, an element that grows as it draws) scrolls the view to the
# bottom. Only the user unsticks it: a wheel turned up, or a scroll up within a second of a touch, key
# or pointer press (the scrollbar dragged); scrolling back down to within 160 px of the bottom sticks
# it again.
# A scroll the browser makes itself (scroll anchoring while the content above the view reflows, the
# page growing under a reload) never unsticks it: that race left the view at the top of a long
# answer after a reload under load. An unexplained scroll up holds the following back for half a
# second (under load a wheel's scroll came before its event, and the view was taken back down before
# the event said it was the user's), and a scroll to the bottom asks again whether the view is stuck
# when it runs (one queued before a wheel had undone it). `token` changes with the thread and its
# number of messages, so a new message (or opening a thread) brings the view to the newest.
_FOLLOW = """<script>
(() => {
  const w = window;
  const scroller = () => {
    for (const sel of ['[data-testid="stAppScrollToBottomContainer"]', '.stMain', '[data-testid="stMain"]', '[data-testid="stAppViewContainer"]']) {
      const el = document.querySelector(sel);
      if (el && el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)) return el;
    }
    return document.scrollingElement;
  };
  const toBottom = () => { const el = scroller(); if (el) el.scrollTop = el.scrollHeight; };
  if (!w.__courtsideFollow) {
    const DOUBT = 500;  // ms an unexplained scroll up holds the following back
    const state = {stick: true, token: null, intent: 0, watched: null, last: 0, doubt: 0, retry: 0, wheelUp: 0};
    const nearBottom = (el) => el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    const touched = () => { state.intent = Date.now(); };
    for (const ev of ['touchstart', 'touchmove', 'keydown', 'pointerdown'])
      document.addEventListener(ev, touched, {capture: true, passive: true});
    // a wheel turned up is the user leaving the bottom, whenever its scroll events come
    document.addEventListener('wheel', (e) => {
      touched();
      if (e.deltaY < 0) { state.stick = false; state.wheelUp = Date.now(); } else if (e.deltaY > 0) state.wheelUp = 0;
    }, {capture: true, passive: true});
    document.addEventListener('scroll', (e) => {
      const el = scroller();
      if (!el || !(e.target === el || e.target === document)) return;
      const up = el.scrollTop < state.last - 1;
      state.last = el.scrollTop;
      if (up && Date.now() - state.intent < 1000) state.stick = false;  // the user's scroll up
      else if (up) state.doubt = Date.now();  // the browser's, or a wheel whose event comes after it
      // back down to the newest; not in the second after a wheel turned up (a scroll event of the follower's
      // own, dispatched after the wheel's, had stuck the view again)
      else if (!up && nearBottom(el) && Date.now() - state.wheelUp > 1000) state.stick = true;
    }, true);
    // the chat's own: another page of the app (no composer) keeps its scroll where the user put it
    const onChat = () => !!document.querySelector('[data-testid="stChatInput"]');
    // the scroll to the bottom asks again when it runs (a wheel turned between the two stays turned),
    // and waits out an unexplained scroll up: a wheel's scroll can come before its event
    const follow = () => {
      if (!state.stick || !onChat()) return;
      const wait = DOUBT - (Date.now() - state.doubt);
      if (wait > 0) { if (!state.retry) state.retry = setTimeout(() => { state.retry = 0; follow(); }, wait); return; }
      requestAnimationFrame(() => { if (state.stick) toBottom(); });
    };
    const grows = new ResizeObserver(follow);
    new MutationObserver(() => {
      const el = scroller(), body = el && el.firstElementChild;
      if (body && body !== state.watched) { if (state.watched) grows.unobserve(state.watched); grows.observe(body); state.watched = body; }
      follow();
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
    w.__courtsideFollow = state;
  }
  const state = w.__courtsideFollow;
  if (state.token !== %(token)s) { state.token = %(token)s; state.stick = true; toBottom(); }
})();
</script>"""

_COPY = """<button id="%(id)s" type="button" title="Copy this answer" data-text="%(text)s"
 style="border:1px solid #e4e4e7;background:#fff;border-radius:6px;padding:2px 10px;font-size:0.8rem;color:#52525b;cursor:pointer">Copy</button>
<script>
(() => {
  const b = document.getElementById(%(id_js)s);
  if (!b || b.dataset.ready) return;
  b.dataset.ready = "1";
  b.addEventListener('click', () => navigator.clipboard.writeText(b.dataset.text).then(() => {
    b.textContent = 'Copied';
    setTimeout(() => { b.textContent = 'Copy'; }, 1500);
  }));
})();
</script>"""


# The composer's character counter: Streamlit's `max_chars` would cut a long paste silently, so the
# box takes any length and this line under it says how many characters are left while the box holds
# text (empty: nothing), and by how many a paste is over: the runtime then
# refuses it whole, before it is echoed (`too_long`). Read from the box every 250 ms as well as on
# input: a sent message empties the box without an input event.
_COUNT = """<div id="cs-count" aria-live="polite" data-testid="courtsideCharCount"
 style="font-size:0.8rem;color:#71717a;text-align:right;min-height:1.1rem"></div>
<script>
(() => {
  const limit = %(limit)d, from = %(from)d, fmt = (n) => n.toLocaleString('en-US');
  const update = () => {
    const box = document.querySelector('[data-testid="stChatInputTextArea"]');
    const out = document.getElementById('cs-count');
    if (!box || !out) return;
    const n = box.value.trim().length, left = limit - n;
    const text = left < 0 ? `${fmt(-left)} characters over the ${fmt(limit)} limit: shorten it to send`
      : (n >= from ? `${fmt(left)} of ${fmt(limit)} characters left` : '');
    if (out.textContent !== text) out.textContent = text;
    out.style.color = left < 0 ? '#dc2626' : '#71717a';
  };
  if (!window.__courtsideCount) {
    document.addEventListener('input', update, true);
    window.__courtsideCount = setInterval(update, 250);
  }
  update();
})();
</script>"""


def char_counter(limit: int) -> None:
    """Under the composer (st.bottom): how many characters are left, and by how many a paste is over."""
    st.bottom.html(_COUNT % {"limit": limit, "from": 1}, unsafe_allow_javascript=True)


def follow(token: str) -> None:
    """Keeps the view on the newest message (see `_FOLLOW`)."""
    st.html(_FOLLOW % {"token": json.dumps(token)}, unsafe_allow_javascript=True)


def copy_button(text: str | None, key: str, where=None) -> None:
    """A Copy button under an answer (`where`: the turn's `under_answer` container): the answer's
    text as written (markdown source) to the clipboard."""
    if not text:
        return
    dom_id = f"cs-{key}"
    with (where or st.container()), st.container(key=key):
        st.html(_COPY % {"text": html.escape(text, quote=True), "id": dom_id, "id_js": json.dumps(dom_id)},
                unsafe_allow_javascript=True)


EDITING = "chat_editing"  # the thread whose last question the composer now edits


def edit_question(text: str, thread: str) -> None:
    """Edit and resend: the question goes back into the composer; sent, it replaces the last turn."""
    st.session_state["chat_input"] = text
    st.session_state[EDITING] = thread


def _cancel_edit() -> None:
    st.session_state.pop(EDITING, None)
    st.session_state["chat_input"] = ""


def editing_notice(thread: str) -> None:
    """Under the composer while it holds the last question to edit: what sending does, and Cancel."""
    if st.session_state.get(EDITING) != thread:
        return
    row = st.bottom.container(horizontal=True, vertical_alignment="center")
    row.caption(":material/edit: Editing your last question: sending replaces it, its answer and its cards.")
    row.button("Cancel edit", key="chat_cancel_edit", type="tertiary", on_click=_cancel_edit)


def _stopped(thread: str) -> None:
    st.session_state[STOPPED] = thread


def stop_button(thread: str) -> None:
    """Stop, pinned under the composer while the turn streams. A click reruns the page: Streamlit
    ends the running script at its next element, the page closes the turn's stream, and the rerun
    draws the thread from its checkpoint (chat page docstring; docs/conversation.md)."""
    st.bottom.button("Stop", key="chat_stop", icon=":material/stop_circle:", on_click=_stopped, args=(thread,),
                     help="Stops this answer. The question stays in the thread; nothing is changed.")


def stopped_notice(thread: str) -> None:
    if st.session_state.pop(STOPPED, None) == thread:
        st.toast("Stopped. The question stays in the thread; no card or move came from it.",
                 icon=":material/stop_circle:")


def too_long(prompt: str) -> str | None:
    """Why a message is refused before it is echoed (over the runtime's limit), else None."""
    from agents import door

    return door.question_problem(prompt) if prompt else None

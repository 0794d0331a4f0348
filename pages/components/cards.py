"""Approval cards: the move, its numbers and reasons, a countdown on the league clock, and buttons.

A decision is guarded twice: `cards_decided` in session state swallows a second click before it
reaches the backend, and the backend applies a `move_id` at most once anyway. Move ids are derived
from the move itself, so two threads can offer the same one: widget keys and `cards_decided` carry
the thread as well. A card that has
been decided, expired, or is no longer pending in the graph state is drawn read-only.

Every function here takes a typed `Card` (a dict raises `TypeError`): pages validate cards once
where they enter (`as_card`, the approvals event). What only the UI adds to a card (`blocked`,
`decided`, `thread_id`, `league`) rides in the card's extra fields, read with `note`.
"""
from __future__ import annotations

import datetime as dt

import streamlit as st

from agents.door import Card, cards_of
from pages.components.labels import gain_text
from pages.components.moves import done_text
from pages.components.safe_text import no_images

DEMO_CLOCK = dt.time(12, 0)  # the demo league's clock stands at noon of its as-of day


def as_card(card: Card | dict) -> Card:
    """The typed card for a card read from the runtime (its JSON) or already typed."""
    return cards_of([card])[0]


def _typed(card: Card) -> Card:
    if not isinstance(card, Card):
        raise TypeError(f"a card widget takes a Card, not {type(card).__name__} (validate it with as_card)")
    return card


def note(card: Card, key: str):
    """What the UI added to a card (`blocked`, `decided`, `thread_id`, `league`...), else None."""
    return (_typed(card).model_extra or {}).get(key)


CLOCK_SINCE, CLOCK_WALL = "cards_clock_since", "cards_clock_wall"


def begin_render() -> None:
    """Once per script run (app.py): the one instant every card of this run reads its countdown at,
    and the session's clock start. Each card's own clock started when it was issued, so three card
    sets on one screen said 6h 59m, 6h 37m and 6h 42m to the same 19:00 lock; on one screen they
    now read one league clock: noon when the session opened, running with real time."""
    now = dt.datetime.now(dt.timezone.utc)
    st.session_state.setdefault(CLOCK_SINCE, now)
    st.session_state[CLOCK_WALL] = now


def league_now(card: Card) -> dt.datetime:
    """The card's league clock at this run's instant (the demo: noon of its as-of day when the
    session opened, then real time; a real league: its wall clock)."""
    from agents.door import card_now

    if CLOCK_WALL not in st.session_state:  # a page run without app.py (AppTest of one page)
        begin_render()
    try:
        return card_now(_typed(card), wall=st.session_state[CLOCK_WALL], since=st.session_state[CLOCK_SINCE])
    except ValueError:
        return dt.datetime.now()


def expires_in(card: Card) -> dt.timedelta | None:
    card = _typed(card)
    try:
        return dt.datetime.fromisoformat(card.expires_at) - league_now(card)
    except (TypeError, ValueError):
        return None


def _expired_itself(card: Card) -> bool:
    """Past its lock on its own clock (from its issue time): what the approval gate refuses."""
    from agents.door import card_now

    try:
        return card_now(card, wall=st.session_state.get(CLOCK_WALL)) >= dt.datetime.fromisoformat(card.expires_at)
    except (TypeError, ValueError):
        return False


def countdown_text(card: Card) -> str:
    left = expires_in(card)
    if left is None:
        return ""
    if left.total_seconds() <= 0 or _expired_itself(card):
        return f"Expired at {card.expires_at.replace('T', ' ')[:16]} (league clock)"
    hours, rest = divmod(int(left.total_seconds()), 3600)
    return f"Expires in {hours}h {rest // 60:02d}m (league clock, lineups lock {card.expires_at[11:16]})"


def is_expired(card: Card) -> bool:
    """Past its lock on the screen's clock, or on its own (a card of an earlier session the gate refuses)."""
    left = expires_in(card)
    return (left is not None and left.total_seconds() <= 0) or _expired_itself(_typed(card))


def title(card: Card) -> str:
    card = _typed(card)
    if card.title:
        return card.title
    return f"Drop {card.drop} -> Add {card.add}, {card.expected_gain:+} {card.unit} expected"


def season_text(card: Card) -> str:
    """Both numbers of a card: the gain this week and the change of rest-of-season value."""
    card = _typed(card)
    unit = "cat value" if card.unit == "cats" else "pts"
    kind = {"ir": "IR move (nobody dropped now) · ", "activate": "Back from IR (one player has to go) · ",
            "activate_ir": "Back from IR (an OUT player takes the slot, nobody dropped) · "}.get(card.kind, "")
    return (f"{kind}This week {card.expected_gain:+} {card.unit} · rest of season "
            f"{card.season_gain:+} {unit}")


def decided_key(thread_id: str, move_id: str) -> str:
    """The `cards_decided` key of a card: the same move can be offered in two threads."""
    return f"{thread_id}/{move_id}"


def decided_entry(thread_id: str, move_id: str) -> dict | None:
    return st.session_state["cards_decided"].get(decided_key(thread_id, move_id))


def decide(thread_id: str, move_id: str, decision: str, card: Card | None = None) -> None:
    """Button callback: queue one decision per card; later clicks on the same card do nothing."""
    decided = st.session_state["cards_decided"]
    key = decided_key(thread_id, move_id)
    if key in decided:
        return
    decided[key] = {"decision": decision, "outcome": None, "thread_id": thread_id, "card": card}
    st.session_state["chat_queued_decision"] = (thread_id, move_id, decision)


def outcome_of(card: Card, thread_id: str) -> dict | None:
    """What happened to this card: this session's record first, then the card's own fields."""
    mine = decided_entry(thread_id, _typed(card).move_id)
    if mine:
        return mine
    stored = note(card, "decided")  # read back from the store after a reload
    if stored:
        return stored_outcome(card, stored)
    for field in ("decision", "outcome", "status"):
        if note(card, field) and note(card, field) not in ("pending",):
            return {"decision": str(note(card, field)), "outcome": note(card, "reason")}
    return None


def stored_outcome(card: Card, stored: dict) -> dict:
    """A decision read from the store as an outcome line (what a live decision would have said)."""
    decision, outcome = stored.get("decision"), stored.get("outcome")
    if outcome == "refused":
        return {"decision": decision, "outcome": stored.get("reason") or "refused", "refused": True}
    if decision == "approve":
        if outcome == "approved":
            return {"decision": "approve", "outcome": "Approved. Recorded; make it in ESPN."}
        return {"decision": "approve", "outcome": approved_line(card)}  # what the live decision wrote
    return {"decision": "decline", "outcome": "Declined. Nothing changed."}


def approved_line(card: Card) -> str:
    """An applied card's outcome, live and after a reload, in the words of every page
    (`moves.done_text`): "Approved. Moved A to IR, added B (+3.1 pts expected this week); nobody was dropped."."""
    card = _typed(card)
    nobody = "; nobody was dropped" if card.kind in ("ir", "activate_ir") else ""
    return f"Approved. {done_text(card)} ({card.expected_gain:+} {card.unit} expected this week){nobody}."


def is_closed(card: Card, thread_id: str, pending_ids: set[str] | None) -> bool:
    """Drawn without buttons only because the run moved on (another card of its set was decided):
    undecided, not expired, not blocked, and not among `pending_ids` (None: a live turn's, pending)."""
    move_id = _typed(card).move_id
    return bool((note(card, "closed") or (pending_ids is not None and move_id not in pending_ids))
                and not outcome_of(card, thread_id) and not is_expired(card) and not note(card, "blocked"))


ALTERNATIVES = ("These {n} cards are alternatives: approving one closes the others (they were computed for "
                "today's roster). Declining one keeps the others open.")


def alternatives_text(n: int) -> str:
    """Said above a set of cards before the first click (the set closes on one approval)."""
    return ALTERNATIVES.format(n=n)


def closed_text(approved: Card | None) -> str:
    """What happened to a card closed undecided, live and after a reload."""
    if approved is not None:
        return (f"Closed: you approved another alternative ({done_text(approved)}). This card was computed for "
                "the roster before that move; ask again for moves on today's roster.")
    return ("Closed: another card of its set was approved, so this one was computed for an older roster; "
            "ask again for moves on today's roster.")


def render_card(card: Card, thread_id: str, key_prefix: str, pending_ids: set[str] | None = None,
                hindsight: tuple[str, float | None] | None = None, closed_by: Card | None = None):
    """Draws one card; returns an `st.empty` slot where the decision's outcome will be written.

    `hindsight` is (label, realized gain) for evaluation views: drawn next to the expected gain;
    `closed_by` is the approved sibling that closed this card (named on it).
    """
    move_id = _typed(card).move_id
    uid = f"{thread_id}_{move_id}"  # unique per page even when two threads offer the same move
    with st.container(border=True, key=f"{key_prefix}_card_{uid}"):
        st.markdown(f"**{no_images(title(card))}**")
        if card.season_gain is not None:
            st.caption(season_text(card))
        cols = st.columns(3)
        cols[0].caption(f"Games left: {card.drop} {card.drop_games_remaining}, {card.add} {card.add_games_remaining}")
        cols[1].caption(f"Confidence {card.confidence:.0%}")
        open_now = not outcome_of(card, thread_id) and not note(card, "closed") and (
            pending_ids is None or move_id in pending_ids)
        # a decided or closed card stops counting: it shows the lock it was made for
        cols[2].caption(countdown_text(card) if open_now else f"Made for the {card.expires_at[11:16]} lineup lock")
        for reason in card.reasons:
            st.markdown(f"- {no_images(reason)}")
        if card.unit == "cats" and card.category_deltas:
            deltas = ", ".join(f"{k.upper()} {v * 100:+.0f}" for k, v in card.category_deltas.items()
                               if round(v * 100))
            if deltas:
                st.caption(f"Win chance change (percentage points): {deltas}")
        if hindsight is not None:
            label, realized = hindsight
            st.caption(f":material/history: {label}: "
                       f"{gain_text(card.expected_gain, realized, card.unit)}")
        slot = st.empty()
        outcome = outcome_of(card, thread_id)
        if outcome:
            _show_outcome(slot, outcome)
        elif is_expired(card):
            slot.warning("Expired: this card is read-only.")
        elif note(card, "blocked"):
            slot.warning(f"Cannot be decided here: {note(card, 'blocked')}.", icon=":material/lock:")
        elif (pending_ids is not None and move_id not in pending_ids) or note(card, "closed"):
            slot.info(closed_text(closed_by), icon=":material/block:")
        else:
            with slot.container():
                a, d, _ = st.columns([1, 1, 4])
                a.button("Approve", key=f"{key_prefix}_approve_{uid}", type="primary",
                         on_click=decide, args=(thread_id, move_id, "approve", card))
                d.button("Decline", key=f"{key_prefix}_decline_{uid}",
                         on_click=decide, args=(thread_id, move_id, "decline", card))
    return slot


def _show_outcome(slot, outcome: dict) -> None:
    decision, text = outcome.get("decision", ""), outcome.get("outcome")
    if outcome.get("refused"):
        slot.error(f"Not applied: {text}")
    elif text is None:
        slot.info(f"{decision.capitalize()}: sending your decision…")
    elif decision.startswith("approve") or decision == "applied":
        slot.success(_prefixed("Approved.", text))
    else:
        slot.info(_prefixed("Declined.", text))


def _prefixed(head: str, text: str | None) -> str:
    """"Declined. <text>", without saying it twice when the text already starts with the word."""
    text = (text or "").strip()
    if text.lower().startswith(head.lower().rstrip(".")):
        return text
    return f"{head} {text}".strip()


def record_outcome(thread_id: str, move_id: str, text: str, refused: bool, slot=None) -> None:
    key = decided_key(thread_id, move_id)
    entry = st.session_state["cards_decided"].setdefault(key, {"decision": "approve", "thread_id": thread_id})
    entry.update(outcome=text, refused=refused)
    if slot is not None:
        _show_outcome(slot, entry)

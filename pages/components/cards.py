"""Approval cards: the move, its numbers and reasons, a countdown on the league clock, and buttons.

A decision is guarded twice: `cards_decided` in session state swallows a second click before it
reaches the backend, and the backend applies a `move_id` at most once anyway. Move ids are derived
from the move itself, so two threads can offer the same one: widget keys and `cards_decided` carry
the thread as well. A card that has
been decided, expired, or is no longer pending in the graph state is drawn read-only.
"""
from __future__ import annotations

import datetime as dt

import streamlit as st

from pages.components.labels import gain_text

DEMO_CLOCK = dt.time(12, 0)  # the demo league's clock stands at noon of its as-of day


def league_now(card: dict) -> dt.datetime:
    """The card's league clock (the demo's as-of day at noon; a real league's wall clock)."""
    try:
        from agents.cards import league_now as agent_clock

        return agent_clock(card.get("league_kind", "demo"), dt.date.fromisoformat(card["as_of"]))
    except (ImportError, KeyError, ValueError):
        return dt.datetime.now()


def expires_in(card: dict) -> dt.timedelta | None:
    try:
        return dt.datetime.fromisoformat(card["expires_at"]) - league_now(card)
    except (KeyError, TypeError, ValueError):
        return None


def countdown_text(card: dict) -> str:
    left = expires_in(card)
    if left is None:
        return ""
    if left.total_seconds() <= 0:
        return f"Expired at {card['expires_at'].replace('T', ' ')[:16]} (league clock)"
    hours, rest = divmod(int(left.total_seconds()), 3600)
    return f"Expires in {hours}h {rest // 60:02d}m (league clock, lineups lock {card['expires_at'][11:16]})"


def is_expired(card: dict) -> bool:
    left = expires_in(card)
    return left is not None and left.total_seconds() <= 0


def title(card: dict) -> str:
    if card.get("title"):
        return card["title"]
    gain = card.get("expected_gain", 0)
    return f"Drop {card.get('drop')} -> Add {card.get('add')}, {gain:+} {card.get('unit', 'pts')} expected"


def season_text(card: dict) -> str:
    """Both numbers of a card: the gain this week and the change of rest-of-season value."""
    week = card.get("expected_gain", 0)
    unit = "cat value" if card.get("unit") == "cats" else "pts"
    kind = "IR move (nobody dropped) · " if card.get("kind") == "ir" else ""
    return (f"{kind}This week {week:+} {card.get('unit', 'pts')} · rest of season "
            f"{card['season_gain']:+} {unit}")


def decided_key(thread_id: str, move_id: str) -> str:
    """The `cards_decided` key of a card: the same move can be offered in two threads."""
    return f"{thread_id}/{move_id}"


def decided_entry(thread_id: str, move_id: str) -> dict | None:
    return st.session_state["cards_decided"].get(decided_key(thread_id, move_id))


def decide(thread_id: str, move_id: str, decision: str, card: dict | None = None) -> None:
    """Button callback: queue one decision per card; later clicks on the same card do nothing."""
    decided = st.session_state["cards_decided"]
    key = decided_key(thread_id, move_id)
    if key in decided:
        return
    decided[key] = {"decision": decision, "outcome": None, "thread_id": thread_id, "card": card}
    st.session_state["chat_queued_decision"] = (thread_id, move_id, decision)


def outcome_of(card: dict, thread_id: str) -> dict | None:
    """What happened to this card: this session's record first, then the card's own fields."""
    mine = decided_entry(thread_id, card["move_id"])
    if mine:
        return mine
    for field in ("decision", "outcome", "status"):
        if card.get(field) and card[field] not in ("pending",):
            return {"decision": str(card[field]), "outcome": card.get("reason")}
    return None


def render_card(card: dict, thread_id: str, key_prefix: str, pending_ids: set[str] | None = None,
                hindsight: tuple[str, float | None] | None = None):
    """Draws one card; returns an `st.empty` slot where the decision's outcome will be written.

    `hindsight` is (label, realized gain) for evaluation views: drawn next to the expected gain.
    """
    move_id = card["move_id"]
    uid = f"{thread_id}_{move_id}"  # unique per page even when two threads offer the same move
    with st.container(border=True, key=f"{key_prefix}_card_{uid}"):
        st.markdown(f"**{title(card)}**")
        if card.get("season_gain") is not None:
            st.caption(season_text(card))
        drop_g, add_g = card.get("drop_games_remaining"), card.get("add_games_remaining")
        cols = st.columns(3)
        cols[0].caption(f"Games left: {card.get('drop')} {drop_g}, {card.get('add')} {add_g}")
        if card.get("confidence") is not None:
            cols[1].caption(f"Confidence {float(card['confidence']):.0%}")
        cols[2].caption(countdown_text(card))
        for reason in card.get("reasons") or []:
            st.markdown(f"- {reason}")
        if card.get("unit") == "cats" and card.get("category_deltas"):
            deltas = ", ".join(f"{k.upper()} {v:+.2f}" for k, v in card["category_deltas"].items() if v)
            if deltas:
                st.caption(f"Category change: {deltas}")
        if hindsight is not None:
            label, realized = hindsight
            st.caption(f":material/history: {label}: "
                       f"{gain_text(card.get('expected_gain'), realized, card.get('unit'))}")
        slot = st.empty()
        outcome = outcome_of(card, thread_id)
        if outcome:
            _show_outcome(slot, outcome)
        elif is_expired(card):
            slot.warning("Expired: this card is read-only.")
        elif pending_ids is not None and move_id not in pending_ids:
            slot.caption("No longer pending (decided earlier).")
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

"""Signal cards for the shared Approvals inbox and the Signals page: the contract, estimate vs
price, the edge, confidence, cited news and reasoning, and Approve / Decline buttons.

Approving publishes the signal and takes the paper position at the price; an expired signal (its
game has tipped on the league clock) is drawn read-only. Decisions go through the pod's store,
which decides a signal once even across tabs.
"""
from __future__ import annotations

import datetime as dt
import os

import streamlit as st

FLASH = "signals_flash"  # the outcome of the last decision, shown once above the cards
CONF_COLORS = {"high": "green", "medium": "orange", "low": "gray"}


def measured_badge(sig) -> tuple[str, str]:
    """The card's badge: the label the signal's band has earned on the settled games before it
    ("no established edge" where the pod's measured skill is negative), never the |ev| bucket."""
    from agents import door

    text = door.signals.signal_label(sig)
    return text, CONF_COLORS.get(text.split(" ")[0], "gray")


@st.cache_resource(show_spinner=False)
def _pod(_assistant, key: tuple):
    from agents import door

    return door.signals.pod_for(_assistant)


def pod(assistant):
    """The signals pod for this assistant's provider (cached per process, provider and home)."""
    return _pod(assistant, (assistant.provider, assistant.model_name, os.environ.get("COURTSIDE_HOME", "")))


def league_now(assistant) -> dt.datetime:
    """The inbox clock: noon US Eastern on the league's as-of day (the pod's decision time)."""
    from agents import door

    return door.signals.league_clock(assistant.as_of)


def _decide(pod, signal_id: str, decision: str, now: dt.datetime) -> None:
    res = pod.decide(signal_id, decision, now)
    if res.outcome == "approved":
        sig = pod.get(signal_id)
        text = f"Approved: published, and the paper position is taken ({sig.action if sig else signal_id})."
    elif res.outcome == "declined":
        text = "Declined: the signal is kept for scoring; no position."
    else:
        text = f"Could not decide {signal_id}: {res.reason}."
    st.session_state[FLASH] = (res.outcome, text)


def show_flash() -> None:
    flash = st.session_state.get(FLASH)
    if flash:
        outcome, text = flash
        (st.error if outcome == "refused" else st.success)(text)
        st.session_state[FLASH] = None


def status_text(sig, now: dt.datetime) -> str:
    if sig.status != "pending":
        return f"{sig.status.capitalize()} at {sig.decided_at:%Y-%m-%d %H:%M} UTC"
    if sig.expired(now):
        return f"Expired at tip ({sig.expires_at:%Y-%m-%d %H:%M} UTC, nominal); it can no longer be decided"
    left = sig.expires_at - now
    hours, rest = divmod(int(left.total_seconds()), 3600)
    return f"Expires at tip in {hours}h {rest // 60:02d}m (league clock)"


def render_signal_card(pod, sig, now: dt.datetime, key_prefix: str, actions: bool = True) -> None:
    with st.container(border=True):
        head, badge = st.columns([4, 1])
        head.markdown(f"**{sig.claim}** · {sig.action}")  # the headline backs what the action buys
        text, color = measured_badge(sig)
        badge.badge(text, color=color)
        a, b, c = st.columns(3)
        a.metric(f"Pod: P({sig.backed} wins)", f"{sig.backed_estimate:.1%}")
        b.metric(f"Market price of {sig.backed}", f"{sig.backed_price:.1%}")
        c.metric(f"Edge of {sig.backed}", f"{sig.edge:+.3f}",
                 help="The pod's probability minus the price, both for the team the signal buys.")
        st.caption(f"{sig.mode} mode · {status_text(sig, now)} · id {sig.id}")
        with st.expander("Cited news and reasoning"):
            for n in sig.cited_news:
                st.markdown(f"- `{n.id}` ({n.known_at:%b %-d %H:%M} UTC) {n.text}")
            st.markdown("**Key factors:** " + "; ".join(sig.key_factors))
            st.caption(sig.reasoning)
        if sig.status == "pending" and not actions:
            st.page_link("pages/approvals.py", label="Decide in Approvals", icon=":material/task_alt:")
        elif sig.status == "pending":
            expired = sig.expired(now)
            left, right, _ = st.columns([1, 1, 3])
            left.button("Approve", key=f"{key_prefix}_sig_approve_{sig.id}", type="primary", disabled=expired,
                        on_click=_decide, args=(pod, sig.id, "approve", now), icon=":material/check:")
            right.button("Decline", key=f"{key_prefix}_sig_decline_{sig.id}", disabled=expired,
                         on_click=_decide, args=(pod, sig.id, "decline", now), icon=":material/close:")


def _pick(question: str, direction: str | None) -> tuple[str, str]:
    """(the team a run would buy, the other one), from "HOME beats AWAY on DATE"."""
    home, rest = question.split(" beats ", 1)
    away = rest.split(" on ")[0]
    return (home, away) if direction != "no" else (away, home)


def path_row(run: dict, node_names: dict, exit_text: dict) -> dict:
    """One game's run on the Signals page: figures for the side it would buy (the pick's own edge,
    an away pick's too; `ev` is in home terms), its path and why it stopped."""
    from agents.door import pick_edge

    div, est = run.get("divergence") or {}, run.get("estimate") or {}
    pick, _ = _pick(run["question"], div.get("direction"))
    yes = div.get("direction") != "no"
    prob = est.get("probability")
    return {"Game": run["question"], "Pick": pick if div else "", "Exit": exit_text.get(run["exit"], run["exit"]),
            f"Pod P(pick wins)": None if prob is None else round(prob if yes else 1 - prob, 3),
            "Price of pick": round(run["price"] if yes else 1 - run["price"], 3),
            "Edge of pick": pick_edge(div["ev"], div["direction"]) if div else None,
            "Why": run["reason"], "Path": " → ".join(node_names[n] for n in run["path"]), "ms": run["ms"]}


# The paths table's widths (px): every column in the page at 1400 px, the exit next to the pick
# (after the long path it was cut); the reason and the path are elided in their cells.
PATH_WIDTHS = {"Game": 180, "Pick": 50, "Exit": 165, "Pod P(pick wins)": 120, "Price of pick": 95,
               "Edge of pick": 90, "Why": 110, "Path": 70, "ms": 45}


GROUP_COLUMNS = {"n": "Signals", "hit_rate": "Hit rate", "realized_ev": "Realized EV / contract", "brier": "Brier (pod)",
                 "market_brier": "Brier (market)", "bss_vs_market": "Skill vs market"}


def group_rows(board: dict) -> list[dict]:
    """The scoreboard's groups (by confidence, by decision) with words for headers and "n/a" where a
    group has no signal to measure (never a "None" cell)."""
    groups = [(f"Confidence {k}", v) for k, v in board["by_confidence"].items()]
    groups += [(f"{k.capitalize()} signals", v) for k, v in board["decisions"].items()]
    return [{"Group": name} | {label: "n/a" if v.get(key) is None else str(v[key]) for key, label in GROUP_COLUMNS.items()}
            for name, v in groups]


def render_inbox(pod, now: dt.datetime, key_prefix: str = "approvals") -> None:
    """The signals section of the Approvals page: open, then expired, then decided."""
    show_flash()
    signals = pod.signals()
    if not signals:
        st.info("No signals yet: run the pod on the Signals page, or ask the chat for edges tonight.",
                icon=":material/insights:")
        return
    groups = (("Open", [s for s in signals if s.status == "pending" and not s.expired(now)]),
              ("Expired", [s for s in signals if s.status == "pending" and s.expired(now)]),
              ("Decided", [s for s in signals if s.status != "pending"]))
    for name, group in groups:
        if group:
            st.markdown(f"**{name}** ({len(group)})")
            for sig in sorted(group, key=lambda s: (s.game_date, -abs(s.ev)), reverse=name != "Open"):
                render_signal_card(pod, sig, now, key_prefix)

"""Desk: the day's NBA games with the desk's quotes, a bet request to the market maker (live
steps, then the decision card), open positions and exposure against limits, settled P&L, and a
demo control that moves the (simulated) time of day of the session's one league clock: a step past
midnight moves the league's date, which the sidebar, the chat and the signals pod read."""
import datetime as dt

import streamlit as st

from pages.components import backend
from pages.components import desk_view as V
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

desk = V.desk()
now = V.desk_now(desk, backend.league_clock())

st.title("Desk")
st.caption(f"Time on the league clock **{now.astimezone(V.ET):%H:%M:%S} ET** ({V.SIMULATED}; the day is the "
           "league clock's, in the sidebar). Lines are priced from "
           "the spread (normal margin model, sd 13.6); the market follows a simulated path, a random walk run back "
           "from the real close (a martingale: it never drifts toward the close). The desk's own Elo line is shown "
           "apart. Tip times are nominal (7 pm ET).")

with st.expander("Demo control (simulated clock and market)", icon=":material/schedule:"):
    c = st.columns(5)
    for col, (label, secs) in zip(c[:4], [("+1 min", 60), ("+15 min", 900), ("+1 h", 3600), ("+1 day", 86400)],
                                  strict=True):
        if col.button(label, key=f"desk_clock_{secs}"):
            V.move_desk(desk, desk.clock.advance(secs))
            st.rerun()
    if c[4].button("Reset", key="desk_clock_reset"):
        from agents import door

        V.move_desk(desk, desk.clock.set(door.desk.DEFAULT_DESK_TIME))
        st.rerun()
    if st.session_state["desk_clock_notice"]:
        st.info(st.session_state["desk_clock_notice"])

day = st.date_input("Day (ET)", value=now.astimezone(V.ET).date(), key="desk_day")
games = desk.games(day, now)
if not games:
    st.info("No games on this day.")
else:
    st.dataframe(V.game_rows(games), hide_index=True, key="desk_games")
    ids = [g["game_id"] for g in games]
    nudge = st.columns([3, 1])
    target = nudge[0].selectbox("Nudge a market (jump the clock to this game's next line move)", ids,
                                key="desk_nudge_game")
    if nudge[1].button("Nudge market", key="desk_nudge"):
        from agents import door

        when = door.desk.next_line_move(target, now)
        if when is None:
            st.warning("That market no longer moves (at or after tip).")
        else:
            V.move_desk(desk, desk.clock.set(when))
            st.rerun()

st.subheader("Request a bet")
listed = [g for g in games if g["listed"] and g["minutes_to_tip"] > 0]
# Game, market and side sit outside the form: picking one reruns, so the line starts at the market's
f = st.columns(3)
game = f[0].selectbox("Game", [g["game_id"] for g in listed] or ["(no listed game)"], key="desk_req_game")
market = f[1].selectbox("Market", ["spread", "moneyline", "total"], key="desk_req_market")
side = f[2].selectbox("Side", ["home", "away", "over", "under"], key="desk_req_side")
V.default_line(next((g for g in listed if g["game_id"] == game), None), market, side)
with st.form("desk_request_form"):
    g2 = st.columns(3)
    line = g2[0].number_input("Line (your side; total points)", step=0.5, key="desk_req_line",
                              disabled=market == "moneyline")
    odds = g2[1].number_input("Decimal odds", value=1.91, min_value=1.01, step=0.01, key="desk_req_odds")
    amount = g2[2].number_input("Amount", value=20.0, min_value=1.0, step=1.0, key="desk_req_amount")
    sent = st.form_submit_button("Send to the market maker", type="primary")
if sent:
    from pydantic import ValidationError

    from agents import door

    BetRequest = door.desk.BetRequest

    try:
        req = BetRequest(game_id=game, market=market, side=side, line=None if market == "moneyline" else line,
                         odds=odds, amount=amount, bettor="desk-page")
    except ValidationError as e:
        st.error(f"Bad request: {e.errors()[0]['msg']}")
    else:
        if game not in [g["game_id"] for g in listed]:
            st.error("Pick a listed game (markets open 48 h before tip).")
        else:
            st.session_state["desk_quote"] = V.run_quote(desk, req, desk.clock.now())
            st.session_state["desk_notice"] = None

V.notice(st.session_state["desk_notice"])
if st.session_state["desk_quote"]:
    q = desk.book.quote(st.session_state["desk_quote"]["quote_id"])
    V.render_card(st.session_state["desk_quote"] | {"status": q["status"] if q else "rejected"}, desk, "desk_last")
    V.render_progress(desk, st.session_state["desk_quote"]["quote_id"], "desk_last")

open_counters = [q for q in desk.book.quotes(limit=50) if q["status"] == "countered"
                 and V.seconds_left(q["record"], now) > 0
                 and (not st.session_state["desk_quote"] or q["quote_id"] != st.session_state["desk_quote"]["quote_id"])]
if open_counters:
    st.subheader("Open counters")
    for q in open_counters:
        V.render_card(V.stored_quote(q), desk, f"desk_open_{q['quote_id']}")

st.subheader("Open positions and exposure")
open_pos = desk.book.positions(open_only=True)
st.caption(f"Limits per agent config: {desk.limits.max_per_side:g} worst-case loss per side, "
           f"{desk.limits.max_per_game:g} per game. The limits bind on the gross figure (every open bet winning "
           "at once); the netted worst case per outcome is shown beside it.")
if open_pos:
    st.dataframe(V.exposure_rows(open_pos, desk.limits), hide_index=True, key="desk_exposure",
                 column_config={"Used": st.column_config.ProgressColumn("Used", min_value=0.0, max_value=1.0)})
    st.dataframe(V.netted_rows(desk, open_pos), hide_index=True, key="desk_netted")
    st.dataframe(V.position_rows(open_pos), hide_index=True, key="desk_positions")
else:
    st.caption("No open positions.")

st.subheader("Settled")
known_through = (now - dt.timedelta(hours=27)).date()  # finals known 3 h after a 7 pm ET (00:00 UTC) tip
st.button(f"Settle games through {known_through}", key="desk_settle", on_click=desk.settle, args=(known_through,))
settled = [p for p in desk.book.positions() if p["outcome"]]
if settled:
    pnl, handle = sum(p["pnl"] for p in settled), sum(p["amount"] for p in settled)
    m = st.columns(3)
    m[0].metric("Desk P&L", f"{pnl:+.2f}")
    m[1].metric("Handle", f"{handle:.2f}")
    m[2].metric("Hold", f"{pnl / handle:.1%}" if handle else "-")
    st.dataframe(V.position_rows(settled), hide_index=True, key="desk_settled")
else:
    st.caption("Nothing settled yet.")
V.clv_panel(desk, now)  # beside P&L: the booked prices against the real close (tipped games, settled or not)

st.subheader("Shadow mode: agent vs fixed rules")
shadow = desk.shadow_report(known_through)
st.caption(f"Every request runs through both engines; the {desk.answering} answers, the other is logged. "
           f"Graded on the real finals through {shadow['through']} (a counter as if the bettor took it).")
s_cols = st.columns(4)
s_cols[0].metric("Requests", shadow["requests"])
s_cols[1].metric("Discrepancies", shadow["discrepancies"])
s_cols[2].metric("Agent P&L on finals", f"{shadow['pnl_on_finals']['agent']:+.2f}")
s_cols[3].metric("Rules P&L on finals", f"{shadow['pnl_on_finals']['rules']:+.2f}")
if shadow["by_kind"]:
    st.dataframe([{"Kind": k["kind"], "Count": k["count"], "Settled": k["settled"], "Agent P&L": k["agent_pnl"],
                   "Rules P&L": k["rules_pnl"]} for k in shadow["by_kind"]], hide_index=True, key="desk_shadow_kinds")
    st.dataframe(V.shadow_rows(shadow), hide_index=True, key="desk_shadow_requests")
else:
    st.caption("No discrepancies yet.")

"""Trade: pick a team, the players on each side, see both teams' exact view and the verdict; or let
the finder search every team for trades both sides gain from."""
import streamlit as st

from agents import door
from pages.components import backend
from pages.components.player_charts import starts_figure, trade_player_rows
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

CATS = ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]

assistant = backend.assistant()
st.title("Trade")
try:
    teams = door.trades.teams(assistant.source)
except door.ServiceError as e:
    st.info(str(e))
    st.stop()
names = {t: n for t, n, _ in teams}
players = {t: p for t, _, p in teams}
scoring = assistant.scoring()
st.caption(f"{scoring.capitalize()} scoring · as of {assistant.as_of} · values are exact daily lineups over the rest "
           "of the regular season, from the same inputs as the optimizer.")

c = st.columns(2)
mine = c[0].selectbox("Your team", list(names), format_func=names.get, key="trade_mine")
partner = c[1].selectbox("Trade with", [t for t in names if t != mine], format_func=names.get, key="trade_partner")
c = st.columns(2)
give = c[0].multiselect("You give", players[mine], max_selections=3, key="trade_give")
get = c[1].multiselect("You get", players[partner], max_selections=3, key="trade_get")
c = st.columns(2)
cut = c[0].multiselect("If your roster overflows, cut (default: lowest value)", players[mine], key="trade_cut")
backend.page_punt("trade_punt", CATS, assistant)  # starts from the Settings punt
punt = c[1].multiselect("Punt", CATS, key="trade_punt", disabled=scoring == "points",
                        help="Starts from the punt chosen in Settings; a change here applies to this page only.")

if st.button("Evaluate trade", key="trade_evaluate", type="primary", disabled=not (give and get)):
    st.session_state["trade_outcome"] = None  # a new trade: the last proposal's answer no longer applies
    try:
        st.session_state["trade_result"] = door.trades.evaluate(give, get, assistant.source, team_id=mine,
                                                                cut=cut, punt=punt)
    except door.ServiceError as e:
        st.session_state["trade_result"] = None
        st.error(str(e))

ev = st.session_state.get("trade_result")
if ev is not None:
    st.subheader(ev.verdict)
    for r in ev.reasons:
        st.markdown(f"- {r}")
    cols = st.columns(2)
    for col, side in zip(cols, (ev.mine, ev.partner), strict=True):
        with col:
            st.markdown(f"**{side.team_name}**")
            m = st.columns(3)
            m[0].metric("Rest of season, over its free moves", f"{side.wire_after:.1f}", f"{side.gain:+.1f}",
                        help="The trade applied to the roster after the waiver swaps this team could make anyway "
                             f"({', '.join(f'{x.drop} -> {x.add}' for x in side.free_moves) or 'none gains'}); "
                             f"as the roster stands: {side.ros_change:+.1f}.")
            m[1].metric("This week", f"{side.week_change:+.1f}")
            m[2].metric("Fantasy playoffs", f"{side.playoff_change:+.1f}")
    for side in (ev.mine, ev.partner):  # the page's width: in half of it the nine columns were cut at 1400 px
        st.caption(f"{side.team_name}: who moves")
        st.dataframe(trade_player_rows(side), hide_index=True, key=f"trade_players_{side.team_id}")
    cols = st.columns(2)
    for col, side in zip(cols, (ev.mine, ev.partner), strict=True):
        with col:
            if side.category_change is not None:
                st.caption(f"Category profile (punt-aware): {side.category_change:+.1f}")
                st.dataframe([{"Category": s.category, "Change": s.change, "Rank now": s.rank_before,
                               "Rank after": s.rank_after, "Weight": s.weight} for s in side.categories],
                             hide_index=True,
                             key=f"trade_cats_{side.team_id}")
    if st.button(f"Propose this trade to {ev.partner.team_name}", key="trade_propose"):
        try:
            card = door.trades.proposal(give, get, assistant.source, team_id=mine, cut=cut)
            st.session_state["trade_outcome"] = door.trades.send(card, assistant.source)
        except door.ServiceError as e:
            st.error(str(e))
    outcome = st.session_state.get("trade_outcome")
    if outcome is not None:
        for line in outcome.lines:
            (st.success if outcome.applied else st.info)(line)
        if outcome.counter is not None:
            st.markdown(f"**{outcome.counter.title}**")
            c = st.columns(2)
            decided = None
            if c[0].button("Accept the counter", key="trade_counter_accept", type="primary"):
                decided = "approve"
            if c[1].button("Decline the counter", key="trade_counter_decline"):
                decided = "decline"
            if decided:
                st.session_state["trade_outcome"] = door.trades.send(outcome.counter, assistant.source, decided)
                st.rerun()
    fig = starts_figure(ev)
    if fig is not None:
        st.plotly_chart(fig, key="trade_starts", config={"displayModeBar": False})
    weeks = ", ".join(f"{a:%b %-d}-{b:%b %-d}" for a, b in ev.playoff_weeks)
    st.caption(f"Unit: {ev.unit}. Fantasy playoffs: {weeks}. Injured players count at the share of games the "
               "calibrated return curve expects them to play.")

st.divider()
st.subheader("Find trades")
c = st.columns(3)
targets = c[0].multiselect("Improve these categories", CATS, key="trade_find_targets")
protect = c[1].multiselect("Without lowering" + (" (PTS: fantasy points)" if scoring == "points" else ""), CATS,
                           key="trade_find_protect")
offer = c[2].selectbox("Offering", ["Anyone", *players[mine]], key="trade_find_give")
if st.button("Find trades", key="trade_find"):
    bar = st.progress(0.0, text="Searching every team's 1-for-1 and 2-for-1 trades...")
    try:
        st.session_state["trade_found"] = door.trades.find(
            assistant.source, targets=targets, protect=protect, give=None if offer == "Anyone" else [offer],
            team_id=mine, punt=punt,
            progress=lambda stage, done, total: bar.progress(min(1.0, done / max(total, 1)), text=stage))
    except door.ServiceError as e:
        st.error(str(e))
    bar.empty()
found = st.session_state.get("trade_found")
if found is not None:
    st.caption(f"{found.headline} {found.seconds:.2f} s.")
    st.dataframe([{"Partner": t.partner, "Give": ", ".join(t.give), "Get": ", ".join(t.get), "You": t.my_change,
                   "They": t.their_change, "They accept": t.acceptable, "Targets": t.target_gain,
                   **{f"{c} (kept)": x for c, x in t.protected.items()}, "You cut": ", ".join(t.my_cut)}
                  for t in found.trades], hide_index=True, key="trade_found_table")

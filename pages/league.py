"""League: my roster with status and form, the matchup, the schedule grid, the lineup, recent moves."""
import streamlit as st

from pages.components import backend, charts, warm
from pages.components.league_tables import (calibration_rows, category_rows, lineup_rows, roster_rows,
                                             transaction_rows)
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

assistant = backend.assistant()
view = warm.league_view(assistant)
info, roster, matchup = view["info"], view["roster"], view["matchup"]

st.title(info.name)
st.caption(f"{info.scoring.capitalize()} scoring · on the league clock's day · week {matchup.week} "
           f"({matchup.start} to {matchup.end})")

st.subheader(f"Matchup: {matchup.my_team} vs {matchup.opponent}")
if matchup.scoring == "points":
    cols = st.columns(4)
    cols[0].metric("My points", f"{matchup.my_points:.1f}",
                   f"{matchup.my_points - matchup.opponent_points:+.1f} vs opponent")
    cols[1].metric("Opponent", f"{matchup.opponent_points:.1f}")
    cols[2].metric("My projected final", f"{matchup.my_points + matchup.my_projected_rest:.1f}",
                   f"{matchup.my_games_remaining} games left", delta_color="off", delta_arrow="off")
    cols[3].metric("Opponent projected", f"{matchup.opponent_points + matchup.opponent_projected_rest:.1f}",
                   f"{matchup.opponent_games_remaining} games left", delta_color="off", delta_arrow="off")
else:
    fig = charts.category_figure([c.model_dump() for c in matchup.categories])
    if fig is not None:
        st.plotly_chart(fig, key="league_categories", config={"displayModeBar": False})
    st.dataframe(category_rows(matchup), hide_index=True, key="league_category_table")
st.caption(matchup.summary)

st.subheader(f"My roster: {roster.team_name}")
st.table(roster_rows(roster, info.scoring), border="horizontal", hide_index=True)
st.caption("Statuses are inferred from missed team games (the data has no injury reports).")

if view.get("schedule_grid"):
    fig = charts.schedule_figure(view["schedule_grid"])
    if fig is not None:
        st.plotly_chart(fig, key="league_schedule", config={"displayModeBar": False})

weekly = view.get("weekly_lineup")
if weekly:
    st.subheader("Weekly lineup")
    st.caption(f"{weekly['expected_total']} {weekly.get('unit', 'fantasy points')} expected over the remaining days.")
    # a table, not a grid: each day's lineup names nine players, which a grid column cut at 1400 px
    st.table(lineup_rows(weekly), border="horizontal", hide_index=True)

cal = view.get("calibration")
if cal is not None:
    st.subheader("How often players with each status really played")
    st.caption(f"Play probability used in every projection, {cal.source} "
               f"({cal.mornings} player-mornings): " + ", ".join(f"{s} {r:.0%}" for s, r in cal.by_status.items()))
    st.dataframe(calibration_rows(cal), hide_index=True, key="league_calibration")

st.subheader("Recent approved moves")
moves = assistant.transactions()
if moves:
    st.table(transaction_rows(moves[:20]), border="horizontal", hide_index=True)
    st.caption("Realized gains are hindsight from the real box scores of the rest of that week; the agent "
               "never sees them when it recommends.")
else:
    st.caption("No moves approved yet.")

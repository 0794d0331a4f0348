"""Players: every player ranked over a window, sortable, with filters and a player's trend."""
import streamlit as st

from agents import door
from pages.components import backend
from pages.components.player_charts import filtered_rows, rank_rows, trend_figure
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

CATS = ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]
WINDOW_LABELS = {"season": "Season", "30": "Last 30 days", "14": "Last 14 days", "7": "Last 7 days"}
WHO = {"all": "Everyone", "free_agents": "Free agents", "rostered": "Rostered"}

assistant = backend.assistant()
st.title("Players")
st.caption(f"Every player's box scores before {assistant.as_of} · {assistant.scoring()} scoring. "
           "z-scores use the same category scale as the free-agent tool and the optimizer.")

c = st.columns(4)
window = c[0].selectbox("Window", list(WINDOW_LABELS), format_func=WINDOW_LABELS.get, key="players_window")
PER_LABELS = {"game": "Per game", "total": "Totals", "36": "Per 36 min"}
per = c[1].radio("Show", list(PER_LABELS), format_func=PER_LABELS.get, horizontal=True, key="players_per",
                 help="Per 36 min: each stat's rate over 36 minutes; players under 12 minutes a game are not ranked.")
who = c[2].selectbox("Availability", list(WHO), format_func=WHO.get, key="players_who")
position = c[3].selectbox("Position", ["Any", "PG", "SG", "SF", "PF", "C", "G", "F"], key="players_position")
c = st.columns([2, 1, 1])
backend.page_punt("players_punt", CATS, assistant)  # starts from the Settings punt
punt = c[0].multiselect("Punt (dropped from the z-sum)", CATS, key="players_punt",
                        help="Starts from the punt chosen in Settings; a change here applies to this page only.")
sort = c[1].selectbox("Rank by", ["value", "fpts", "z_sum", *CATS, "ros_value", "games_left_week",
                                  "games_left_season", "minutes_trend"], key="players_sort",
                      help="minutes_trend: minutes a game in the window minus the season's (a 7, 14 or 30-day window).")
team = c[2].text_input("NBA team", key="players_team", placeholder="e.g. MIA").strip() or None

try:
    table = door.rankings.table(assistant.source, window=window, punt=punt,
                                availability=who, position=None if position == "Any" else position, team=team,
                                sort=sort, per=per)
except door.ServiceError as e:
    st.info(str(e))
    st.stop()

st.caption(f"{table.total} players · ranked by {table.sort} ({PER_LABELS[table.per].lower()}) · "
           f"z-sum over {', '.join(table.counted)} · ROS value in {table.ros_unit}")
st.dataframe(rank_rows(table, table.scoring), hide_index=True, key="players_table", height=460)
if table.filtered:
    with st.expander(f"Not ranked: {len(table.filtered)} players with too few games in the window "
                     f"(ranking needs {table.min_share:.0%} of the team's games, at most 10)"
                     + (" or under 12 minutes a game (per 36)" if table.per == "36" else "")):
        st.dataframe(filtered_rows(table), hide_index=True, key="players_filtered")

names = [p.player.name for p in table.players]
if names:
    pick = st.selectbox("Trend of", names, key="players_trend_pick")
    fig = trend_figure(door.rankings.trend(pick, assistant.source), assistant.scoring())
    if fig is not None:
        st.plotly_chart(fig, key="players_trend", config={"displayModeBar": False})

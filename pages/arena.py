"""Arena: run agents over a season of win contracts, compare equity and metrics, inspect a
decision point, diff two runs. Everything goes through `agents.arena.runner`."""
import datetime as dt

import streamlit as st

from agents.door import arena as runner
from pages.components import arena_view
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

ss = st.session_state

st.title("Arena")
st.caption("Contracts \"TEAM wins on DATE\" pay 1 if the team wins; prices follow the desk's market (no-vig "
           "probability), positions settle at the real final. Each matchday morning every agent gets the Case "
           "(what is known then) and one tool, submit_decision. Fills are at the desk's two-sided quote: a buy at "
           "its ask (the mid plus its 4.5% margin), a sell at its bid, at most 100 of notional per contract per "
           "decision.")

with st.form("arena_form"):
    c1, c2 = st.columns([3, 2])
    agents = c1.multiselect("Agents", list(runner.AGENTS), default=["hold", "favourite", "rating_edge"],
                            key="arena_agents", help="; ".join(f"{k}: {v}" for k, v in runner.AGENTS.items()))
    dates = c2.date_input("Matchdays", (dt.date(2025, 1, 27), dt.date(2025, 1, 31)), min_value=dt.date(2024, 10, 22),
                          max_value=dt.date(2025, 2, 7), key="arena_dates")
    c3, c4, c5 = st.columns(3)
    cash = c3.number_input("Starting cash", min_value=10.0, max_value=1_000_000.0, value=1000.0, step=100.0,
                           key="arena_cash")
    seeds = c4.multiselect("Seeds", list(range(1, 11)), default=[1], key="arena_seeds")
    news = c5.selectbox("News in the Case", ["wire", "results"], key="arena_news",
                        format_func=lambda n: {"wire": "signals news wire + results", "results": "results only"}[n])
    submitted = st.form_submit_button("Run", type="primary", key="arena_run")

if submitted:
    if not agents or not seeds or not isinstance(dates, tuple) or len(dates) != 2:
        st.error("Pick at least one agent, one seed, and a start and an end date.")
    else:
        jobs = [(a, s) for a in agents for s in seeds]
        bar = st.progress(0.0, text="Starting…")
        done_runs, new = 0, []
        for agent, seed in jobs:
            def tick(done, total, day, _a=agent, _s=seed):
                bar.progress((done_runs + done / total) / len(jobs), text=f"{_a} · seed {_s} · {day}")
            try:
                log = runner.run(agent, dates[0], dates[1], seed=seed, cash=cash, news=news, progress=tick)
            except ValueError as e:
                st.error(str(e))
                break
            new.append(log.run_id)
            done_runs += 1
        bar.progress(1.0, text=f"Done: {len(new)} run(s).")
        ss["arena_runs"] = tuple(r for r in ss["arena_runs"] if r not in new) + tuple(new)
        if len(new) == len(jobs):  # the leaderboard: these runs beside the baselines, same matchdays
            done: dict = {}
            for r in new:
                lg = runner.load(r)
                done.setdefault(lg.episode_logs[0].config.agent_id, []).append(lg)
            cmp = runner.compare(agents, dates[0], dates[1], seeds=len(seeds), cash=cash, news=news, done=done)
            ss["arena_board"] = cmp["leaderboard"]

known = runner.list_runs()
runs = [r for r in ss["arena_runs"] if r in known]
with st.expander("Earlier runs in this home", expanded=False):
    extra = st.multiselect("Add runs", [r for r in known if r not in runs], key="arena_extra")
runs += extra
if not runs:
    st.info("No runs yet: pick agents and matchdays, then Run.")
    st.stop()

logs = [runner.load(r) for r in runs]
board = ss["arena_board"]
if board:
    st.subheader("Leaderboard")
    st.dataframe(arena_view.leaderboard_rows(board), hide_index=True, key="arena_leaderboard")
    st.caption(f"{board['established_line']} Intervals: {board['interval']}. The baselines hold, favourite and "
               "market-implied Kelly are always on the board.")
fig = arena_view.equity_figure(logs)
st.plotly_chart(fig, key="arena_equity", config={"displayModeBar": False})
st.subheader("Metrics")
st.dataframe(arena_view.metrics_rows(logs), hide_index=True, key="arena_metrics")
agent_ids = [x.episode_logs[0].config.agent_id for x in logs]
if len(set(agent_ids)) < len(agent_ids):  # some agent ran with several seeds
    st.caption("Across seeds: mean and band (min .. max)")
    st.dataframe(arena_view.band_rows(runner.aggregate(logs)), hide_index=True, key="arena_bands")

st.subheader("Inspect a decision point")
pick = st.selectbox("Run", runs, key="arena_inspect_run")
log = logs[runs.index(pick)]
points = log.episode_logs[0].decision_point_logs
st.dataframe(arena_view.decision_rows(log), hide_index=True, key="arena_points", height=240)
idx = st.number_input("Decision point #", min_value=0, max_value=len(points) - 1, value=0, step=1,
                      key="arena_point")
p = points[int(idx)]
st.markdown(f"**{p.case_id}** · morning of {p.information_cutoff_timestamp[:10]} · {p.extraction} · "
            f"**{p.execution_result.status}**: {p.execution_result.message}")
t1, t2, t3, t4 = st.tabs(["Agent payload", "Agent output", "Decision", "Result"])
t1.json(p.agent_payload, expanded=1)
t2.json(p.agent_output, expanded=2)
t3.json(p.extracted_decision.model_dump() if p.extracted_decision else {"invalid": p.extraction})
t4.json(p.execution_result.model_dump(mode="json"), expanded=2)

st.subheader("Diff two runs")
if len(runs) < 2:
    st.caption("Run at least two agents or seeds to compare them.")
else:
    d1, d2 = st.columns(2)
    a = d1.selectbox("Run A", runs, index=0, key="arena_diff_a")
    b = d2.selectbox("Run B", runs, index=1, key="arena_diff_b")
    diff = runner.diff(logs[runs.index(a)], logs[runs.index(b)])
    metric_rows, point_rows = arena_view.diff_rows(diff)
    st.dataframe(metric_rows, hide_index=True, key="arena_diff_metrics")
    st.caption(f"{len(point_rows)} decision point(s) where the decisions or their outcome differ")
    if point_rows:
        st.dataframe(point_rows, hide_index=True, key="arena_diff_points", height=240)

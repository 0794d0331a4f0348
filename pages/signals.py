"""Signals: run the news-to-price pod on a day's games (all with a progress bar, or one), see each
game's path through the graph and why it stopped, the signals as cards, and the scoreboard on the
real finals (Brier, log loss, skill vs the market, reliability, hit rate, realized EV, sweep).

Days stop at the league's as-of date (the pod reads box scores before each game only), and the
scoreboard settles games before it.
"""
import datetime as dt

import pandas as pd
import streamlit as st

from pages.components import backend, signal_cards, signal_charts
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

FIRST_DAY, SCORE_FROM = dt.date(2024, 10, 23), dt.date(2024, 12, 1)
NODE_NAMES = {"assess_event_timeline": "Assess timeline", "fetch_news": "Fetch news", "estimate_probability": "Estimate probability",
              "calculate_divergence": "Calculate divergence", "generate_signal": "Generate signal"}
EXIT_TEXT = {"closed": "Stopped: game started", "no_news": "Stopped: no news", "estimate_failed": "Stopped: no valid estimate",
             "below_threshold": "Stopped: below threshold", "signal": "Signal"}
ss = st.session_state
assistant = backend.assistant()
pod = signal_cards.pod(assistant)
now = signal_cards.league_now(assistant)
as_of = assistant.as_of

st.title("Signals")
st.caption(f"The pod compares its own win probability with the market's price at decision time (noon ET, "
           f"league clock {now:%Y-%m-%d %H:%M} UTC) and flags gaps. News is generated from box scores before "
           f"each game. Estimator: {pod.label}.")

left, mid, right = st.columns([2, 2, 2])
day = left.date_input("Day", value=as_of, min_value=FIRST_DAY, max_value=as_of, key="signals_day")
mode = mid.radio("Mode", ["blind", "anchored"], horizontal=True, key="signals_mode",
                 help="blind: the estimator never sees the price (default). anchored: it sees it.")
threshold = right.slider("Edge threshold |ev|", 0.02, 0.15, value=float(pod.threshold), step=0.01, key="signals_threshold")
games = pod.games(day)
labels = {g["game_id"]: f"{g['away']} at {g['home']}" for g in games}
b1, b2, b3 = st.columns([2, 3, 2])
run_all = b1.button(f"Run all {len(games)} games", key="signals_run_all", type="primary", disabled=not games,
                    icon=":material/play_arrow:")
one = b2.selectbox("Or one game", list(labels), format_func=labels.get, key="signals_game", label_visibility="collapsed",
                   disabled=not games)
run_one = b3.button("Run this game", key="signals_run_one", disabled=not games)
if not games:
    st.info(f"No games on {day:%a %b %-d}.")


def _live_step(box):
    def on_event(ev) -> None:  # a TurnEvent
        if ev.type == "step":
            box.write(f"**{labels.get(ev.game_id, '')}** · {NODE_NAMES.get(ev.node, ev.node)}: "
                      f"{ev.text} ({ev.ms or 0:.0f} ms)")
    return on_event


if run_all or run_one:
    targets = [g["game_id"] for g in games] if run_all else [one]
    bar = st.progress(0.0, text="Starting…")
    runs = []
    with st.status(f"Running the pod on {len(targets)} game{'s' if len(targets) != 1 else ''}…", expanded=True) as status:
        for i, gid in enumerate(targets, 1):
            runs.append(pod.run_game(gid, mode, _live_step(status), threshold).model_dump(mode="json"))
            bar.progress(i / len(targets), text=f"{i} of {len(targets)} games")
        status.update(label=f"Done: {sum(1 for r in runs if r['signal'])} signal(s) from {len(runs)} game(s)",
                      state="complete", expanded=False)
    ss["signals_last_run"] = {"day": day.isoformat(), "mode": mode, "threshold": threshold, "games": runs}

last = ss.get("signals_last_run")
if last:
    st.subheader(f"Paths on {last['day']} ({last['mode']}, threshold {last['threshold']:.2f})")
    st.dataframe(pd.DataFrame([signal_cards.path_row(r, NODE_NAMES, EXIT_TEXT) for r in last["games"]]),
                 hide_index=True, key="signals_paths",
                 column_config={k: st.column_config.Column(width=w) for k, w in signal_cards.PATH_WIDTHS.items()})
    made = [r["signal"]["id"] for r in last["games"] if r["signal"]]
    if made:
        st.markdown(f"**{len(made)} signal(s)** · decide them here or in Approvals")
        signal_cards.show_flash()
        for sid in made:
            sig = pod.get(sid)
            if sig:
                signal_cards.render_signal_card(pod, sig, now, "signals")
    else:
        st.info("No signal: no game's edge reached the threshold.")

st.divider()
st.subheader("Scoreboard on the real finals")
st.caption("Evaluation only: settled on the final scores of games before the league's as-of date, which the pod "
           "never sees when it estimates. Paper positions are one contract at the price.")
hindsight = st.toggle("Hindsight: include games from the as-of date on", key="signals_hindsight", value=False,
                      help="For evaluation: settles the as-of day's signals (approved vs declined) and later games "
                           "on finals the league has not seen yet.")
s1, s2, s3, s4 = st.columns([2, 2, 2, 1])
last_final = pod.last_day if hindsight else as_of - dt.timedelta(days=1)
start = s1.date_input("From", value=max(FIRST_DAY, min(SCORE_FROM, last_final)), min_value=FIRST_DAY, max_value=last_final,
                      key="signals_score_from")
end = s2.date_input("To", value=last_final, min_value=FIRST_DAY, max_value=last_final, key="signals_score_to")
score_mode = s3.radio("Scored mode", ["blind", "anchored"], horizontal=True, key="signals_score_mode")
# One slot for the scoreboard: while a new one is scored its progress bar takes the slot, so the
# last scoreboard is not left greyed under the bar for the minutes a season takes (it was). Other
# reruns draw it in a plain container: no flash of the charts on every click elsewhere.
scoring_now = s4.button("Score", key="signals_score", type="primary")
area = st.empty() if scoring_now else st.container()
if scoring_now:
    if start > end:
        st.error("'From' is after 'To'.")
    else:
        # the bar itself in the slot (an element, not a block): the last scoreboard's block goes with
        # all its children (a block in its place kept them, greyed, until the run ended)
        bar = area.progress(0.0, text="Scoring…")
        board = pod.score(start, end, score_mode, lambda i, n: bar.progress(i / n, text=f"{i} of {n} games"))
        ss["signals_board"] = board
board = ss.get("signals_board")


def _scoreboard(board: dict) -> None:
    e, s = board["estimates"], board["signals"]
    st.markdown(f"**{board['from']} to {board['to']}, {board['mode']}**: {board['games']} games, "
                f"{board['games_with_news']} with news, {s['n']} signals at |ev| ≥ {board['threshold']:.2f}")
    m = st.columns(5)
    m[0].metric("Brier (pod)", e["brier"])
    m[1].metric("Brier (market)", e["market_brier"])
    m[2].metric("Skill vs market", e["bss_vs_market"], help="1 - Brier(pod) / Brier(market); negative = worse than the market")
    m[3].metric("Signal hit rate", s["hit_rate"])
    m[4].metric("Realized EV / contract", s["realized_ev"])
    elo = board["elo_same_games"]
    st.caption(f"Log loss: pod {e['log_loss']}, market {e['market_log_loss']}. Plain Elo on the same games: "
               f"Brier {elo['brier']}, skill {elo['bss_vs_market']}.")
    c1, c2 = st.columns(2)
    fig = signal_charts.reliability_figure(board)
    if fig:
        c1.plotly_chart(fig, key="signals_reliability", config={"displayModeBar": False})  # the toolbar covered the title
    fig = signal_charts.sweep_figure(board)
    if fig:
        c2.plotly_chart(fig, key="signals_sweep", config={"displayModeBar": False})
    ab = board["absences"]
    st.markdown(f"**The absence signal** (rotation players missing their team's recent games, "
                f"{ab['weight_points_per_player_game']:.2f} points per player-game, fit before 2024-12-01): skill "
                f"vs the market with it {ab['with']['bss_vs_market']}, without it {ab['without']['bss_vs_market']} "
                f"({ab['games_with_an_absence']} of {ab['with']['n']} games had an absence).")
    if e["bss_vs_market"] is not None and e["bss_vs_market"] < 0:
        st.warning("No established edge: the pod's Brier skill against the market is negative on these games, so "
                   "its signals carry no confidence label.", icon=":material/block:")
    st.dataframe(pd.DataFrame([{"|ev| band": k, "signals": v["n"], "claimed EV": v["claimed_ev"],
                                "hit rate": v["hit_rate"],
                                "hit rate 95%": "" if not v["hit_ci95"] else f"{v['hit_ci95'][0]:.2f} .. {v['hit_ci95'][1]:.2f}",
                                "break-even": v["break_even"], "realized EV": v["realized_ev"],
                                "realized EV 95%": "" if not v["realized_ev_ci95"] else
                                f"{v['realized_ev_ci95'][0]:+.3f} .. {v['realized_ev_ci95'][1]:+.3f}",
                                "measured label": v["measured_confidence"] or "too few"}
                               for k, v in board["reliability_by_band"].items()]),
                 hide_index=True, key="signals_bands")
    st.caption("Reliability per band: a band's label is earned by its hit rate against break-even (the mean price "
               "paid), high when the 95% interval clears it; the cards use the table of the week before their day.")
    st.dataframe(pd.DataFrame(signal_cards.group_rows(board)), hide_index=True, key="signals_groups")


if board:
    with area.container():
        _scoreboard(board)

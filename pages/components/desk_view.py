"""The Desk page's pieces: the cached desk, the games table, the live steps of the market maker,
the decision card (with the counter's countdown and accept button), exposure and settled P&L."""
from __future__ import annotations

import datetime as dt

import streamlit as st

ET = dt.timezone(dt.timedelta(hours=-5))
SIMULATED = "simulated"


@st.cache_resource(show_spinner=False)
def _desk(provider: str | None, home: str):
    from agents import door

    return door.desk.open(provider)


def desk():
    """The desk for this session's provider (offline: the rule policy), cached per process and home."""
    import os

    from pages.components import backend

    provider = backend.settings_tuple()[0]
    try:
        return _desk(provider, os.environ.get("COURTSIDE_HOME", ""))
    except ValueError:  # a provider that cannot start (ProviderError: Gemini without a key): the offline desk quotes
        return _desk("offline", os.environ.get("COURTSIDE_HOME", ""))


def desk_now(desk, day: dt.date) -> dt.datetime:
    """The desk's time on the session's league day (the one league clock). When the desk moved on
    by itself since it was last put on this day (the CLI's `desk clock`, a line-move nudge), the
    league clock follows it; when the session's day changed, the desk goes to that day."""
    from agents import door
    from pages.components import backend

    now = desk.clock.now()
    moved = door.desk.league_day_of(now)
    if moved != day and door.desk.aligned_day(desk.clock) in (None, day) and backend.move_league_clock(moved) is None:
        return door.desk.on_league_day(desk.clock, moved)
    return door.desk.on_league_day(desk.clock, day)


def move_desk(desk, at: dt.datetime) -> None:
    """After a demo-control step to `at`: the session's league clock follows the desk onto its day
    (when it cannot, the desk goes back to the league's day on the next draw, and says why)."""
    from agents import door
    from pages.components import backend

    st.session_state["desk_clock_notice"] = backend.move_league_clock(door.desk.league_day_of(at))
    st.session_state.pop("desk_day", None)  # the day picker redraws on the clock's day


def game_rows(games: list[dict]) -> list[dict]:
    rows = []
    for g in games:
        rows.append({"Game": f"{g['away']} @ {g['home']}", "Id": g["game_id"],
                     "Listed": "yes" if g["listed"] else "not yet",
                     "ML away": g["moneyline"]["away"], "ML home": g["moneyline"]["home"],
                     "Spread (home) now": g["spread"]["home_line"], "Spread open": g["spread"]["open_home_line"],
                     "Total now": g["total"]["line"], "Total open": g["total"]["open_line"],
                     "Desk Elo (home)": g["desk_opinion"]["home_line"],
                     "Spread/total odds": g["spread"]["odds"],
                     "Minutes to tip": g["minutes_to_tip"]})
    return rows


def market_line(game: dict, market: str, side: str) -> float | None:
    """The market's current line for that side: the home spread (negated for the away side), the
    total for over/under; None for the moneyline or a side that does not fit the market."""
    if market == "spread" and side in ("home", "away"):
        line = float(game["spread"]["home_line"])
        return line if side == "home" else -line
    if market == "total" and side in ("over", "under"):
        return float(game["total"]["line"])
    return None


def default_line(game: dict | None, market: str, side: str) -> None:
    """Puts the market line in the request form's line field whenever the game, market or side
    changes (what the person types afterwards stays until the next change)."""
    ss, pick = st.session_state, ((game or {}).get("game_id"), market, side)
    if ss.get("desk_req_line_for") == pick and "desk_req_line" in ss:
        return
    line = market_line(game, market, side) if game else None
    ss["desk_req_line"] = line if line is not None else float(ss.get("desk_req_line", 0.0))
    ss["desk_req_line_for"] = pick


def run_quote(desk, req, now) -> dict:
    """Runs the market maker, drawing each step's plain message as it happens; the quote's progress
    record (the one `GET /api/desk/quote/{id}` serves) is written as it goes and drawn at the end."""
    with st.status("Market maker evaluating...", expanded=True) as status:
        def on_event(ev) -> None:  # a TurnEvent
            if ev.type == "tool_start":
                st.write(f":material/chevron_right: {ev.text}")
            elif ev.type == "guard":
                st.warning(ev.text)
        q = desk.quote_tracked(req, now, on_event=on_event).model_dump(mode="json")
        status.update(label=f"Decision: {q['decision']['decision']} · {q['model_calls']} model call(s) · "
                            f"{len(q['tool_calls'])} tool call(s)", state="complete", expanded=False)
    return q


def progress_rows(record) -> list[dict]:
    """The progress record's steps as the page's table: time, step, message."""
    return [{"At": p.ts.strftime("%H:%M:%S.%f")[:-3], "Step": p.step, "Message": p.message} for p in record.progress]


def render_progress(desk, quote_id: str, key: str) -> None:
    """The quote's progress record, read from the store (the same record the API serves)."""
    record = desk.quote_progress(quote_id)
    if record is None or not record.progress:
        return
    with st.expander(f"Progress · {record.status} · {len(record.progress)} steps", expanded=False):
        st.dataframe(progress_rows(record), hide_index=True, key=f"{key}_progress")


def seconds_left(q: dict, now: dt.datetime) -> float:
    return (dt.datetime.fromisoformat(q["counter"]["expires_at"]) - now).total_seconds()


def render_card(q: dict, desk, key: str, actions: bool = True) -> None:
    """The decision card; `actions=False` (in chat) leaves accepting a counter to the Desk page."""
    d, r = q["decision"], q["request"]
    away, home = q["game_id"].split("-")[3:5]
    who = {"home": home, "away": away}.get(r["side"], r["side"])
    bet = f"{away} @ {home} · {r['market']} · {who}" + (f" {r['line']:+g}" if r["market"] == "spread" else
                                                       f" {r['line']:g}" if r.get("line") is not None else "")
    with st.container(border=True, key=f"{key}_card"):
        st.markdown(f"**{bet}** at {r['odds']} for {r['amount']:g} · quote `{q['quote_id']}`")
        if q["status"] == "accepted":
            st.success(f"Accepted: {d['odds']} for {d['amount']:g}. {d['reason']}", icon=":material/check_circle:")
        elif q["status"] == "counter_accepted":
            t = q["counter"]["terms"]
            st.success(f"Counter accepted: {t['odds']} for {t['amount']:g}.", icon=":material/check_circle:")
        elif q["status"] in ("counter_expired", "counter_moved", "counter_rejected"):
            st.warning(f"Counter void ({q['status'].removeprefix('counter_')}).", icon=":material/timer_off:")
        elif q["status"] == "countered":
            t, c = q["counter"]["terms"], q["counter"]
            line_txt = "" if t["line"] is None else f"{t['line']:+g} " if r["market"] == "spread" else f"{t['line']:g} "
            st.info(f"Counter: {who} {line_txt}at {t['odds']} for {t['amount']:g}. {d['reason']}",
                    icon=":material/swap_horiz:")
            if c.get("line_change"):
                lc = c["line_change"]
                st.markdown(f":material/straighten: **Line change:** {lc['from']:g} → {lc['to']:g} "
                            f"({lc['points']:g} points; NBA {r['market']} bound {lc['bound_points']:g})")
            _countdown(q, desk)
            st.caption(c["notice"])
            if not actions:
                st.caption("Accept it on the Desk page (Open counters).")
            elif st.button("Accept counter", key=f"{key}_accept_{q['quote_id']}", type="primary"):
                res = desk.accept(q["quote_id"]).model_dump(mode="json")
                st.session_state["desk_notice"] = res
                if res.get("fresh"):
                    st.session_state["desk_quote"] = res["fresh"]
                st.rerun()
        else:
            st.error(f"Rejected: {d['reason']}", icon=":material/block:")
        st.caption(f"Confidence {d['confidence']:.0%} · desk price {q['desk_odds']} (market line {q['market_line']}) · "
                   f"priced from the spread")
        if q.get("steps"):
            st.caption(" → ".join(q["steps"]))


def _countdown(q: dict, desk) -> None:
    @st.fragment(run_every=1.0)
    def tick():
        left = seconds_left(q, desk.clock.now())
        st.markdown(f":material/timer: **{max(0, left):.0f} s** left on this counter" if left > 0 else
                    ":material/timer_off: Counter expired: accepting starts a fresh evaluation")
    tick()


def notice(res: dict | None) -> None:
    if not res:
        return
    chk = res["check"]
    if res["status"] == "counter_accepted":
        st.success(f"Counter accepted without a new evaluation ({chk['reason']}).", icon=":material/check_circle:")
    elif res["status"] == "fresh_evaluation":
        st.warning(f"The counter was void ({chk['reason']}); the desk evaluated the bet afresh.",
                   icon=":material/refresh:")
    else:
        st.error(f"Counter not booked: {res.get('error')}")


def exposure_rows(positions: list[dict], limits) -> list[dict]:
    by_side: dict[str, float] = {}
    by_game: dict[str, float] = {}
    for p in positions:
        by_side[p["side_key"]] = by_side.get(p["side_key"], 0.0) + p["liability"]
        by_game[p["game_id"]] = by_game.get(p["game_id"], 0.0) + p["liability"]
    rows = [{"Scope": "side", "Key": k, "Worst-case loss": round(v, 2), "Limit": limits.max_per_side,
             "Used": round(v / limits.max_per_side, 3)} for k, v in sorted(by_side.items())]
    rows += [{"Scope": "game", "Key": k, "Worst-case loss": round(v, 2), "Limit": limits.max_per_game,
              "Used": round(v / limits.max_per_game, 3)} for k, v in sorted(by_game.items())]
    return rows


def position_rows(positions: list[dict]) -> list[dict]:
    return [{"Game": p["game_id"], "Market": p["market"], "Side": p["side"], "Line": p["line"], "Odds": p["odds"],
             "Amount": p["amount"], "Worst-case loss": p["liability"], "Booked (desk time)": p["booked_at"][:19],
             "Result": p["outcome"] or "open", "Desk P&L": p["pnl"]} for p in positions]


def stored_quote(q: dict) -> dict:
    """A quote from the book in the shape of a fresh quote result (for the card)."""
    rec = q["record"]
    return {"quote_id": q["quote_id"], "game_id": q["game_id"], "status": q["status"], "request": q["request"],
            "decision": q["decision"], "desk_odds": rec.get("desk_odds"), "market_line": rec.get("market_line"),
            "counter": rec.get("counter"), "steps": rec.get("steps", []), "model_calls": rec.get("model_calls", 0)}


def shadow_rows(report: dict) -> list[dict]:
    """One row per request where the agent and the rule engine disagreed."""
    return [{"Kind": k["kind"], "Quote": r["quote_id"], "Game": r["game_id"], "Bet": r["bet"],
             "Bettor": r["bettor"], "Answered by": r["answered_by"], "Agent P&L": r["agent_pnl"],
             "Rules P&L": r["rules_pnl"], "Agent": r["agent"], "Rules": r["rules"]}
            for k in report["by_kind"] for r in k["requests"]]


def netted_rows(desk, positions: list[dict]) -> list[dict]:
    """Per game: the gross worst case (what the limits bind on) next to the netted one."""
    rows = []
    for gid, n in desk.netted_by_game(positions).items():
        rows.append({"Game": gid, "Gross worst case (limits bind here)": n["gross_worst_loss"],
                     "Netted worst case": n["game_netted_worst_loss"],
                     "Worst outcome": ", ".join(f"{k.replace('_', ' ')} {v:+g}" if k == "home_margin" else f"{k} {v:g}"
                                                for k, v in n["game_worst_outcome"].items() if v is not None)})
    return rows


def clv_panel(desk, now: dt.datetime) -> None:
    """Closing-line value beside P&L: how the desk's booked prices compare with the real close."""
    from agents import door

    c = door.desk.clv_report(desk, now).clv
    cols = st.columns(3)
    if not c["bets"]:
        st.caption("Closing-line value: no booked bet on a game that has tipped yet.")
        return
    lo, hi = c["ci95_desk_clv_pct"] or (None, None)
    cols[0].metric("Desk CLV per bet", f"{c['mean_desk_clv_pct']:+.2f}%")
    cols[1].metric("Beat the close", f"{c['share_beating_close']:.0%}")
    cols[2].metric("CLV 95% interval", f"{lo:+.2f}% .. {hi:+.2f}%" if lo is not None else "-")
    st.caption(f"Closing-line value over {c['bets']} bets on {c['games']} games: odds x no-vig P(win) at the real "
               "close - 1, from the desk's side (positive: the desk's prices beat the close); the interval "
               "resamples games.")

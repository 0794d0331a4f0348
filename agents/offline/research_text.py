"""The offline planner's player-research answer: a player's games, status, news and schedule, two
players compared, and "is he playing Friday?" answered yes or no first (`day_verdict`), written from
the research tools' results. The writer for each intent is in agents/offline/writer.py.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.offline import cats as C
from agents.offline.answers import compared, games_lead, minutes_trends, roster_games, which_player
from agents.offline.nlu import Parsed
from agents.offline.text import _ok, _table, cat_figure

POSITION_NAMES = {"G": "guards", "F": "forwards", "C": "centers", "PG": "point guards", "SG": "shooting guards",
                  "SF": "small forwards", "PF": "power forwards"}


def research(p: Parsed, done) -> str:
    from agents.offline.message_reads import minutes_question, roster_games_question

    if not p.players and (p.act == "research_roster_games" or roster_games_question(p.text)) and _ok(done, "get_schedule"):
        return roster_games(p, done)
    if not p.players and minutes_question(p.text) and done.get("search_news_by_topic"):
        return minutes_trends(p, done)
    which = which_player(p, done)
    if which:
        return which
    ranked = [r["data"] for r in _ok(done, "get_player_rankings") if r["args"].get("player")]
    if len(ranked) >= 2:  # "is Mobley or JJJ better rest of season?"
        from agents.offline.talk import season_compare

        return season_compare(ranked, list(p.categories))
    if _ok(done, "compare_players"):
        frame = getattr(p, "frame", None)
        skill = bool(p.categories) and frame is not None and frame.per == "game"  # "who's the best passer?"
        if p.scoring == "categories":
            return C.compared(done, list(p.categories), per_game=skill, text=p.text)
        leads = C.skill_leads(done, list(p.categories), p.text) if skill else []
        return "\n\n".join([*leads, compared(done)])
    parts = []
    if p.hold_or_stream and not p.players and p.position and _ok(done, "get_my_roster"):
        from agents.offline.plans import flagged_on_roster

        who, fits = flagged_on_roster(done, p.position, p.text)
        if who and not fits:
            parts.append(f"None of your {POSITION_NAMES.get(p.position, p.position)} is flagged DTD or OUT; "
                         f"here is {who['name']} ({who['pos']}, {who['status']}) instead.")
    held = _ok(done, "evaluate_hold")
    if held:  # one verdict, decided on the figures the answer shows (agents/offline/holds.py)
        from agents.offline.holds import hold_lead

        parts.append(hold_lead(p, held[0], _ok(done, "deep_analysis")))
    analysis = _ok(done, "deep_analysis")
    if analysis and p.scoring == "categories":  # its reasoning is in fantasy points: keep the verdict only
        if not held:
            parts.append(f"**{analysis[0]['data'].get('conclusion', '')}**")
    elif analysis:
        a = analysis[0]["data"]
        if held:
            parts.append("Hold vs stream over this week only: " + (a.get("reasoning") or a.get("conclusion", "")))
        else:
            parts.append(f"**{a.get('conclusion', '')}**")
            if a.get("reasoning"):
                parts.append(a["reasoning"])
    logs = [g["data"] for g in _ok(done, "get_player_game_log")]
    from agents.offline.talk import stat_lead

    lead = stat_lead(p, logs)
    if lead:
        parts.append(lead)
    totals = _season_totals(p, logs)
    if totals:
        parts.insert(0, totals)
    elif len(logs) >= 2 and p.scoring == "categories":
        parts.append(C.better_lately(logs) + _points_line(logs[0], logs[1]))
    elif len(logs) >= 2:
        a, b = sorted(logs[:2], key=lambda d: -d["fantasy_avg"])
        parts.append(f"**{a['player']} has been better lately: {a['fantasy_avg']} fantasy pts per game over his last "
                     f"{a['games_found']} vs {b['fantasy_avg']} for {b['player']} over his last {b['games_found']}.**"
                     + _points_line(a, b))
    from agents.offline.talk import return_line

    back_asked = re.search(r"\b(back|return\w*|when (?:will|does|is|can) (?:he|she)|how long|out for)\b", p.text.lower())
    for s in _ok(done, "get_player_status"):
        d = s["data"]
        parts.append(f"**{d['player']}** ({d['team']}): **{d['status']}** (inferred) - {d['evidence']}.")
        back = return_line(d)
        if back:
            parts.insert(0, f"**{back}**") if back_asked else parts.append(back)
    for g in _ok(done, "get_player_game_log"):
        d = g["data"]
        a = d["averages"]
        if p.scoring == "categories":
            parts += C.game_log(d)
            continue
        last = "Last game" if d["games_found"] == 1 else f"Last {d['games_found']} games"
        parts.append(f"{last} for {d['player']}: {a['pts']} pts, {a['reb']} reb, {a['ast']} ast, "
                     f"{a['stl']} stl, {a['blk']} blk in {a['min']} min; **{d['fantasy_avg']} fantasy pts per game** "
                     f"(season {d['season_fantasy_avg']}); FG% {cat_figure('FG%', a['fg_pct'])}, FT% {cat_figure('FT%', a['ft_pct'])}.")
        parts.append(_table(["Date", "Opp", "Min", "Pts", "Reb", "Ast", "Stl", "Blk", "FPts"],
                            [[x["date"], x["opp"], x["min"], x["pts"], x["reb"], x["ast"], x["stl"], x["blk"], x["fpts"]]
                             for x in d["games"]]))
    sched = [pl for s in _ok(done, "get_schedule") for pl in s["data"]["players"]]
    if sched and (p.act == "research_schedule" or re.search(r"games (left|remaining)|how many games|more games",
                                                            p.text.lower())):
        ranked = sorted(sched, key=lambda pl: -pl["games"])
        window = next((s["data"].get("window") for s in _ok(done, "get_schedule")), None)
        args = next((s["args"] for s in _ok(done, "get_schedule")), {})
        # the window the tool ran over: next week's Monday to Sunday is not "left this week"
        later = bool(window and p.as_of and str(window[0]) > (p.as_of + dt.timedelta(days=6 - p.as_of.weekday())).isoformat())
        left, when = (("", f" from {window[0]} to {window[1]}") if args.get("start") and later else
                      (" left", " this week"))
        one_day = bool(window and args.get("start") and str(window[0]) == str(window[1]))
        if not one_day:  # one day asked ("does he play saturday?"): its yes/no leads instead (`day_verdict`)
            parts.insert(0, "**" + games_lead(ranked, left, when) + ".**")
    verdict = day_verdict(p, done) or weekend_verdict(p, done)
    if verdict:
        parts.insert(0, verdict)
    for s in _ok(done, "get_schedule"):
        for pl in s["data"]["players"]:
            when = ", ".join(str(x) for x in pl["dates"]) or "no game"
            count = f"{pl['games']} game{'s' * (pl['games'] != 1)} ({when})" if pl["games"] else when
            parts.append(f"Schedule for {pl['name']} from {s['data']['window'][0]} to {s['data']['window'][1]}: {count}.")
    notes = [n for r in _ok(done, "get_player_news") + _ok(done, "search_news_by_topic") for n in r["data"]["notes"]]
    if notes and p.scoring == "categories":
        notes = C.notes(notes)
    if notes:
        parts.append("Notes (generated from box scores):\n" + "\n".join(f"- {n['date']}: {n['text']}" for n in notes[:5]))
    elif done.get("search_news_by_topic"):
        parts.append("No absences or notable notes about your players in the box scores.")
    for r in _ok(done, "get_my_roster"):
        flagged = [x for x in r["data"]["players"] if x["status"] != "ACTIVE"]
        if flagged and not _ok(done, "get_player_status"):
            parts.append("Flagged on your roster:\n" + _table(["Player", "Status", "Evidence", "Games left"],
                         [[x["name"], x["status"], x["evidence"], x["games_remaining"]] for x in flagged]))
        elif not flagged:
            parts.append("Everyone on your roster played his team's last game.")
    fas = _ok(done, "get_free_agents")
    if fas and fas[0]["data"]["free_agents"]:
        parts.append("Healthy streamers at the position:\n" + C.free_agent_table(fas[0]["data"]["free_agents"][:5], p.scoring))
    return "\n\n".join(parts)


PLAYS_ASKED = re.compile(r"\b(play\w*|games?|suit\w* up|going|good to go|active|available|in the lineup)\b", re.I)


def day_verdict(p: Parsed, done) -> str | None:
    """"Is he playing Friday?": yes or no first, from the day's schedule and his status (a team game
    with him OUT is said as such), None when no single day was asked about."""
    days = [s for s in _ok(done, "get_schedule") if str(s["data"]["window"][0]) == str(s["data"]["window"][1])]
    if not p.day or not days or not PLAYS_ASKED.search(p.text):
        return None
    status = {s["data"]["player"]: s["data"]["status"] for s in _ok(done, "get_player_status")}
    when = f"{p.day:%A} ({p.day:%b} {p.day.day})"
    lines = []
    for pl in days[-1]["data"]["players"]:
        name, st = pl["name"], status.get(pl["name"])
        if not pl["games"]:
            lines.append(f"No: {name} has no game {when}.")
        elif st == "OUT":
            lines.append(f"His team plays {when}, but {name} is OUT (inferred from missed games).")
        else:
            lines.append(f"Yes: {name} has a game {when}" + (", but he is DTD (inferred)." if st == "DTD" else "."))
    return "**" + " ".join(lines) + "**" if lines else None


TOTALS_ASKED = re.compile(r"\b(?:totals?|in all|cumulative|combined|raw|overall|so far this season|on the season|"
                          r"who(?:'s| has| s)? (?:got |scored |put up )?more)\b", re.I)


def _season_totals(p: Parsed, logs: list[dict]) -> str | None:
    """'Total fantasy points on the season, who's got more?': the sums over the games found, not the
    averages (the player who played more games can lead in total while trailing per game)."""
    if len(logs) < 2 or not re.search(r"\btotals?\b|\bin all\b|\bcumulative\b|\braw\b", p.text.lower()) \
            or not TOTALS_ASKED.search(p.text):
        return None
    from agents.offline.talk import STAT_KEYS

    cat = next((c for c in p.categories if c in STAT_KEYS and not STAT_KEYS[c][0].endswith("pct")), None)
    key, label = (STAT_KEYS[cat][0], STAT_KEYS[cat][1]) if cat else ("fpts", "fantasy pts")
    if p.scoring != "points" and not cat:
        key, label = "pts", "points"
    def total(d: dict) -> float:  # the window's average (2 decimals) times its games: whole counts, to the unit
        avg = d.get("fantasy_avg") if key == "fpts" else d.get("averages", {}).get(key)
        return round((avg or 0) * d["games_found"])

    sums = sorted(((d["player"], total(d), d["games_found"]) for d in logs), key=lambda x: -x[1])
    (a, ta, ga), (b, tb, gb) = sums[0], sums[1]
    figure = (lambda v: f"{v:,.0f}")
    lead = (f"**In total, {a} has more: {figure(ta)} {label} over {ga} games to {b}'s {figure(tb)} over {gb}.**"
            if ta != tb else f"**{a} and {b} are level in total: {figure(ta)} {label} each.**")
    avg = {d["player"]: total(d) / max(1, d["games_found"]) for d in logs}
    if ta != tb and avg[b] > avg[a]:
        lead += f" Per game it flips: {b} {avg[b]:.1f} to {a}'s {avg[a]:.1f}; {a}'s lead is the games he has played."
    return lead


def _points_line(a: dict, b: dict) -> str:
    """The two logs' points per game (the stat a manager reads first)."""
    pa, pb = (d.get("averages", {}).get("pts") for d in (a, b))
    return "" if pa is None or pb is None else (f" Points per game: {a['player']} {pa:.1f}, {b['player']} {pb:.1f}.")


def weekend_verdict(p, done) -> str | None:
    """'does he play this weekend?': which of this week's Saturday and Sunday each player's team plays (from the
    schedule's dates), said first; None when the message names no weekend or the window holds neither day."""
    from agents.offline.list_filters import WEEKEND
    from services.league.lookup import fold

    if p.as_of is None or not WEEKEND.search(fold(p.text)):
        return None
    sat = p.as_of + dt.timedelta(days=(5 - p.as_of.weekday()) % 7) if p.as_of.weekday() != 6 else p.as_of - dt.timedelta(days=1)
    days = [d for d in (sat, sat + dt.timedelta(days=1)) if d >= p.as_of]
    lines = []
    for s in _ok(done, "get_schedule"):
        lo, hi = (str(x) for x in s["data"]["window"])
        if not all(lo <= d.isoformat() <= hi for d in days):
            continue
        for pl in s["data"]["players"]:
            played = {str(x) for x in pl["dates"]}
            on = [f"{d:%A} ({d:%b} {d.day})" for d in days if d.isoformat() in played]
            off = [f"{d:%A} ({d:%b} {d.day})" for d in days if d.isoformat() not in played]
            said = (f"plays {' and '.join(on)}" if on else "has no game") + (
                f", not {' or '.join(off)}" if on and off else f" ({' or '.join(off)})" if off else "")
            lines.append(f"{pl['name']} {said} this weekend")
    return f"**{'; '.join(lines)}.**" if lines else None

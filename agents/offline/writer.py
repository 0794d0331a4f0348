"""Writes the offline planner's answers from tool results: recommendation, numbers, caveat."""
from __future__ import annotations

import datetime as dt
import re

from agents.core.cards import card_rank, distinct
from agents.core.contracts import cards_of
from agents.core.intents import Intent
from agents.offline import cats as C
from agents.offline.answers import (compared, games_lead, hot_list, minutes_trends, owned_help, roster_games,
                                    user_move, which_player)
from agents.offline.nlu import Parsed
from agents.offline.lineup_text import lineup
from agents.offline.text import _ok, _table, move_line

HONEST = ("_Offline planner: a small learned intent model and deterministic rules over the league services, "
          "no language model._")
GENERAL_TIPS = {
    "stream": "Streaming means cycling your last roster spots through free agents who play on days your "
              "team has open slots: the value is extra games, so count games left before adding anyone.",
    "punt": "Punting means conceding one or two categories (often FT% or TO) to draft or add players "
            "who dominate the rest; it works in head-to-head categories, not in points leagues.",
    "ir": "Put OUT players in the IR slot when your league allows it: it frees a roster spot for a stream "
          "without dropping anyone.",
    "trade": "Trade for players whose value is depressed by a short slump, not an injury; compare per-game "
             "fantasy averages over the season and the last few weeks.",
    "points": "In points leagues every stat converts to fantasy points (ESPN default: PTS 1, 3PM 1, REB 1, "
              "AST 2, STL 4, BLK 4, FGM 2, FGA -1, FTM 1, FTA -1, TO -2), so volume and games played rule.",
    "categories": "In 9-category head-to-head leagues you win each category separately; chase the close "
                  "ones and ignore the ones you are sure to win or lose.",
}


def _errors(done) -> list[str]:
    return [f"`{name}` failed: {r['data'].get('error', 'error')}" for name, rs in done.items() for r in rs if not r["ok"]]


POSITION_NAMES = {"G": "guards", "F": "forwards", "C": "centers", "PG": "point guards", "SG": "shooting guards",
                  "SF": "small forwards", "PF": "power forwards"}


def research(p: Parsed, done) -> str:
    from agents.offline.nlu import minutes_question, roster_games_question

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
    if len(logs) >= 2 and p.scoring == "categories":
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
    verdict = day_verdict(p, done)
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


FLIP = re.compile(r"\b(?:flip\w*|swing\w*|in reach|within reach|closest|close (?:cats|categories|ones)|winnable|"
                  r"toss[- ]?ups?|up for grabs|(?:cats|categories) (?:can|could) i (?:still )?(?:win|get|take|steal))\b", re.I)


def flip_line(text: str, cats: list[dict], punted: set) -> str | None:
    """"Which cats am I closest to flipping?": the categories I am expected to lose, nearest an even chance
    first, and the leads at risk; never a punted one."""
    if not cats or not FLIP.search(text):
        return None
    live = [c for c in cats if c["category"] not in punted]
    losing = sorted((c for c in live if 0.02 <= c["win_probability"] < 0.5), key=lambda c: -c["win_probability"])
    risky = sorted((c for c in live if 0.5 <= c["win_probability"] <= 0.8), key=lambda c: c["win_probability"])
    say = lambda cs: ", ".join(f"{c['category']} ({c['win_probability']:.0%} win chance)" for c in cs)  # noqa: E731
    head = (f"**Closest to flipping: {say(losing[:3])}.**" if losing else
            "**No category you are losing is within reach: each is under a 2% win chance.**")
    tail = f" Leads at risk: {say(risky[:3])}." if risky else ""
    left = f" (punted, not counted: {', '.join(sorted(punted))})" if punted else ""
    return head + tail + left


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


def free_agents(p: Parsed, done) -> str:
    from agents.offline.avoid import avoid_answer, avoid_question

    if not p.players and not p.move and avoid_question(p.text, p.act):
        avoided = avoid_answer(p, done)
        if avoided:
            return avoided
    if _ok(done, "get_hot_free_agents") and not (getattr(p, "pool", None) == "hot" and p.replacing):
        return C.hot_list(done) if p.scoring == "categories" else hot_list(done)  # (drop X for a hot one: the verdict)
    owned = owned_help(p, done)
    if owned:
        return owned
    parts = user_move(done)
    fits = [r["data"] for r in _ok(done, "validate_slot_fit")]
    moves = distinct(sorted(cards_of([m for f in fits for m in f.get("moves", [])]), key=card_rank))[:3]
    if moves:
        parts.append("**Recommendation:** " + move_line(moves[0]) + " Approve it on the card below; nothing changes until you do.")
        parts += [f"- Also: {move_line(m)}" for m in moves[1:]]
        if getattr(p, "for_next_week", False):  # asked for next week: say the card's
            parts.append("The card counts from today, not from next Monday: its figures are this week's games, "
                         "then the rest of the season's (a move made now also plays this week).")
    elif fits:
        reasons = "; ".join(f"{f['add']}: {f['reason']}" for f in fits)
        parts.append(f"**No add beats your current roster this week.** {reasons}")
    m = _ok(done, "get_matchup_details")
    if m:
        parts.append(m[0]["data"]["summary"])
        if p.need and m[0]["data"].get("categories"):
            from agents.core.needs import as_asked, check_need

            check = check_need(p.categories, m[0]["data"]["categories"], p.punt)
            claimed = getattr(getattr(p, "frame", None), "need_claimed", True)
            said = check.text if claimed or not check.wrong else as_asked(check, [c for c in p.categories
                                                                                   if c not in p.punt])
            if said:
                parts.insert(0, said)
        punted = set(p.punt) | set(getattr(p, "thread_punt", None) or []) | {
            c for rs in done.values() for r in rs for c in (r["args"].get("punt") or [])
            + ((r["data"].get("filters") or {}).get("punt") or [] if r["ok"] else [])}
        close = [c for c in m[0]["data"].get("categories", []) if 0.2 <= c["win_probability"] <= 0.8
                 and c["category"] not in punted]  # the thread's punt: never listed in play
        if close:
            parts.append("Categories still in play: " + ", ".join(
                f"{c['category']} (win chance {c['win_probability']:.0%})" for c in close) + ".")
    fas = _ok(done, "get_free_agents")
    if len(fas) > 1 and not fas[0]["data"]["free_agents"]:
        wanted = fas[0]["data"]["filters"].get("min_games_remaining")
        parts.append(f"**No free agent has {wanted} games left this week.** The best with at least one game:")
        fas = fas[1:]
    if fas:
        f = fas[0]["data"]
        cats = f["filters"].get("target_categories")
        punt = f["filters"].get("punt")
        head = f"Top free agents{' for ' + ', '.join(cats) if cats else ''}{_filtered(f['filters'])} (value x games left):"
        if f["filters"].get("play_on"):
            head = head.replace("games left", "games on " + ("that day" if len(f["filters"]["play_on"]) == 1 else "those days"))
        if punt and p.scoring == "categories":
            head = (f"Top free agents punting {', '.join(punt)} (value over the other categories x games left; "
                    f"{', '.join(punt)} not counted):")
        elif punt:
            head += f" Punting {', '.join(punt)} changes nothing here: this league scores fantasy points."
        parts.append(head + "\n" + C.free_agent_table(f["free_agents"][:_shown(p)], p.scoring) if f["free_agents"] else "No free agent matches those filters.")
    for s in _ok(done, "get_player_status"):
        d = s["data"]
        parts.append(f"{d['player']}: {d['status']} (inferred) - {d['evidence']}.")
    return "\n\n".join(parts)


def _filtered(filters: dict) -> str:
    """The list's day and position filters in words: " with a game on Fri Jan 31, no C"."""
    said = []
    if filters.get("play_on"):
        days = [dt.date.fromisoformat(d) for d in filters["play_on"]]
        said.append("with a game on " + " or ".join(f"{d:%a %b} {d.day}" for d in days))
    if filters.get("not_position"):
        said.append(f"not {filters['not_position']}-eligible")
    if filters.get("not_teams"):
        said.append("none from " + ", ".join(filters["not_teams"]))
    if filters.get("max_minutes"):
        said.append(f"under {filters['max_minutes']:g} minutes a game this season")
    return (" " + ", ".join(said)) if said else ""


def _shown(p) -> int:
    """Rows of a free-agent table: the count asked for ("gimme 7 fa", "just 4"), else six."""
    f = getattr(p, "frame", None)
    return f.count if f is not None and f.count else 6


def cat_figure(category: str, value: float | None) -> str:
    """A category total in its own units: FG%/FT% with three decimals, counts with one."""
    if value is None:
        return "n/a"
    return f"{value:.3f}" if str(category).endswith("%") else f"{value:.1f}"


def matchup(p: Parsed, done) -> str:
    parts = []
    for r in _ok(done, "get_matchup_details"):
        d = r["data"]
        if d.get("scoring") == "points" and re.search(r"categor|\bcats\b", p.text.lower()):
            parts.append(f"**Your league scores fantasy points, not categories, so there are no categories to win "
                         f"or lose: you are {'ahead' if d['my_points'] > d['opponent_points'] else 'behind' if d['my_points'] < d['opponent_points'] else 'level'} "
                         f"{d['my_points']} to {d['opponent_points']}.** The category-by-category view is one step away: "
                         "**Show this matchup by category** asks this again in the categories league.")
            parts.append(d["summary"])
            continue
        parts.append(f"**{d['summary']}**")
        cats = d.get("categories") or []
        if p.need and p.categories and cats:  # "am I really losing assists?": the scoreboard answers the claim
            from agents.core.needs import check_need

            said = check_need(p.categories, cats, p.punt).text
            if said:
                parts.append(said.replace(" The advice below chases", " Moves should chase"))
        punted = set(p.punt) | set(getattr(p, "thread_punt", None) or []) | {
            c for rs in done.values() for r in rs for c in (r["args"].get("punt") or [])}
        mark = lambda c: f"{c} (punted)" if c in punted else c  # noqa: E731 - a punt is never one to chase
        behind = [mark(c["category"]) for c in cats if c["leader"] == "opponent"]
        ahead = [mark(c["category"]) for c in cats if c["leader"] == "me"]
        if cats:
            parts.append(f"You trail in {', '.join(behind) or 'nothing'}; you lead in {', '.join(ahead) or 'nothing'}.")
        flip = flip_line(p.text, cats, punted)
        if flip:
            parts.insert(0, flip)  # "which cats am I closest to flipping": answered first, from the same win chances
        mine, theirs = d["my_games_remaining"], d["opponent_games_remaining"]
        more = (f"they have {theirs - mine} more" if theirs > mine else f"you have {mine - theirs} more" if mine > theirs
                else "level")
        games = (f"Games left this week: you {mine}, {d['opponent']} {theirs} ({more}; {len(d['days_remaining'])} days "
                 "remaining).")
        if re.search(r"\bmore games\b|\bgames (?:left )?than\b|\bfewer games\b|\bwho has more\b", p.text.lower()):
            parts.insert(1, f"**{games}**")  # "they got more games left than me?": said right after the score
        else:
            parts.append(games)
        if d.get("categories"):
            parts.append(_table(["Cat", "You", "Them", "Proj you", "Proj them", "Win prob"],
                                [[c["category"], *(cat_figure(c["category"], c[k]) for k in
                                                   ("mine", "theirs", "projected_mine", "projected_theirs")),
                                  f"{c['win_probability']:.0%}"] for c in d["categories"]]))
    for r in _ok(done, "get_opponent_roster"):
        if p.scoring == "categories":
            parts.append(C.opponent(r["data"], "roster" in p.text.lower() or "who is my opponent" in p.text.lower()))
            continue
        if "roster" in p.text.lower() or "who is my opponent" in p.text.lower():
            parts.append(f"{r['data']['team']} ({r['data']['manager']}):\n" + _table(
                ["Player", "Pos", "Status", "Games left", "Expected per game"],
                [[x["name"], x["pos"], x["status"], x["games_remaining"], x["expected_per_game"]] for x in r["data"]["players"]]))
            continue
        top = r["data"]["players"][:3]
        parts.append("Their best players: " + ", ".join(f"{x['name']} ({x['expected_per_game']} expected, "
                                                          f"{x['games_remaining']} games left)" for x in top) + ".")
    return "\n\n".join(parts)


def general(p: Parsed, done) -> str:
    from agents.offline.talk import reply

    if p.act == "general_rules":  # the league's own rules, from its scoring weights (agents/offline/rules_talk.py)
        from agents.offline.rules_talk import rules_answer

        return rules_answer(p.categories, p.scoring, p.text)
    said = reply(p)
    if said:
        return said
    if p.greeting:
        if any(w in p.text.lower() for w in ("thank", "thx", "cheers")):
            return "You're welcome - ask me about a player, free agents, your matchup or your lineup any time."
        return ("Hi! I can research players, scan free agents, review your matchup and set your lineup. "
                "Try: \"Review my matchup and help me optimize for this week.\"")
    text = p.text.lower()
    asked = [tip for key, tip in GENERAL_TIPS.items() if re.search(rf"\b{key}", text)]  # "ir", not "their"
    if p.act == "general_roster":  # "who's on my team?": the roster, tips only when a topic was asked too
        from agents.offline.roster_view import roster_answer

        shown = roster_answer(p.scoring, done)
        if shown:
            return "\n\n".join([*asked, shown])
    parts = asked or [GENERAL_TIPS["stream"], GENERAL_TIPS["categories" if p.scoring == "categories" else "points"]]
    for r in _ok(done, "get_my_roster"):
        if p.scoring == "categories":
            parts.append("Your roster now:\n" + _table(["Player", "Status", "Games left"],
                         [[x["name"], x["status"], x["games_remaining"]] for x in r["data"]["players"]]))
            continue
        parts.append("Your roster now:\n" + _table(["Player", "Status", "Games left", "FPts last 5"],
                     [[x["name"], x["status"], x["games_remaining"], x["fpts_last5"]] for x in r["data"]["players"]]))
    return "\n\n".join(parts)


WRITERS = {Intent.PLAYER_RESEARCH: research, Intent.FREE_AGENT_SCAN: free_agents, Intent.MATCHUP_ANALYSIS: matchup,
           Intent.LINEUP_OPTIMIZATION: lineup, Intent.GENERAL_ADVICE: general}


def _points_line(a: dict, b: dict) -> str:
    """The two logs' points per game (the stat a manager reads first)."""
    pa, pb = (d.get("averages", {}).get("pts") for d in (a, b))
    return "" if pa is None or pb is None else (f" Points per game: {a['player']} {pa:.1f}, {b['player']} {pb:.1f}.")


def write_answer(p: Parsed, done, unfinished: bool = False) -> str:
    from agents.offline.acts import act_answer
    from agents.offline.trade_talk import TRADE_ACTS, trade_answer

    from agents.offline import names

    if names.unresolved(p):
        body = names.ask_which(p)
    else:
        body = act_answer(p, done) or (trade_answer(p, done) if p.act in TRADE_ACTS else None) or WRITERS[p.intent](p, done)
        from agents.offline.pool import left_out_line

        for line in (names.taken_line(p), left_out_line(p)):
            if line and body:
                body = line + "\n\n" + body
    if not body:
        failed = [r["data"] for rs in done.values() for r in rs if not r["ok"]]
        body = ("**" + failed[0].get("error", "That did not work.") + "**") if failed else \
            "I could not find anything useful for that in the league data."
    frame = getattr(p, "frame", None)
    if frame is not None and frame.unhonoured:  # a constraint no tool can honour is said, never dropped
        body = "_Not applied: " + "; ".join(frame.unhonoured) + "._\n\n" + body
    errors = list(dict.fromkeys(e.split("` failed: ", 1)[-1] for e in _errors(done)))
    errors = [e for e in errors if e not in body]
    if errors:
        body += "\n\n" + "Could not complete: " + "; ".join(errors)
    if unfinished:
        body += "\n\nI stopped before finishing every step (a safety limit on tool calls or time); the numbers above are what I gathered."
    return body + "\n\n" + HONEST

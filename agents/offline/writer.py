"""Writes the offline planner's answers from tool results: recommendation, numbers, caveat.

The research and matchup answers are written in agents/offline/research_text.py and
agents/offline/matchup_text.py, the lineup answer in agents/offline/lineup_text.py.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.core.cards import card_rank, distinct
from agents.core.contracts import cards_of
from agents.core.intents import Intent
from agents.offline import cats as C
from agents.offline.answers import hot_list, owned_help, user_move
from agents.offline.nlu import Parsed
from agents.offline.lineup_text import lineup
from agents.offline.matchup_text import matchup
from agents.offline.research_text import research
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
    if len(fas) > 1 and not fas[0]["data"]["free_agents"] and fas[0]["data"]["filters"].get("play_on_all"):
        parts.append(_nobody_every_day(fas[0]["data"], offer=False) + " The best with a game on any of them:")
        fas = fas[1:]
    elif len(fas) > 1 and not fas[0]["data"]["free_agents"]:
        wanted = fas[0]["data"]["filters"].get("min_games_remaining")
        found = next((x for x in fas[1:] if x["data"]["free_agents"]), fas[-1])
        least = found["data"]["filters"].get("min_games_remaining") or 1
        week = "next week" if found["data"]["filters"].get("horizon") == "next_week" else "left this week"
        parts.append(f"**No free agent has {wanted} games {week}.** The best with at least one game:" if least <= 1 else
                     f"**The most games any free agent has {week}: {least}.** The best of them:")
        fas = [found]
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
        parts.append(head + "\n" + C.free_agent_table(f["free_agents"][:_shown(p)], p.scoring) if f["free_agents"]
                     else _nobody_every_day(f) or "No free agent matches those filters.")
    for s in _ok(done, "get_player_status"):
        d = s["data"]
        parts.append(f"{d['player']}: {d['status']} (inferred) - {d['evidence']}.")
    top = _top_of_list(p, fas)
    if top and moves:
        parts.insert(0, top)  # "who's the best shooter out there?": the list's first, then the move for my roster
    return "\n\n".join(parts)


WHO_BEST = re.compile(r"\bwho(?:'?s| is| are|se)?\s+(?:\w+\s+){0,2}?(?:the\s+)?(?:best|top|#1|number one)\b", re.I)


def _top_of_list(p: Parsed, fas) -> str | None:
    """"Who's the best pure shooter on waivers?" is answered by the list's first row, named first (a card's
    add can be another player: the move that helps my roster most); `cards_read.lead_player` reads it."""
    if p.players or not fas or not WHO_BEST.search(p.text) or not fas[0]["data"]["free_agents"]:
        return None
    f = fas[0]["data"]
    row, cats = f["free_agents"][0], f["filters"].get("target_categories") or []
    key = {"PTS": "pts", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "3PM": "fg3m"}.get(cats[0]) if cats else None
    got = (row.get("per_game") or {}).get(key) if key else None
    stat = f"{got:g} {cats[0]} a game, " if isinstance(got, (int, float)) else ""
    return (f"**Top of the list{' for ' + ', '.join(cats) if cats else ''}: {row['name']}** ({stat}"
            f"{row.get('games_remaining', '?')} games left; ranked by value x games left). The move that helps "
            "your roster most follows.")


def _nobody_every_day(f: dict, offer: bool = True) -> str | None:
    """An all-days list that came back empty, said as what it is: nobody plays on each of those days (`offer`: with
    what to ask instead, when no list on any of the days follows)."""
    filters = f["filters"]
    if not filters.get("play_on_all"):
        return None
    days = [dt.date.fromisoformat(d) for d in filters["play_on"]]
    said = " and ".join(f"{d:%a %b} {d.day}" for d in days)
    if len(days) == 2:
        return (f"**Nobody plays both days:** none of the {f.get('scanned', 0)} best free agents has a game on {said} "
                "(no back-to-back for their teams)." + (" Ask for one of the days for its best pickups." if offer else ""))
    return (f"**Nobody plays every one of those days:** none of the {f.get('scanned', 0)} best free agents has a "
            f"game on each of {said}." + (" Ask for fewer days for the best pickups." if offer else ""))


def _filtered(filters: dict) -> str:
    """The list's day and position filters in words: " with a game on Fri Jan 31, no C"."""
    said = []
    if filters.get("play_on"):
        days = [dt.date.fromisoformat(d) for d in filters["play_on"]]
        said.append("with a game on " + (" and " if filters.get("play_on_all") else " or ").join(
            f"{d:%a %b} {d.day}" for d in days))
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
    if getattr(p, "gloss", None) and body and p.act != "general_explain":  # "what does that even mean, and should i?"
        from agents.core.glossary import explained

        body = explained(p.gloss, body)  # the word, then the answer
    from agents.offline.scope import aside_of

    aside = aside_of(p) if body else None
    if aside:  # "how tall is wemby? and how many blocks is he getting": the height not in the data, then the blocks
        body = f"_{aside}._\n\n" + body
    if getattr(p, "window_note", None) and body:  # "since new year's": the window it was ranked over, said
        body = "_" + p.window_note[0].upper() + p.window_note[1:] + "._\n\n" + body
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

"""Which tools the offline planner calls, round by round, for each intent."""
from __future__ import annotations

import datetime as dt
import json
import re

from agents.core.intents import Intent
from agents.offline.list_filters import least_games
from agents.offline.nlu import Parsed

Call = tuple[str, dict]
MAX_PLAYERS = 2


def _results(done: dict[str, list[dict]], name: str) -> list[dict]:
    return [r["data"] for r in done.get(name, []) if r["ok"]]


def _fits(player: dict, position: str | None) -> bool:
    want = {"G": {"PG", "SG"}, "F": {"SF", "PF"}}.get(position or "", {position} if position else None)
    return want is None or bool(set(player["pos"].split("/")) & want)


def flagged_on_roster(done, position: str | None, text: str = "") -> tuple[dict | None, bool]:
    """(the roster player the question is about, whether he is at the named position).

    Prefers the status the user named (DTD or OUT) at the position; when no player at that
    position is flagged, the user's flagged player elsewhere is evaluated instead (and said so).
    """
    import re

    said = "DTD" if re.search(r"\bdtd|day.to.day|questionable", text.lower()) else \
        "OUT" if re.search(r"\bout\b|injured|hurt", text.lower()) else None
    flagged = [p for r in _results(done, "get_my_roster") for p in r.get("players", []) if p["status"] != "ACTIVE"]
    ranked = sorted(flagged, key=lambda p: (not _fits(p, position), said is not None and p["status"] != said))
    return (ranked[0], _fits(ranked[0], position)) if ranked else (None, False)


def _mode(p: Parsed) -> dict:
    """The advice mode the question asks for ("I only care about this week"), else nothing (the setting)."""
    return {"mode": p.mode} if p.mode else {}


def _primary_slot(pos: str) -> str:
    first = pos.split("/")[0]
    return {"PG": "G", "SG": "G", "SF": "F", "PF": "F"}.get(first, first)


def _topic(text: str) -> str | None:
    t = text.lower()
    if re.search(r"\b(hot|hottest|trending|breakout|on fire|heating up|in form)\b", t):
        return "hot"
    if re.search(r"\b(cold|slump|slumping)\b", t):
        return "slump"
    if re.search(r"\b(minutes|role|usage)\b", t):
        return "minutes"
    if re.search(r"\b(return|returns|returned|back from)\b", t):
        return "returns"
    return None


def plan_research(p: Parsed, done: dict, as_of: dt.date) -> list[Call]:
    if p.hold_or_stream:
        players = p.players[:1]
        if not players:
            if "get_my_roster" not in done:
                return [("get_my_roster", {})]
            flagged, _ = flagged_on_roster(done, p.position, p.text)
            if not flagged:
                return []
            players, pos = [flagged["name"]], _primary_slot(flagged["pos"])
        else:
            pos = p.position
        if "deep_analysis" in done:
            return []
        name = players[0]
        status = [] if "get_player_status" in done else [("get_player_status", {"name": name})]  # read before a reroute
        return [("evaluate_hold", {"name": name, **_mode(p)}), *status, ("get_player_news", {"name": name}),
                ("get_free_agents", {"position": pos, "healthy_only": True, "min_games_remaining": 1, "limit": 5}),
                ("deep_analysis", {"question": f"Should I hold {name} or stream his roster spot for the rest of the week?",
                                   "context": f"as of {as_of}; stream position {pos or 'any'}"})]
    if done:
        return []
    f = getattr(p, "frame", None)
    if f is not None and f.horizon == "next_week" and (p.act in ("research_schedule", "research_roster_games")
                                                       or re.search(r"\bgames?\b", p.text, re.I)):
        start = as_of + dt.timedelta(days=7 - as_of.weekday())  # next Monday to Sunday
        window = {"start": start.isoformat(), "end": (start + dt.timedelta(days=6)).isoformat()}
        return [("get_schedule", {"names": p.players[:4], **window})] if p.players else \
            [("get_schedule", window), ("get_my_roster", {})]
    if not p.players:
        from agents.offline.message_reads import minutes_question, roster_games_question

        if p.act == "research_roster_games" or roster_games_question(p.text):
            if f is not None and f.start and f.end:  # "and my whole roster combined?" over "now and the 9th"
                return [("get_schedule", {"start": f.start.isoformat(), "end": f.end.isoformat()}), ("get_my_roster", {})]
            return [("get_schedule", {}), ("get_my_roster", {})]
        topic = "minutes" if minutes_question(p.text) else _topic(p.text)
        if topic:
            mine = bool(re.search(r"\b(my|mine|me)\b", p.text.lower()))
            return [("search_news_by_topic", {"topic": topic, "my_team_only": True} if mine else {"topic": topic})]
        return [("get_my_roster", {}), ("search_news_by_topic", {"topic": "injuries", "my_team_only": True})]
    from agents.offline.nlu import ambiguous, is_known

    if any(ambiguous(n, p.as_of) for n in p.players):  # "jalen stats": ask which one (the roster says which is mine)
        return [("get_my_roster", {})]
    unknown = [n for n in p.players if not is_known(n)]
    if unknown:  # "michael jordan": one look-up, whose error carries the suggestions
        return [("get_player_status", {"name": unknown[0]})]
    games_asked = bool(re.search(r"\bhow many games\b|\bgames? (?:left|remaining)\b", p.text, re.I))
    if f is not None and f.start and f.end and (p.act in ("research_schedule", "research_compare") or games_asked):
        window = {"start": f.start.isoformat(), "end": f.end.isoformat()}  # "from Feb 3 to Feb 9"
        tool = "compare_players" if p.act == "research_compare" and len(p.players) >= 2 else "get_schedule"
        return [(tool, {"names": p.players[:4], **window})]
    if p.act == "research_schedule":
        if p.day and not p.rest_of_week:
            return [("get_schedule", {"names": p.players[:4], "start": p.day.isoformat(), "end": p.day.isoformat()})]
        return [("get_schedule", {"names": p.players[:4]})]
    if len(p.players) >= 2 and f is not None and f.horizon == "rest_of_season" and \
            p.act in ("research_compare", "research_log", "research_status", "research_news"):
        # "is Mobley or JJJ better rest of season?": each one's rest-of-season value, not recent form
        return [("get_player_rankings", {"player": name, "sort": "ros_value"}) for name in p.players[:4]]
    if len(p.players) >= 2 and p.act == "research_compare" and (p.rest_of_week or (p.day and p.day > as_of)):
        # "compare A and B for the rest of this week": expected totals over the remaining games
        window = {} if p.rest_of_week or not p.day else {"start": p.day.isoformat(), "end": p.day.isoformat()}
        return [("compare_players", {"names": p.players[:4], **window})]
    calls: list[Call] = []
    for name in p.players[:MAX_PLAYERS]:
        calls += [("get_player_status", {"name": name}), ("get_player_game_log", {"name": name, "last_n": _last_n(p)})]
        if not p.last_n:
            calls.append(("get_player_news", {"name": name}))
        if p.day:
            calls.append(("get_schedule", {"names": [name], "start": p.day.isoformat(), "end": p.day.isoformat()}))
    return calls[:8]


def _last_n(p: Parsed) -> int:
    """The games the log covers: the number asked for; a season question reads the whole season."""
    if p.last_n:
        return p.last_n
    return 82 if re.search(r"\b(this season|this year|so far|on the season|season average|all season)\b",
                           p.text.lower()) else 5


def plan_free_agents(p: Parsed, done: dict, as_of: dt.date) -> list[Call]:
    from agents.offline.avoid import avoid_calls, avoid_question

    if not p.players and not p.move and avoid_question(p.text, p.act):  # "who should I NOT pick up?"
        return [] if done else avoid_calls(p)
    if (p.act == "fa_hot" or _topic(p.text) == "hot") and not p.players:  # "who has been hot on the waiver wire?": form, not value
        return [] if done else [("get_hot_free_agents", {"position": p.position} if p.position else {})]
    if p.move:  # the user named the move: evaluate exactly that one (an error is answered as is); "IR him": kind ir
        from agents.offline.move_cues import ir_named

        kind = {"kind": "ir"} if ir_named(p.text) else {}
        return [] if done else [("evaluate_move", {"drop": p.move[0], "add": p.move[1], **kind, **_mode(p)})]
    f = getattr(p, "frame", None)
    horizon = f.horizon if f and f.horizon in ("next_week", "rest_of_season", "this_week") else None
    scan = {"position": p.position, "healthy_only": True, "min_games_remaining": games_wanted(p, horizon),
            "target_categories": p.categories or None, "limit": f.count if f and f.count else 8,
            **({"horizon": horizon} if horizon else {}), **({"exclude": list(f.exclude)} if f and f.exclude else {}),
            **({"not_position": f.not_position} if f and f.not_position else {}),
            **({"play_on": [d.isoformat() for d in f.play_on]} if f and f.play_on else {}),
            **({"play_on_all": True} if f and f.play_on_all and len(f.play_on) > 1 else {}),
            **({"not_teams": list(f.not_teams)} if f and f.not_teams else {}),
            **({"max_minutes": f.max_minutes} if f and f.max_minutes else {})}
    if p.replacing:  # "who should I pick up to replace Embiid?": he is the drop, not the add
        hot = getattr(p, "pool", None) == "hot"  # "should I drop Bol for one of them" after the hot list
        from agents.offline.cards_read import declined_adds

        declined = declined_adds(p, p.replacing)  # "nah, not that guy. next best streamer for him?": not again
        if declined and not hot:
            scan = {**scan, "exclude": list(dict.fromkeys([*scan.get("exclude", []), *declined]))}
        if not done:
            return [("get_player_status", {"name": p.replacing}),
                    ("get_hot_free_agents", {"limit": 5, **({"position": p.position} if p.position else {})}) if hot else
                    ("get_free_agents", {**scan, "limit": f.count if f and f.count else 5})]
        if "validate_slot_fit" in done:
            return []
        scans = _results(done, "get_hot_free_agents" if hot else "get_free_agents")  # the relaxed list too
        return _relaxed(done, any_day=not p.follow_up) or [("validate_slot_fit", {"add": a["name"], "drop": p.replacing})
                                  for a in (scans[-1] if scans else {}).get("free_agents", [])[:3]]
    if p.players and p.act != "fa_scan":
        if done:
            return []
        name = p.players[0]
        log = [("get_player_game_log", {"name": name, "last_n": 5})] if p.categories else []  # "would he help my steals"
        return [("get_player_status", {"name": name}), ("get_schedule", {"names": [name]}),
                ("validate_slot_fit", {"add": name}), *log]
    if horizon in ("next_week", "rest_of_season"):  # ranked over that horizon; this week's slot fits do not apply
        return _relaxed(done, getattr(p, "most_games", False), any_day=not p.follow_up) if done else \
            [("get_free_agents", scan)]
    checked = p.need and p.scoring == "categories"  # a stated need: the scoreboard first, then the categories in play
    if not done:
        return [("get_matchup_details", {})] if checked else [("get_matchup_details", {}), ("get_free_agents", scan)]
    if checked and "get_free_agents" not in done:
        return [("get_free_agents", {**scan, "target_categories": need_targets(p, done) or None})]
    if "validate_slot_fit" in done:
        return []
    return _relaxed(done, any_day=not p.follow_up) or [("validate_slot_fit", {"add": a["name"]}) for a in _scanned(done)[:3]]


def _scanned(done: dict) -> list[dict]:
    """The free agents the scan found: the relaxed list when the first came back empty."""
    if len(done.get("get_free_agents", [])) > 1:
        return []  # answered from the relaxed list (the writer says nobody met the games filter)
    return (_results(done, "get_free_agents") or [{}])[0].get("free_agents", [])


def _relaxed(done: dict, most: bool = False, any_day: bool = True) -> list[Call]:
    """Nobody has the games asked for ("someone with 4 games" in a 3-game week): the list again with
    one game, and the answer says so. Nobody plays each of the days asked: the best on any of them (`any_day`:
    not when a follow-up narrowed a list already shown to each day: that list is not shown again)."""
    scans = _results(done, "get_free_agents") or [{}]
    first, last = scans[0], scans[-1]
    wanted = (last.get("filters") or {}).get("min_games_remaining", 0)
    if most and (first.get("filters") or {}).get("min_games_remaining") == MOST_GAMES_ASKED:  # the most anyone has
        if not last.get("free_agents") and wanted > 1:
            return [("get_free_agents", {**last["filters"], "min_games_remaining": wanted - 1})]
        return []
    if not first.get("free_agents") and len(done.get("get_free_agents", [])) == 1 and wanted > 1:
        return [("get_free_agents", {**first["filters"], "min_games_remaining": 1, "limit": 8})]
    if any_day and not first.get("free_agents") and len(done.get("get_free_agents", [])) == 1 and \
            (first.get("filters") or {}).get("play_on_all"):  # nobody plays each day: the best on any of them
        return [("get_free_agents", {**first["filters"], "play_on_all": False})]
    return []


MOST_GAMES_ASKED = 4  # no NBA team plays more than four games in a Monday-Sunday week




def games_wanted(p: Parsed, horizon: str | None) -> int:
    """The message's fewest games, else the list's it follows up ("and no centers" after "only guys with 3
    games that week": still 3, `Parsed.min_games` carried by understand.py)."""
    said = least_games(p.text, horizon)
    if said <= 1 and getattr(p, "most_games", False):
        return MOST_GAMES_ASKED  # "the most games next week": four asked first, one fewer until someone has them
    return said if said > 1 else (getattr(p, "min_games", None) or 1)


def need_targets(p: Parsed, done: dict) -> list[str]:
    """The categories a stated need should chase: the named ones the scoreboard has in play, else
    the close ones (agents.core.needs)."""
    from agents.core.needs import check_need

    lines = next(iter(_results(done, "get_matchup_details")), {}).get("categories") or []
    if not lines:
        return list(p.categories)
    check = check_need(p.categories, lines, p.punt)
    claimed = getattr(getattr(p, "frame", None), "need_claimed", True)
    return check.in_play if check.wrong and claimed else list(p.categories)


def plan_matchup(p: Parsed, done: dict, as_of: dt.date) -> list[Call]:
    if done:
        return []
    return [("get_matchup_details", {}), ("get_opponent_roster", {}), ("get_schedule", {})]


LINEUP_DAYS = 7  # compose_daily_lineup sets a lineup for the as-of date and the six days after it


def plan_lineup(p: Parsed, done: dict, as_of: dt.date) -> list[Call]:
    if done:
        return []
    if p.wants_moves:
        cut = {"ir_cut": p.ir_cut} if p.ir_cut else {}  # "cut X when he returns": the IR cards count him
        count = getattr(getattr(p, "frame", None), "count", None)
        limit = {"limit": min(count, 10)} if count else {}  # "give me 3 add/drop options", "best single move"
        return [("optimize_matchup", {"allow_drop": p.allow_drop or None, "target_categories": p.categories or None,
                                      **_mode(p), **cut, **limit})]
    if p.act == "lineup_day" and not p.day:
        p.day = as_of  # "who plays?" with no day: today
    if p.day and not p.rest_of_week and p.day > as_of + dt.timedelta(days=LINEUP_DAYS - 1) and not p.players:
        # "and thursday the 6th?": past the days a lineup is set for, that day's games from the schedule
        return [("get_schedule", {"start": p.day.isoformat(), "end": p.day.isoformat()}), ("get_my_roster", {})]
    if p.day and not p.rest_of_week:
        if not p.players and re.search(r"\b(playing|plays|have a game|has a game)\b", p.text.lower()):
            return [("compose_daily_lineup", {"date": p.day.isoformat()}), ("get_my_roster", {})]  # statuses
        return [("compose_daily_lineup", {"date": p.day.isoformat()})]
    week_end = as_of + dt.timedelta(days=6 - as_of.weekday())
    days = [as_of + dt.timedelta(days=i) for i in range((week_end - as_of).days + 1)]
    return [("compose_daily_lineup", {"date": d.isoformat()}) for d in days[:7]]


def plan_general(p: Parsed, done: dict, as_of: dt.date) -> list[Call]:
    if done or p.greeting or p.act != "general_roster":
        return []
    return [("get_my_roster", {})]


PLANNERS = {Intent.PLAYER_RESEARCH: plan_research, Intent.FREE_AGENT_SCAN: plan_free_agents,
            Intent.MATCHUP_ANALYSIS: plan_matchup, Intent.LINEUP_OPTIMIZATION: plan_lineup,
            Intent.GENERAL_ADVICE: plan_general}


def next_calls(p: Parsed, done: dict[str, list[dict]], as_of: dt.date) -> list[Call]:
    from agents.offline import names
    from agents.offline.acts import CONVERSATION_ACTS, plan_act
    from agents.offline.trade_talk import TRADE_ACTS, plan_trade

    if names.needs_roster(p):
        return [("get_my_roster", {})]  # a name several players go by: mine first (agents/offline/names.py)
    if names.unresolved(p):
        return []  # nothing in context picks one: the answer asks, naming the few likeliest
    from agents.offline.player_acts import PLAYER_ACTS, plan as plan_player

    if p.act in PLAYER_ACTS:  # eligibility, per 36, minutes trends (agents/offline/player_acts.py)
        return plan_player(p, done)
    if p.act in CONVERSATION_ACTS:  # an affirmation, "why X not Y", out of scope, a filter on the last answer
        return plan_act(p, done)
    if p.act in TRADE_ACTS:  # trades and rankings: their own tools
        return plan_trade(p, done)
    return PLANNERS[p.intent](p, done, as_of)


def parse_result(content) -> tuple[bool, dict]:
    text = content if isinstance(content, str) else json.dumps(content)
    try:
        data = json.loads(text)
        return (not (isinstance(data, dict) and "error" in data)), data if isinstance(data, dict) else {"value": data}
    except (TypeError, ValueError):
        return False, {"error": str(text)[:300]}

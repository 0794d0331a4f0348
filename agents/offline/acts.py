"""Conversation acts that are not a new request (issue #36), planned and answered by the offline
planner from the request frame (agents/core/frame.py):

- an affirmation while cards wait ("ok do it", "yes the second one"): that card again, with what
  approving it does; a chat message never executes a move;
- "why X not Y": the two options compared from the numbers the last answer (its cards) showed;
- a question outside what the product models (standings, playoff odds, deadline news): said in one
  line, with the nearest thing it has (each team's rest-of-season strength, `get_team_strength`);
- a filter on the previous answer ("which of them play Friday?"): its players' games that day.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.offline.cards_read import offered_cards
from agents.offline.ir_talk import ir_answer
from agents.offline.cats_profile import profile_answer
from agents.offline.moves_talk import moves_answer
from agents.offline.punt_act import plan_punt, punt_answer
from agents.offline.text import _ok, _table
from services.league.lookup import fold
from agents.offline.why_not import why_not_answer, why_not_plan

CONVERSATION_ACTS = ("affirm", "why_not", "out_of_scope", "filter_previous", "why_benched", "punt_set", "ir_list", "ir_both",
                     "my_moves", "cat_profile", "noted")


def plan_act(p, done: dict) -> list[tuple[str, dict]]:
    f = p.frame
    if p.act == "punt_set":  # a message that only states a punt: what it changes
        return plan_punt(p, done)
    if p.act == "noted":  # "Shai's not going anywhere. just so you know": noted for the thread, nothing to look up
        return []
    if p.act in ("ir_list", "ir_both"):  # "who's on my IR?", "can I IR both?": the roster's IR slots, not moves
        from agents.offline.moves_talk import my_moves_asked

        # "so who's in my IR slot now, and who'd I end up adding": the record of moves beside the slots
        return [] if done else [("get_my_roster", {})] + ([("get_my_moves", {})] if my_moves_asked(p) else [])
    if p.act == "my_moves":  # "what did I just do?": the league's record of my decisions
        from agents.offline.moves_talk import roster_asked

        if done:
            return []
        return [("get_my_moves", {})] + ([("get_my_roster", {})] if roster_asked(p) else [])  # "... show me my roster"
    if p.act == "cat_profile":  # "what's my weakest category?": my category ranks in the league
        return [] if done or p.scoring != "categories" else [("get_team_strength", {})]
    if done:
        return []
    if f.act == "out_of_scope":
        from agents.offline.scope import nearest_calls

        return nearest_calls(f.topic or "standings", p.players, p.day or p.as_of)
    if f.act == "filter_previous" and health_filter(p):  # "which of those are actually healthy"
        return [("get_player_status", {"name": n}) for n in listed(p)[:8]]
    if f.act == "filter_previous" and p.day:
        names = listed(p)
        return [("get_schedule", {"names": names[:25], "start": p.day.isoformat(), "end": p.day.isoformat()})] \
            if names else []
    if f.act == "filter_previous" and games_filter(p):  # "of what's left, who has 3 games left this week"
        names, end = listed(p), p.as_of + dt.timedelta(days=6 - p.as_of.weekday())
        return [("get_schedule", {"names": names[:25], "start": p.as_of.isoformat(), "end": end.isoformat()})] \
            if names else []
    if f.act == "why_benched":  # the lineup model's own days: where he starts and why he sits
        today = p.as_of
        days = [p.day] if p.day else [today + dt.timedelta(days=i) for i in range(7 - today.weekday())]
        return [("compose_daily_lineup", {"date": d.isoformat()}) for d in days]
    if f.act == "why_not":
        return why_not_plan(p)
    return []


PLAYING_LEAD = re.compile(r"^\*\*\d+ of your players have a game [^:\n]+: (?P<names>[^*\n]+?)\.?\*\*", re.M)


def previous_players(answer: str | None) -> list[str]:
    """The players of the last answer's table (its 'Player' column); after a day's lineup, the players its
    lead says have a game (the table holds the starters only: "which of those are iffy" asks of all of them)."""
    from agents.offline.cards_read import table_players

    rows = table_players(answer)
    m = PLAYING_LEAD.search(answer or "")
    lead = [n.strip() for n in m.group("names").split(", ") if n.strip()] if m else []
    return lead if len(lead) > len(rows) else rows


def listed(p) -> list[str]:
    """The players of the list the message filters: the last answer's table, else, when that answer held
    no list (a game log of the list's top player in between: "now just the ones from that list who play
    tomorrow"), the thread's latest answer with a table of players."""
    names = previous_players(p.previous_answer)
    if len(names) >= 2:
        return names
    for answer in getattr(p, "thread_answers", None) or []:
        found = previous_players(answer)
        if len(found) >= 2:
            return found
    return names


def act_answer(p, done) -> str | None:
    from agents.offline.player_acts import PLAYER_ACTS, answer as player_answer

    if p.act in PLAYER_ACTS:  # eligibility, per 36, minutes trends (agents/offline/player_acts.py)
        return player_answer(p, done)
    f = getattr(p, "frame", None)
    if p.act == "punt_set":
        return punt_answer(p, done)
    if p.act == "noted":
        from agents.offline.noted import noted_answer

        return noted_answer(p, done)
    if p.act == "ir_list":
        moves = moves_answer(p, done) if _ok(done, "get_my_moves") else None
        return "\n\n".join(x for x in (ir_answer(done), moves) if x) or None
    if p.act == "ir_both":
        from agents.offline.ir_talk import ir_both_answer

        return ir_both_answer(p, done)
    if p.act == "my_moves":
        from agents.offline.roster_view import roster_answer

        roster = roster_answer(p.scoring, done) if _ok(done, "get_my_roster") else None
        return "\n\n".join(x for x in (moves_answer(p, done), roster) if x) or None
    if p.act == "cat_profile":
        return profile_answer(p, done)
    if f is None or f.act not in CONVERSATION_ACTS:
        return horizon_answer(p, done) if f is not None else None
    return {"affirm": affirm_answer, "why_not": why_not_answer, "out_of_scope": out_of_scope_answer,
            "filter_previous": filter_answer, "why_benched": benched_answer}[f.act](p, done)


def affirm_answer(p, done) -> str:
    cards = offered_cards(p)
    if not cards:
        return ("Nothing is waiting for your approval in this conversation. Ask me to find roster moves and approve "
                "the card you want.")
    i = min(p.frame.card or 0, len(cards) - 1)
    head, drop, add, line = cards[i]
    what = (f"moves {drop} to IR (he stays yours) and adds {add}" if head.startswith("Move ") else
            f"drops {drop} and adds {add}")
    figures = [x.strip().rstrip(". ") for x in re.findall(r"[+-]\d+(?:\.\d+)? (?:pts|cats|cat value|fantasy pts)?[^|,;*()]*", line)]
    shown = f" ({'; '.join(x.strip() for x in figures[:2])})" if figures else ""
    return (f"**Card {i + 1} is waiting for you: {head}{shown}.** Press **Approve** on its card to do it: approving "
            f"{what} in your league. A chat message never executes a move, so nothing has changed yet; "
            f"the card stays in Approvals until you decide it.")


def out_of_scope_answer(p, done) -> str:
    from agents.offline.scope import scope_answer

    return scope_answer(p, done)


def health_filter(p) -> bool:
    """"Which of those are actually healthy?": each listed player's status (a day named in the message
    makes it the day's schedule: "which of them are available friday")."""
    from agents.offline.list_filters import HEALTH_ASK
    from agents.offline.day_slots import find_day

    return bool(HEALTH_ASK.search(fold(p.text))) and (p.as_of is None or find_day(p.text, p.as_of)[0] is None)


def games_filter(p) -> int:
    """"Who of those has 3 games left": the fewest games asked for (0 when the message asks none)."""
    from agents.offline.list_filters import GAMES_ASK

    m = GAMES_ASK.search(fold(p.text))
    n = {"two": 2, "three": 3, "four": 4, "five": 5}.get(m.group(1), 0) if m and not m.group(1).isdigit() else \
        int(m.group(1)) if m else 0
    return n if n > 1 else 0


def filter_answer(p, done) -> str | None:
    if health_filter(p) and _ok(done, "get_player_status"):  # the previous list, each player's status
        rows = [r["data"] for r in _ok(done, "get_player_status")]
        well = [r for r in rows if r["status"] == "ACTIVE"]
        hurt = [r for r in rows if r["status"] != "ACTIVE"]
        head = (f"**{len(well)} of them {'is' if len(well) == 1 else 'are'} healthy: "
                f"{', '.join(r['player'] for r in well) or 'none'}.**")
        table = _table(["Player", "Team", "Status", "Why"], [[r["player"], r["team"], r["status"] + (
            " (inferred)" if r.get("inferred") else ""), r.get("evidence") or ""] for r in well + hurt])
        note = ("Not healthy: " + "; ".join(f"{r['player']} ({r['status']})" for r in hurt) + "." if hurt else
                "None of them is hurt.")
        return "\n\n".join([head, table, note])
    for r in _ok(done, "get_schedule"):
        d = r["data"]
        if not p.day:  # the fewest games left this week the message asks for
            least = games_filter(p)
            rows = [x for x in d["players"] if x["games"] >= least]
            fewer = [f"{x['name']} ({x['games']})" for x in d["players"] if x["games"] < least]
            head = (f"**{len(rows)} of them {'has' if len(rows) == 1 else 'have'} {least}+ games left this week "
                    f"(through {d['window'][1]}): {', '.join(x['name'] for x in rows) or 'none'}.**")
            table = _table(["Player", "Games left", "Game days"],
                           [[x["name"], x["games"], ", ".join(f"{dt.date.fromisoformat(str(g)):%a %b %-d}"
                                                              for g in x["dates"])] for x in rows]) if rows else ""
            return "\n\n".join(b for b in (head, table, f"Fewer games: {', '.join(fewer)}." if fewer else "") if b)
        day = p.day.isoformat()
        playing = [x["name"] for x in d["players"] if x["games"]]
        idle = [x["name"] for x in d["players"] if not x["games"]]
        return (f"**{len(playing)} of them play on {day}: {', '.join(playing) or 'none'}.**"
                + (f"\n\nNo game that day: {', '.join(idle)}." if idle else ""))
    return None


def _short_week(d: dict) -> str:
    """" The schedule in the data ends Fri Feb 7: ..." when the week runs past the last known day."""
    if not d.get("known_through"):
        return ""
    last = dt.date.fromisoformat(d["known_through"])
    return (f" The league's schedule in the data ends {last:%a %b} {last.day}, where its box scores end: games "
            "after it are not counted, so nobody shows a full week.")


def _next_week(d: dict, relaxed: dict | None) -> str:
    """Next week's list: value x games Monday-Sunday; nobody with the games asked for is said, with the
    list at one game or more below it (the relaxed search), and a week the data cuts short is said."""
    s, e = d["window"]
    least = d["filters"].get("min_games_remaining") or 1
    fas, head = d["free_agents"], ""
    if not fas:
        head = f"**No free agent has {least}+ games next week ({s} to {e}).**" + _short_week(d)
        if not relaxed or not relaxed["free_agents"]:
            return head
        fas = relaxed["free_agents"]
        floor = relaxed["filters"].get("min_games_remaining") or 1
        head += (f"\n\nThe best with at least one game next week: {fas[0]['name']} first, {fas[0]['games_next_week']} games."
                 if floor <= 1 else f"\n\nThe most any free agent has is {floor}: {fas[0]['name']} first of them.")
    else:
        head = (f"**Best free agents for next week ({s} to {e}){f', {least}+ games' if least > 1 else ''}: "
                f"{fas[0]['name']} first, {fas[0]['games_next_week']} games.**" + _short_week(d))
    rows = [[f["name"], f["pos"], f["team"], f["status"], f["games_next_week"], f["fpts_season"],
             f"{f['score']:.1f}"] for f in fas]
    return "\n\n".join([head, _table(["Player", "Pos", "Team", "Status", "Games next week", "FPts season",
                                      "Value x games"], rows)])


def horizon_answer(p, done) -> str | None:
    """A free-agent list ranked over next week or the rest of the season (get_free_agents' horizon)."""
    results = _ok(done, "get_free_agents")
    for r in results[:1]:
        d, horizon = r["data"], r["args"].get("horizon")
        if horizon not in ("next_week", "rest_of_season"):
            return None
        fas = d["free_agents"]
        if horizon == "next_week":
            found = next((x["data"] for x in results[1:] if x["data"]["free_agents"]), None)  # relaxed, one step a time
            return _next_week(d, found or (results[-1]["data"] if len(results) > 1 else None))
        unit = d.get("ros_unit", "")
        if not fas:
            return "**No free agent matches these filters.**"
        targets = d["filters"].get("target_categories")
        if targets:  # "killed in steals and threes every week, rest of season matters": those categories
            from agents.offline.cats import CATS

            keys = [(label, k) for label, k in CATS if label in targets]
            head = (f"**Best pickup for {', '.join(targets)} over the rest of the season: {fas[0]['name']} "
                    f"({fas[0]['games_left_season']} games left).**")
            rows = [[f["name"], f["pos"], f["team"], f["status"], f["games_left_season"],
                     *[f["per_game"].get(k, "") for _, k in keys], f"{f['ros_target_score']:.1f}",
                     f"{f['ros_value']:.1f}"] for f in fas]
            return "\n\n".join([head, _table(["Player", "Pos", "Team", "Status", "Games left (season)",
                                              *[label for label, _ in keys], f"{'+'.join(targets)} x games",
                                              f"Rest of season, all ({unit})"], rows),
                                f"Ranked by the per-game value in {', '.join(targets)} x games left in the season, "
                                "not this week's games; the last column is the overall rest-of-season value."])
        head = (f"**Best pickup for the rest of the season: {fas[0]['name']} ({fas[0]['ros_value']:.1f} {unit} over "
                f"{fas[0]['games_left_season']} games left).**")
        rows = [[f["name"], f["pos"], f["team"], f["status"], f["games_left_season"], f"{f['ros_value']:.1f}",
                 f["games_remaining"]] for f in fas]
        return "\n\n".join([head, _table(["Player", "Pos", "Team", "Status", "Games left (season)",
                                          f"Rest of season ({unit})", "Games this week"], rows),
                            "Ranked by rest-of-season value (per-game value x availability x games left), not this "
                            "week's games."])
    return None


def benched_answer(p, done) -> str:
    """'Why is Ball benched?': each day he has a game, from the same daily lineup model as the plan
    and the cards, with the reason in the league's units."""
    name = p.players[0]
    starts, sits = [], []
    for r in _ok(done, "compose_daily_lineup"):
        d = r["data"]
        if any(s["name"] == name for s in d["starters"]):
            starts.append(d["date"][5:])
        for b in d["bench"]:
            if b["name"] == name and b["reason"] != "no game":
                sits.append(f"{d['date'][5:]}: {b['reason']}")
    if not starts and not sits:
        return f"**{name} has no game left in these days, so he is on the bench for that reason only.**"
    if not sits:
        return (f"**{name} is not benched: he starts every day he has a game ({', '.join(starts)}).** The weekly "
                f"plan, the day's lineup and the cards use the same daily lineup model.")
    head = f"**{name} sits on {len(sits)} day{'s' * (len(sits) != 1)} with a game:**"
    return "\n".join([head, *[f"- {x}" for x in sits],
                      (f"He starts on {', '.join(starts)}." if starts else "He starts on none of them."),
                      "From the daily lineup model the weekly plan and the cards use."])

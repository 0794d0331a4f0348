"""One player picked from the last list by a stat (issue #36): "which of those is the best on the boards", "who
there gets the most steals", "which one of them shoots the best from three" after a pickup list or a ranking; or
by his games left ("out of the 5 you gave me, who's got the most games left", the list a turn or two back).

`compare_players` of the list's players (the names its table showed, in its order); they are ranked by the
stat's projected figure a game when he plays (the turnover category lowest first), the pick said with his
figure and the runner-up's, the whole list beside it. The list's own value columns stay the verdict on each
pickup; this answers the one stat asked.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_listpick"
# the list pointed back at: "of those", "among them", "which one", "on that list"
LIST_REF = re.compile(r"\b(?:of (?:those|them|these|em|the (?:list|ones|guys|names|\w+ (?:guys|names|of them)))|among (?:them|those|these)|"
                      r"out of (?:those|them|these)|which one|who there|(?:on|from) (?:that|the|this|your) list|"
                      r"(?:out )?of the (?:\d{1,2}|three|four|five|six|eight|ten) (?:you|u) (?:gave|showed|listed|sent|named)"
                      r"(?: me)?)\b")
# the most games left among them ("out of the 5 you gave me who's got the most games left")
MOST_LEFT = re.compile(r"\b(?:most|more) (?:games|gms)(?: left| remaining)?\b|\bmost (?:games )?left\b")
LISTS = ("fa_scan", "fa_hot", "research_rankings", "fa_replace", "research_listpick")


def read(p, prev) -> bool:
    """Whether the message picks one player of the last list by one stat (in place: the act, the list's players)."""
    from agents.offline.trade_pick import PICK

    t = fold(p.text)
    games = bool(MOST_LEFT.search(t)) and not p.categories
    if prev is None or not (len(p.categories) == 1 or games) or not LIST_REF.search(t) or \
            not (PICK.search(t) or games):
        return False  # ("which five unowned guys swat the most shots?" names no list: a ranking of its own)
    from agents.offline.carry import named_here, take
    from agents.offline.cards_read import list_players

    if named_here(p) or len(p.text.split()) > 16:
        return False
    # the list pointed at: the last answer's, else the thread's latest list ("out of the 5 you gave me", a turn on)
    lists = [list_players(a) for a in [p.previous_answer, *(getattr(p, "thread_answers", None) or [])]]
    names = next((x for x in lists if len(x) >= 2), [])
    if len(names) < 2 or (prev.act not in LISTS and names is lists[0]):
        return False
    from agents.core.frame import RequestFrame

    take(p, ACT)
    p.players, p.follow_up, p.unknown, p.greeting, p.day = names[:12], True, False, False, None
    p.categories = [] if games else p.categories
    p.frame = RequestFrame(players=list(p.players), punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    if done:
        return []
    return [("compare_players", {"names": list(p.players)})] if p.categories else \
        [("get_schedule", {"names": list(p.players)})]  # the most games left: their schedules this week


def _most_games(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    rows = [x for r in _ok(done, "get_schedule") for x in r["data"]["players"]]
    if len(rows) < 2:
        return None
    ranked = sorted(rows, key=lambda x: -x["games"])
    top = [x["name"] for x in ranked if x["games"] == ranked[0]["games"]]
    n = ranked[0]["games"]
    lead = (f"**Of those {len(rows)}, {top[0]} has the most games left this week: {n}.**" if len(top) == 1 else
            f"**Of those {len(rows)}, all have {n} games left this week: none has more.**" if len(top) == len(rows) else
            f"**Of those {len(rows)}, {', '.join(top[:-1])} and {top[-1]} have the most games left this week: {n} each.**")
    return "\n\n".join([lead, _table(["Player", "Games left", "Dates"], [
        [x["name"], x["games"], ", ".join(str(d)[5:] for d in x["dates"])] for x in ranked])])


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table
    from agents.offline.trade_pick import KEYS, WORDS, _said

    if not p.categories:
        return _most_games(p, done)
    rows = [x for r in _ok(done, "compare_players") for x in r["data"].get("players") or []]
    if len(rows) < 2:
        return None
    cat = p.categories[0]
    key, word, low = KEYS[cat], WORDS[cat], cat == "TO"
    fig = {x["name"]: float((x.get("stats_per_game") or {}).get(key) or 0.0) for x in rows}
    ranked = sorted(rows, key=lambda x: fig[x["name"]] if low else -fig[x["name"]])
    top, nxt = ranked[0], ranked[1]
    unit = "" if key.endswith("_pct") else " a game"
    lead = (f"**Of those {len(rows)}, {top['name']} is the best for {word}: {_said(fig[top['name']], key)}{unit}, "
            f"ahead of {nxt['name']}'s {_said(fig[nxt['name']], key)}.**" if not low else
            f"**Of those {len(rows)}, {top['name']} turns it over the least: {_said(fig[top['name']], key)}{unit}, "
            f"against {nxt['name']}'s {_said(fig[nxt['name']], key)}.**")
    playing = [x for x in ranked if x.get("status") != "OUT"]
    if top.get("status") == "OUT" and playing:  # his figure is when he plays, and he is not playing
        lead += (f" He is OUT, so that is when he plays; of those playing, {playing[0]['name']} "
                 f"({_said(fig[playing[0]['name']], key)}{unit}).")
    table = _table(["#", "Player", "Team", "Status", f"{cat}{unit}", "Games"],
                   [[str(i), x["name"], x.get("team", ""), x.get("status", ""), _said(fig[x["name"]], key),
                     str(x.get("games", ""))] for i, x in enumerate(ranked, 1)])
    return "\n\n".join([lead, table, f"Projected {word} a game when he plays (compare_players), for the players "
                                     f"of the last list; its value columns stay the verdict on each pickup."])

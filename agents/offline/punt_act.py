"""A message that only states a punt ("I'm punting FT% from now on", "not caring about TO anymore",
"ok stop punting"), issue #36: the punt is recorded for the thread (agents/supervisor/nodes.py,
`conversation_punt`) and the answer says what it changes, in the league's own units: the categories
still in play this week with their win chances (the punted ones left out) and the top free agents
valued without them. In a points league nothing changes, and the answer says so.
"""
from __future__ import annotations

import re

from agents.offline import cats as C
from agents.offline.punts import read_punts
from agents.offline.text import _ok
from services.league.lookup import fold

# words that carry no request of their own around a punt clause ("I'm ... from now on", "ok so ...")
FILLER = set("i i'm im i m am we we're were are ok okay k so also and now then from on here out this the rest of "
             "season year week anymore any more going gonna to be just really fully officially totally completely "
             "lol fine yeah yes alright right let's lets let s us my our team build roster league in it that "
             "decided decide think guess probably honestly basically actually please pls thanks thx re ve ll d".split())


# words that ask for something: a message with one of them beside its punt is that request, punted
REQUEST = re.compile(r"\b(?:who|whom|what|which|how|why|when|should|could|can|would|will|is|are|do|does|find|show|"
                     r"give|list|rank\w*|tell|get|trades?|deals?|add|drop|cut|pick\w*|grab|stream\w*|waivers?|fas?|"
                     r"free|agents?|lineup|start|sit|bench|matchup|compare|vs|versus|best|top|worth|help|targets?|"
                     r"options?|ideas?|suggest\w*|recommend\w*|need|want|looking|schedule|games?|news|ir)\b")


def punt_only(p) -> bool:
    """Whether the message states a punt (or stops one) and asks nothing else: no player, no move, no
    question, and nothing outside the punt clauses but filler or a reason ("they've been awful"):
    no word that asks for something (REQUEST)."""
    if not (p.punt or p.unpunt or p.stop_punting) or p.players or p.move:
        return False
    if [c for c in p.categories or () if c not in p.punt and c not in p.unpunt]:
        return False  # "punting FT%, losing assists": a category named beside the punt is a need
    rest = read_punts(p.text).rest
    words = [w for w in re.findall(r"[a-z0-9']+", fold(rest)) if w not in FILLER]
    return not re.search(r"\?", rest) and not REQUEST.search(" ".join(words))


def plan_punt(p, done: dict) -> list[tuple[str, dict]]:
    if done or p.scoring != "categories":
        return []
    return [("get_matchup_details", {}),
            ("get_free_agents", {"healthy_only": True, "min_games_remaining": 1, "limit": 6})]


def punt_answer(p, done) -> str:

    now = _thread_punt(p, done)
    if p.scoring != "categories":
        return ("**This league scores fantasy points, so there is no category to punt: nothing changes.** Every "
                "stat counts through its points value; the punt is kept only for a categories league.")
    if p.stop_punting and not now:
        lead = "**No category punted any more in this conversation:** all nine count again."
    elif p.unpunt and not p.punt:
        lead = (f"**{', '.join(p.unpunt)} counts again in this conversation**"
                + (f"; still punting {', '.join(now)}." if now else "."))
    else:
        lead = (f"**Punting {', '.join(now or p.punt)} from here on in this conversation:** left out of the "
                "rankings, free agents, move cards and trade values until you say otherwise.")
    parts = [lead]
    for r in _ok(done, "get_matchup_details"):
        cats = [c for c in r["data"].get("categories", []) if c["category"] not in now]
        close = [c for c in cats if 0.2 <= c["win_probability"] <= 0.8]
        safe = [c for c in cats if c["win_probability"] > 0.8]
        lost = [c for c in cats if c["win_probability"] < 0.2]
        line = "This week, categories still in play: " + (", ".join(
            f"{c['category']} (win chance {c['win_probability']:.0%})" for c in close) or "none")
        if safe:
            line += "; likely won: " + ", ".join(f"{c['category']} ({c['win_probability']:.0%})" for c in safe)
        if lost:
            line += "; likely lost: " + ", ".join(f"{c['category']} ({c['win_probability']:.0%})" for c in lost)
        parts.append(line + ".")
    for r in _ok(done, "get_free_agents"):
        fas = r["data"]["free_agents"]
        if fas:
            punt = r["data"]["filters"].get("punt") or now
            how = (f"{', '.join(punt)} not counted; value over the other categories x games left" if punt else
                   "value over all nine categories x games left")
            parts.append(f"Top free agents now ({how}):\n" + C.free_agent_table(fas[:6], p.scoring))
            moved = _how_they_moved(fas[:6], r["data"].get("top_without_punt") or [], punt)
            if moved:
                parts.append(moved)
    return "\n\n".join(parts)


def _how_they_moved(fas: list[dict], before: list[str], punt: list[str]) -> str | None:
    """What the punt changed in the list: each shown player's place over all nine categories, and who
    the punt pushed out of the top (from get_free_agents' rank_without_punt / top_without_punt)."""
    if not punt or not any("rank_without_punt" in f for f in fas):
        return None
    names = [f["name"] for f in fas]
    was = [f"{f['name']} #{i} (was #{f['rank_without_punt']})" if f.get("rank_without_punt") else
           f"{f['name']} #{i} (was outside the top 50)" for i, f in enumerate(fas, 1)
           if f.get("rank_without_punt") != i]
    out = [f"{n} (#{before.index(n) + 1} over all nine)" for n in before[:len(fas)] if n not in names]
    if not was and not out:
        return f"Punting {', '.join(punt)} does not change this top {len(fas)}."
    line = f"How punting {', '.join(punt)} moved them: " + ("; ".join(was) if was else "the same order") + "."
    if out:
        line += f" Out of the top {len(fas)} now: " + ", ".join(out) + "."
    return line


def _thread_punt(p, done) -> list[str]:
    """The punt the tools ran with (the thread's, after this message), else the message's own."""
    for rs in done.values():
        for r in rs:
            got = (r["args"].get("punt") or ((r["data"].get("filters") or {}).get("punt") if r["ok"] else None))
            if got:
                return list(got)
    if p.stop_punting:
        return []
    return [c for c in p.punt if c not in p.unpunt]

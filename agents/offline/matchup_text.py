"""The offline planner's matchup answer: the score, the categories I trail and lead in, games left
on both sides, the category table and the opponent's roster, from `get_matchup_details` and
`get_opponent_roster`; "which cats am I closest to flipping?" (`flip_line`) is answered first.
"""
from __future__ import annotations

import re

from agents.offline import cats as C
from agents.offline.nlu import Parsed
from agents.offline.text import _ok, _table, cat_figure

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


WEAK = re.compile(r"\bweak(?:est|ness(?:es)?|er|spots?)?\b|\bwhere (?:am i|do i|m i) (?:losing|lose|hurting|behind|struggling|"
                  r"worst)\b|\bworst (?:cats?|categor\w*)\b|\bstruggling\b", re.I)


def weak_line(text: str, cats: list[dict], punted: set) -> str | None:
    """"Where am I weakest now?": the categories with the lowest win chances this week, never a punted one."""
    if not cats or not WEAK.search(text):
        return None
    live = sorted((c for c in cats if c["category"] not in punted), key=lambda c: c["win_probability"])
    left = f" (punted, not counted: {', '.join(sorted(punted))})" if punted else ""
    return ("**Weakest this week: " + ", ".join(f"{c['category']} ({c['win_probability']:.0%} win chance)"
                                                for c in live[:3]) + f".**{left}") if live else None


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
            said = f"You trail in {', '.join(behind) or 'nothing'}; you lead in {', '.join(ahead) or 'nothing'}."
            if punted:  # the lead says where the categories in play stand, the punted ones marked
                parts[-1] += " " + said
            else:
                parts.append(said)
        flip = flip_line(p.text, cats, punted) or weak_line(p.text, cats, punted)
        if flip:
            parts.insert(0, flip)  # "which cats am I closest to flipping", "where am i weakest": answered first
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

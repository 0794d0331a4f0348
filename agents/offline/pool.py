"""Free-agent pool asks the intent model reads as something else (issue #36):

- a free-agent ranking asked for a time ahead ("top free agents for this week", "best adds for next
  week", "show me guys with games fri and sat to stream in, top 6") with no past window is the pickup scan
  over those games, not the last seven days' ranking;
- a reply that a listed player is hurt ("the top guy's hurt though", "Braun is out btw, only healthy
  ones") or asks for healthy players only ("drop the injured ones"), after a list: the same list without
  him (and without the OUT and DTD ones), never his game log. No injury report is read here, so the
  answer says he was left out on the manager's word;
- an edit of the list just shown ("take Braun off", "get rid of the guards"): the same list without that
  listed free agent (no player of mine to drop) or without that position (the frame's `not_position`).
"""
from __future__ import annotations

import re

from services.league.lookup import fold

LISTS = ("fa_scan", "fa_hot", "research_rankings")
AHEAD = ("this_week", "next_week", "rest_of_season", "tonight", "day")
HURT = re.compile(r"\b(?:hurt|injured|banged up|sidelined|on the shelf|day[- ]to[- ]day|dtd|ruled out|out for|"
                  r"is out|'s out|s out|not playing|sprained|broke|torn|hobbled|nursing)\b")
HEALTHY = re.compile(r"\b(?:only|just)\s+(?:the\s+)?healthy\b|\bhealthy (?:ones|guys|players|options)(?: only)?\b|"
                     r"\bno (?:injured|hurt) (?:guys|players|ones)\b|\b(?:who|that)(?:'s| is| are|'re| re)? (?:actually |fully |all |"
                     r"totally |really )?healthy\b")
# "drop the injured ones", "take out the hurt guys", "minus the injured": the same list, healthy only
HEALTH_EDIT = re.compile(r"\b(?:drop|remove|lose|cut|scratch|nix|toss|ditch|take out|get rid of|leave out|skip|minus|"
                         r"filter out|exclude|without|no more)\s+(?:the\s+|any\s+|all\s+(?:the\s+)?|(?:anyone|anybody|everyone|guys|players|"
                         r"ones)\s+(?:who|that)\s*(?:'?s|is|are|re|'re)?\s+)?(?:injured|hurt|banged up|"
                         r"out|dtd|questionable|injury[- ]prone)\b(?:\s+(?:ones|guys|players|dudes|names))?")
LIST_EDIT = re.compile(r"\b(?:drop|remove|lose|cut|scratch|nix|toss|ditch|take out|take off|get rid of|leave out|skip|minus|"
                       r"filter out|exclude|no)\b|\boff (?:the|that|this|your) list\b|\bcross (?:\w+ )?off\b|\btake \w+(?: \w+)? (?:off|out)\b")
# the wire asked by what its players are for ("guys ... to stream in", "streamers", "pickups"): free agents
STREAM_IN = re.compile(r"\bstream(?:ing|ers?)?\b|\bpick ?ups?\b|\badds\b")
ASKS = re.compile(r"^\s*(?:is|was|are|does|did|how|what|will|can|could|when)\b|\bis he\b|\bhow(?:'s| is) he\b")


def forward_scan(p) -> None:
    """'top free agents for this week': the scan over this week's games, not a ranking of last week."""
    from agents.offline.carry import take
    from agents.offline.horizons import availability_of, horizon_of, window_of

    from agents.offline.carry import named_here

    t = fold(p.text)
    if p.act == "research_rankings" and not named_here(p) and (availability_of(t) == "free_agents" or STREAM_IN.search(t)) \
            and window_of(t) is None and horizon_of(p) in AHEAD and not re.search(r"\b(?:rank|ranked|ranking)\b", t):
        take(p, "fa_scan")  # (a player the thread carried, "if he's iffy show me streamers", is not the scan's)
        p.unknown, p.players = False, []
    elif p.act in ("lineup_day", "lineup_week") and not named_here(p) and STREAM_IN.search(t) and \
            not re.search(r"\b(?:start|starting|sit|sitting|bench|lineup|my guys|slot)\b", t):
        take(p, "fa_scan")  # "guys to stream in with games on friday": the wire on that day, not my lineup
        p.unknown, p.players = False, []


def past_window_ranking(p) -> None:
    """'who's been the best pickup over the last 2 weeks', 'most 3s made by free agents over the last week,
    totals': who has been best over a past window is the ranking of that window, not this week's scan (and
    a totals ask with a category is a ranking whatever the intent model read)."""
    from agents.offline.carry import take
    from agents.offline.horizons import PER_TOTAL, horizon_of, window_of

    t = fold(p.text)
    past = window_of(t) in ("7", "14", "30") and horizon_of(p) not in AHEAD
    totals = bool(PER_TOTAL.search(t)) and bool(p.categories) and re.search(r"\b(?:most|top|rank\w*|leaders?|best)\b", t)
    if p.players or p.move or p.act.startswith("trade") or p.act == "research_rankings":
        return
    if (past and p.act in ("fa_scan", "fa_fit")) or (totals and p.act not in ("fa_hot",)):
        take(p, "research_rankings")
        p.unknown = False


def hurt_pushback(p, prev, listed: list[str]) -> str | None:
    """After a list (`listed`: its players in order), 'X is hurt' or 'only healthy ones': the previous
    list act again without the player (returned; '' for healthy-only with nobody named), else None."""
    from agents.offline.carry import take

    if prev is None or prev.act not in LISTS or not listed:
        return None
    t = fold(p.text)
    named = [n for n in p.players if n in listed]
    hurt = bool(named) and HURT.search(t) and not ASKS.search(t)
    healthy = not p.players and (HEALTHY.search(t) or HEALTH_EDIT.search(t))
    # "take Braun off the list", "drop Nembhard": a listed free agent is no player of mine to drop
    removed = bool(named) and len(named) == len(p.players) and not hurt and LIST_EDIT.search(t) and \
        not ASKS.search(t) and not re.search(r"\b(?:for|add|pick|grab|claim|instead)\b", t)
    from agents.offline.list_filters import REMOVE_POSITION

    position_out = not p.players and bool(REMOVE_POSITION.search(t)) and not healthy  # "get rid of the guards"
    if not (hurt or healthy or removed or position_out):
        return None
    take(p, "fa_scan" if prev.act == "fa_hot" else prev.act)
    p.players, p.follow_up, p.unknown, p.healthy = [], True, False, not (removed or position_out)
    p.removed_named = bool(removed)
    p.categories = p.categories or list(prev.categories)
    p.position = p.position or prev.position
    return named[0] if hurt or removed else ""


def left_out_line(p) -> str | None:
    """Said above the list: who was left out on the manager's word."""
    who = getattr(p, "hurt_named", None)
    if not who:
        return None
    if getattr(p, "removed_named", False):
        return f"Left out {who}, as you asked."
    return (f"Left out {who}, as you say: no injury report is read here (health is inferred from missed games), "
            "so your word goes. The OUT and DTD players are left out too.")

"""What a short follow-up keeps from the thread's earlier request (issue #36): the previous frame's
exclusions, window, sort, count, availability, horizon, a trade's shape and incoming position unless the message changes them
(`frame_of`); a short change to the trade search or free-agent list just shown is that request again
(`list_follow_up`); "and if I punt nothing?" after a trade verdict is the same trade
(`verdict_with_other_punt`). The phrases themselves are read in agents/offline/constraints.py.
"""
from __future__ import annotations

import re

from agents.core.frame import RequestFrame
from agents.offline.constraints import STRAIGHT_UP, count_of, exclusions, shape_of
from agents.offline.frame_read import read_frame
from agents.offline.list_filters import ALL_DAYS, ANY_MINUTES, max_minutes_of, not_position_of, not_teams_of
from agents.offline.trade_sides import SWEETEN
from services.league.lookup import fold

EARLY_ACTS = ("affirm", "out_of_scope", "why_benched", "why_not")  # acts read alone: nothing carried


def frame_of(p, prev: RequestFrame | None = None, previous_answer: str | None = None) -> RequestFrame:
    """The message's frame, with the previous frame carried into a follow-up."""
    f = read_frame(p, prev, previous_answer)
    if prev is not None and p.follow_up and f.act not in EARLY_ACTS:
        _carry(f, prev, p)
    return f


def _carry(f: RequestFrame, prev: RequestFrame, p) -> None:
    """A follow-up keeps what it does not change: the exclusions, a ranking's window, sort, count and
    availability, the horizon."""
    f.exclude = list(dict.fromkeys([*prev.exclude, *f.exclude]))
    for attr in ("window", "availability", "sort", "per", "count", "horizon", "shape", "get_position", "not_position",
                 "keep_positions",
                 "play_on", "not_teams", "max_minutes"):
        if getattr(f, attr) in (None, []) and getattr(prev, attr) not in (None, []):
            if attr == "max_minutes" and ANY_MINUTES.search(fold(p.text)):
                continue  # "actually no, any minutes is fine": the ceiling goes
            if attr == "not_teams":
                f.not_teams = list(prev.not_teams)
                continue
            if attr in ("not_position", "play_on") and (p.position or p.day or p.act != "fa_scan"):
                continue  # "ok only centers" / "what about friday": the message's own filter
            if attr == "horizon" and (p.day or p.last_n):
                continue
            if attr == "sort" and p.categories:
                continue
            if attr in ("shape", "get_position") and (f.give or named_here(p)) and re.search(r"\bfor\b", fold(p.text)):
                continue  # "ok just Beal for one guy then": the message's own trade ("do X + Y instead": mine only)
            setattr(f, attr, getattr(prev, attr))
    if f.play_on_all and len(prev.play_on) > 1 and len(f.play_on) <= 1:
        f.play_on = list(prev.play_on)  # "only guys with games both days" after a weekend list: its days, each
    if prev.play_on_all and f.play_on == prev.play_on:
        f.play_on_all = True  # "top 3" after "only guys with games both days": still both days
    if f.not_teams and prev.not_teams:  # "and nobody from the lakers either"
        f.not_teams = list(dict.fromkeys([*prev.not_teams, *f.not_teams]))
    if not f.give and prev.give and not named_here(p):
        f.give = list(prev.give)
    if f.start is None and prev.start is not None and not p.last_n and (p.day is None or p.day == prev.day) and \
            f.horizon in (None, prev.horizon, "day"):
        f.start, f.end = prev.start, prev.end  # "and my whole roster combined?" after "between now and the 9th"


def named_here(p) -> list[str]:
    """The players the message itself names (not the ones a follow-up took from the thread)."""
    from services.league.lookup import said_in

    return [n for n in p.players if said_in(n, p.text)]


OTHER_REQUEST = re.compile(r"\b(free agents?|fas?|pick ?ups?|waivers?|wire|adds?|streamers?|stream|lineup|start|sit|"
                           r"matchup|ir|drop|hold|rank\w*|game log|news|injur\w*|schedule|games)\b")
TWEAK = re.compile(r"\b(only|just|instead|make it|what about|how about|wat about|what if|show me|and|nah|then|cut|trim|"
                   r"narrow|limit|shorten|bring)\b")


def verdict_with_other_punt(p, prev) -> None:
    """"and if I punt nothing?" / "what if I punt FG% too?" after a trade verdict: the same trade,
    valued with the punt the message sets (the thread's punt changes with it)."""
    if prev is None or prev.act != "trade_evaluate" or p.act.startswith("trade") or named_here(p):
        return
    if not (p.stop_punting or p.punt or p.unpunt) or len(fold(p.text).split()) > 10 or p.move:
        return
    take(p, "trade_evaluate")
    p.players, p.follow_up, p.unknown = list(prev.players), True, False
    p.trade_text = getattr(prev, "trade_text", None) or prev.text




def sweetened(p, prev) -> None:
    """'what if I throw conley in too' after a trade verdict: the same trade with him added to my side."""
    if prev is None or prev.act != "trade_evaluate" or not SWEETEN.search(fold(p.text)) or \
            re.search(r"\b(?:ask(?:ing)?(?: them| him)? for|get|getting|want|in return|back)\b", fold(p.text)):
        return  # "add claxton and ask for trey murphy too": both sides change (agents/offline/followups.py)
    added = [n for n in named_here(p) if n not in prev.players]
    if not added or len(fold(p.text).split()) > 14:
        return
    from agents.offline.trade_sides import split_sides

    give, get = split_sides(getattr(prev, "trade_text", None) or prev.text, list(prev.players))
    if not give or not get:
        return
    take(p, "trade_evaluate")
    give = [*give, *added]
    p.players, p.follow_up, p.unknown, p.move = [*give, *get], True, False, None
    p.trade_text = f"{' and '.join(give)} for {' and '.join(get)}"


NOT_A_PICKUP = re.compile(r"\b(trades?|deals?|lineup|start|sit|matchup|drop|hold|game log|news|schedule|rank\w*|"
                          r"standings?|ir)\b")


def list_follow_up(p, prev) -> None:
    """A short change to the trade search or free-agent list just shown ("show me 3", "1 for 1 only",
    "nah make it asts", "what if its just Beal straight up", "top 3 only", "just 4") is that request
    again with the change: its exclusions, shape, horizon and targets kept unless the message changes
    them (`_carry`). A message naming another request is that request."""
    if prev is None or prev.act not in ("trade_find", "fa_scan", "fa_fit"):
        return
    t, trade = fold(p.text), prev.act == "trade_find"
    if getattr(prev, "lead_of_list", False) or (p.last_n and not trade):
        return  # "his last 5 assists?" after a pickup list: the lead's games, not the list again
    own = named_here(p)
    ruled_out = own and len(t.split()) <= 12 and not p.move and set(exclusions(p.text, own)) >= set(own)
    if p.follow_up and p.act == prev.act and not ruled_out:
        return
    if ruled_out:
        # "without giving up mobley or jjj" after a search: the same search, both kept; "i don't trust
        # braun, who else" after "should I pick up Braun?": the free agents without him
        take(p, "fa_scan" if prev.act == "fa_fit" else prev.act)
        p.follow_up, p.unknown, p.players = True, False, own
        p.categories = p.categories or list(prev.categories)
        if not trade:
            p.position = p.position or prev.position
        return
    narrowed = not trade and bool(not_teams_of(t) or max_minutes_of(t) or ANY_MINUTES.search(t)  # "nobody from phx"
                                  or (ALL_DAYS.search(t) and len(getattr(prev.frame, "play_on", None) or []) > 1)
                                  or not_position_of(t))  # "skip the forwards, got enough"
    if len(t.split()) > (12 if narrowed else 9) or (OTHER_REQUEST if trade else NOT_A_PICKUP).search(t) or p.move or \
            (trade and p.act.startswith("trade") and len(own) >= 2) or (not trade and own):
        return
    if prev.act == "fa_fit":
        return
    shaped = trade and (shape_of(p.text, own) or (len(own) == 1 and STRAIGHT_UP.search(p.text)))
    changes = shaped or count_of(p.text) or p.categories or (not trade and p.position) or narrowed
    if not changes or not (TWEAK.search(t) or p.act == prev.act or len(t.split()) <= 4 or narrowed):
        return
    if not trade and p.act == "research_rankings" and prev.act != p.act and _past_window(t):
        p.after_pickups = prev.act in ("fa_scan", "fa_hot")  # still the wire (agents/offline/frame_read.py)
        return  # "and the top 6 over the last 7 days" after a pickup scan: that window's ranking, not the scan again
    if p.act != prev.act:
        take(p, prev.act)
    if trade and not own:  # "only the straight 1-for-1s" after "what would it take to pry Cade loose?": still Cade
        own = [n for n in prev.players if n not in (getattr(prev.frame, "exclude", None) or [])]
        p.trade_text = getattr(prev, "trade_text", None) or prev.text  # the side he is on is read from those words
    p.follow_up, p.unknown, p.players = True, False, own
    if not p.categories:  # "straight deals only" after an assists search: still for assists
        p.categories = list(prev.categories)
    if not trade:
        p.position = p.position or prev.position


def _past_window(t: str) -> bool:
    from agents.offline.horizons import window_of

    return window_of(t) in ("7", "14", "30")


AVAILABILITY = re.compile(r"\b(?:free agents?|fas?|available|waivers?|unowned|on the wire|pick ?ups?|rostered|owned|"
                          r"on (?:a )?teams?)\b")
RANK_TWEAK = re.compile(r"\b(?:only|just|now|then|instead|and|of (?:those|them|these))\b|^\W*\w+(?:\W+\w+){0,2}\W*$")


def ranking_follow_up(p, prev) -> None:
    """"free agents only" / "just the available ones" / "excl PHO" after a ranking: the same ranking (its
    window, position, sort and count kept by `_carry`) over the free agents or without the team, not a new
    free-agent scan or a question about the team."""
    if prev is None or prev.act != "research_rankings" or (p.act == "research_rankings" and p.follow_up):
        return
    t = fold(p.text)
    teams_out = bool(not_teams_of(t))  # "but nobody on the celtics": a filter on the ranking, not the team's game
    if len(t.split()) > 6 or not (AVAILABILITY.search(t) or count_of(p.text) or p.position or teams_out) or \
            not (RANK_TWEAK.search(t) or teams_out) or named_here(p) or p.move:
        return  # "top 6" / "centers only" / "who's available" after a ranking: that ranking, narrowed
    if re.search(r"\b(?:trades?|drop|hold|lineup|start|sit|matchup|news|schedule|stream\w*|add)\b", t):
        return
    take(p, "research_rankings")
    p.follow_up, p.unknown, p.players = True, False, []
    p.position = p.position or prev.position
    p.categories = p.categories or list(prev.categories)


def take(p, act: str) -> None:
    from agents.offline.nlu_model import intent_of

    p.act, p.intent, p.choices, p.move, p.hold_or_stream = act, intent_of(act), [], None, False
    p.wants_moves = act in ("optimize", "ir_move")

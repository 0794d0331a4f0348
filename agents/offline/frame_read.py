"""One message's request frame (agents/core/frame.py), put together from the phrases
agents/offline/constraints.py and agents/offline/list_filters.py read: the conversation act first (an
affirmation of waiting cards, a question outside what the product models, "why is X benched", "why X
not Y", "X vs Y"), then the request's players to keep or move, a trade's shape and incoming position,
the count, horizon, span of dates, list filters and a ranking's window, availability and per. What a
follow-up keeps from the thread's earlier frame is agents/offline/carry.py.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.core.frame import RequestFrame
from agents.core.needs import claims_scoreboard
from agents.offline.card_words import _card_answer, affirmation, card_counterpart, card_pair, next_card
from agents.offline.cards_read import offered_cards
from agents.offline.constraints import (KEEP_ACTS, OF_THEM, UNSUPPORTED_TRADE, WHY_BENCHED, WHY_NOT, capitalized,
                                        count_of, exclusions, shape_of, unnamed_exclusions)
from agents.offline.horizons import availability_of, horizon_of, per_of, window_of
from agents.offline.list_filters import (GAMES_ASK, HEALTH_ASK, MOST_GAMES, SIDE_COUNT, get_position_of, keep_healthy_of, kept_positions, max_minutes_of,
                                         not_position_of, not_teams_of, play_on_of, ALL_DAYS)
from services.league.lookup import fold, said_in


FPTS = re.compile(r"\b(?:fantasy (?:points|pts)|fpts|fp)\b")  # "top free agents by fantasy points" (a categories league too)


# "same but for 9-cat value", "by z-score", "in category value": the z-sum ranking
Z_VALUE = re.compile(r"\b(?:9|nine|8|eight)[- ]?cats?\b|\b(?:9|nine|8|eight)[- ]?categor(?:y|ies)\b|\bz ?(?:sum|scores?)\b|"
                     r"\bcat(?:egory|egories)? value\b|\bvalue in (?:the )?categor(?:y|ies)\b")


MOVE_ACTS = ("optimize", "ir_move", "fa_replace", "fa_fit", "fa_scan")  # acts whose adds and drops a frame can limit


# a span from today to the day the message names: "between now and the 9th", "from now thru sunday", "until feb 9"
UNTIL = re.compile(r"\bbetween now and\b|\bfrom (?:now|today|here) (?:until|till|til|to|through|thru)\b|"
                   r"\b(?:until|till|til|up to|up until|through|thru) (?:the |this |next )?(?:\d|jan|feb|mar|apr|mon|tue|wed|thu|fri|sat|sun)")


# a span counted in days from today ("next 10 days", "the coming five days"); past windows ("last 10 days") are not
NEXT_DAYS = re.compile(r"\b(?:next|coming|upcoming|following)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|"
                       r"eleven|twelve|fourteen)\s+days\b")
SMALL_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                 "eleven": 11, "twelve": 12, "fourteen": 14}
LET_GO = re.compile(r"forget|scratch|minus|remove|skip|ditch|nix|no")
LET_GO_PAIRS = ("forget about", "leave out", "take out")


def _let_go(name: str, text: str) -> bool:
    """'forget conley', 'scratch bol', 'leave out bogi': the player taken off the side a follow-up carries."""
    from agents.offline.slots import player_mentions

    words = fold(text).split()  # the words player_mentions counts its places over
    return any(label == name and i >= 1 and (LET_GO.fullmatch(words[i - 1]) or " ".join(words[max(0, i - 2):i])
                                             in LET_GO_PAIRS)
               for i, _, label in player_mentions(text))


def _wanted(name: str, text: str) -> bool:
    """'how do i land X', 'pry X loose', 'go after X': the player is the one asked for (a get verb at most three
    words before his surname, or before a nickname's mention)."""
    from agents.offline.slots import player_mentions
    from agents.offline.trade_talk import GET_VERBS

    t = fold(text)
    last = re.escape(fold(name).replace(".", "").split()[-1]) if name.strip() else None
    if last and re.search(GET_VERBS.pattern + r"\s+(?:\w+\s+){0,2}?" + rf"{last}\b", t):
        return True  # "pry cade cunningham loose", "land anthony edwards"
    words = t.split()  # a nickname ("ant"): the words before its mention
    return any(label == name and GET_VERBS.search(" ".join(words[max(0, i - 3):i]) + " ")
               for i, _, label in player_mentions(text))


def read_frame(p, prev: RequestFrame | None = None, previous_answer: str | None = None) -> RequestFrame:
    """The frame of one message (`p`: the parsed message), the previous frame carried into a follow-up."""
    text, t = p.text, fold(p.text)
    f = RequestFrame(players=list(p.players), punt=list(p.punt), last_n=p.last_n, day=p.day)
    card = affirmation(text, _card_answer(p, previous_answer, text))
    if card is None:
        card = next_card(p, text)  # "next one?" after a decline: the next card still waiting
    if card is not None:
        return f.model_copy(update={"act": "affirm", "card": card})
    from agents.offline.scope import topic_of

    topic = topic_of(text, p.act, p.players)
    if topic is not None:  # standings, news, props, DFS, keepers, the draft: said so, then the nearest thing
        return f.model_copy(update={"act": "out_of_scope", "topic": topic.name})
    both = card_pair(text)
    cards = offered_cards(p) if both else []
    if both and len(cards) > max(both):  # "what if i took the 2nd one instead? how much am i giving up vs the first"
        p.players = [cards[both[0]][2], cards[both[1]][2]]
        return f.model_copy(update={"act": "why_not", "pair": list(p.players), "players": list(p.players)})
    if not p.players and WHY_BENCHED.search(text):  # "why is Ball benched?": a surname that is also a word
        p.players = capitalized(text, clause=True)[:1]
        f.players = list(p.players)
    if len(p.players) == 1 and WHY_BENCHED.search(text):
        return f.model_copy(update={"act": "why_benched"})
    if len(p.players) >= 2 and WHY_NOT.search(text):
        return f.model_copy(update={"act": "why_not", "pair": list(p.players[:2])})
    counterpart = card_counterpart(p, text) if len(p.players) == 1 else None
    if counterpart:  # "why not drop LeBron instead?" after cards: the top card's drop against him
        return f.model_copy(update={"act": "why_not", "pair": [counterpart, p.players[0]]})
    if len(p.players) == 2 and re.search(r"\b(vs\.?|versus)\b", text, re.I) and all(said_in(n, text) for n in p.players):
        f.act, f.pair = "versus", list(p.players)
    aside = list(getattr(p, "kept_aside", None) or [])  # kept out of a move's message (nlu._kept_aside)
    if p.act in KEEP_ACTS or (prev and prev.exclude) or aside:
        f.exclude = exclusions(text, [*p.players, *aside])
        f.unhonoured = unnamed_exclusions(text, p.players)
        if p.act.startswith("trade") and UNSUPPORTED_TRADE.search(text):
            f.unhonoured.append("a filter on the other team's players' health (the trade values already count an "
                                "injured player at the share of games he is expected to play)")
    if p.act.startswith("trade"):
        from agents.offline.trade_sides import split_sides

        carried = getattr(p, "trade_text", None) if p.follow_up else None  # a follow-up's sides: the search's words
        # kept out: said now, or by the search a follow-up goes on from ("except shai and melo", then "send 2, get 1")
        barred = set(f.exclude) | (set(prev.exclude) if prev is not None and p.follow_up else set())
        give, _ = split_sides(carried or text, [n for n in p.players if n not in f.exclude]) if p.players else ([], [])
        # (the sides read with every player named); kept players off it, and a player the words ask for ("how do i
        # land X") is the side wanted, never given
        give = [n for n in give if n not in barred and not _wanted(n, carried or text)]
        here = [n for n in p.players if n not in barred and said_in(n, text)]
        gone = [n for n in here if _let_go(n, text)]  # "ok forget conley, just bogi + bol for one guy"
        if gone and not carried and len([n for n in give if n not in gone]) >= 1:
            give = f.give = [n for n in give if n not in gone]  # the side said now, less who is let go
        if carried:
            own = [n for n in here if n not in gone]
            if len(own) >= 2 and shape_of(text, own):
                give = f.give = own
            elif gone and prev is not None and prev.give:
                give = f.give = [n for n in prev.give if n not in gone]
                if prev.shape and len(give) >= 1:
                    f.shape = f"{len(give)}-for-{prev.shape.split('-for-')[1]}"
        f.shape = shape_of(text, give) or f.shape or (shape_of(text, here) if p.follow_up and len(here) == 1 else None)
        f.get_position = get_position_of(text)
        from agents.offline.trade_sides import SWEETEN

        if f.shape is None and prev is not None and prev.shape and p.follow_up and SWEETEN.search(t):
            added = [n for n in here if n not in prev.give]
            if added:  # "same but i'll throw in bol bol as a sweetener": one more of mine in the same search
                a, b = prev.shape.split("-for-")
                f.shape, f.give = f"{min(int(a) + len(added), 3)}-for-{b}", [*prev.give, *added]
        if f.give:
            pass
        elif f.shape and give and len(give) == int(f.shape[0]):
            f.give = give
        elif re.search(r"\b(?:where|in which)\s+\w+\s+(?:goes|is traded|is moved|leaves)\b|\bshop\b|\bwho would take\b",
                       text, re.I):
            f.give = [n for n in p.players if n not in barred][:1]
        elif prev is not None and prev.shape and p.act.startswith("trade") and p.follow_up:
            mine = [n for n in p.players if n not in barred and said_in(n, text)]
            if len(mine) == int(prev.shape[0]):  # "nah keep conley, do beal + bogdanovic instead": the new side
                f.give, f.shape = mine, prev.shape
    f.count = count_of(SIDE_COUNT.sub(" ", text) if f.shape else text)  # "a 2 for 2 for two guards": a side, not a count
    f.horizon = horizon_of(p)
    if p.act in ("optimize", "ir_move"):  # "pick up the best shot blocker out there": the wire's leaders in BLK
        from agents.offline.superlative import leader_category

        lead = leader_category(text)
        f.leaders_in = lead if lead not in p.punt else None
    f.not_position = not_position_of(text)
    # "I'm losing steals": a claim the scoreboard checks; "I need dimes" is a wish, chased as asked
    f.need_claimed = bool(getattr(p, "need", False)) and claims_scoreboard(text)
    if f.not_position and p.position == f.not_position:
        p.position = None  # "anyone but centers": C ruled out, not asked for
    from agents.core.dates import named_range

    f.start, f.end = named_range(text, p.as_of) or (None, None)  # "from Feb 3 to Feb 9"
    if f.start is None and p.day and p.day > p.as_of and UNTIL.search(t):
        f.start, f.end = p.as_of, p.day  # "between now and the 9th", "thru feb 9": today to that day
    days = NEXT_DAYS.search(t) if f.start is None and p.as_of else None
    if days:  # "next 10 days only", "over the coming 5 days": today and the days after it, that many in all
        n = int(days.group(1)) if days.group(1).isdigit() else SMALL_NUMBERS[days.group(1)]
        if 2 <= n <= 31:
            f.start, f.end = p.as_of, p.as_of + dt.timedelta(days=n - 1)
            f.horizon = None if f.horizon in ("next_week", "this_week", "day") else f.horizon
    monday = p.as_of + dt.timedelta(days=7 - p.as_of.weekday())
    if (f.start, f.end) == (monday, monday + dt.timedelta(days=6)):
        f.horizon = "next_week"  # the span is next week's matchup: its games, not a list of days
    f.play_on = [] if f.horizon == "next_week" else play_on_of(p, f.horizon)
    # "games both days", "games thu and fri": each of them ("thu or fri": either)
    # ("weekend streamers": a game on either weekend day, as before)
    from agents.offline.day_slots import weekdays_named

    named_days = len(weekdays_named(text, p.as_of)) >= 2 if p.as_of else False
    f.play_on_all = (bool(ALL_DAYS.search(t)) or (len(f.play_on) >= 2 and named_days and
                                                   not re.search(r"\b(?:or|either)\b", t))) and p.act == "fa_scan"
    f.not_teams, f.max_minutes = not_teams_of(t), max_minutes_of(t)
    f.keep_positions = kept_positions(t)
    if p.act in MOVE_ACTS:  # "something else, but don't drop anybody healthy"; "the guy's gotta have 3 games left"
        from agents.offline.list_filters import least_games

        f.keep_healthy = keep_healthy_of(t)
        least = least_games(text, f.horizon)
        f.min_games = least if 1 < least <= 7 else None
        f.unhonoured = [u for u in f.unhonoured if not (f.keep_healthy and keep_healthy_of(fold(u)))]
    if p.act == "research_rankings" or (prev and prev.window and p.follow_up):
        f.window, f.availability, f.per = window_of(t), availability_of(t), per_of(t)
        if f.availability is None and getattr(p, "after_pickups", False):
            f.availability = "free_agents"  # "and the top 6 over the last 7 days" after a pickup list: still the wire
        f.sort = next(iter(p.categories), None) or ("ros_value" if f.horizon == "rest_of_season" else
                                                    "z_sum" if Z_VALUE.search(t) else "fpts" if FPTS.search(t) else
                                                    "games_left_week" if MOST_GAMES.search(t) else None)
    if f.per is None and p.act != "research_rankings" and not f.horizon:  # "this week" asks for the week's games
        f.per = per_of(t, ranking=False)
    if (p.day or HEALTH_ASK.search(t) or GAMES_ASK.search(t)) and OF_THEM.search(text):
        f.act = "filter_previous"  # "which of them play Friday", "which of those are actually healthy"
    return f

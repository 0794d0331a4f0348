"""The turn's act from the message and the thread (issue #36): a message the model is unsure of that
names its own request, a trade verdict or search named by its words, the conversation acts that are
not new requests (they take their own act, so the turn neither clarifies nor runs the optimizer), and
a follow-up that is the previous request again. Fills `p.frame` from agents/offline/constraints.py
(the phrases) and agents/offline/carry.py (what a follow-up keeps). The words of the acts read here
are in agents/offline/act_cues.py; the reads after a list ("2 more", "he's hurt") in
agents/offline/after_list.py.
"""
from __future__ import annotations

import re

from agents.offline.act_cues import (BUNDLE, FA_WORDS, GAMES_ASKED, IR_OPTIONS, MOVE_WORDS, TRADE_COST, TRADE_SEARCH,
                                     TRADE_WORD, UNSURE, VERDICT_ASKED, WEAKNESS, WHICH_OF_TWO, WHO_ELSE, WHOLE_TEAM,
                                     day_roster, games_or_trades, most_games_next_week)
from agents.offline.trade_sides import GIVE_FOR, SHOP_FOR
from agents.offline.move_cues import his_spot
from agents.offline.after_list import for_next_week, more_or_fewer, pushed_back, with_list_size
from agents.offline.pool import forward_scan, past_window_ranking
from agents.offline.carry import frame_of, list_follow_up, named_here, ranking_follow_up, take, sweetened, verdict_with_other_punt
from agents.offline.constraints import (HORIZON_ONLY, KEEP_ACTS, OF_MINE, ONE_BACK, SHAPE, THEY, TRADE_CUE, WIN_WEEK, capitalized,
                                        exclusions, lowercase_for, shape_of)
from agents.offline.ir_talk import ir_asked, ir_both_asked
from agents.offline.cats_profile import FIX_IT, weak_cats_asked, weak_named
from agents.offline.corrections import namesake_fix, other_one, swap_only
from agents.offline.moves_talk import my_moves_asked, still_mine
from agents.offline.punt_act import punt_only
from agents.offline.redo import another, meant, redo, same_but
from agents.offline.noted import stated_dislike, stated_keep
from agents.core.frame import RequestFrame
from agents.offline.slots import find_players
from services.league.lookup import fold


def understood(p, prev, previous_answer: str | None = None):
    """Fills `p.frame` (in place, and returns `p`); a conversation act that is not a new request
    takes its own act, so the turn neither clarifies nor runs the optimizer for it."""
    from agents.core.intents import Intent
    from agents.offline import player_acts

    if player_acts.read(p, prev):  # eligibility, per 36, my roster's minutes trends (agents/offline/player_acts.py)
        return p
    from agents.offline import punt_ask

    if punt_ask.agreed(p, prev) and (p.unknown or p.greeting or
                                     p.act in ("vague", "general_explain", "general_why", "nonsense", "clarify")):
        p.act, p.intent, p.choices, p.unknown, p.greeting = "punt_set", Intent.GENERAL_ADVICE, [], False, False
        p.wants_moves, p.hold_or_stream, p.move, p.follow_up = False, False, None, False
        p.frame = RequestFrame(punt=list(p.punt))
        return p  # "ok let's do that" after "should I punt FT%?": the punt set, and what it changes
    if redo(p, prev) or meant(p, prev) or same_but(p, prev) or another(p, prev):  # "ok redo that"; "no wait I meant sunday"; "something else, but ..."
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
        most_games_next_week(p)
        return with_thread_keep(p)
    # after a search that can leave players out, "but I'm keeping Shai" is that search again (below)
    kept = stated_keep(p) if prev is None or prev.act not in KEEP_ACTS else []
    if kept:  # "Shai's not going anywhere. ever. just so you know": noted, kept out of what follows (noted.py)
        p.act, p.intent, p.choices, p.move, p.hold_or_stream, p.wants_moves = "noted", Intent.GENERAL_ADVICE, [], None, False, False
        p.unknown, p.greeting, p.follow_up = False, False, False
        p.frame = RequestFrame(players=list(p.players), exclude=kept, punt=list(p.punt))
        return p
    disliked = stated_dislike(p) if prev is None or prev.act not in KEEP_ACTS else None
    if disliked:  # "fyi I hate streaming bigs": noted, left out of later pickup searches (noted.py)
        p.act, p.intent, p.choices, p.move, p.hold_or_stream, p.wants_moves = "noted", Intent.GENERAL_ADVICE, [], None, False, False
        p.unknown, p.greeting, p.follow_up = False, False, False
        p.frame = RequestFrame(not_position=disliked, punt=list(p.punt))
        return p
    if pushed_back(p, prev, previous_answer):  # "the top guy's hurt though": that list again without him
        return with_thread_keep(p)
    forward_scan(p)  # "top free agents for this week": this week's scan, not last week's ranking
    past_window_ranking(p)  # "who's been the best pickup over the last 2 weeks": that window's ranking
    more_or_fewer(p, prev)
    out = with_list_size(with_thread_keep(_understood(p, prev, previous_answer)), previous_answer)
    out.for_next_week = for_next_week(out, prev, previous_answer)
    most_games_next_week(out)
    return out


def day_corrected(p, prev) -> bool:
    """A correction of the previous request's day ("sorry I meant friday, not tomorrow"): `p` becomes
    that request with the day's words put right, read again (in place)."""
    from agents.offline.nlu import parse
    from agents.offline.slots import extract

    swap = swap_only(p.text)
    if not swap:
        return False
    new, old = (extract(x, p.as_of).day for x in swap)
    at = re.search(rf"\b{re.escape(fold(swap[1]))}\b", fold(prev.text))
    if not (new and old) or at is None:
        return False
    text = fold(prev.text)[:at.start()] + fold(swap[0]) + fold(prev.text)[at.end():]
    again = understood(parse(text, p.as_of, None), None)
    for key, value in vars(again).items():
        if key not in ("thread_answers", "previous_answer", "scoring", "thread_keep", "thread_dislike"):
            setattr(p, key, value)
    p.follow_up = True
    return True


def with_thread_keep(p):
    """The players the thread's constraint-only messages keep, added to a request that can leave
    players out (a trade search or verdict, move cards, pickups, rankings), unless it moves them."""
    here = set(named_here(p)) | set(p.frame.give or [])  # "ok, shop Shai": named now, he is no longer kept
    kept = [n for n in getattr(p, "thread_keep", []) or [] if n not in here]
    if kept and p.act in KEEP_ACTS:
        p.frame.exclude = list(dict.fromkeys([*p.frame.exclude, *kept]))
    disliked = getattr(p, "thread_dislike", None)
    if disliked and p.act in ("fa_scan", "fa_hot") and not p.position and not p.frame.not_position:
        p.frame.not_position = disliked  # "I hate streaming bigs" ... "ok find me a streamer"
    return p


THAT_CATEGORY = re.compile(r"\b(?:push(?:es)?|helps?|boosts?|raises?|improves?|bumps?|moves?|lifts?|fix(?:es)?|"
                           r"ups?)\s+(?:that|it|this|those|them|there)\b|\b(?:in|for|with) (?:that|it|this|those) "
                           r"(?:one|cat|category|stat)\b|\bthat (?:cat|category|stat)\b")


def _category_referred(p, prev) -> None:
    """'Give me a move that pushes that up' after 'what are my odds in steals?': the thread's category."""
    if prev is not None and not p.categories and getattr(prev, "categories", None) and \
            THAT_CATEGORY.search(fold(p.text)) and not p.players:
        p.categories = list(prev.categories)


TRADE_INTO = re.compile(r"^(?:\w+\W+){0,3}?trade (?:me |us )?(?:into|for) (?:a|an|some|two|2|one|another)\b")
ADD_HIM = re.compile(r"\b(?:add|adding|pick(?:ing)? (?:him|her) up|grab(?:bing)? (?:him|her)|claim(?:ing)? (?:him|her)|"
                     r"roster(?:ing)? (?:him|her))\b[^?.!]{0,12}\b(?:him|her)?|\b(?:is|would) (?:he|she) (?:be )?worth\b|"
                     r"\bworth (?:a )?(?:pick ?up|add|adding|grab|grabbing|claim|roster spot)\b")


def _measure_said(p) -> None:
    """'ok and in fantasy points over their last 5?' after 'who dishes more dimes': fantasy points, not
    the category the follow-up carried."""
    from agents.offline.category_slots import find_categories

    if p.categories and re.search(r"\bfantasy (?:points|pts)\b|\bfpts\b", fold(p.text)) and not find_categories(p.text):
        p.categories = []


WORST_FOR_ADD = re.compile(r"\b(?:drop|cut|release|waive|dump|swap out|sub out)\s+(?:whoever|whomever|who ever|my|the|someone|"
                           r"somebody|anyone|anybody)\b[^.?!]{0,30}\b(?:worst|weakest|least|useless|dead|sorriest)\b")


def _understood(p, prev, previous_answer: str | None = None):
    from agents.core.intents import Intent

    _category_referred(p, prev)
    _measure_said(p)
    if p.act == "fa_scan" and len(p.players) == 1 and not getattr(p, "replacing", None) and not p.move and \
            ADD_HIM.search(fold(p.text)):
        take(p, "fa_fit")  # "worth adding him for boards?" after a player: that player's pickup, not the wire's best

    if not p.players and p.act in ("fa_scan", "fa_fit", "research_worst", "clarify", "vague") and \
            WORST_FOR_ADD.search(fold(p.text)):
        take(p, "optimize")  # "need a blocks guy. drop whoever's worst on my team for him": the optimizer picks both
        p.unknown = False
        if getattr(p, "frame", None) is not None and not p.frame.leaders_in:
            from agents.offline.superlative import leader_category

            lead = leader_category(p.text)  # "a blocks guy": a specialist, one of the wire's leaders in it
            p.frame.leaders_in = lead if lead not in p.punt else None
    if his_spot(p.text, p.players) and not p.act.startswith("ir"):
        take(p, "fa_replace")  # "who should take his spot then": he goes, the best add for his spot comes
        p.replacing, p.unknown = p.players[0], False
    if not p.act.startswith("trade") and TRADE_INTO.search(fold(p.text)):
        take(p, "trade_find")  # "trade me into a floor general, keep shai": a search for that player
        p.unknown, p.hold_or_stream = False, False
    if not p.act.startswith(("trade", "ir")) and len(named_here(p)) == 1 and IR_OPTIONS.search(fold(p.text)):
        take(p, "ir_move")  # "ivey's been out forever. options? IR, drop, whatever works": the IR card and the rest
        p.unknown, p.move = False, None
    if not p.act.startswith("trade") and named_here(p) and SHOP_FOR.search(fold(p.text)) and not FA_WORDS.search(fold(p.text)):
        take(p, "trade_find")  # "i wanna move bol and bogdanovic for anyone who helps 3s": a search giving them
        p.players, p.unknown, p.move = named_here(p), False, None
    if not p.act.startswith("trade") and len(named_here(p)) == 1 and GIVE_FOR.search(fold(p.text)) and \
            not FA_WORDS.search(fold(p.text)):
        take(p, "trade_find")  # "who's actually gettable for jjj alone": what he brings back in a trade
        p.players, p.unknown = named_here(p), False
    if not p.act.startswith("trade") and len(p.players) == 1 and TRADE_COST.search(fold(p.text)):
        take(p, "trade_find")  # "what would I have to give up for Trae Young?": what it takes to get him
        p.unknown = False
    if not p.act.startswith("trade") and (SHAPE.search(p.text) or OF_MINE.search(p.text) or (
            p.act in ("clarify", "vague") and re.search(r"\b(trades?|deals?)\b", fold(p.text)))):
        take(p, "trade_find")  # "a 2-for-1 for one star?", "find a deal for boards ...": a trade search
        p.unknown = False
    games_or_trades(p)
    day_roster(p)
    if (p.act in (*UNSURE, "general_smalltalk") or getattr(p, "greeting", False)) and WEAKNESS.search(fold(p.text)) \
            and not p.players:
        take(p, "optimize")  # "what's my weakest spot?": the moves that fix the roster's weakest spots
        p.unknown, p.greeting = False, False
    if VERDICT_ASKED.search(p.text) and not p.move and not MOVE_WORDS.search(fold(p.text)):
        for_word = lowercase_for(p.text, p.players)  # "ball for trae young": the surname before 'for'
        if for_word:
            p.players = [for_word, *p.players]
        if len(p.players) == 2:
            from agents.offline.trade_sides import split_sides

            give, get = split_sides(p.text, p.players)
            if len(give) == 1 and len(get) == 1 and not p.act.startswith("trade_evaluate"):
                take(p, "trade_evaluate")  # "would Claxton for Trae Young work?": a verdict on that trade
                p.unknown = False
    if p.act.startswith("trade"):  # "trade Ball for Trae Young", "ball for trae young": a surname that is also a word
        for_word = lowercase_for(p.text, p.players)
        extra = capitalized(p.text, p.players) + ([for_word] if for_word and for_word not in p.players else [])
        if extra:
            order = {n: fold(p.text).find(fold(n).split()[-1]) for n in [*p.players, *extra]}
            p.players = sorted([*p.players, *extra], key=lambda n: order[n])
    if p.act.startswith("research") and FA_WORDS.search(fold(p.text)) and exclusions(p.text, p.players) and \
            not TRADE_WORD.search(p.text) and not p.hold_or_stream and not re.search(r"\b(or|hold|keep)\b", fold(p.text)):
        take(p, "fa_scan")  # "adds for threes, excluding Tyus Jones": free agents without him, not his log
        p.unknown = False
    if prev is not None and prev.act in KEEP_ACTS and p.act not in KEEP_ACTS and exclusions(p.text, p.players) \
            and not re.search(r"\b(stream|hold|or)\b", fold(p.text)):
        take(p, prev.act)  # "but I'm keeping Shai" after a trade search: the same search, with him kept
        p.follow_up = True
        for attr in ("categories", "position"):
            setattr(p, attr, getattr(p, attr) or getattr(prev, attr))
    offered = [n for n in p.players if n not in exclusions(p.text, p.players)]  # "Shai stays": kept, not offered
    if 1 <= len(offered) <= 3 and not p.act.startswith("trade") and shape_of(p.text, offered) and \
            (TRADE_CUE.search(fold(p.text)) or (len(offered) >= 2 and BUNDLE.search(p.text) and ONE_BACK.search(p.text))):
        take(p, "trade_find")  # "consolidate Beal+Conley into 1 guy", "Bron + Melo for one stud?": a shaped search
        p.unknown = False
    list_follow_up(p, prev)
    ranking_follow_up(p, prev)
    verdict_with_other_punt(p, prev)
    sweetened(p, prev)  # "what if I throw conley in too": the same trade, him added
    if p.follow_up and p.act.startswith("trade") and TRADE_SEARCH.search(fold(p.text)) and \
            not find_players(p.text) and not capitalized(p.text, clause=True):
        take(p, "trade_find")  # "find me a trade for blks instead" after a verdict: a search, not that trade
        p.players = []
    if p.follow_up and p.act.startswith("trade") and FA_WORDS.search(fold(p.text)) and \
            not TRADE_WORD.search(p.text) and not p.players:
        take(p, "fa_scan")  # "what about a waiver guy instead" after a trade search: free agents, same needs
        p.categories = p.categories or list(getattr(prev, "categories", []) or [])
    p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    act = p.frame.act
    _games_carried(p, prev)
    if prev is not None and prev.act in ("optimize", "ir_move") and WHO_ELSE.search(fold(p.text)) and \
            not named_here(p) and act == "request" and not getattr(prev.frame, "exclude", None):
        # (players kept from the moves stay kept: the optimizer again, since a scan's cards pick their own drop)
        from agents.offline.cards_read import cards_in

        shown = [add for _, _, add, _ in cards_in(previous_answer)]
        if shown:  # "cool, who else?" after move cards: the next free agents, not the same cards again
            take(p, "fa_scan")
            p.players, p.unknown, p.follow_up = [], False, False
            p.frame.exclude = list(dict.fromkeys([*p.frame.exclude, *shown]))
    if p.act == "fa_scan" and p.frame.exclude:  # "waiver adds excluding Kornet": he is left out, not looked up
        p.players = [n for n in p.players if n not in p.frame.exclude or " " not in n]  # a bare surname: resolved first
    if act in ("affirm", "why_not", "out_of_scope", "filter_previous", "why_benched"):
        p.act, p.choices, p.unknown, p.greeting = act, [], False, False
        p.wants_moves, p.hold_or_stream, p.move = False, False, None
        p.intent = Intent.PLAYER_RESEARCH if act in ("filter_previous", "why_benched") else Intent.GENERAL_ADVICE
    if prev is not None and prev.act in ("research_schedule", "research_roster_games") and WHOLE_TEAM.search(p.text) \
            and not named_here(p) and len(p.text.split()) <= 9 and act == "request":
        take(p, "research_roster_games")  # "and for my whole roster?" after one player's games: every player's
        p.players, p.follow_up, p.unknown = [], True, False
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    if prev is not None and day_corrected(p, prev):  # "sorry I meant friday, not tomorrow": that request on Friday
        return p
    other = (other_one(p.text, prev.players, p.as_of) or namesake_fix(p.text, prev.players, list(p.teams or []), p.as_of)
             ) if prev is not None and prev.players else None
    swap = (swap_only(p.text) if prev is not None and prev.players else None) or other
    if other and swap == other:  # "nah the other williams": any Williams but the one just asked about
        p.not_these = [other[1]]
    if swap:  # "sorry, I meant Mobley not Mitchell": the previous request with the name put right
        from agents.offline.slots import find_players as named_in

        new = (named_in(swap[0]) or [swap[0]])[0]
        old = [n for n in prev.players if fold(swap[1]) in fold(n)]
        if old:
            take(p, prev.act)
            p.players = [new if n == old[0] else n for n in prev.players]
            if prev.move:  # "drop conley for pritchard?" then "no, not conley, beal": drop Beal for Pritchard
                p.move = tuple(new if n == old[0] else n for n in prev.move)
            p.follow_up, p.unknown, p.categories = True, False, p.categories or list(prev.categories)
            p.last_n, p.day, p.rest_of_week = prev.last_n, prev.day, prev.rest_of_week
            p.trade_text = (getattr(prev, "trade_text", None) or prev.text)
            p.trade_text = re.sub(rf"\b{re.escape(fold(swap[1]))}\b", new, fold(p.trade_text))
            p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
            return p
    if act == "request" and weak_cats_asked(p):  # "what's my weakest cat?": my category ranks
        p.act, p.intent, p.choices, p.unknown, p.greeting = "cat_profile", Intent.GENERAL_ADVICE, [], False, False
        p.wants_moves, p.hold_or_stream, p.move, p.follow_up = False, False, None, False
        return p
    if not p.categories and FIX_IT.search(fold(p.text)) and weak_named(previous_answer):
        p.categories = weak_named(previous_answer)  # "find me a trade to fix it" after the weakest categories
    if act in ("request", "affirm") and ((my_moves_asked(p) and not named_here(p) and not ir_asked(p)) or still_mine(p)):
        # "what did I just do?" ("who's in my IR slot now, and who did I add": the slots with the moves, below)
        p.act, p.intent, p.choices, p.unknown, p.greeting = "my_moves", Intent.GENERAL_ADVICE, [], False, False
        p.frame = p.frame.model_copy(update={"act": "request", "card": None})
        p.wants_moves, p.hold_or_stream, p.move, p.follow_up = False, False, None, False
        return p
    both = act == "request" and ir_both_asked(p)
    if both or (act == "request" and ir_asked(p)):  # "who's on my IR?", "can I stash both?": the slots
        p.act = "ir_both" if both else "ir_list"
        p.intent, p.choices, p.unknown, p.greeting = Intent.GENERAL_ADVICE, [], False, False
        p.wants_moves, p.hold_or_stream, p.move, p.follow_up = False, False, None, False
        return p
    if act == "request" and not p.act.startswith("trade") and punt_only(p) and \
            not (prev is not None and prev.act in ("research_rankings", "trade_find", "trade_evaluate")):
        p.act, p.intent, p.choices, p.unknown, p.greeting = "punt_set", Intent.GENERAL_ADVICE, [], False, False
        p.wants_moves, p.hold_or_stream, p.move, p.follow_up = False, False, None, False
        return p  # "I'm punting FT% from now on": the punt and what it changes (agents/offline/punt_act.py)
    if prev is not None and not p.follow_up and not p.players and len(prev.players) >= 2 and \
            THEY.search(fold(p.text)) and (p.last_n or p.day or p.act in ("clarify", "vague")):
        take(p, prev.act)  # "their last 3 games please" after comparing two players: the same two
        p.players, p.follow_up = list(prev.players), True
        if p.act == "research_compare" and p.last_n:
            p.rest_of_week, p.day = False, None
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    scope = getattr(prev, "frame", None) if prev is not None else None
    compared_before = prev is not None and (prev.act in ("research_compare", "research_log") or (
        scope is not None and scope.act == "out_of_scope" and scope.topic in ("keeper", "awards", "draft")))
    after_scope = scope is not None and scope.act == "out_of_scope" and bool(re.search(r"\b(?:better|best)\b", fold(p.text)))
    if compared_before and len(prev.players) >= 2 and not named_here(p) and (p.categories or after_scope) and \
            not p.punt and len(p.text.split()) <= (12 if after_scope else 9) and WHICH_OF_TWO.search(fold(p.text)):
        take(p, prev.act if prev.act in ("research_compare", "research_log") else "research_compare")  # the same two
        p.players, p.follow_up, p.unknown = list(prev.players), True, False
        p.last_n = p.last_n or prev.last_n
        if p.last_n:
            p.rest_of_week, p.day = False, None
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    if prev is not None and prev.act in ("research_compare", "research_log", "research_rankings") and \
            len(prev.players) >= 2 and not named_here(p) and GAMES_ASKED.search(p.text) and \
            WHICH_OF_TWO.search(fold(p.text)) and len(p.text.split()) <= 12:
        take(p, "research_schedule")  # "and who's got more games left this week?" after comparing two: their games
        p.players, p.follow_up, p.unknown, p.categories = list(prev.players), True, False, []
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    if prev is not None and not p.follow_up and HORIZON_ONLY.fullmatch(fold(p.text).strip(" ?!.")):
        take(p, prev.act)  # "and for just this week?": the previous request over another horizon
        p.follow_up = True
        for attr in ("players", "categories", "position"):
            setattr(p, attr, getattr(p, attr) or getattr(prev, attr))
        p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    if p.frame.horizon == "this_week" and p.act == "optimize" and WIN_WEEK.search(fold(p.text)):
        p.mode = "this_week"  # "just need to win this week": rank by this week
    if p.act == "research_compare" and p.last_n:  # "what about over their last 8?": their logs, not the week
        p.rest_of_week, p.day = False, None
    elif act == "versus":
        p.act, p.intent, p.move, p.choices = "research_compare", Intent.PLAYER_RESEARCH, None, []
        if not p.day and not p.last_n:
            p.rest_of_week = True
    return p


def _games_carried(p, prev) -> None:
    """The fewest games a pickup list wants, kept by its follow-ups ("only guys with 3 games that week",
    then "and no centers": still 3) unless the message says its own or the horizon changes."""
    from agents.offline.list_filters import least_games

    said = least_games(p.text, p.frame.horizon)
    if said > 1:
        p.min_games = said
    elif prev is not None and p.follow_up and prev.act == p.act == "fa_scan" and \
            getattr(prev.frame, "horizon", None) == p.frame.horizon:
        p.min_games = getattr(prev, "min_games", None)

"""The phrases agents/offline/understand.py reads a turn's act by: games in a week, a trade search or
verdict named by its words ("what would I have to give up for X?", "would A for B work?", "a 2-for-1
for one star?"), the team's weak spot, "who else?", "which of the two?", "my whole roster"; and
`games_or_trades`, a message the model is unsure of that names its own request by these words.
"""
from __future__ import annotations

import re

from agents.offline.carry import take
from agents.offline.list_filters import MOST_GAMES
from services.league.lookup import fold

GAMES_ASKED = re.compile(r"\b\d[- ]?(?:games?|gamers?|times)\b|\bhow many games\b|\bgames? (?:left|remaining)\b|"
                        r"\b(?:most|more|max(?:imum)?) (?:games|gms)\b", re.I)
A_WEEK = re.compile(r"\b(?:next|this) (?:week|wk)\b|\bweek'?s\b", re.I)
MY_TEAM = re.compile(r"\b(?:my|our) (?:roster|team|guys|players|squad|lineup)\b|\bdo i have\b|\bhave i got\b", re.I)
TRADE_WORD = re.compile(r"\btrades?\b|\btrade (?:options|ideas|targets|offers)\b|\bdeals?\b", re.I)
UNSURE = ("clarify", "vague", "nonsense")
ACQUIRE = re.compile(r"\b(?:land|acquire|pry|get my hands on|trade for|bring in|go after|pick off|poach)\b", re.I)
TRADE_COST = re.compile(r"\bwhat (?:would|will|do|does|should|might) (?:i|it|we) (?:have to |need to |got to )?"
                        r"(?:give(?: up)?|cost(?: me)?|pay|offer|send)\b[^?]*\bfor\b|\bhow much (?:would|will|does|do) "
                        r"(?:it|i) (?:have to )?(?:cost|pay|give)\b[^?]*\b(?:for|to get)\b")
# one player's options with IR among them ("ivey's been out forever. options? IR, drop, whatever works"): the IR card
IR_OPTIONS = re.compile(r"(?=.*\bir\b)(?=.*\b(?:options?|drop|cut|what (?:should|do|can) i do|whatever works|best move|what now|"
                        r"or (?:drop|cut|stash))\b)")
BUNDLE = re.compile(r"\w\s*(?:\+|&)\s*\w|\w\s+and\s+\w", re.I)  # "Bron + Melo", "Beal and Conley"
WEAKNESS = re.compile(r"\b(?:my|our|the team'?s|roster'?s?)\b[^?.!]{0,20}\b(?:weak\w*|biggest (?:need|hole)|holes?|"
                      r"problem spots?)\b|\bwhere (?:am i|are we|is my team) (?:weak|thin|lacking)\b|"
                      r"\bwhat (?:do i|does my team) need most\b")
WHICH_OF_TWO = re.compile(r"\b(?:who|which|whos)\b|\b(?:better|best|more|helps?|wins?|edge)\b|^(?:and|what about|how about|"
                          r"now|ok|okay|for|on)\b")
WHO_ELSE = re.compile(r"\b(?:who|what|anyone|anybody|anything|any other|someone|somebody) else\b|\bother options\b|"
                      r"\bmore options\b|\balternatives?\b|\bany others\b|\bwho besides\b")
TRADE_SEARCH = re.compile(r"\b(?:find|search|look for|any|ideas|options|show me)\b[^.?!]*\b(?:trades?|deals?)\b")
FA_WORDS = re.compile(r"\b(free agents?|fas?|pick ?ups?|waivers?|waiver (?:guys?|wire|adds?)|wire|adds?|streamers?)\b")
VERDICT_ASKED = re.compile(r"\b(?:would|will|does|do|should|is|could)\b[^?]*\bfor\b[^?]*\b(?:work|worth|fair|good|help|"
                           r"win|do it|make sense)\b|\byay or nay\b|\bgood trade\b|\bor not\b|\bthoughts\b|\bgood deal\b|\bworth it\b|"
                           r"\bwould you do\b|\bdo you do\b|\bsmash\b|\bfair\?|\bwho wins\b|^\s*\S+(?:\s+\S+)?\s+for\s+"
                           r"\S+(?:\s+\S+){0,2}\s*\?\s*$", re.I)
MOVE_WORDS = re.compile(r"\b(drop|add|pick ?up|grab|waive|cut|stream|swap out|free agents?|waivers?|fa|ir)\b")
WHOLE_TEAM = re.compile(r"\b(?:my|our) (?:whole |entire |full )?(?:team|roster|squad|guys|players)\b|\ball (?:of )?my "
                        r"(?:guys|players)\b|\bevery(?:one|body) (?:on|in) my (?:team|roster)\b|\bthe whole (?:team|roster)\b",
                        re.I)


DAY_PLAYERS = re.compile(r"\b(?:who|which (?:of my )?(?:guys|players)|any(?:one|body) (?:on my (?:team|roster) )?)(?:'s| s| is| has|"
                         r" have|s)?\b[^?.!]{0,30}\b(?:no games?|a games?|games?|plays?|playing|off|idle|sitting|resting)\b"
                         r"[^?.!]{0,12}\b(?:that|this|the same|same) (?:day|night|date)\b|\bwho (?:on my (?:team|roster) )?"
                         r"(?:plays|is playing|s playing|has a game|s got a game|has no game|s got no game)\b|"
                         # "anyone on my team playing wednesday the 5th", "which of my guys suit up on 2/4"
                         r"\b(?:any(?:one|body)|who|which)\b[^?.!]{0,6}\b(?:on|of) (?:my|mine)\b[^?.!]{0,20}\b(?:play(?:s|ing)?|"
                         r"suit(?:s|ing)? up|in action|(?:got|have|has) a game)\b", re.I)


def day_roster(p) -> None:
    """'Who's got no game that day?' after a lineup, 'anyone of mine playing 2/3?': that day's lineup,
    which says who plays it and who has no game (agents/offline/answers.py `lineup_lead`), whatever the
    model read in it."""
    if p.players or not p.day or p.act.startswith(("trade", "ir", "fa", "lineup")):
        return
    if not (DAY_PLAYERS.search(fold(p.text)) or (p.act == "research_roster_games" and not p.rest_of_week)):
        return
    take(p, "lineup_day")
    p.unknown, p.greeting = False, False
    p.rest_of_week = False


WHO_TO_ADD = re.compile(r"\bwho (?:should|do|can|could|would|shall) (?:i|we) (?:grab|pick ?up|add|get off the wire|stream|claim|"
                        r"snag|scoop|target on (?:the )?(?:wire|waivers))\b|"
                        # "who's the best healthy fill-in for thursday", "any plug-in for tonight"
                        r"\b(?:fill ?ins?|plug ?ins?|spot starters?|streaming options?|warm bod(?:y|ies))\b")


# a count of names asked for a time ("lemme get 7 names for next week", "gimme 5 guys for the weekend"): pickups
NAMES_FOR = re.compile(r"\b(?:\d{1,2}|a few|a couple|some|three|four|five|six|seven|eight|ten)\s+(?:names|guys|options|bodies|"
                       r"dudes|targets|candidates|plug ?ins|fill ?ins)\b[^.?!]{0,20}\b(?:for|this|next|thru|through|over|"
                       r"tonight|tomorrow|the weekend|rest of)\b")


# the week's matchup asked by its chances ("what's that do to my odds in blocks", "where does that leave me in
# steals", "how's my win chance now"): the matchup's figures, the categories named first
ODDS_ASKED = re.compile(r"\b(?:my|our|the) (?:odds|chances?|win (?:prob\w*|chances?|odds|pct|percent\w*)|matchup|lead|"
                        r"margin)\b|\bwhere (?:does|do|did) (?:that|this|it|the move|the swap) (?:leave|put) (?:me|us)\b|"
                        r"\b(?:odds|chances?) (?:of|at) (?:winning|taking|grabbing|stealing)\b")


def games_or_trades(p) -> None:
    """A message the model is unsure of that names its own request: games in a week ("next week's
    4-game players", "how many games does my roster have next week?") or a trade search ("trade
    options for rebounds, just don't touch Barnes")."""
    unsure = p.act in UNSURE or getattr(p, "confidence", 1.0) < 0.5
    if p.players and p.act in ("research_log", "research_status", "research_news") and \
            re.search(r"\bhow many (?:games|gms)\b", p.text, re.I) and \
            not re.search(r"\b(?:played|play(?:ed)? in|appeared|suited up|missed|sat|logged|so far|this season)\b", p.text, re.I):
        take(p, "research_schedule")  # "how many games has beal got between now and the 8th": his schedule
        return
    pool = re.search(r"\b(?:players|guys|free agents?|pickups?|adds?|streamers?|stream|waivers?|available)\b", p.text, re.I)
    if p.act == "research_roster_games" and GAMES_ASKED.search(p.text) and not MY_TEAM.search(p.text) and not p.players \
            and re.search(r"\b(?:free agents?|pickups?|waivers?|on the wire|available|streamers?)\b", p.text, re.I):
        take(p, "fa_scan")  # "which free agents get me the most games before sunday?": the wire, not mine
        return  # (most_games_next_week below ranks it by games, this week's or next week's)
    if unsure and not p.players and NAMES_FOR.search(fold(p.text)):
        take(p, "fa_scan")  # "lemme get 7 names for next week specifically": a pickup list of that many
        p.unknown = False
        return
    if unsure and not p.players and WHO_TO_ADD.search(fold(p.text)):
        take(p, "fa_scan")  # "who should I grab that'll help thru the break?": a pickup list
        p.unknown = False
        return
    if (unsure or p.act == "my_moves") and not p.players and ODDS_ASKED.search(fold(p.text)) and \
            not MOVE_WORDS.search(fold(p.text)):
        take(p, "matchup")  # "what's that do to my odds in blocks this week": the matchup's win chances
        p.unknown = False
        return
    if not unsure or p.act.startswith("trade") or p.act.startswith("ir"):
        return
    if GAMES_ASKED.search(p.text) and (A_WEEK.search(p.text) or getattr(p, "rest_of_week", False)):
        take(p, "fa_scan" if pool and not MY_TEAM.search(p.text) and not p.players else
              "research_schedule" if p.players else "research_roster_games")
        p.unknown = False
    elif (TRADE_WORD.search(p.text) or (ACQUIRE.search(p.text) and p.players and not FA_WORDS.search(fold(p.text)))) \
            and not p.move and p.act not in ("optimize",):
        take(p, "trade_find")  # "how do I land Anthony Edwards?": a search for trades that bring him in
        p.unknown = False


def most_games_next_week(p) -> None:
    """'Who on waivers plays the most games next week?': the wire for next week with the most games any
    free agent has (agents/offline/plans.py asks four, then one fewer until someone has them); this
    week's ("the most games thru sunday") is the free agents' games-left ranking."""
    f = getattr(p, "frame", None)
    if f is None or p.players:
        return
    most = p.act == "fa_scan" and MOST_GAMES.search(fold(p.text))
    if f.horizon != "next_week":
        if most and f.horizon in (None, "this_week") and not p.categories and not f.play_on:
            take(p, "research_rankings")  # "which free agents get me the most games thru sunday": ranked by them
            f.sort, f.availability, f.window = "games_left_week", "free_agents", "season"
        return
    if (p.act == "research_rankings" and f.sort == "games_left_week") or most:
        take(p, "fa_scan")
        p.most_games, f.sort, f.availability = True, None, None

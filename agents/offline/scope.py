"""Questions outside what the product models (issue #36): each topic says so in one line, then
gives the nearest thing the data has, from a tool.

    standings  games back, playoff odds, seeds            -> every team's rest-of-season strength
    news       rumours, Twitter, injury reports, NBA deals -> the player's status inferred from games
    props      player props, real-money bets               -> his averages and whether he plays
    dfs        DraftKings / FanDuel lineups, salaries      -> my own best lineup that day
    keeper     keeper, dynasty, next season's value       -> his rest-of-season value
    draft      next year's draft, mock drafts             -> the players with the most rest-of-season value
    budget     FAAB bids, waiver budgets, auction dollars -> his rest-of-season value (is he worth adding)
    awards     MVP, DPOY, rookie of the year, All-NBA     -> his (or the top) rest-of-season fantasy value
    chat       trash talk, messages to the league chat    -> this week's matchup, the score to talk about
    live       a game in progress, live scores             -> this week's fantasy matchup as of this morning
    contract   a player's pay, contracts, cap hits         -> his rest-of-season fantasy value
    history    last season, college, overseas             -> his figures this season (and his last 10)
    times      tip-off times                               -> the day's games
    bio        height, wingspan, weight, age               -> his figures this season
    league     vetoes, collusion, the commissioner         -> every team's rest-of-season strength
    autopilot  lineups or moves set automatically          -> today's lineup, to set

The desk's simulated game lines (moneyline, spread, total on a game) are in scope: only bets on a
player's stat line or with real money are "props".
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    name: str
    pattern: re.Pattern
    line: str  # what is not modelled, said first


def _p(text: str) -> re.Pattern:
    return re.compile(text, re.I)


STANDINGS = _p(
    r"\bstandings?\b|\bplayoff (?:odds|chances?|picture|outlook|hopes)\b|\bchances? (?:of|to) mak\w* (?:the )?playoffs\b|"
    r"\bmake the playoffs\b|\b(?:first|top|#1|number one) seed\b|"
    # the team's strength asked any way round: "is my team any good", "how strong my team is", "how good are we"
    r"\b(?:is|are) (?:my|our) (?:team|squad|roster|lineup) (?:any |even |actually |really )?(?:good|strong|decent|legit|solid|elite)\b|"
    r"\bhow (?:good|strong|solid|bad|legit) (?:is |are )?(?:my|our) (?:team|squad|roster)\b|"
    r"\bhow (?:good|strong|solid|legit) (?:am i|are we|we are|i am)\b|\bpower rank\w*\b|\bwhere (?:do|am) (?:i|we) rank\b|\bhow do i stack up\b|"
    r"\bam i (?:a )?contender\b|\bplayoff (?:team|bound|spot|berth|seeding)\b|\bwin (?:the|my) (?:league|title|championship)\b|"
    r"\bwin it all\b|\b(?:title|championship) (?:odds|chances?)\b|\bplayoff outlook\b|"
    # the playoffs with a chance word either side ("odds to make playoffs", "playoffs looking likely?"), not the
    # fantasy-playoff weeks' schedule the trade values count
    r"\b(?:odds|chances?|shot|likely|likelihood|probability|make|making|made|get into|getting into|clinch\w*)\b"
    r"(?:\W+\w+){0,3}?\W+(?:the )?playoffs?\b(?!\s+(?:schedule|weeks?|games))|"
    r"\bplayoffs?\b(?:\W+\w+){0,3}?\W+(?:odds|chances?|likely|looking|hopes|outlook|picture|bound)\b|"
    r"\b(?:league|division) (?:leader|lead|table|rank\w*|position|winner)\b|\bwho(?:'s| is) (?:going|gonna) to win\b|"
    r"\bgames? (?:back|behind|out)(?: of| from)? (?:first|the lead|1st)\b|\b(?:first|last|1st) place\b|"
    r"\bmy (?:record|w-l|win-loss)\b|\bhow many wins\b")
# the league's own rules and dates ("when is the trade deadline", "how long are waivers", "when do playoffs start")
RULES = _p(r"\b(?:when|what day|what date|which day|how long)\b[^.?!]{0,25}\b(?:trade )?deadline\b|\bdeadline (?:date|day)\b|"
           r"\bwaiver (?:period|rules?|process\w*|clear\w*|times?)\b|\bhow long (?:are|do|does|is) (?:the )?waivers?\b|"
           r"\bplayoff (?:format|rules|bracket|seeding rules)\b|\bwhen (?:do|does|are) (?:the )?(?:fantasy )?playoffs? (?:start|begin)\b|"
           r"\bacquisition limits?\b|\b(?:max|maximum) (?:moves|adds|acquisitions)\b|\broster lock\b")
NEWS = _p(
    r"\btrade deadline\b|\bdeadline (?:news|rumou?rs|deals)\b|\brumou?rs?\b|"
    r"^(?=.*\bdeadline\b)(?=.*\b(?:deals?|trades?|traded|moved|dealt|news|rumou?rs?|done|happened)\b)|"
    r"\bwho (?:got |was |has been |have been )?(?:moved|traded|dealt)\b|"
    r"\b(?:nba|real[- ]life|real) (?:trades?|deals?|transactions?|moves?)\b|"
    r"\btwitter\b|\btweets?\b|\binsiders?\b|\bwoj\b|\bshams\b|\breports? (?:say|said|says)\b|\breportedly\b|"
    r"\b(?:are|is|been) shopping\b|\bshopping (?:him|\w+ \w+)\b|\binjury report\b|\bheard (?:that |on |from )")
PROPS = _p(
    r"\breal money\b|\bsportsbook\b|\bprize ?picks\b|\bparlays?\b|\bplayer props?\b|\bprop bets?\b|"
    # a player's stat line ("over 30.5 pts"): two digits at most, so a game total ("over 221.5 points") is the desk's
    r"\b(?:over|under|o|u)\b(?:[^.?!\d]{0,25}?)\d{1,2}(?:\.\d)? ?(?:pts|points|reb|rebounds|boards|ast|assists|threes|3s|pra)\b|"
    r"\b(?:over|under|o|u) ?\d{1,2}(?:\.\d)? ?(?:pts|points|reb|rebounds|boards|ast|assists|threes|3s|pra)\b")
DFS = _p(r"\bdraft ?kings\b|\bfan ?duel\b|\bdfs\b|\bdaily fantasy\b|\bsalary cap\b|\bsalar(?:y|ies)\b|\bshowdown slate\b")
DRAFT = _p(r"\bmock drafts?\b|\b(?:first|1st|second|2nd) overall\b|\bwho should i (?:draft|take)\b|"
           r"\bnext (?:year|season)'?s? draft\b|\bdraft (?:advice|strategy|rankings|board|day|order|picks?)\b|"
           r"\bdraft\b[^.?!]*\bnext (?:year|season)\b")
KEEPER = _p(r"\bkeepers?\b|\bnext season\b|\bnext year\b|\bdynasty\b|\bfuture value\b|\blong[- ]term (?:value|hold|asset)\b")
BUDGET = _p(r"\bfaab\b|\bwaiver (?:budget|dollars|bids?)\b|\bblind bids?\b|\bauction (?:budget|dollars|values?)\b|"
            r"\bhow much (?:(?:should|do|would|can) (?:i|we) )?(?:bid|spend|pay|offer)\b|\bbid(?:s|ding)? (?:on|for)\b|"
            r"\bhow many (?:bucks|dollars)\b|\bwhat(?:'s| is) (?:a )?(?:fair|good|the right) bid\b")
AWARDS = _p(r"\bmvp\b|\bdpoy\b|\bsixth man\b|\bmost improved\b|\brookie of the year\b|\broty?\b(?= (?:race|odds|award|favou?rite))|"
            r"\bdefensive player of the year\b|\ball-?nba\b|\bawards? (?:race|odds|voting|votes|favou?rites?|winners?|season|case)\b|\b(?:win|wins|winning|won) (?:an? |the |any )?awards?\b|\ball-?stars?\b(?!\W+(?:break|weekend))")
# a message sent for me ("can you trash talk lena in the league chat", "dm him that my offer stands"): I send nothing
# but the cards a person approves; a chat only mentioned ("someone in the league chat says drop Bol") is no ask
CHAT = _p(r"\b(?:can|could|would|will|pls|please) (?:you|u|ya) (?:\w+ ){0,3}?(?:trash[- ]?talk|talk trash|message|text|dm|email|"
          r"post|tweet|roast|taunt|clown|reply to|send (?:a |her |him |them |my )?(?:message|text|dm|note|reply))\b|"
          r"\btrash[- ]?talk (?:\w+ )?(?:for me|in the)\b|\b(?:post|write|send) (?:\w+ ){0,3}(?:in|to) (?:the|our|my) "
          r"(?:league|group) ?(?:chat|thread|board)\b")

# a game in progress ("what's the score of the cavs game right now", "who's winning the lakers game", "live
# scores"): the data is finished games' box scores
LIVE = _p(r"\blive (?:scores?|games?|stats?|updates?|box ?scores?)\b|\bscores? (?:of|in) (?:the |tonight'?s )?\w+(?: \w+)? game\b"
          r"(?=[^.?!]*\b(?:right now|now|currently|live|so far|at the moment)\b)|\b(?:right now|currently|so far|at the moment)\b"
          r"[^.?!]{0,40}\bscore\b|\bscore\b[^.?!]{0,40}\b(?:right now|currently|so far|at the moment)\b|"
          r"\bwho(?:'s| is) winning (?:the )?\w+(?: \w+)? game\b|\bin[- ]game (?:stats|score)\b|\bat (?:the )?half ?time\b")
# a player's pay ("how much is beal getting paid", "is he worth that contract", "his cap hit"): not in the data
CONTRACT = _p(r"\bcontracts?\b|\b(?:getting|get|gets|being|is|was) paid\b|\bhow much (?:is|does|did) \w+(?: \w+)? "
              r"(?:make|making|earn|earning|paid|getting)\b|\bcap hit\b|\bsuper ?max\b|\bmax (?:deal|contract|money)\b|"
              r"\b(?:his|their|her) salary\b|\bextension\b")

# another season or a player's years before the NBA ("better than last year?", "how'd edey do in college"): the data
# is this season's box scores only
HISTORY = _p(r"\b(?:last|previous|prior|past) (?:season|year)s?\b(?!'?s? draft)|\b(?:than|as) (?:he|she) (?:was|did|played) "
             r"(?:last|a) (?:season|year)\b|\b20(?:1\d|2[0-3])(?:-2[0-4])?\b|\bcollege\b|\bncaa\b|\bhigh school\b|"
             r"\bg league\b|\boverseas\b|\bbefore (?:he was in|the) nba\b")

# "what time does beal tip off tonight?", "when does the game start": start times, not in the data (its dates are)
TIMES = _p(r"\bwhat time\b|\btip(?:s|ping)? ?off\b|\btip ?off time\b|\bstart(?:ing)? time\b|\bwhat s the tip\b|"
           r"\bwhen does (?:the|his|their|that) game (?:start|begin|tip)\b|\bo ?clock\b")
# "how tall is wemby", "his wingspan", "how much does he weigh": measurements, not in the data
BIO = _p(r"\bhow (?:tall|heavy)\b|"
         r"\bheight\b|\bwingspan\b|\bweigh(?:s|t)?\b|\bvertical\b|\bhow old\b|\bbirthday\b|\bhometown\b|"
         r"\bwhere (?:is|s) (?:he|she) from\b")

# "should i vote to veto that trade?", "is that collusion", "tell the commish": the league's own business
LEAGUE = _p(r"\bveto\w*\b|\bcollu\w*\b|\bcommish\b|\bcommissioner\b|\bvote (?:to|on|against|for)\b|\brigged\b")
# "can u just set my lineup every day automatically": acting on its own, which it never does
AUTOPILOT = _p(r"\bautomatic\w*\b|\bauto ?pilot\b|\bauto[- ]?(?:set|start|manag)\w*\b|"
               r"\b(?:set|manage|run|handle)\b[^.?!]{0,30}\b(?:every (?:single )?day|each day|daily|all season|from now on)\b")

# a schedule asked of the fantasy playoffs or weeks months ahead ("best schedule for the fantasy playoffs, weeks 21 thru
# 23"): past the schedule the data holds; what it holds is answered instead
FAR_SCHEDULE = _p(r"\bfantasy playoffs?\b[^?.!]{0,40}\b(?:schedules?|weeks?|games|slate)\b|"
                  r"\b(?:schedules?|games|slate)\b[^?.!]{0,40}\bfantasy playoffs?\b|"
                  r"\bplayoffs? (?:schedules?|weeks?|slate)\b|\bweeks? 2\d\b|\bwks? 2\d\b|"
                  r"\b(?:march|april)\b[^?.!]{0,30}\b(?:schedules?|games|slate)\b|"
                  r"\b(?:schedules?|games|slate)\b[^?.!]{0,30}\b(?:in|for|during|through|thru) (?:march|april)\b")
TOPICS = (
    Topic("far_schedule", FAR_SCHEDULE, "The fantasy playoffs' schedule (the season's last weeks) is past the schedule "
                                        "I have"),
    Topic("league", LEAGUE, "Other managers' trades and the league's votes (vetoes, collusion, the commissioner's "
                            "calls) are not something I judge or take part in: I only make moves you approve, for "
                            "your own team"),
    Topic("autopilot", AUTOPILOT, "I don't act on my own (no lineup or move is set automatically, every day or "
                                  "otherwise): nothing changes in your league without a card you approve"),
    Topic("times", TIMES, "Tip-off times are not in the data: it holds each team's game dates, not the hour they start"),
    Topic("bio", BIO, "Players' measurements and biographies (height, wingspan, weight, age) are not in the data: "
                      "it holds box scores, schedules and rosters"),
    Topic("history", HISTORY, "Last season (any season before 2024-25) and players' years before the NBA (college, overseas) are not in the "
                              "data: it holds the 2024-25 season's box scores only"),
    Topic("live", LIVE, "Live scores are not in the data: it holds finished games' box scores (up to this morning), "
                        "not games in progress"),
    Topic("contract", CONTRACT, "Contracts and salaries are not in the data: it holds box scores, schedules and "
                                "rosters, no pay"),
    Topic("chat", CHAT, "Messages to other managers (the league chat, DMs, trash talk) are not something I send: "
                        "the only thing I do in your league is a move you approve on a card"),
    # "when is the trade deadline": a rule's date, read before the deadline's news
    Topic("rules", RULES, "League rules and dates (the trade deadline, waiver periods, the playoff format) are not in "
                          "the data: it holds box scores, schedules and rosters"),
    Topic("budget", BUDGET, "FAAB bids and waiver budgets are not modelled: nothing here prices a bid in dollars, "
                            "in the demo league or a connected one"),
    Topic("awards", AWARDS, "Awards (MVP, DPOY, All-NBA and the rest) are not modelled: the data has no votes or "
                            "award odds, only box scores"),
    Topic("draft", DRAFT, "Draft advice is not modelled: the league was drafted once, before opening night, and the "
                          "data ends with this season"),
    Topic("dfs", DFS, "DFS lineups (DraftKings, FanDuel) are not modelled: the data has no salaries or slates"),
    Topic("props", PROPS, "Player props and real-money bets are not something I advise on: the desk quotes simulated "
                          "game lines only, never a player's stat line"),
    Topic("keeper", KEEPER, "Values beyond this season (keepers, dynasty) are not modelled: the data is the 2024-25 "
                            "season only"),
    Topic("standings", STANDINGS, "Standings and playoff odds are not modelled here (the league data has box scores, "
                                  "schedules and rosters only)"),
    Topic("news", NEWS, "News, injury reports and rumours are not in the data (box scores, schedules and rosters "
                        "only): a status here is inferred from missed games"),
)
TRADE_ASKED = _p(r"\b(?:trades?|deals?|trade for|swap)\b")
MY_SCORE = _p(r"\bmatchup\b|\bmy (?:team|squad|score)\b|\bfantasy\b|\bh2h\b|\bhead[- ]to[- ]head\b|\bam i\b|\bare we\b|"
              r"\bzone defense\b|\bopponent\b")


def topic_of(text: str, act: str = "", players: list[str] = ()) -> Topic | None:
    """The out-of-scope topic the message asks about, None when it asks nothing outside the product.
    A trade request that names players and mentions the deadline or the standings is a trade request."""
    for topic in TOPICS:
        if topic.pattern.search(text):
            if topic.name == "props" and act.startswith("market") and not players:
                continue  # a game's line at the desk ("bet the over on Celtics-Knicks") is in scope
            if topic.name in ("standings", "news") and act.startswith("trade") and players and TRADE_ASKED.search(text):
                return None
            if topic.name == "live" and MY_SCORE.search(text):
                continue  # "what's the score of my matchup right now": the fantasy score, in scope
            if topic.name == "far_schedule" and (act.startswith("trade") or TRADE_ASKED.search(text)):
                continue  # "a trade that helps my fantasy playoffs": the trade values count those weeks
            if topic.name == "budget" and TRADE_ASKED.search(text) and not re.search(r"\bfaab\b|\bwaiver", text, re.I):
                return None  # "how much should I offer for Luka in a trade?": a trade request, not a bid
            return topic
    return None


ASIDE_TOPICS = ("bio", "times", "history")  # asked beside a request the data answers ("how tall is he, and his blocks?")


def aside_of(p) -> str | None:
    """The one line on what is not in the data, when the message asks it beside a request that was answered
    (the request's answer follows it); None when the whole message was out of scope or nothing was."""
    frame = getattr(p, "frame", None)
    if frame is not None and frame.act == "out_of_scope":
        return None
    topic = topic_of(p.text, p.act, p.players)
    return topic.line if topic is not None and topic.name in ASIDE_TOPICS else None


def nearest_calls(topic: str, players: list[str], day) -> list[tuple[str, dict]]:
    """The tool calls for the nearest thing the data has."""
    if topic in ("props", "news") and players:
        name = players[0]
        calls = [("get_player_status", {"name": name})]
        return calls + ([("get_player_game_log", {"name": name, "last_n": 10})] if topic == "props" else
                        [("get_player_news", {"name": name})])
    if topic == "news":
        return [("get_my_roster", {})]
    if topic == "times":
        names = players[:4]
        return [("get_schedule", {"names": names, "start": day.isoformat(), "end": day.isoformat()})] if names else \
            [("compose_daily_lineup", {"date": day.isoformat()})]
    if topic in ("history", "bio"):
        return [("get_player_game_log", {"name": n, "last_n": 82}) for n in players[:2]] if players else \
            [("get_player_rankings", {"sort": "value", "limit": 10})]
    if topic == "budget" and not players:
        return [("get_player_rankings", {"availability": "free_agents", "sort": "ros_value", "limit": 5})]
    if topic == "far_schedule":  # every game the data holds from today: its last date says how far it reaches
        end = day + dt.timedelta(days=120)
        return [("get_schedule", {"names": players[:4], "start": day.isoformat(), "end": end.isoformat()}
                 if players else {"start": day.isoformat(), "end": end.isoformat()})] + ([] if players else [("get_my_roster", {})])
    if topic in ("dfs", "autopilot"):
        return [("compose_daily_lineup", {"date": day.isoformat()})]
    if topic == "rules":
        return []
    if topic in ("chat", "live"):
        return [("get_matchup_details", {})]
    if topic == "contract" and players:
        return [("get_player_rankings", {"player": n, "sort": "ros_value"}) for n in players[:2]]
    if topic in ("keeper", "budget", "awards") and players:
        return [("get_player_rankings", {"player": n, "sort": "ros_value"}) for n in players[:2]]
    if topic in ("keeper", "draft", "awards"):
        return [("get_player_rankings", {"sort": "ros_value", "limit": 10})]
    return [("get_team_strength", {})]


LINE = re.compile(r"\b(?:over|under|o|u) ?(\d+(?:\.\d)?) ?(pts|points|reb|rebounds|boards|ast|assists|threes|3s)\b", re.I)
STAT_OF = {"pts": "pts", "points": "pts", "reb": "reb", "rebounds": "reb", "boards": "reb", "ast": "ast",
           "assists": "ast", "threes": "fg3m", "3s": "fg3m"}


def scope_answer(p, done) -> str:
    """The one line on what is not modelled, then the nearest thing, from the tools' results."""
    from agents.offline.text import _ok

    topic = next((t for t in TOPICS if t.name == (p.frame.topic or "standings")), TOPICS[-2])
    lead = f"**{topic.line}.**"
    if topic.name == "far_schedule" and _reaches(done, _ok):  # a league whose schedule runs that far: answered whole
        lead = "**Your players' games over the rest of the schedule I have:**"
    body = {"standings": _strength, "news": _status, "props": _props, "dfs": _lineup, "keeper": _ros,
            "draft": _ros, "budget": _ros, "awards": _ros, "rules": _rules, "chat": _matchup, "live": _live,
            "contract": _ros, "history": _this_season, "times": _games_on, "bio": _this_season, "league": _strength,
            "autopilot": _lineup, "far_schedule": _held_schedule}[topic.name](p, done, _ok)
    return "\n\n".join([lead, *body]) if body else lead + " Ask \"how is my matchup looking?\" for this week's head-to-head."


def _reaches(done, _ok) -> bool:
    """Whether the schedule held reaches eight weeks past today (a connected league's whole season can)."""
    for r in _ok(done, "get_schedule"):
        dates = [str(d) for x in r["data"]["players"] for d in x["dates"]]
        first = dt.date.fromisoformat(str(r["data"]["window"][0]))
        return bool(dates) and dt.date.fromisoformat(max(dates)) >= first + dt.timedelta(days=56)
    return False


def _held_schedule(p, done, _ok) -> list[str]:
    """How far the schedule reaches, then my players' games over what it holds (most first)."""
    from agents.offline.text import _table

    for r in _ok(done, "get_schedule"):
        rows = sorted(r["data"]["players"], key=lambda x: -x["games"])
        dates = [str(d) for x in rows for d in x["dates"]]
        if not dates:
            return ["The schedule I have holds no game from today on."]
        first, last = str(r["data"]["window"][0]), max(dates)
        said = (f"It runs to {last}, so here are your players' games, {first} to {last} (the fantasy playoffs' weeks "
                f"are its last three): " if _reaches(done, _ok) else
                f"The schedule I have ends on {last}, before those weeks, so I can't count anyone's playoff games. "
                f"Instead, here's what it holds, {first} to {last}: ")
        top = [x["name"] for x in rows if x["games"] == rows[0]["games"]]
        most = (f"{top[0]} has the most games from {first} to {last}: {rows[0]['games']}" if len(top) == 1 else
                f"{', '.join(top)} are level at the top with {rows[0]['games']} games from {first} to {last}")
        out = [said + most + ".",
               _table(["Player", "Games", "Dates"], [[x["name"], x["games"], ", ".join(str(d)[5:] for d in x["dates"])]
                                                     for x in rows])]
        return out + ["Ask \"who on my team plays the most next week?\" for next week's matchup alone."]
    return []


def _matchup(p, done, _ok) -> list[str]:
    for r in _ok(done, "get_matchup_details"):
        return ["What you could talk about, this week's matchup: " + r["data"]["summary"]]
    return []


def _live(p, done, _ok) -> list[str]:
    for r in _ok(done, "get_matchup_details"):
        return ["The score I do have is your fantasy matchup's, as of this morning: " + r["data"]["summary"]]
    return []


def _rules(p, done, _ok) -> list[str]:
    return ["Your league's settings page has them. What I can do now: a waiver move takes effect when you approve its "
            "card, and a trade card sends the proposal for the other manager to answer. Ask \"find me a trade\" for "
            "trades the other managers accept today, or \"best pickups this week?\" for the wire."]


def _strength(p, done, _ok) -> list[str]:
    from agents.offline.text import _table

    for r in _ok(done, "get_team_strength"):
        d = r["data"]
        rows = [[x["rank"], x["team"], f"{x['value']:.1f}"] for x in d["teams"]]
        me = next(x for x in d["teams"] if x["mine"])
        return [f"The nearest thing I have: team strength. **{me['team']} ranks #{me['rank']} of {len(d['teams'])}** by "
                f"rest-of-season lineup value ({d['unit']}, the value the trade tool computes):",
                _table(["#", "Team", f"Rest of season ({d['unit']})"], rows),
                "This is roster strength, not the standings. Ask \"how is my matchup looking?\" for this week's "
                "head-to-head."]
    return []


def _status(p, done, _ok) -> list[str]:
    from agents.offline.talk import return_line
    from agents.offline.text import _table

    out = []
    for s in _ok(done, "get_player_status"):
        d = s["data"]
        out.append(f"What the box scores say: **{d['player']}** ({d['team']}) is **{d['status']}** (inferred) - "
                   f"{d['evidence']}.")
        back = return_line(d)
        if back:
            out.append(back)
    notes = [n for r in _ok(done, "get_player_news") for n in r["data"]["notes"]]
    if notes:
        out.append("Notes (generated from box scores):\n" + "\n".join(f"- {n['date']}: {n['text']}" for n in notes[:3]))
    for r in _ok(done, "get_my_roster"):
        flagged = [x for x in r["data"]["players"] if x["status"] != "ACTIVE"]
        out.append("What the box scores say about your roster: " + (
            "everyone played his team's last game." if not flagged else "\n\n" + _table(
                ["Player", "Status", "Evidence"], [[x["name"], x["status"], x["evidence"]] for x in flagged])))
    return out


def _props(p, done, _ok) -> list[str]:
    out = _status(p, done, _ok)
    m = LINE.search(p.text)
    key = STAT_OF[m.group(2).lower()] if m else "pts"
    label = {"pts": "points", "reb": "rebounds", "ast": "assists", "fg3m": "threes"}[key]
    for g in _ok(done, "get_player_game_log"):
        d = g["data"]
        games = [x for x in d["games"] if x.get(key) is not None]
        recent = sum(x[key] for x in games) / len(games) if games else None
        season = d.get("season_averages", {}).get(key)
        bits = [f"{recent:.1f} {label} per game over his last {len(games)}" if recent is not None else None,
                f"{season:.1f} this season" if season is not None else None]
        text = f"His numbers: {', '.join(b for b in bits if b)}"
        if m and games:
            line = float(m.group(1))
            over = sum(1 for x in games if x[key] > line)
            text += f"; over {line:g} in {over} of those {len(games)} games"
        out.append(text + ". Facts, not a pick.")
    return out


def _lineup(p, done, _ok) -> list[str]:
    from agents.offline.text import _table

    for r in _ok(done, "compose_daily_lineup"):
        d = r["data"]
        if not d["starters"]:
            return [f"The nearest thing I have, your own lineup: none of your players has a game on {d['date']}."]
        return [f"The nearest thing I have: your own best lineup for {d['date']} ({d['unit']} expected):",
                _table(["Slot", "Player", "Expected"], [[x["slot"], x["name"], x["expected"]] for x in d["starters"]])]
    return []


def _ros(p, done, _ok) -> list[str]:
    from agents.offline.text import _table

    rows = [x for r in _ok(done, "get_player_rankings") for x in r["data"]["players"]]
    if not rows:
        return []
    unit = next((r["data"].get("ros_unit") for r in _ok(done, "get_player_rankings")), "")
    topic = p.frame.topic
    if topic == "budget":
        head = ("The nearest thing I have: what he is worth to you for the rest of this season, in fantasy value, "
                "not dollars." if p.players and len(rows) == 1 else
                "The nearest thing I have: the free agents with the most rest-of-season value, in fantasy value, "
                "not dollars.")
    elif topic == "awards":
        head = ("The nearest thing I have: his fantasy value for the rest of this season, not an award case."
                if p.players and len(rows) == 1 else
                "The nearest thing I have: the most rest-of-season fantasy value, not an award race.")
    else:
        head = ("The nearest thing I have: his value for the rest of this season." if p.players and len(rows) == 1
                else "The nearest thing I have: the most rest-of-season value this season.")
    return [head, _table(["Player", "Owner", "Season rank", "Games left (season)", f"Rest of season ({unit})"],
                         [[x["name"], x["owner"], f"#{x['rank']}", x["games_left_season"], f"{x['ros_value']:.1f}"]
                          for x in rows])]


def _games_on(p, done, _ok) -> list[str]:
    """Whether each player named has a game that day (the schedule's dates): the nearest thing to a start time."""
    out = []
    for r in _ok(done, "get_schedule"):
        day = r["data"]["window"][0]
        for x in r["data"]["players"]:
            out.append(f"{x['name']} {'has a game' if x['games'] else 'has no game'} {day}"
                       + (" (tonight)" if day == p.as_of.isoformat() and x["games"] else "") + ".")
    for r in _ok(done, "compose_daily_lineup"):
        out.append(f"Your lineup for {r['data'].get('date', p.as_of.isoformat())}: ask \"set my lineup for tonight\" for who starts.")
    return [" ".join(out)] if out else []


def _this_season(p, done, _ok) -> list[str]:
    """This season's figures, the nearest thing to another season's: per game over his games so far and
    his last 10, in the league's units."""
    out = []
    for r in _ok(done, "get_player_game_log"):
        d = r["data"]
        games = d.get("games") or []
        recent = games[-10:]
        a = d.get("averages") or {}
        if p.scoring == "points" and not (p.categories or getattr(p.frame, "topic", None) == "bio"):
            last10 = sum(g.get("fpts") or 0 for g in recent) / len(recent) if recent else 0
            out.append(f"The nearest thing I have, his 2024-25 so far: **{d['player']} {d['fantasy_avg']:.1f} fantasy pts "
                       f"a game over {d['games_found']} games** ({a.get('pts', 0):.1f} pts, {a.get('reb', 0):.1f} reb, "
                       f"{a.get('ast', 0):.1f} ast); his last {len(recent)}: {last10:.1f}.")
        else:
            out.append(f"The nearest thing I have, his 2024-25 so far over {d['games_found']} games: **{d['player']} "
                       + ", ".join(f"{a.get(k, 0):.{3 if k.endswith('pct') else 1}f} {label}" for k, label in
                                   (("pts", "PTS"), ("reb", "REB"), ("ast", "AST"), ("stl", "STL"), ("blk", "BLK"),
                                    ("fg3m", "3PM"), ("fg_pct", "FG%"), ("ft_pct", "FT%"), ("tov", "TO")))
                       + "** a game.")
    if not out:
        for r in _ok(done, "get_player_rankings"):
            from agents.offline.text import _table

            rows = r["data"]["players"]
            out = ["The nearest thing I have: this season's best so far.",
                   _table(["Player", "Owner", "FPTS", "z-sum"], [[x["name"], x["owner"], f"{x['fpts']:.1f}",
                                                                f"{x['z_sum']:+.2f}"] for x in rows])]
    return out

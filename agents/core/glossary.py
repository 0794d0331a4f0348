"""What the game's words mean ("what does DTD mean", "the IR thing people talk about"), and a beginner's
"what does that even mean" asked beside a request ("people keep telling me to stream bogdanovic. what does
that even mean, and should i?"): the request is answered, with the word explained above it. Shared by the
offline planner (which reads the words) and every writer of an answer (the optimizer's summary too), through
`IntentLabel.explain_terms`."""
from __future__ import annotations

import re

GLOSSARY = {
    r"\bdtd\b|day.to.day": "**DTD (day-to-day)** means a player has a minor injury and his status is decided game by "
                           "game: he may play or sit any given night. Here his expected value is scaled by his "
                           "availability, so a DTD player counts for less than a healthy one but is rarely a drop.",
    r"\bgtd\b|game.time": "**GTD (game-time decision)** means his status for tonight is decided shortly before tip-off; "
                          "have a bench option who plays the same night.",
    r"\bout\b|\bo designation\b": "**OUT** means he will not play the next game(s). An OUT player scores nothing; "
                                  "if your league has an open IR slot he can go there, freeing a spot for a free agent "
                                  "without dropping him.",
    r"questionable|probable|doubtful": "**Questionable / probable / doubtful** are the NBA's pre-game injury "
                                       "designations: probable usually plays, questionable is about a coin flip, "
                                       "doubtful usually sits.",
    r"\bir\b|injured reserve": "**IR (injured reserve)** is a slot for OUT players that does not count against your "
                               "roster: moving an OUT player there lets you add a free agent without dropping anyone.",
    r"waiver|claim": "**Waivers**: a dropped player sits on waivers before anyone can add him; claims are granted in "
                     "waiver-priority order (the team with the best priority gets him and moves to the back).",
    r"stream": "**Streaming** means using your last roster spot or two as a revolving door: you pick up a free agent "
               "for the days he plays, then drop him for the next one who plays on your open days. The value is "
               "extra games, so count games left before adding anyone.",
    r"punt": "**Punting** means giving up on one or two categories on purpose (often FT% or TO), so you can roster "
             "players who are strong everywhere else even though they hurt that category; it works in head-to-head "
             "categories (five wins of nine take the week), not in points leagues. Here a punted category gets zero "
             "weight: it is left out of every z-sum, trade value and move card, which count the other categories.",
    r"\butil\b": "**UTIL** is a lineup slot any position can fill.",
    r"\bros\b|rest.of.(?:the.)?season": "**ROS (rest of season)** means from today to the end of the regular season: a "
                                         "card's rest-of-season figure is the move's value over every game left, not "
                                         "just this week's.",
    r"\bstocks\b|\bsteals and blocks\b(?= in (?:your|the|these))": "**Stocks** are steals plus blocks (STL + BLK), the two defensive counting categories.",
    r"\bz.?(?:sum|scores?)\b": "A **z-score** says how far a player's per-game figure in a category is above (+) or "
                               "below (-) the player pool's average, in standard deviations; the **z-sum** adds them "
                               "over the categories (turnovers counted as fewer-is-better), so one number ranks "
                               "players across all nine.",
    r"\bper.?36\b": "**Per 36** scales a player's figures to 36 minutes (the window's total x 36 / his minutes): a "
                     "rate for comparing players who play different minutes, not a forecast of his minutes.",
    r"\bgp\b|\bwk g\b|\bros g\b": "**GP** is games played; in the tables **Wk G** is a player's games left this matchup "
                                    "week and **ROS G** his games left in the season.",
    r"back.to.back": "A **back-to-back** is two games on consecutive nights; teams often rest veterans in one of them.",
    r"h2h|head.to.head|points league|how .*points .*work|fantasy points|\bfpts\b": "In **points leagues** (head to head) "
             "each stat converts to fantasy points (ESPN default: PTS 1, 3PM 1, REB 1, AST 2, STL 4, BLK 4, FGM 2, FGA -1, "
             "FTM 1, FTA -1, TO -2) and you play one opponent a week: volume and games played rule.",
    r"categor": "In a **9-category head-to-head** league you win each category separately; chase the close ones and "
                "ignore the ones you are sure to win or lose.",
}


def glossary(text: str) -> list[str]:
    t = text.lower()
    return [entry for pattern, entry in GLOSSARY.items() if re.search(pattern, t)]


# a clause that asks what a word means: "what does that even mean", "what's streaming", "the IR thing people
# talk about", "explain punting", "no idea what that is"
# every entry's own words (not the points league's "how do points work" question form)
# ("per 36" is left out: "what's that per 36?" asks his figure, not the word; "what does per 36 mean" is still asked)
TERMS = "(?:" + "|".join(f"(?:{p})" for p in GLOSSARY if ".*" not in p and "36" not in p) + r")\w*"
EXPLAIN = re.compile(r"\bmean(?:s|ing)?\b|\bexplain\w*\b|"
                     # "what's streaming", "what is this injured reserve thing exactly" (the clause ends with it)
                     rf"\bwhat(?:s| is| s| are)(?: exactly)? (?:a |an |the |this |that )?(?:\w+ )?{TERMS}"
                     r"(?: thing| slot| spot| designation| stuff| business)?(?: exactly| even| again| anyway)?\W*$|"
                     rf"\b(?:the|this|that) (?:\w+ )?{TERMS}\w* (?:thing|stuff|business)\b|"
                     r"\b(?:no idea|not sure|don ?t know|dont know) what\b|\bwhat (?:that|this|it) is\b|"
                     # "what's 'stocks' in your numbers", "what's ROS on these cards", "what does GP stand for"
                     rf"\bwhat(?:s| is| s| are)(?: exactly)? (?:a |an |the |this |that )?{TERMS} (?:in|on) (?:your|the|these|this|"
                     r"those|my) (?:numbers|cards?|tables?|lists?|answers?|columns?|figures|stats)\b|"
                     rf"\b{TERMS} stands? for\b|\bstand(?:s)? for\b")
SENTENCE = re.compile(r"[^.?!;,]+[.?!;,]*")
CONJ = re.compile(r"\s+(?:and|but|also)\s+")


def asked(text: str) -> tuple[list[str], str]:
    """The words a message asks the meaning of (as typed: "IR", "stream"), and the message without the
    clauses asking it (its request, if any; an "and" inside a kept clause kept); ([], text) when it asks
    no meaning. A word in the asking clause itself comes first ("the IR thing"), else one anywhere in the
    message ("they say stream him. what does that mean?")."""
    t = re.sub(r"['\u2018\u2019\"]", "", text.lower())
    kept, asking = [], []
    for sentence in SENTENCE.findall(t):
        parts = CONJ.split(sentence.strip())
        asking += [x for x in parts if EXPLAIN.search(x)]
        keep = [x for x in parts if not EXPLAIN.search(x)]
        if keep:
            kept.append(" and ".join(x.strip(" .?!;,") for x in keep) + ".")
    words = _terms(" ".join(asking)) or _terms(t)
    if not asking or not words:
        return [], text
    rest = " ".join(k for k in kept if k.strip(" .")).strip()
    if _about_the_word(rest, words):  # "is it just steals plus blocks": the meaning again, no request
        rest = ""
    if not any(re.search(rf"\b{re.escape(w)}\b", rest) for w in words):  # "could ivey go there": there is the word
        rest = re.sub(r"\b(?:there|it|that)\b", words[0], rest, count=1)
    return words, rest


CHECKING = set("is it that this just only the same as plus and or with a an so right correct like basically really "
               "meaning means mean steals blocks steal block stl blk rest of season games played per minutes "
               "total totals sum score scores z".split())


def _about_the_word(rest: str, words: list[str]) -> bool:
    """Whether what is left asks only about the word itself ("is it just steals plus blocks?")."""
    left = [w for w in re.findall(r"[a-z0-9%]+", rest.lower()) if w not in CHECKING and not any(w in t for t in words)]
    return bool(rest) and not left and bool(re.match(r"\s*(?:is|are|does|do|so)\b", rest.lower()))


def _terms(text: str) -> list[str]:
    return list(dict.fromkeys(m.group(0) for pattern in GLOSSARY for m in [re.search(pattern, text)] if m))


def explained(words: list[str], answer: str) -> str:
    """The answer with the meaning of each word asked above it (one entry per word, none twice)."""
    entries = [e for e in dict.fromkeys(glossary(" ".join(words or []))) if e not in answer]
    return "\n\n".join([*entries, answer]) if entries else answer

"""Small reads of a message by its words, for the parser (agents/offline/nlu.py) and the answers:
whether only this week matters (`advice_mode`), a per-player games or a minutes-trend question,
small talk, a full name the data does not know, and whether a message's words are the league's.
"""
from __future__ import annotations

import re

from agents.core.normalize import reaction
from agents.offline.common_words import COMMON_WORDS
from services.league.lookup import fold

THIS_WEEK_ONLY = re.compile(
    r"\bonly (care|caring|worried|thinking|focused) (about|on) (this|the current) week|\bthis week only\b|"
    r"\bjust (this|the current) week\b|\bonly this week\b|\bstreaming mode\b|\bwin this week at all costs\b|"
    r"\b(forget|ignore|don ?t care about|dont care about|do not care about|never mind|screw|not worried about) (about )?"
    r"(?:the (rest of the )?season|ros|rest of (?:the )?season|the long (?:run|term|haul)|long term|the future)\b|"
    # "streaming is fine", "ok with streaming", "streaming's cool": this week's gain is what counts
    r"\bstreaming(?: s| is)? (?:fine|ok|okay|cool|good|allowed|on the table)\b|\b(?:fine|ok|okay|cool|good) with streaming\b|"
    r"\bshort[ -]term only\b|"
    # "season's a wash, I just need THIS matchup", "must win this week", "streaming moves pls"
    r"\bseason s (?:a wash|over|done|toast|lost)\b|\b(?:just|only) need (?:this|the current) (?:matchup|week|one|w)\b|"
    r"\b(?:must|gotta|have to|need to) win (?:this|the) (?:week|matchup)\b|\bstreaming (?:moves|only|adds|pickups)\b|"
    r"\bonly (?:care|caring) about (?:this|the) (?:matchup|week)\b|\bnothing but this week\b|"
    # "just for this week's matchup", "purely for this week", "strictly this matchup"
    r"\b(?:just|only|solely|purely|strictly) (?:for |about |in |on )?(?:this|the current) (?:week s |weeks )?(?:week|matchup)\b|"
    # a move asked for this week by its own words ("best add/drop for this week", "whoever's best the rest of the
    # week", "my best move for this week"): ranked by this week's gain
    r"\b(?:move|moves|add|adds|drop|add drop|add/drop|pickup|pick up|pickups|swap|swaps|streamer|stream)\b[^.?!]{0,20}"
    r"\b(?:for|over|during) (?:this|the current) week\b(?! s)|\b(?:best|top|most)\b[^.?!]{0,12}\b(?:for |over )?the rest of "
    r"(?:the|this) week\b")
BALANCED = re.compile(r"\b(rest of the season too|long[ -]term too|balanced mode|think about the season|"
                      r"(?:over|for|in) the long (?:haul|run|term)|long[ -]term|big picture|"
                      r"care about the (rest of the )?season)\b")


def advice_mode(text: str) -> str | None:
    """'this_week' when the user says only this week matters, 'balanced' when he brings the season
    back, None when he says neither (the setting, or the thread's last choice, stands)."""
    t = fold(text)
    return "this_week" if THIS_WEEK_ONLY.search(t) else "balanced" if BALANCED.search(t) else None


def roster_games_question(t: str) -> bool:
    """'Which of my players have the most games left?': per player, not the team total."""
    t = fold(t)
    return bool(re.search(r"\b(most|fewest|least|more|fewer) games\b", t)
                or (re.search(r"\b(which|who|each|every) (of )?(my|on my)\b|\bper player\b", t)
                    and re.search(r"\bgames? (left|remaining)\b", t)))


def minutes_question(t: str) -> bool:
    """'Any of my players seeing their minutes change?', 'who is getting more playing time?'."""
    return bool(re.search(r"\bminutes?\b.*\b(change|changing|up|down|jump|drop|trend|more|less|fewer|increase|"
                          r"decrease|rising|falling|lately|recently)\b|\b(more|less|fewer|increased|decreased|extra|"
                          r"bigger|smaller) (minutes|playing time|role|run)\b|\bplaying time\b|\brole (change|grow)",
                          fold(t)))


def is_smalltalk(t: str) -> bool:
    if reaction(t):  # "lol ok", "ty 🙏", "😂": laughter, emoji, thanks
        return True
    t = fold(t)
    return bool(re.fullmatch(r"(hi|hiya|hello|hey|yo|sup|good (morning|afternoon|evening|night)|morning|thanks?( you)?"
                             r"( so much)?|thx|ty|tysm|cheers|great|awesome|cool|ok(ay)?|got it|perfect|nice|bye)"
                             r"( (there|courtside|man|again|a lot|bud|buddy))?[ !.]*", t))


NAME_CONTEXT = re.compile(r"(?:how is|how's|hows|status of|news on|news about|about|is|on)\s+((?:[A-Z][\w'.\-]+\s?){2,3})")


def unknown_names(text: str) -> list[str]:
    """A capitalized full name the index does not know ("How is Zzyzx Qwerty doing?"): kept as
    typed, so the tools answer with suggestions instead of the planner ignoring it."""
    m = NAME_CONTEXT.search(text)
    if not m:
        return []
    name = m.group(1).strip()
    words = fold(name).split()
    return [name] if len(words) >= 2 and not any(w in COMMON_WORDS for w in words) else []


def known_words(t: str) -> bool:
    """Whether most of a folded message's content words are words the corpus's requests use (a
    message of real words read as nonsense is vague, and asked about)."""
    from agents.offline.nlu_model import vocabulary

    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    words = [w for w in t.split() if w not in ENGLISH_STOP_WORDS and len(w) > 1]
    if not words:
        return len(t.split()) >= 3  # "what's your take on all this": English function words only
    return sum(w in vocabulary() for w in words) / len(words) >= 0.5

"""Entity-first slot extraction from the league's own vocabulary, before any intent is guessed.

Players come from the player table (names, box-score aliases, nicknames; rapidfuzz for typos),
teams from the desk's team names, then positions, categories, days, "last N", and a bet's amount,
line and odds. `delexicalize` replaces each found entity by its type (PLAYER, TEAM, NUM), so the
intent model learns "is PLAYER worth adding" once instead of once per player.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from services.league.lookup import fold, index
from services.league.scoring import CATEGORY_ALIASES

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
COMMON_WORDS = set("""a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how i if in into is it its just me more most my no nor not now of off
on once only or other our out over own same she should so some such than that the their them then there these
they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours team week player players game games lineup start sit bench stream add drop pick
week's today tomorrow tonight night day days rest left hold trade waiver waivers free agent agents matchup
opponent points point category categories help review optimize best worst good bad better value lately
recent form last status injury injured hurt news steals assists blocks rebounds threes turnovers guard
forward center big wing should who which whom thanks thank hello hey hi played playing plays look looks
season average averages numbers stats give tell show much many more less winning losing win lose up
thursday friday saturday sunday monday tuesday wednesday ok okay please need want like get got one two three
four five six seven eight nine ten eleven twelve active healthy someone anyone somebody sure yes yeah nope
long term short keep cut release swap move moves destroy without roster spot spots listed hot cold streaming
ahead behind chances odds injuries minutes role usage first second next previous pg sg sf pf c g f util
right find sits sitting starting benching left available around smart green white brown love house young
king holiday bridges early banks wood sharp strong christmas martin price gay bates reaves grant
small power shooting guards forwards centers bigs men man line spread total over under bet odds pod edge
edges signals market win wire claim stash ir dtd gtd probable questionable doubtful slate lock dudes guys
squad cats cat boards dimes board trey treys swipes rejections buckets ball court floor week weekend
t s m re ve ll d punt punts punting punted pulling pullin putting getting grabbing hitting shooting cooking
doing looking lookin playin going balling struggling ok though heard buddy buddies pal homie bro dude man guy
theirs ours
""".split())  # "t", "s", "m": the ends of "doesn't", "he's", "I'm" once folded, never a player
POSITION_WORDS = {"point guard": "PG", "shooting guard": "SG", "small forward": "SF", "power forward": "PF",
                  "center": "C", "centre": "C", "big man": "C", "big men": "C", "guard": "G", "forward": "F",
                  "wing": "F", "fwd": "F", "ctr": "C", "pg": "PG", "sg": "SG", "sf": "SF", "pf": "PF", "big": "C", "bigs": "C", "5": None}
EXTRA_CATEGORIES = {"rebound": "REB", "three pointer": "3PM", "boards": "REB", "dimes": "AST", "treys": "3PM", "trey": "3PM", "swipes": "STL",
                    "rejections": "BLK", "threes": "3PM", "3 pointers": "3PM", "three pointers": "3PM",
                    # a manager's plural shorthand ("trade for blks", "make it asts")
                    "asts": "AST", "blks": "BLK", "stls": "STL", "rebs": "REB", "tos": "TO", "3pm": "3PM",
                    # the players' roles managers name a category by ("shot blockers", "rim protection", "shooters")
                    "shot blockers": "BLK", "shot blocker": "BLK", "shot blocking": "BLK", "rim protection": "BLK",
                    "rim protectors": "BLK", "rim protector": "BLK", "rebounders": "REB", "rebounder": "REB",
                    "glass cleaners": "REB", "playmakers": "AST", "playmaking": "AST", "passers": "AST",
                    "distributors": "AST", "ball hawks": "STL", "pickpockets": "STL", "3 point shooters": "3PM",
                    "three point shooters": "3PM", "sharpshooters": "3PM", "snipers": "3PM", "shooters": "3PM",
                    "scorers": "PTS", "bucket getters": "PTS",
                    # ... and one player's role ("who's the best passer of the three")
                    "passer": "AST", "playmaker": "AST", "distributor": "AST", "scorer": "PTS",
                    "shooter": "3PM", "sharpshooter": "3PM", "ball hawk": "STL", "rebounding": "REB",
                    # run together ("3pointers", "3ptrs"): a space managers leave out
                    "3pointers": "3PM", "3pointer": "3PM", "3ptrs": "3PM", "3ptr": "3PM", "threepointers": "3PM"}
# the category words a misspelling is matched against ("rebouns", "asists", "stealz", "blokcs", "3pointrs"):
# only long ones, so a short word is never one letter from a category ("steal"/"steel", "block"/"black")
TYPO_TARGETS = {"rebounds": "REB", "rebound": "REB", "rebounding": "REB", "assists": "AST", "assist": "AST",
                "steals": "STL", "blocks": "BLK", "turnovers": "TO", "turnover": "TO", "threes": "3PM",
                "3pointers": "3PM", "rebounders": "REB", "playmaking": "AST"}
# English words one edit from a target: a word, never a misspelt category
NOT_A_TYPO = set("""steels steams steaks steady sneals blacks blocky blocks' resound resounds resounding redound
redounds redounding rebounded assisted blocker theres throes threads threat assisi turnout turnouts""".split())
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "couple": 2}
TEAM_CODES_SAFE = {"okc", "nyk", "gsw", "bkn", "phx", "lal", "lac", "sas", "nop"}  # "was", "min": ordinary words


@dataclass
class Slots:
    players: list[str] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    position: str | None = None
    day: dt.date | None = None
    rest_of_week: bool = False
    last_n: int | None = None
    amount: float | None = None
    odds: float | None = None
    line: float | None = None
    words: list[str] = field(default_factory=list)  # the folded words with entities replaced by their type


def player_mentions(text: str) -> list[tuple[int, int, str]]:
    """(first word, end word, canonical name) of each player mentioned, over fold(text).split()."""
    names, aliases, _ = index()
    words = fold(text).split()
    capitalized = {fold(w) for w in re.findall(r"[\w'.\-]+", text) if w[:1].isupper()}
    found: list[tuple[int, int, str]] = []
    used: set[int] = set()
    keys = list(aliases.keys())
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            if any(j in used for j in range(i, i + size)):
                continue
            gram = " ".join(words[i:i + size])
            pids = aliases.get(gram)
            if size == 1 and (gram in COMMON_WORDS or len(gram) < 3) and not (gram in capitalized and gram not in COMMON_WORDS):
                if not (pids and len(pids) == 1 and gram not in COMMON_WORDS):
                    continue
            if not pids and size >= 2 and all(w not in COMMON_WORDS for w in gram.split()):
                hit = process.extractOne(gram, keys, scorer=fuzz.ratio, score_cutoff=88)
                pids = aliases[hit[0]] if hit else None
            if not pids and size == 1 and len(gram) >= 5 and gram not in COMMON_WORDS:
                hit = process.extractOne(gram, keys, scorer=fuzz.ratio, score_cutoff=86)
                # a typo keeps a name's first two letters ("mobly", "bogdanovich"); an English word one edit
                # from a surname rarely does ("wrong" / Wong, "heart" / Hart, "reason" / Eason, "state" / Tate)
                if hit and len(aliases[hit[0]]) == 1 and hit[0][:2] == gram[:2]:
                    pids = aliases[hit[0]]
            if pids:
                label = names[pids[0]] if len(pids) == 1 else " ".join(words[i:i + size])
                found.append((i, i + size, label))
                used.update(range(i, i + size))
    return _merge_unknown_full_names(sorted(found), words, names, aliases)


def _merge_unknown_full_names(found, words, names, aliases):
    """'michael jordan', 'kobe bryant': a first name next to another name word, one of them shared by
    several players, is one full name the data does not know, not Michael Porter Jr. plus some
    Jordan. Kept as typed, so the lookup answers with suggestions."""
    out, skip = [], False
    for k, (i, end, label) in enumerate(found):
        if skip:
            skip = False
            continue
        nxt = found[k + 1] if k + 1 < len(found) else None
        first_name = words[i] in {fold(names[pid]).split()[0] for pid in aliases.get(words[i], [])}
        either_ambiguous = i + 1 < len(words) and (len(aliases.get(words[i], [])) > 1
                                                   or len(aliases.get(words[i + 1], [])) > 1)
        if nxt and nxt[0] == i + 1 and end == i + 1 and first_name and either_ambiguous \
                and f"{words[i]} {words[i + 1]}" not in aliases:
            out.append((i, i + 2, f"{words[i].capitalize()} {words[i + 1].capitalize()}"))
            skip = True
            continue
        out.append((i, end, label))
    return out


def find_players(text: str) -> list[str]:
    """Canonical names of the players mentioned, in order of appearance."""
    out: list[str] = []
    for _, _, name in player_mentions(text):
        if name not in out:
            out.append(name)
    return out


def ambiguous(label: str, as_of: dt.date | None = None) -> list[str]:
    """Every player a one-word mention could be ('jalen' -> the Jalens who played before the
    as-of date); empty when it names one."""
    from services.league.snapshot import snapshot

    names, aliases, _ = index()
    pids = aliases.get(fold(label), [])
    if as_of is not None:
        known = snapshot(as_of).known
        pids = [p for p in pids if p in known]
    return sorted(names[p] for p in pids) if len(pids) > 1 and label not in names.values() else []


def is_known(label: str) -> bool:
    names, aliases, _ = index()
    return label in names.values() or fold(label) in aliases


def team_mentions(words: list[str]) -> list[tuple[int, int, str]]:
    from agents.desk.ask import TEAMS

    out, used = [], set()
    for code, team_names in TEAMS.items():
        for name in [*team_names, code.lower()]:
            if len(name) <= 3 and name not in TEAM_CODES_SAFE and name not in team_names[:1]:
                continue
            n = name.split()
            for i in range(len(words) - len(n) + 1):
                if words[i:i + len(n)] == n and not used & set(range(i, i + len(n))):
                    out.append((i, i + len(n), code))
                    used.update(range(i, i + len(n)))
    return sorted(out)


def misspelt_category(word: str) -> str | None:
    """The category a misspelt word means ("rebouns", "asists", "stealz", "blokcs", "3pointrs"): one
    edit (a letter added, dropped, changed or two swapped) from a category word of six letters or
    more, two from one of eight or more about as long, with the same first letter; never a common word, a player's
    name, an English word one edit away ("steels", "theres") or a word as near two categories."""
    from rapidfuzz.distance import OSA

    if len(word) < 6 or word in TYPO_TARGETS or word in COMMON_WORDS or word in NOT_A_TYPO or \
            not re.fullmatch(r"[a-z0-9]+", word):
        return None
    names, aliases, _ = index()
    if word in aliases:
        return None
    near = {cat for target, cat in TYPO_TARGETS.items()
            if target[0] == word[0] and OSA.distance(word, target) <= (
                2 if min(len(target), len(word)) >= 8 and abs(len(target) - len(word)) <= 1 else 1)}
    return near.pop() if len(near) == 1 else None


def find_categories(text: str) -> list[str]:
    t = fold(text.replace("%", " pct"))
    cats: list[str] = []
    aliases = {**CATEGORY_ALIASES, **EXTRA_CATEGORIES}
    for alias, cat in sorted(aliases.items(), key=lambda kv: -len(kv[0])):
        a = fold(alias.replace("%", " pct"))
        if len(a) <= 2 and a not in ("3s",):
            continue  # "to", "ft", "fg" alone are too ambiguous in prose
        if re.search(rf"\b{re.escape(a)}\b", t) and cat not in cats:
            if cat == "PTS" and not re.search(r"\b(pts|scoring|scorers?|bucket getters)\b|\bpoints category\b|\bin points\b", t):
                continue  # "points" usually means fantasy points, not the category
            if a == "three" and not re.search(r"\bthree (point|pointer)", t):
                continue  # "his last three" is a count
            cats.append(cat)
    for w in t.split():  # "find me a trade for rebouns": a misspelt category is still that category
        cat = misspelt_category(w)
        if cat and cat not in cats:
            cats.append(cat)
    low = text.lower()
    if re.search(r"\bfg ?%|\bfg pct\b|field goal", low) and "FG%" not in cats:
        cats.append("FG%")
    if re.search(r"\bft ?%|\bft pct\b|free throw", low) and "FT%" not in cats:
        cats.append("FT%")
    return cats


def find_position(text: str) -> str | None:
    t = fold(text)
    for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
        if pos and re.search(rf"\b{re.escape(phrase)}s?\b", t):
            return pos
    return None


DAY_WORDS = {"today": 0, "tonight": 0, "tonite": 0, "2nite": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmrow": 1,
             "tomorow": 1, "tommorow": 1, "2morrow": 1}


NUMBERS = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2, "couple": 2}
AHEAD = re.compile(r"\b(?:the )?day after (?:tomorrow|tmrw|tmr|tomorow|tommorow|2morrow)\b|"
                   r"\bin (?P<n>[1-6]|one|a|two|three|four|five|six|(?:a )?couple(?: of)?) days?\b")
# "the day after that": a day after the thread's day (agents/offline/nlu.py)
THAT_DAY = re.compile(r"\b(?:that|the same|same|this) (?:day|night|date)\b|\bthen\W*$")  # the thread's day again
DAY_AFTER_THAT = re.compile(r"\b(?:the )?(?:day|night) after (?:that|it|then)\b|\bthe next day\b|\bday after\W*$")


def find_day(text: str, as_of: dt.date) -> tuple[dt.date | None, bool]:
    """A named day (next occurrence on or after the as-of date) and whether 'rest of the week'."""
    t = fold(text)
    rest = bool(re.search(r"rest of (the |this )?week|remaining (days|games)|this week|for the week|"
                          r"days\s+(that\s+)?(are\s+)?left|what s left of|til sunday|through sunday|thru sunday|"
                          r"next (few|couple) days|before (the week|sunday)|until sunday|till sunday|now and sunday|matchup week", t))
    ahead = AHEAD.search(t)  # "the day after tomorrow", "in 3 days"
    if ahead:
        n = ahead.group("n")
        return as_of + dt.timedelta(days=2 if not n else int(NUMBERS.get(n, n))), rest
    for word, delta in DAY_WORDS.items():
        if re.search(rf"\b{word}\b", t):
            return as_of + dt.timedelta(days=delta), rest
    for i, name in enumerate(WEEKDAYS):
        short = {"thursday": "thu|thurs|thur", "tuesday": "tue|tues", "wednesday": "wed|weds"}.get(name, name[:3])
        if re.search(rf"\b{name}\b|\b({short})\b(?!\w)", t) and not (name == "saturday" and "saturday" not in t
                                                                    and " sat " not in f" {t} "):
            if name == "sunday" and re.search(r"\b(til|till|thru|through|until|before|by|now and|from now to) sunday\b", t):
                continue  # "through Sunday": the rest of the week, not Sunday alone
            return as_of + dt.timedelta(days=(i - as_of.weekday()) % 7), rest
    m = re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
    if m:
        try:
            return dt.date.fromisoformat(m.group(1)), rest
        except ValueError:  # "2025-02-30" names no day: the question is read without one
            pass
    named = _calendar_date(text.lower(), as_of)
    return named, rest


MONTHS = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                      "dec"], 1)}


def _calendar_date(t: str, as_of: dt.date) -> dt.date | None:
    """'jan 30', 'January 30th', '30 jan', '1/30': the date of that day nearest the as-of date."""
    m = re.search(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b", t)
    month, day = (MONTHS[m.group(1)], int(m.group(2))) if m else (None, None)
    if not m:
        m = re.search(r"\b(\d{1,2}) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", t)
        month, day = (MONTHS[m.group(2)], int(m.group(1))) if m else (None, None)
    if not m:
        m = re.search(r"(?<![\d.])(\d{1,2})/(\d{1,2})(?![\d/])", t)
        month, day = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    if not m:
        return None
    options = []
    for year in (as_of.year - 1, as_of.year, as_of.year + 1):
        try:
            options.append(dt.date(year, month, day))
        except ValueError:
            continue
    return min(options, key=lambda d: abs((d - as_of).days)) if options else None


def find_last_n(text: str) -> int | None:
    t = fold(text)
    if re.search(r"\b(?:last night|yesterday|last game|(?:his|their|her) last (?:game|outing)|previous game|"
                 r"most recent game|latest game)\b", t):
        return 1  # "how many points did SGA score last night?": his last game (the answer says its date)
    nums = r"(\d{1,2}|" + "|".join(WORD_NUMBERS) + r")"
    m = re.search(rf"(?:last|previous|past|most recent|latest) {nums}\b(?! (?:weeks?|days?|months?)\b)", t)
    if not m and re.search(r"\b(last|past|recent|lately|previous)\b", t):
        m = re.search(rf"\b{nums} (?:games|gms|outings|nights|contests)\b", t)
    if not m:
        return None
    v = m.group(1)
    return int(v) if v.isdigit() else WORD_NUMBERS[v]


def extract(text: str, as_of: dt.date) -> Slots:
    """Every slot of a message, and its words with the entities typed (for the intent model)."""
    words = fold(text).split()
    spans = [(i, e, "PLAYER") for i, e, _ in player_mentions(text)]
    taken = {j for i, e, _ in spans for j in range(i, e)}
    teams = [(i, e, c) for i, e, c in team_mentions(words) if not taken & set(range(i, e))]
    spans += [(i, e, "TEAM") for i, e, _ in teams]
    typed, i, starts = [], 0, {s[0]: s for s in spans}
    while i < len(words):
        if i in starts:
            typed.append(starts[i][2])
            i = starts[i][1]
            continue
        typed.append("NUM" if re.fullmatch(r"\d+(\.\d+)?", words[i]) else words[i])
        i += 1
    day, rest = find_day(text, as_of)
    from agents.desk.ask import bet_terms

    amount, odds, line = bet_terms(text) if teams else (None, None, None)
    codes: list[str] = []
    for _, _, c in teams:
        if c not in codes:
            codes.append(c)
    return Slots(players=find_players(text), teams=codes, categories=find_categories(text),
                 position=find_position(text), day=day, rest_of_week=rest, last_n=find_last_n(text),
                 amount=amount, odds=odds, line=line, words=typed)


def prominent(label: str, as_of: dt.date) -> str | None:
    """The player a bare surname means when one namesake clearly dominates ("powell" -> Norman Powell,
    not Dwight Powell): expected fantasy points at least 1.5x the next one's, among players known on
    the as-of date. None for first names ("jalen") or close calls: those are asked about."""
    from services.league.snapshot import snapshot

    names, aliases, folded = index()
    key = fold(label)
    pids = aliases.get(key, [])
    if len(pids) < 2 or not all(folded[p].replace(" jr", "").split()[-1] == key for p in pids):
        return None
    snap = snapshot(as_of)
    ranked = sorted(((snap.players[p].expected_fpts, p) for p in pids if p in snap.known), reverse=True)
    if len(ranked) == 1 or (ranked and ranked[0][0] >= 1.5 * max(ranked[1][0], 1.0)):
        return names[ranked[0][1]]
    return None

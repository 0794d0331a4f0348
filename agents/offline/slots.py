"""Entity-first slot extraction from the league's own vocabulary, before any intent is guessed.

Players come from the player table (names, box-score aliases, nicknames; rapidfuzz for typos),
teams from the desk's team names, then positions, categories, days, "last N", and a bet's amount,
line and odds. `delexicalize` replaces each found entity by its type (PLAYER, TEAM, NUM), so the
intent model learns "is PLAYER worth adding" once instead of once per player.

The category slots are read in agents/offline/category_slots.py, the days and "last N" in
agents/offline/day_slots.py, the words that never name a player in agents/offline/common_words.py.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from agents.offline.category_slots import find_categories
from agents.offline.common_words import COMMON_WORDS
from agents.offline.day_slots import find_day, find_last_n
from services.league.lookup import fold, index

POSITION_WORDS = {"point guard": "PG", "shooting guard": "SG", "small forward": "SF", "power forward": "PF",
                  "center": "C", "centre": "C", "big man": "C", "big men": "C", "guard": "G", "forward": "F",
                  "wing": "F", "fwd": "F", "ctr": "C", "pg": "PG", "sg": "SG", "sf": "SF", "pf": "PF", "big": "C", "bigs": "C", "5": None,
                  # the roles managers name a position by ("a stretch four", "a floor general", "a 3-and-d wing")
                  "stretch four": "PF", "stretch 4": "PF", "stretch big": "PF", "floor general": "PG", "lead guard": "PG",
                  "ball handler": "PG", "ballhandler": "PG", "combo guard": "G", "two guard": "SG", "off guard": "SG",
                  "3 and d": "F", "three and d": "F", "swingman": "F", "wings": "F", "rim runner": "C"}
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
    cuts = _list_breaks(text, words)
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            if any(j in used for j in range(i, i + size)) or any(j in cuts for j in range(i + 1, i + size)):
                continue  # "shai, barnes or lebron": a comma between two words, two names
            gram = " ".join(words[i:i + size])
            pids = aliases.get(gram)
            if size == 1 and _count_word(gram, words, i, capitalized):
                continue  # "3 max", "max 5": a count, not Max Strus
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
                if not pids:  # vowels swapped ("bogdonavic", "gilgous"): the same consonants, the same first letter
                    pids = _by_consonants(gram, aliases)
            if pids:
                label = names[pids[0]] if len(pids) == 1 else " ".join(words[i:i + size])
                found.append((i, i + size, label))
                used.update(range(i, i + size))
    return _merge_unknown_full_names(sorted(found), words, names, aliases, cuts)


NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "fifteen", "twenty"}


def _count_word(gram: str, words: list[str], i: int, capitalized: set[str]) -> bool:
    """'max' written lowercase beside a number ("3 max", "max 5 guys", "top 10 max"): the list's size."""
    if gram != "max" or gram in capitalized:
        return False
    near = [words[j] for j in (i - 1, i + 1) if 0 <= j < len(words)]
    return any(w.isdigit() or w in NUMBER_WORDS for w in near)


def _list_breaks(text: str, words: list[str]) -> set[int]:
    """The word places right after a comma, semicolon or slash of the message (fold drops them): no name
    runs across one. Empty when the pieces do not add up to the folded words."""
    cuts, n = set(), 0
    for piece in re.split(r"[,;]|\s/\s", text):
        if n:
            cuts.add(n)
        n += len(fold(piece).split())
    return cuts if n == len(words) else set()


def _skeleton(word: str) -> str:
    return re.sub(r"[aeiouy]", "", word)


_SKELETONS: dict[int, dict[str, list[str]]] = {}


def _by_consonants(gram: str, aliases: dict) -> list[str] | None:
    """The one player whose one-word alias is the typed word with its vowels in another order, the first
    letter kept ("bogdonavic"); None when none or several, or the word too short to tell."""
    sk = _skeleton(gram)
    if len(sk) < 4 or len(gram) < 7:
        return None
    table = _SKELETONS.get(id(aliases))
    if table is None:
        table = {}
        for key in aliases:
            if " " not in key and len(key) >= 5 and key not in COMMON_WORDS:
                table.setdefault(_skeleton(key), []).append(key)
        _SKELETONS.clear()
        _SKELETONS[id(aliases)] = table
    vowels = sorted(re.findall(r"[aeiouy]", gram))  # the same letters, only the vowels' order changed
    keys = [k for k in table.get(sk, []) if k[0] == gram[0] and len(k) == len(gram)
            and sorted(re.findall(r"[aeiouy]", k)) == vowels]
    pids = {pid for k in keys for pid in aliases[k]}
    return list(pids) if len(pids) == 1 else None


def _merge_unknown_full_names(found, words, names, aliases, cuts=frozenset()):
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
                and f"{words[i]} {words[i + 1]}" not in aliases and i + 1 not in cuts:
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


def find_position(text: str) -> str | None:
    t = re.sub(r"\b(?:can|could|to|will|who|that|and|should) (?:guard|defend)\b", " defend", fold(text))  # a verb
    t = re.sub(r"\b(?:on )?guard (?:against|him|them|the|his|their|opposing|other|you|me)\b", " defend", t)
    for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
        if pos and re.search(rf"\b{re.escape(phrase)}s?\b", t):
            return pos
    return None


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

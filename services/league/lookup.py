"""Fuzzy player lookup: "jokic", "SGA", "wemby", "haliburton" -> a player, candidates or suggestions."""
from __future__ import annotations

import unicodedata
from functools import lru_cache

from rapidfuzz import fuzz, process

from services.store import db
from services.models import AmbiguousPlayer, PlayerNotFound

# Nicknames and initials people type; values are player ids from the data.
NICKNAMES: dict[str, str] = {
    "sga": "gilgesh01", "shai": "gilgesh01", "wemby": "wembavi01", "wemb": "wembavi01",
    "the joker": "jokicni01", "joker": "jokicni01", "giannis": "antetgi01", "greek freak": "antetgi01",
    "ad": "davisan02", "the brow": "davisan02", "kat": "townska01", "lebron": "jamesle01",
    "king james": "jamesle01", "bron": "jamesle01", "steph": "curryst01", "chef curry": "curryst01",
    "kd": "duranke01", "ant": "edwaran01", "ant man": "edwaran01", "cp3": "paulch01", "book": "bookede01",
    "dame": "lillada01", "jjj": "jacksja02", "trae": "youngtr01", "ja": "moranja01", "luka": "doncilu01",
    "embiid": "embiijo01", "jimmy buckets": "butleji01", "spida": "mitchdo01", "scottie": "barnesc01",
    "chet": "holmgch01", "paolo": "banchpa01", "zion": "willizi01", "hali": "halibty01", "pg13": "georgpa01",
    "brunson": "brunsja01", "fox": "foxde01", "bam": "adebaba01", "jokic": "jokicni01",
    "melo": "ballla01", "dlo": "russeda01", "kp": "porzikr01", "jt": "tatumja01", "jb": "brownja02",
    "fvv": "vanvlfr01", "og": "anunoog01", "the beard": "hardeja01", "cj": "mccolcj01", "alpi": "sengual01",
    "the process": "embiijo01", "sabonis": "sabondo01", "sabas": "sabondo01", "jdub": "willija06", "j dub": "willija06",
    "dray": "greendr01", "kyrie": "irvinky01", "kawhi": "leonaka01", "spida mitchell": "mitchdo01",
    "bogi": "bogdabo01", "bogie": "bogdabo01", "kuz": "kuzmaky01", "herb": "joneshe01", "naw": "alexani01",
}
SCORE_CUTOFF = 72
AMBIGUITY_MARGIN = 4
TOKEN_CUTOFF = 75


def fold(text: str) -> str:
    """Lower case without accents or punctuation: 'Nikola Jokić' -> 'nikola jokic'."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join("".join(ch if ch.isalnum() or ch.isspace() else " " for ch in t.lower()).split())


@lru_cache(maxsize=4)
def _index(db_key: str) -> tuple[dict[str, str], dict[str, list[str]], dict[str, str]]:
    """(player_id -> display name, folded alias -> player ids, player_id -> folded name)."""
    names, aliases, folded = {}, {}, {}
    for pid, name, boxes in db.query("SELECT player_id, name, aliases FROM players"):
        names[pid] = name
        folded[pid] = fold(name)
        for alias in {fold(name), *map(fold, boxes), fold(name).split(" ")[-1], fold(name).split(" ")[0],
                      fold(name).replace(" jr", "")}:
            aliases.setdefault(alias, [])
            if pid not in aliases[alias]:
                aliases[alias].append(pid)
    for nick, pid in NICKNAMES.items():
        if pid in names:
            aliases[nick] = [pid]
    return names, aliases, folded


def index():
    from services.league.snapshot_cache import content_key

    return _index(content_key())


@lru_cache(maxsize=16)
def _index_among(db_key: str, among: frozenset[str]):
    names, aliases, folded = _index(db_key)
    kept = {a: [p for p in ids if p in among] for a, ids in aliases.items()}
    return ({p: n for p, n in names.items() if p in among}, {a: ids for a, ids in kept.items() if ids},
            {p: f for p, f in folded.items() if p in among})


def resolve_player(query: str, prefer: set[str] | None = None, among: frozenset[str] | None = None) -> str:
    """The player id a person meant. Raises AmbiguousPlayer or PlayerNotFound (with suggestions).

    `prefer` (e.g. my roster) breaks ties between equally good matches. `among` limits the
    search to these players (an as-of view: a player with no game before it does not exist).
    """
    if among is None:
        names, aliases, folded = index()
    else:
        from services.league.snapshot_cache import content_key

        names, aliases, folded = _index_among(content_key(), frozenset(among))
    q = fold(query or "")
    if not q:
        raise PlayerNotFound(query or "", [])
    if q in names:
        return q
    exact = aliases.get(q)
    if exact:
        if len(exact) == 1:
            return exact[0]
        preferred = [p for p in exact if prefer and p in prefer]
        if len(preferred) == 1:
            return preferred[0]
        raise AmbiguousPlayer(query, sorted(names[p] for p in exact))
    hits = process.extract(q, aliases.keys(), scorer=fuzz.token_sort_ratio, limit=8)
    scored: dict[str, float] = {}
    for alias, score, _ in hits:
        for pid in aliases[alias]:
            scored[pid] = max(scored.get(pid, 0), score)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], names[kv[0]]))
    good = [(p, s) for p, s in ranked if s >= SCORE_CUTOFF and _covers(q, folded[p])]
    if not good:
        raise PlayerNotFound(query, [names[p] for p, _ in ranked[:3] if _ >= 50])
    top = good[0][1]
    close = [p for p, s in good if top - s < AMBIGUITY_MARGIN]
    if len(close) > 1 and prefer:
        mine = [p for p in close if p in prefer]
        if len(mine) == 1:
            return mine[0]
    if len(close) > 1 and top < 95:
        raise AmbiguousPlayer(query, [names[p] for p in close[:5]])
    return good[0][0]


def _covers(query: str, name: str) -> bool:
    """Every word typed must look like a word of the name: 'michael jordan' is not Jordan Miller."""
    words = name.replace(" jr", "").split()
    return all(max((fuzz.ratio(w, n) for n in words), default=0) >= TOKEN_CUTOFF for w in query.split() if len(w) > 2)


def player_name(player_id: str) -> str:
    return index()[0][player_id]


def nicknames_in(text: str) -> set[str]:
    """The display names of the players a text calls by a nickname ("Bron + Melo": LeBron James,
    LaMelo Ball); a nickname whose player is not in the data names nobody."""
    t, names = f" {fold(text)} ", index()[0]
    return {names[pid] for nick, pid in NICKNAMES.items() if f" {nick} " in t and pid in names}


NAME_SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


def said_in(name: str, text: str) -> bool:
    """Whether a text names him itself: a word of his name ("murphy" for Trey Murphy III, "bogdan" is not
    "bogdanovic") or his nickname ("just Bron": LeBron James), not only "him"."""
    words = fold(text).split()
    return name in nicknames_in(text) or any(w in words for w in fold(name).replace("-", " ").split()
                                             if len(w) > 2 and w not in NAME_SUFFIXES)

"""Fuzzy player-name lookup over the league's player pool (rapidfuzz)."""
from __future__ import annotations

import unicodedata

from rapidfuzz import fuzz, process

from services.models import AmbiguousPlayer, PlayerNotFound

MATCH_SCORE = 88.0      # a name this close is taken as meant
CLEAR_LEAD = 4.0        # ...unless another name is about as close
SUGGEST_SCORE = 55.0    # names worth suggesting for an unknown query


def normalize(name: str) -> str:
    """'Nikola Jokić ' -> 'nikola jokic' (accents, case, dots and extra spaces dropped)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return " ".join(text.replace(".", "").replace("'", "").casefold().split())


class NameIndex:
    """Player id by name: exact (normalized) first, then the closest unambiguous fuzzy match."""

    def __init__(self, names: dict[int, str]):
        self._names = dict(names)
        self._by_norm: dict[str, list[int]] = {}
        for pid, name in self._names.items():
            self._by_norm.setdefault(normalize(name), []).append(pid)
        self._choices = {pid: normalize(name) for pid, name in self._names.items()}
        self._tokens = {pid: set(n.replace("-", " ").split()) for pid, n in self._choices.items()}
        self._initials = {pid: "".join(t[0] for t in n.replace("-", " ").split())
                          for pid, n in self._choices.items()}

    def _whole_words(self, q: str) -> list[int]:
        """Players whose name holds every word of the query ('giannis', 'sga' as initials)."""
        words = set(q.replace("-", " ").split())
        hits = [pid for pid, toks in self._tokens.items() if words <= toks]
        if not hits and len(words) == 1 and 2 <= len(q) <= 4:
            hits = [pid for pid, ini in self._initials.items() if ini == q]
        return hits

    def __len__(self) -> int:
        return len(self._names)

    def name(self, player_id: int) -> str:
        return self._names[player_id]

    def resolve(self, query: str) -> int:
        q = normalize(query or "")
        if not q:
            raise PlayerNotFound(query, [])
        exact = self._by_norm.get(q)
        if exact:
            return exact[0]
        words = self._whole_words(q)
        if len(words) == 1:
            return words[0]
        if len(words) > 1:
            raise AmbiguousPlayer(query, sorted(self._names[pid] for pid in words)[:6])
        hits = process.extract(q, self._choices, scorer=fuzz.WRatio, limit=6)
        good = [(self._names[pid], score, pid) for _, score, pid in hits if score >= MATCH_SCORE]
        if good:
            best = good[0]
            rivals = [g for g in good[1:] if best[1] - g[1] < CLEAR_LEAD and g[0] != best[0]]
            if rivals:
                raise AmbiguousPlayer(query, [best[0]] + [r[0] for r in rivals])
            return best[2]
        suggestions = [self._names[pid] for _, score, pid in hits[:3] if score >= SUGGEST_SCORE]
        raise PlayerNotFound(query, suggestions)

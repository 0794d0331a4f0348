"""Reads a chat message for the desk: "what's the line on Celtics-Knicks tonight?" (a line
question) or "I'd take the Celtics -5.5 at 1.95 for 20" (a bet request). Team names, cities and
codes map to the data's team codes; the game is the teams' next game from the desk date on.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from services.league import season_games

TEAMS = {
    "ATL": ["hawks", "atlanta"], "BOS": ["celtics", "boston"], "BRK": ["nets", "brooklyn", "bkn"],
    "CHI": ["bulls", "chicago"], "CHO": ["hornets", "charlotte", "cha"], "CLE": ["cavaliers", "cavs", "cleveland"],
    "DAL": ["mavericks", "mavs", "dallas"], "DEN": ["nuggets", "denver"], "DET": ["pistons", "detroit"],
    "GSW": ["warriors", "golden state", "gs"], "HOU": ["rockets", "houston"], "IND": ["pacers", "indiana"],
    "LAC": ["clippers", "la clippers"], "LAL": ["lakers", "la lakers"], "MEM": ["grizzlies", "memphis"],
    "MIA": ["heat", "miami"], "MIL": ["bucks", "milwaukee"], "MIN": ["timberwolves", "wolves", "minnesota"],
    "NOP": ["pelicans", "new orleans"], "NYK": ["knicks", "new york"], "OKC": ["thunder", "oklahoma city"],
    "ORL": ["magic", "orlando"], "PHI": ["76ers", "sixers", "philadelphia"], "PHO": ["suns", "phoenix", "phx"],
    "POR": ["trail blazers", "blazers", "portland"], "SAC": ["kings", "sacramento"],
    "SAS": ["spurs", "san antonio"], "TOR": ["raptors", "toronto"], "UTA": ["jazz", "utah"],
    "WAS": ["wizards", "washington"],
}
_NAMES = sorted(((n, code) for code, names in TEAMS.items() for n in [*names, code.lower()]), key=lambda x: -len(x[0]))
LINE_WORDS = ("line", "spread", "odds", "moneyline", "money line", "total", "over/under", "over under", "price",
              "favorite", "favourite", "favored", "favoured", "underdog")
BET_WORDS = ("take", "bet", "back", "wager", "put", "i'd like", "i would like", "give me", "gimme", "lay", "risk")
SEARCH_DAYS = 14


@dataclass
class DeskAsk:
    kind: str  # "line" | "bet"
    teams: list[str]
    game_id: str | None = None
    market: str | None = None
    side: str | None = None
    line: float | None = None
    odds: float | None = None
    amount: float | None = None
    problem: str | None = None


def team_code(word: str) -> str | None:
    """The team code a whole word or phrase names ('PHO', 'suns', 'phoenix'), None when it names no team."""
    key = word.strip().lower()
    return next((c for c, names in TEAMS.items() if key == c.lower() or key in names), None)


def find_teams(text: str) -> list[str]:
    t, found = " " + re.sub(r"[^a-z0-9/ ]", " ", text.lower()) + " ", []
    for name, code in _NAMES:
        hit = re.search(rf"\b{re.escape(name)}\b", t)
        if hit and code not in found:
            found.append((hit.start(), code))
            t = t[:hit.start()] + " " * len(name) + t[hit.end():]
    return [c for _, c in sorted(found)]


def is_desk_question(text: str) -> bool:
    """A line question or a bet request about NBA teams (cheap, no game lookup)."""
    t = text.lower()
    teams = find_teams(text)
    if not teams:
        return False
    if any(w in t for w in LINE_WORDS) and re.search(r"\b(line|spread|odds|moneyline|money line|total|over|under|"
                                                     r"price|favou?rite|favou?red|underdog)\b", t):
        return True
    return any(w in t for w in BET_WORDS) and bool(re.search(r"(\bat|@) ?\d+(\.\d+)?\b", t))


def find_game(teams: list[str], day: dt.date) -> str | None:
    """The first game from `day` on (within two weeks) with these teams (one team: its next game)."""
    for g in season_games.schedule(day, day + dt.timedelta(days=SEARCH_DAYS), season_type=None):
        if all(t in (g.home, g.away) for t in teams[:2]):
            return g.game_id
    return None


def bet_terms(text: str) -> tuple[float | None, float | None, float | None]:
    """(amount, odds, line) of a bet request: "bet 30 on the Warriors +9.5 at 1.91", "$20 ... @ 1.75"."""
    t = text.lower()
    odds = re.search(r"(?:\bat|@)\s*(\d+\.\d+|\d+)\b", t)
    amount = (re.search(r"\$\s*(\d+(?:\.\d+)?)", t)
              or re.search(r"\b(?:bet|put|wager|lay|risk|stake|drop|throw|place)\s+(?:down\s+)?(\d+(?:\.\d+)?)\b(?!\.)", t)
              or re.search(r"\bfor\s+(\d+(?:\.\d+)?)\b", t[odds.end():] if odds else ""))
    line = re.search(r"(?<![\d.\w])([+-]\d{1,2}(?:\.\d)?)(?![\d.])", t) or re.search(
        r"\b(?:over|under)\s+(\d{3}(?:\.\d)?)\b", t)
    return (float(amount.group(1)) if amount else None, float(odds.group(1)) if odds else None,
            float(line.group(1)) if line else None)


def parse_desk_question(text: str, day: dt.date) -> DeskAsk:
    t = text.lower()
    teams = find_teams(text)
    kind = "bet" if any(w in t for w in BET_WORDS) and re.search(r"(\bat|@) ?\d+(\.\d+)?\b", t) else "line"
    ask = DeskAsk(kind=kind, teams=teams, game_id=find_game(teams, day) if teams else None)
    if ask.game_id is None:
        ask.problem = f"no game for {' vs '.join(teams) or 'those teams'} from {day.isoformat()} in the next {SEARCH_DAYS} days"
        return ask
    if kind == "line":
        return ask
    g = season_games.get_game(ask.game_id)
    ask.amount, ask.odds, _ = bet_terms(text)  # "bet 30 on the Warriors +9.5 at 1.91": the amount may come first
    total = re.search(r"\b(over|under)\s+(\d{3}(?:\.\d)?)\b", t)
    spread = re.search(r"(?<![\d.])([+-]\d{1,2}(?:\.5|\.0)?)(?![\d.])", t)
    if total:
        ask.market, ask.side, ask.line = "total", total.group(1), float(total.group(2))
    elif spread:
        ask.market, ask.line = "spread", float(spread.group(1))
    elif re.search(r"\b(ml|moneyline|money line|to win|straight up)\b", t):
        ask.market = "moneyline"
    else:
        ask.problem = "say which bet: a spread (Celtics -5.5), a total (over 221.5) or the moneyline (Celtics to win)"
        return ask
    if ask.market != "total":
        team = teams[0]
        ask.side = "home" if team == g.home else "away"
    if ask.odds is None or ask.amount is None:
        ask.problem = "say the odds and the amount, e.g. 'at 1.95 for 20'"
    return ask

"""What a move's card says in a categories league: per-game lines in the league's units and every
category the move changes (win chance before and after), leads put at risk first."""
from __future__ import annotations

import datetime as dt

from services.optimizer import projection as pj
from services.optimizer.models import PlayerInput

DELTA_SHOWN = 0.005  # category win-probability changes smaller than this are not reported

CAT_STATS = (("PTS", "pts", "pts"), ("REB", "reb", "reb"), ("AST", "ast", "ast"), ("STL", "stl", "stl"),
             ("BLK", "blk", "blk"), ("3PM", "fg3m", "3PM"), ("TO", "tov", "TO"))


def _per_game_text(p: PlayerInput, points: bool, punt=()) -> str:
    """Per game in the league's own units: fantasy points, or every category not punted (FG% and
    FT% with three decimals and their attempts, which weigh them)."""
    if points:
        fpts = p.expected.get("fpts", float(pj.POINTS_COEF @ pj.stat_vector(p.expected)))
        return f"{fpts:.1f} fantasy pts/game"
    e = p.expected
    parts = [f"{e.get(k, 0.0):.{2 if k in ('stl', 'blk', 'fg3m', 'tov') else 1}f} {label}"
             for cat, k, label in CAT_STATS if cat not in punt]
    for cat, made, att in (("FG%", "fgm", "fga"), ("FT%", "ftm", "fta")):
        if cat not in punt and e.get(att):
            parts.append(f"{cat} {e.get(made, 0.0) / e[att]:.3f} on {e[att]:.1f} attempts")
    return ", ".join(parts) + " per game"


def category_changes(before, after, punt=()) -> list[tuple[str, float, float]]:
    """(category, win chance before, after) of every category the move changes by DELTA_SHOWN or
    more, punted ones left out: leads put at risk first (a loss where I was ahead, the largest
    first), then the other losses, then the gains (largest first)."""
    rows = [(c, float(b), float(a)) for c, b, a in zip(pj.CATS, before, after, strict=True)
            if c not in punt and abs(a - b) >= DELTA_SHOWN]
    return sorted(rows, key=lambda t: (0 if t[2] < t[1] and t[1] >= 0.5 else 1 if t[2] < t[1] else 2,
                                       -abs(t[2] - t[1])))


def _pct(x: float, other: float) -> str:
    return f"{x:.0%}" if f"{x:.0%}" != f"{other:.0%}" else f"{x:.1%}"


def change_text(cat: str, before: float, after: float) -> str:
    """'FT% win chance 83% -> 76% (a lead put at risk)'."""
    note = " (a lead put at risk)" if after < before and before >= 0.5 else ""
    return f"{cat} win chance {_pct(before, after)} -> {_pct(after, before)}{note}"


SOON_YIELD = 0.2  # an IR card whose player plays within 3 days with this chance yields to the best swap


def return_text(label: str, r, week_end: dt.date) -> str:
    """The first days of his return in words (services.league.returns: streak hazards, his own history)."""
    back = (f"back in about {r.days} day{'s' if r.days != 1 else ''}" if r.days is not None
            else "under an even chance to play within 8 weeks")
    text = (f"{label} has missed {r.missed} straight games: chance he plays within 3 days {r.soon:.0%}, by "
            f"{week_end:%A} {r.by_week_end:.0%}; {back} (return model by missed-game streak and his own history)")
    if r.soon >= SOON_YIELD:
        text += f"; at {SOON_YIELD:.0%} or more within 3 days an IR card ranks below the best swap"
    return text

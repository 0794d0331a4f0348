"""One trade picked from the last search by a stat (issue #36): "which of those gets me the most assists back",
"which one helps my boards the most", "what deal brings back the most blocks" after `find_trades`.

The same search runs again (the previous turn's arguments: the list the manager saw, its locks and shape kept),
then its rows are ranked by what comes back in the stat asked: the incoming players' projected per-game figure
summed (a 1-for-2 brings two; compare_players' projection), beside what goes out, so the pick and its price are said together. The
turnover category ranks lowest first. The search's own value columns stay the verdict on each trade.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "trade_pick"
PICK = re.compile(r"\b(?:which|what|wich|whcih)(?: one)?(?: of (?:those|them|these|em|the (?:trades|deals|offers|options|"
                  r"five|5|three|3))| (?:trade|deal|offer|one|option)s?)?\b[^.?!]*\b(?:most|best|highest|biggest|more|max)\b|"
                  r"\b(?:the )?(?:one|trade|deal|offer) (?:that |which )?(?:gets|gives|brings|helps)\b[^.?!]*\b(?:most|best)\b")
KEYS = {"PTS": "pts", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "3PM": "fg3m", "TO": "tov",
        "FG%": "fg_pct", "FT%": "ft_pct"}
WORDS = {"PTS": "points", "REB": "rebounds", "AST": "assists", "STL": "steals", "BLK": "blocks", "3PM": "threes",
         "TO": "turnovers", "FG%": "FG%", "FT%": "FT%"}


def read(p, prev) -> bool:
    """Whether the message picks one trade of the last search by a stat (in place: the act, the stat, and the
    search it reads)."""
    if prev is None or prev.act != "trade_find" or len(p.categories) != 1 or not PICK.search(fold(p.text)):
        return False
    from agents.offline.carry import named_here, take

    if named_here(p) or len(p.text.split()) > 16:
        return False

    search = prev
    take(p, ACT)
    p.search, p.follow_up, p.unknown, p.greeting = search, True, False, False
    p.frame = getattr(search, "frame", None) or p.frame
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    from agents.offline.text import _ok
    from agents.offline.trade_talk import plan_trade

    if not done:
        return plan_trade(p.search, {})
    if "compare_players" in done:
        return []
    trades = next((r["data"].get("trades") or [] for r in _ok(done, "find_trades")), [])
    names = list(dict.fromkeys(n for t in trades for n in (*t["give"], *t["get"])))
    return [("compare_players", {"names": names})] if len(names) >= 2 else []


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    trades = next((r["data"].get("trades") or [] for r in _ok(done, "find_trades")), [])
    stats = {x["name"]: x.get("stats_per_game") or {} for r in _ok(done, "compare_players")
             for x in r["data"].get("players") or []}
    if not trades or not stats:
        return None
    cat = p.categories[0]
    key, word, low = KEYS[cat], WORDS[cat], cat == "TO"
    rows = [(i, t, _figure(t["get"], stats, key), _figure(t["give"], stats, key)) for i, t in enumerate(trades, 1)]
    ranked = sorted(rows, key=lambda r: (r[2] if low else -r[2], r[0]))
    i, t, back, out = ranked[0]
    unit = "" if key.endswith("_pct") else " a game"
    pair = " between them" if len(t["get"]) > 1 and not key.endswith("_pct") else ""
    lead = (f"**Of those {len(trades)}, #{i} {'brings back the fewest' if low else 'gets you the most'} {word}: "
            f"{' + '.join(t['get'])}, {_said(back, key)}{unit}{pair}, for {' + '.join(t['give'])}'s "
            f"{_said(out, key)}.**")
    table = _table(["#", "Team", "You give", "You get", f"{cat} back{unit}", f"{cat} out{unit}", "They accept"],
                   [[str(n), tr["partner"], " + ".join(tr["give"]), " + ".join(tr["get"]), _said(b, key), _said(o, key),
                     "yes" if tr.get("acceptable") else "no"] for n, tr, b, o in ranked])
    return "\n\n".join([lead, table, f"Projected {word} a game when he plays, of the players each side sends "
                                     f"(compare_players); each trade's value for both sides stays as the search gave it."])


def _figure(names: list[str], stats: dict, key: str) -> float:
    vals = [float(stats.get(n, {}).get(key) or 0.0) for n in names]
    if key.endswith("_pct"):  # a percentage: the incoming players' mean (their attempts are not summed here)
        return sum(vals) / len(vals) if vals else 0.0
    return sum(vals)


def _said(v: float, key: str) -> str:
    return f"{v:.3f}" if key.endswith("_pct") else f"{v:.1f}"

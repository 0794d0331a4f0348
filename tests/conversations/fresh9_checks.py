"""fresh9's own checks (issue #36, session 18), written blind: facts from the box-score CSV and the
league's rosters at 2025-01-29 (checks.py), never from the product. Follow-ups by a list's position
('the third guy', 'the last one'), by quantity ('2 more', 'fewer'), a punt cleared, a dislike of
streaming bigs kept; the rest of the set reuses checks.py, suite.py and fresh6-8's checks."""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.fresh8_checks import _in, _lead, is_player, player_cells

BEAL = "Bradley Beal"
CADE = "Cade Cunningham"
SUNDAY = dt.date(2025, 2, 2)
TOMORROW = dt.date(2025, 1, 30)


def _prev_list(c) -> list[str]:
    """The Player column of the latest earlier answer that had one."""
    for x in reversed(c.results[:-1]):
        names = player_cells(x.get("answer") or "")
        if names:
            return names
    return []


def nth_listed(i: int):
    """A follow-up by position ('the third guy' = 2, 'the last one' = -1): the lead names that row of the
    previous list, and no other row of it is named in the lead before him."""
    def check(r, c):
        names = _prev_list(c)
        if not names or not (-len(names) <= i < len(names)):
            return f"no earlier list with a row {i}"
        want, lead = names[i], _lead(r)
        if not _in(lead, want):
            return f"the lead does not name {want} (row {i} of {names[:5]}): {lead[:100]!r}"
        first = K.fold(lead).find(K.fold(want.replace(' Jr.', '').split()[-1]))
        early = [n for n in names if n != want and 0 <= K.fold(lead).find(K.fold(n.split()[-1])) < first]
        return f"names {early[0]} before {want}" if early else None
    return check


def more_listed(extra: int):
    """'Give me N more': the new list holds at least N players the previous list did not."""
    def check(r, c):
        before, now = _prev_list(c), player_cells(r.get("answer") or "")
        if not before:
            return "no earlier list"
        new = [n for n in now if n not in before]
        return None if len(new) >= extra else f"only {len(new)} new names (want {extra}): {now[:8]}"
    return check


def fewer_listed(r, c):
    """'Fewer': a shorter list than the previous one, and not an empty one."""
    before, now = _prev_list(c), player_cells(r.get("answer") or "")
    if not before:
        return "no earlier list"
    if not now:
        return "no list"
    return None if len(now) < len(before) else f"{len(now)} rows, not fewer than {len(before)}"


def punt_cleared(cat: str):
    """A punt withdrawn ('not punting FT% anymore'): a tool ran, no call of this turn still punts `cat`,
    and the answer does not call it punted."""
    def check(r, c):
        tools = r.get("tool_calls") or []
        if not tools:
            return "no tool ran"
        still = [t["name"] for t in tools if cat in ((t.get("args") or {}).get("punt") or [])]
        if still:
            return f"still punts {cat}: {still}"
        a = r.get("answer") or ""
        if re.search(rf"punt\w*[^.\n]{{0,30}}{re.escape(cat)}|{re.escape(cat)}[^.\n]{{0,10}}\bpunted", a, re.I) \
                and not re.search(rf"(no longer|not|n't|stop\w*|dropp\w*|without)[^.\n]{{0,25}}punt", a, re.I):
            return f"the answer still calls {cat} punted"
        return None
    return check


def not_bigs(r, c):
    """'I hate streaming bigs' kept: the free-agent search left out centers (not_position C) or asked only
    for guards/wings (position PG, SG, G or SF)."""
    for a in K.calls(r, "get_free_agents"):
        if str(a.get("not_position") or "").upper() == "C" or str(a.get("position") or "").upper() in \
                {"PG", "SG", "G", "SF"}:
            return None
    return f"no free-agent search without bigs: {[(x['name'], x.get('args')) for x in r.get('tool_calls', [])]}"


def top_card_drops(name: str):
    """'Dropping X for somebody': the first waiting card drops (or IRs) X."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        got = str(cards[0].get("drop") or "")
        return None if is_player(name, got) else f"the top card drops {got!r}, not {name}"
    return check

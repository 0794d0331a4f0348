""""Why X not Y" (issue #36): the two options compared from the numbers the thread's cards use.

When both players are on the cards (or rows of the last table), their rows side by side. When the
cards show a move with one of them and not the other ("why Ivey to IR, not Collins?"), the other's
option is the same move with him in it (the same add, the same kind: IR or a drop), valued by the
optimizer's own move evaluation (`evaluate_move`), so both sides are the cards' numbers (this week,
rest of season, return odds). Only with no card in the thread are the two players compared
(`compare_players`).
"""
from __future__ import annotations

import re

from agents.core.cards import season_label
from agents.core.contracts import cards_of
from agents.offline.cards_read import _table_cells, cards_in
from agents.offline.text import _ok
from services.league.lookup import fold

SIGNED = re.compile(r"[+-]\d+(?:\.\d+)?(?: (?:pts|cats|cat value|fantasy pts|fantasy points|category value))?")


def _on(name: str, who: str) -> bool:
    return fold(name.split()[-1]) in fold(who).split()


def thread_cards(p) -> list[tuple[str, str, str, str]]:
    """Every card the thread's answers offered, latest answer first, once each."""
    out, seen = [], set()
    for answer in [p.previous_answer, *getattr(p, "thread_answers", [])]:
        for card in _with_figures(answer):
            if card[0] not in seen:
                seen.add(card[0])
                out.append(card)
    return out


def _with_figures(answer: str | None) -> list[tuple[str, str, str, str]]:
    """The answer's cards, each on the first line that shows its gain (a head in a sentence shows none)."""
    out = {}
    for line in (answer or "").splitlines():
        for card in cards_in(line):
            if card[0] not in out and _figures(line)[0] is not None:
                out[card[0]] = card
    return list(out.values())


def _card_of(p, name: str):
    return next((c for c in thread_cards(p) if _on(name, c[1]) or _on(name, c[2])), None)


def card_option(p) -> tuple[tuple[str, str, str, str], str, dict] | None:
    """(the card with one of the pair, the other player, evaluate_move's arguments for his option),
    None when no card or both have one."""
    x, y = p.frame.pair
    cx, cy = _card_of(p, x), _card_of(p, y)
    if (cx is None) == (cy is None):
        return None
    card, named, other = (cx, x, y) if cx is not None else (cy, y, x)
    head, drop, add, _ = card
    kind = "ir" if head.startswith("Move ") else "swap"
    if _on(named, drop):  # the other one in his place: to IR, or dropped, for the same add
        return card, other, {"drop": other, "add": add, "kind": kind, **_mode(p)}
    return card, other, {"drop": drop, "add": other, **_mode(p)}  # the other free agent for the same drop


def _mode(p) -> dict:
    return {"mode": p.mode} if getattr(p, "mode", None) else {}


def why_not_plan(p) -> list[tuple[str, dict]]:
    x, y = p.frame.pair
    if (_card_of(p, x) and _card_of(p, y)) or _rows_for(p.previous_answer, p.frame.pair):
        return []
    option = card_option(p)
    if option is not None:
        return [("evaluate_move", option[2])]
    return [("compare_players", {"names": p.frame.pair})]


def _figures(line: str) -> tuple[float | None, float | None, str, str]:
    """(this week, rest of season, their units) of a card's line, as the card showed them."""
    found = SIGNED.findall(line)
    nums = [float(re.match(r"[+-]\d+(?:\.\d+)?", f).group()) for f in found]
    units = [f.split(" ", 1)[1] if " " in f else "" for f in found]
    return (nums[0] if nums else None, nums[1] if len(nums) > 1 else None,
            units[0] if units else "", units[1] if len(units) > 1 else "")


def _gains(week, season, unit, season_unit) -> str:
    return (f"{week:+} {unit}".strip() + " this week" +
            (f", {f'{season:+} {season_unit}'.strip()} rest of season" if season is not None else ""))


def _diff(a: float, b: float, unit: str) -> str:
    return f"{round(a - b, 2 if unit == 'cats' else 1)} {unit}".strip()


def _side_by_side(a: tuple, b: tuple, note: str = "") -> str:
    """Two options, (head, week, season, unit) each, the one ahead on (this week, rest of season) first."""
    (ha, wa, sa, ua, va), (hb, wb, sb, ub, vb) = a, b
    if (wb or 0, sb or 0) > (wa or 0, sa or 0):
        (ha, wa, sa, ua, va), (hb, wb, sb, ub, vb) = b, a
    lines = [f"**{ha} ranks ahead of {hb}, on the numbers the cards use:**",
             f"- {ha}: {_gains(wa, sa, ua, va)}", f"- {hb}: {_gains(wb, sb, ub, vb)}" + note]
    if sb is not None and sa is not None and sb > sa:
        lines.append(f"{ha} gains {_diff(wa, wb, ua)} more this week; {hb} gains {_diff(sb, sa, va)} more over "
                     "the rest of the season.")
    elif wa == wb and sa is not None and sb is not None and sa > sb:
        lines.append(f"Level this week; {ha} gains {_diff(sa, sb, va)} more over the rest of the season.")
    elif (wa, sa) == (wb, sb):
        lines.append("They are level on these numbers; the order is the optimizer's overall score.")
    elif wa > wb:
        lines.append(f"{ha} gains {_diff(wa, wb, ua)} more this week"
                     + (f" and {_diff(sa, sb, va)} more over the rest of the season." if sa is not None and sb is not None
                        and sa > sb else "."))
    return "\n".join(lines)


def _card_side(card) -> tuple:
    head, _, _, line = card
    return (head, *_figures(line))


def _return_odds(reasons: list[str]) -> str | None:
    """The reason that gives his return odds as the IR card does ("chance he plays within 3 days
    N%, by Sunday M%"); else one that names the return model (its chances game by game)."""
    for pattern in (r"\bchance he plays", r"\breturn"):
        found = next((x for x in reasons if re.search(pattern, x, re.I)), None)
        if found:
            return found
    return None


def _option_answer(p, done) -> str | None:
    option = card_option(p)
    if option is None:
        return None
    card, other, _ = option
    for r in _ok(done, "evaluate_move"):
        [m] = cards_of([r["data"]["move"]])
        title = f"Move {m.drop} to IR, add {m.add}" if m.kind == "ir" else f"Drop {m.drop} -> Add {m.add}"
        note = f"; {back.rstrip('.')}" if (back := _return_odds(m.reasons)) else ""
        other_side = (title, m.expected_gain, m.season_gain, m.unit, season_label(m.season_unit))
        return _side_by_side(_card_side(card), other_side, note)
    for r in done.get("evaluate_move", []):
        if not r["ok"]:  # he cannot be in the card's place (not OUT, not mine): the reason, not another comparison
            why = r["data"].get("error", "the move is not possible") if isinstance(r["data"], dict) else r["data"]
            return f"**{card[0]} is the card; {other} in its place is not possible:** {why}"
    return None


def _cards_answer(p) -> str | None:
    x, y = p.frame.pair
    cx, cy = _card_of(p, x), _card_of(p, y)
    if cx is None or cy is None:
        return None
    if cx == cy:
        return f"**{cx[0]}** is one card with both of them: {_gains(*_figures(cx[3]))}."
    return _side_by_side(_card_side(cx), _card_side(cy))


def _rows_for(answer: str | None, pair: list[str]) -> list[tuple[list[str], list[str]]] | None:
    """(header, row) of the last answer's table row for each of the two players, None when either is missing."""
    header, found = None, {}
    for cells in _table_cells(answer or ""):
        if not any(re.search(r"\d", c) for c in cells[1:]):
            header = cells
            continue
        for name in pair:
            key = fold(name.split()[-1])
            if name not in found and key in fold(cells[0]) and header:
                found[name] = (header, cells)
    return [found[n] for n in pair] if len(found) == len(pair) == 2 else None


def why_not_answer(p, done) -> str:
    x, y = p.frame.pair
    option = (_option_answer(p, done) if "evaluate_move" in done else None) or _cards_answer(p)
    if option:
        return option
    rows = _rows_for(p.previous_answer, [x, y])
    if rows:
        (hx, rx), (hy, ry) = rows
        def line(cells, header):
            return "; ".join(f"{h} {c}" for h, c in zip(header[1:], cells[1:]) if c)
        ranked_first = x if _position(p.previous_answer, x) < _position(p.previous_answer, y) else y
        other = y if ranked_first == x else x
        return "\n".join([
            f"**{ranked_first} ranks ahead of {other} on the same numbers the cards use:**",
            f"- {rx[0]}: {line(rx, hx)}", f"- {ry[0]}: {line(ry, hy)}",
            "", _why_order(ranked_first, other, rx if ranked_first == x else ry, ry if ranked_first == x else rx, hx)])
    for r in _ok(done, "compare_players"):
        rows_c = {row["name"]: row for row in r["data"]["players"]}
        a, b = rows_c.get(x) or {}, rows_c.get(y) or {}
        if a and b:
            lead, back = (a, b) if a["expected_total"] >= b["expected_total"] else (b, a)
            return (f"**{lead['name']} over {back['name']}: {lead['expected_total']} expected over {lead['games']} "
                    f"games vs {back['expected_total']} over {back['games']}** (per game {lead['expected_per_game']} vs "
                    f"{back['expected_per_game']} after play probability; status {lead['status']} vs {back['status']}).")
    return f"I have no figures for {x} and {y} side by side in this conversation; ask me to compare them."


def _position(answer: str | None, name: str) -> int:
    i = fold(answer or "").find(fold(name.split()[-1]))
    return i if i >= 0 else 10 ** 9


def _why_order(first: str, other: str, ra: list[str], rb: list[str], header: list[str]) -> str:
    nums = []
    for h, a, b in zip(header[1:], ra[1:], rb[1:]):
        ma, mb = re.search(r"[-+]?\d+(?:\.\d+)?", a), re.search(r"[-+]?\d+(?:\.\d+)?", b)
        if ma and mb:
            nums.append((h, float(ma.group()), float(mb.group())))
    ahead = [h for h, a, b in nums if a > b]
    behind = [h for h, a, b in nums if a < b]
    if ahead and not behind:
        return f"{first} is ahead on every figure ({', '.join(ahead)})."
    if ahead:
        return (f"{first} is ahead on {', '.join(ahead)}, {other} on {', '.join(behind)}; the ranking weighs the "
                f"first of these most.")
    return f"{other} is ahead on {', '.join(behind) or 'none of the figures'}; the order is the optimizer's overall score."



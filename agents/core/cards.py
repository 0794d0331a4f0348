"""Approval cards for roster moves: built from optimizer results, checked before applying."""
from __future__ import annotations

import datetime as dt
import hashlib
from zoneinfo import ZoneInfo

from agents.core.contracts import Card
from services.optimizer import MoveEval
from services.optimizer.propose import compatible  # noqa: F401  (the one conflict rule, re-exported)

FIRST_TIPOFF = dt.time(19, 0)  # lineups lock at the first tip-off of the day
DEMO_CLOCK = dt.time(12, 0)  # the demo league's clock: noon on its as-of date
NBA_TIME = ZoneInfo("America/New_York")  # ESPN's game days and tip-offs are US Eastern


def move_id(league_id: str, team_id: int, drop_id: str, add_id: str, kind: str = "swap") -> str:
    """Stable id: the same move in the same league universe is the same card everywhere (an IR
    move and the swap of the same two players are different moves)."""
    raw = f"{league_id}|{team_id}|{drop_id}|{add_id}{'' if kind == 'swap' else '|' + kind}".encode()
    return "mv_" + hashlib.sha256(raw).hexdigest()[:12]


def next_lock(as_of: dt.date) -> dt.datetime:
    return dt.datetime.combine(as_of, FIRST_TIPOFF)


def next_lock_after(now: dt.datetime) -> dt.datetime:
    """The first lineup lock at or after `now` (today's first tip-off, else tomorrow's)."""
    lock = next_lock(now.date())
    return lock if now < lock else next_lock(now.date() + dt.timedelta(days=1))


def league_now(kind: str, as_of: dt.date) -> dt.datetime:
    """The league's own clock: the demo's as-of day at noon; a real league's US Eastern wall clock."""
    if kind == "demo":
        return dt.datetime.combine(as_of, DEMO_CLOCK)
    return dt.datetime.now(NBA_TIME).replace(tzinfo=None)


def card_now(card: Card, wall: dt.datetime | None = None, since: dt.datetime | None = None) -> dt.datetime:
    """The card's league clock at `wall` (default: now). The demo's clock starts at noon of its as-of
    day when the card is issued (`since`, when given: a screen's clock, one start for every card it
    shows) and then runs with real time, so a card left long enough passes the lineup lock and
    expires; a real league's clock is its wall clock."""
    as_of = dt.date.fromisoformat(card.as_of)
    if card.league_kind != "demo" and wall is not None:
        return wall.astimezone(NBA_TIME).replace(tzinfo=None)
    start = league_now(card.league_kind, as_of)
    if card.league_kind != "demo" or not (since or card.issued_at):
        return start
    wall = wall or dt.datetime.now(dt.timezone.utc)
    elapsed = wall - (since or dt.datetime.fromisoformat(card.issued_at))
    return start + max(elapsed, dt.timedelta(0))


def card_from_move(m: MoveEval, league_id: str, team_id: int, as_of: dt.date, kind: str = "demo",
                   now: dt.datetime | None = None) -> Card:
    """The card for one move. It expires at the next lineup lock on the league's clock: the demo's
    as-of day; for a real league the next lock after `now` (default: its wall clock)."""
    expires = next_lock(as_of) if kind == "demo" else next_lock_after(now or league_now(kind, as_of))
    unit = "pts" if m.unit.startswith("fantasy") or m.unit == "pts" else "cats"
    gain = round(m.gain, 1) if unit == "pts" else round(m.gain, 2)
    move_kind = getattr(m, "kind", "swap")
    drop, add = m.drop_name or m.drop_id, m.add_name or m.add_id
    season = getattr(m, "season_gain", None)
    season_text = "" if season is None else f", {season:+.1f} {season_label(m.season_unit)} rest of season"
    head = move_head(move_kind, drop, add)
    back = getattr(m, "return_date", None)
    if move_kind in ("ir", "activate_ir") and back is not None and getattr(m, "cut_name", ""):  # the later cut
        season_text += f"; when {drop} returns (about {back:%b} {back.day}) one player has to go, likely {m.cut_name}"
    return Card.model_validate({
        "move_id": move_id(league_id, team_id, m.drop_id, m.add_id, move_kind), "kind": move_kind,
        "season_gain": None if season is None else round(season, 1), "season_unit": m.season_unit or None,
        "drop": m.drop_name or m.drop_id, "add": m.add_name or m.add_id,
        "drop_id": m.drop_id, "add_id": m.add_id,
        "expected_gain": gain, "unit": unit, "score": round(getattr(m, "score", m.gain), 3),
        "drop_games_remaining": m.drop_games, "add_games_remaining": m.add_games,
        "add_starts": m.add_starts, "drop_starts": m.drop_starts,
        "category_deltas": {k: round(v, 3) for k, v in m.category_deltas.items()},
        "category_changes": [list(c) for c in getattr(m, "category_changes", ())],
        "reasons": [*m.reasons, *_real_league_note(move_kind, kind, drop, add)], "confidence": round(m.confidence, 2),
        "expires_at": expires.isoformat(), "league_id": league_id, "league_kind": kind,
        "team_id": team_id, "as_of": as_of.isoformat(),
        "issued_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "title": f"{head}, {gain_text(gain, unit)} {unit} expected this week{season_text}",
        **_return_terms(m),
    })


def named_cut(cards: list[Card], cut_id: str | None) -> list[Card]:
    """IR cards whose cut is the player the user named ("cut X when he returns") carry `cut_named`,
    so the activation card, when the IR player is back, names him (`optimizer.adapter`)."""
    if not cut_id:
        return cards
    return [Card.model_validate(c.model_dump() | {"cut_named": True})
            if c.kind == "ir" and getattr(c, "cut_id", None) == cut_id else c for c in cards]


def _real_league_note(move_kind: str, league_kind: str, drop: str, add: str) -> list[str]:
    """An ESPN activation says on the card that the move is made in ESPN (no write to a real league)."""
    if move_kind not in ("activate", "activate_ir") or league_kind != "espn":
        return []
    from services.espn.moves import ACTIVATION_IR_NOTE, ACTIVATION_NOTE

    return [(ACTIVATION_NOTE if move_kind == "activate" else ACTIVATION_IR_NOTE).format(drop=drop, back=add)]


def _return_terms(m: MoveEval) -> dict:
    """An IR move's assumed return and cut, an activation's cut (card extras, absent otherwise)."""
    out = {}
    if getattr(m, "kind", "swap") in ("ir", "activate", "activate_ir") and getattr(m, "cut_id", ""):
        out = {"cut_id": m.cut_id, "cut": m.cut_name or m.cut_id}
    if getattr(m, "return_date", None) is not None:
        out["expected_return"] = m.return_date.isoformat()
    return out


def move_head(kind: str, drop: str, add: str) -> str:
    """A move in a card title: "Drop A -> Add B", "Move A to IR, add B", "Activate B from IR, drop A",
    "Activate B from IR, move A (OUT) to IR"."""
    if kind == "ir":
        return f"Move {drop} to IR, add {add}"
    if kind == "activate":
        return f"Activate {add} from IR, drop {drop}"
    if kind == "activate_ir":
        return f"Activate {add} from IR, move {drop} (OUT) to IR"
    return f"Drop {drop} -> Add {add}"


def season_label(unit: str | None) -> str:
    """'fantasy points' -> 'pts'; 'category value' -> 'cat value' (z-score x games)."""
    return "pts" if (unit or "").startswith("fantasy") else "cat value"


def gain_text(gain: float, unit: str) -> str:
    """A card's gain in its unit's precision: "+81.0" points, "+0.20" categories won."""
    return f"{gain:+.1f}" if unit == "pts" else f"{gain:+.2f}"


def is_expired(card: Card, now: dt.datetime | None = None) -> bool:
    """Past the card's lineup lock on its league clock (`now` injects that clock)."""
    now = now or card_now(card)
    return now >= dt.datetime.fromisoformat(card.expires_at)


def card_rank(card: Card) -> float:
    """The sort key of cards, best first: the mode's ranking score the optimizer ranked the move
    by (balanced: week plus season ahead), the week's gain for a card without one."""
    return card.rank


def distinct(moves: list, key=lambda c: (c.drop_id, c.add_id)) -> list:
    """Best first, at most one move per dropped and per added player: the cards of one turn must
    not conflict (approving one must not invalidate another)."""
    out, drops, adds = [], set(), set()
    for m in moves:
        drop, add = key(m)
        if drop in drops or add in adds:
            continue
        out.append(m)
        drops.add(drop)
        adds.add(add)
    return out

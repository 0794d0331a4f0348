"""Trade proposal cards: "Propose trade to <team>: give A, get B", decided at the approval gate.

Approving sends the proposal; the other manager answers by his own valuation
(services.trades.respond): accepted trades change both rosters in one recorded move, a counter
comes back as a new card (approving it accepts the counter), a decline says why. An ESPN league's
trade must be proposed in ESPN: no write to a real league.
"""
from __future__ import annotations

import hashlib

from agents.core.cards import next_lock
from agents.core.contracts import Card
from services.models import ServiceError
from services.trades.evaluate import TradeEvaluation, evaluate_trade

ESPN_NOTE = ("Trades in an ESPN league must be proposed in ESPN (Courtside never writes to a real league); "
             "the evaluation above is what to weigh before you send it there.")


def trade_move_id(league_id: str, team_id: int, partner_id: int, give_ids: list[str], get_ids: list[str]) -> str:
    raw = f"{league_id}|{team_id}|{partner_id}|{','.join(sorted(give_ids))}|{','.join(sorted(get_ids))}|trade"
    return "trade_" + hashlib.sha256(raw.encode()).hexdigest()[:16]


def trade_card(source, ev: TradeEvaluation, cut_choice: list[str] | None = None, counter: bool = False) -> Card:
    mine, other = ev.mine, ev.partner
    give_ids = [p.player.player_id for p in mine.gives]
    get_ids = [p.player.player_id for p in mine.gets]
    give, get = " + ".join(p.player.name for p in mine.gives), " + ".join(p.player.name for p in mine.gets)
    unit = "pts" if ev.scoring == "points" else "cats"
    head = f"{other.team_name}'s counter" if counter else f"Propose trade to {other.team_name}"
    reasons = [ev.verdict, *ev.reasons]
    reasons += [f"you cut {p.player.name} ({mine.cut_rule})" for p in mine.cut]
    reasons += [f"you pick up free agent {p.player.name} for the open spot" for p in mine.pickup]
    return Card.model_validate({
        "move_id": trade_move_id(source.league_id, mine.team_id, other.team_id, give_ids, get_ids), "kind": "trade",
        "title": f"{head}: give {give}, get {get} ({mine.gain:+.1f} {ev.unit} rest of season for you, over your "
                 f"best free moves)",
        "drop": give, "add": get, "drop_id": give_ids[0], "add_id": get_ids[0],
        "expected_gain": mine.week_change, "unit": unit, "score": mine.gain, "season_gain": mine.gain,
        "season_unit": ev.unit, "reasons": reasons, "confidence": 1.0,
        "expires_at": next_lock(ev.as_of).isoformat(), "league_id": source.league_id, "league_kind": "demo",
        "team_id": mine.team_id, "as_of": ev.as_of.isoformat(), "origin": "user",
        "trade": {"terms": {"team_id": mine.team_id, "partner_id": other.team_id, "give_ids": give_ids,
                            "get_ids": get_ids},
                  "partner": other.team_name, "their_change": other.gain, "cut_choice": cut_choice or [],
                  "counter": counter},
    })


def propose(source, give: list[str], get: list[str], cut: list[str] | None = None,
            team_id: int | None = None, punt=()) -> tuple[TradeEvaluation, Card]:
    """The evaluation and its proposal card (a ServiceError on an ESPN league: propose it there)."""
    if "trade_proposals" in source.history().needs_demo:  # ESPN: Courtside never writes to it
        raise ServiceError(ESPN_NOTE)
    ev = evaluate_trade(source, give, get, team_id, cut, punt)
    cut_ids = [source.resolve_id(n) for n in cut or []]
    return ev, trade_card(source, ev, cut_ids)


def counter_card(source, counter: dict) -> Card | None:
    """The card for a manager's counter (the terms from services.trades.respond), from my side."""
    lg = source.history()
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    try:
        ev = evaluate_trade(source, [name(p) for p in counter["give_ids"]], [name(p) for p in counter["get_ids"]],
                            counter["team_id"])
    except ServiceError:
        return None
    return trade_card(source, ev, counter=True)


def oriented(source, give: list[str], get: list[str],
             team_id: int | None = None) -> tuple[list[str], list[str], str | None]:
    """(give, get, note): a trade said backwards ("trade Brunson for Herro" where Herro is mine and
    Brunson is theirs) is turned around, with a note saying so; anything else is left as said."""
    try:
        lg = source.history()
        me = team_id or lg.my_team_id
        ids = lambda names: [source.resolve_id(n) for n in names]  # noqa: E731
        gives, gets = ids(give), ids(get)
    except (ServiceError, KeyError):
        return give, get, None
    if me not in lg.team_ids:
        return give, get, None
    mine = set(lg.roster_ids(me)) | set(lg.ir_ids(me))
    owners = {lg.owner_of(p) for p in gives}
    if gives and gets and not set(gives) & mine and set(gets) <= mine and len(owners) == 1 and None not in owners:
        return get, give, (f"Read as you giving {' and '.join(get)} and getting {' and '.join(give)}: "
                           f"{' and '.join(get)} {'are' if len(get) > 1 else 'is'} on your roster.")
    return give, get, None

"""Cards an applied move made stale (issue #36: "a decided card never comes back as pending").

An approval closes its own set (the other cards were computed for the roster before the move), and
the same holds for the cards set aside from earlier turns: after "Drop Beal -> Add Pritchard" is
applied, an earlier "Drop Conley -> Add Pritchard" can no longer happen (Pritchard is not a free
agent), and a card dropping a player who just left was computed for a roster that is gone. Each
such card is withdrawn from the deferred sets, and the decision's answer says which.
"""
from __future__ import annotations

from langchain_core.messages import AIMessage

from agents.core.contracts import Card, card_dicts, cards_of


def players_of(card: Card) -> set[str]:
    """Every player a card moves: both sides of a trade, else its drop and its add."""
    terms = (getattr(card, "trade", None) or {}).get("terms") or {}
    ids = [*terms.get("give_ids", []), *terms.get("get_ids", [])] if card.kind == "trade" else [card.drop_id, card.add_id]
    return {str(i) for i in ids if i}


def withdraw_stale(update: dict, cards: list[Card], deferred: list[dict] | None) -> dict:
    """`update` (a settled decision) with the deferred cards that share a player with a move it
    applied taken out of `deferred`, and a line saying so; the same move waiting in an earlier set
    (offered again by a later turn) taken out silently, approved or declined: it was decided."""
    decided = {d["move_id"] for d in update.get("decisions") or [] if d.get("move_id")}
    if decided and deferred:  # the same move offered in an earlier turn's set is decided with it
        deferred, _ = _without(deferred, lambda c: c.move_id in decided)
        update = update | {"deferred": deferred}
    applied = {t["move_id"] for t in update.get("transactions") or [] if t.get("outcome") == "applied"
               and not t.get("already")}
    touched = set().union(*(players_of(c) for c in cards if c.move_id in applied)) if applied else set()
    if not touched or not deferred:
        return update
    kept, gone = _without(deferred, lambda c: bool(players_of(c) & touched))
    if not gone:
        return update
    line = ("Withdrawn, since that move changed the players they need: "
            + "; ".join(c.title for c in gone) + ".")
    text = "\n\n".join(x for x in (update.get("answer"), line) if x)
    return update | {"deferred": kept, "answer": text, "messages": [AIMessage(content=text)]}


def ruled_out(deferred: list[dict] | None, names: list[str], kept: list[str] = ()) -> tuple[list[dict], list[Card]]:
    """The deferred sets without the cards a new constraint rules out ("and don't touch Collins
    either" after a card moving Collins; "not Braun" after one adding him; "anything that doesn't cost
    me a guard": `kept`, my players at that position, never dropped), and those cards."""
    wanted, keep = {n.casefold() for n in names}, {n.casefold() for n in kept}
    if not (wanted or keep) or not deferred:
        return list(deferred or []), []

    def sides(text: str) -> set[str]:
        return {s.strip().casefold() for s in (text or "").split("+")}

    return _without(deferred, lambda c: bool((sides(c.drop) | sides(c.add)) & wanted)
                    or (c.kind != "ir" and bool(sides(c.drop) & keep)))


def _without(deferred: list[dict], gone_if) -> tuple[list[dict], list[Card]]:
    """(the sets without the cards `gone_if` picks, a set left empty dropped; those cards)."""
    kept, gone = [], []
    for entry in deferred:
        cards = cards_of(entry.get("cards"))
        gone += [c for c in cards if gone_if(c)]
        live = [c for c in cards if not gone_if(c)]
        if live:
            kept.append({**entry, "cards": card_dicts(live)})
    return kept, gone

"""One description of every roster decision, used by every page that names one.

A move is named by its `kind` (swap, IR move, activation, trade), never by its two players alone:
an IR move drops nobody, so a table with "Drop" and "Add" columns said "Drop John Collins" for
a player who went to IR. The League table, Approvals (cards' outcomes and History), Audit (the
question column and the "Applied" entry) and the chat's "Applied" note all call `done_text`
(what an approved move did) or `proposed_text` (a move still to decide, or declined).
"""
from __future__ import annotations

from typing import Protocol


class Move(Protocol):
    kind: str | None
    drop: str | None
    add: str | None


def done_text(move: Move) -> str:
    """What an approved move did: "Moved John Collins to IR, added Jeremy Sochan"."""
    drop, add = move.drop or "?", move.add or "?"
    match move.kind:
        case "ir":
            return f"Moved {drop} to IR, added {add}"
        case "activate":
            return f"Activated {add} from IR, dropped {drop}"
        case "activate_ir":
            return f"Activated {add} from IR, moved {drop} to IR"
        case "trade":
            return f"Traded {drop} for {add}"
    return f"Dropped {drop}, added {add}"


def proposed_text(move: Move) -> str:
    """A move not (or not yet) made: "move John Collins to IR, add Jeremy Sochan"."""
    drop, add = move.drop or "?", move.add or "?"
    match move.kind:
        case "ir":
            return f"move {drop} to IR, add {add}"
        case "activate":
            return f"activate {add} from IR, drop {drop}"
        case "activate_ir":
            return f"activate {add} from IR, move {drop} to IR"
        case "trade":
            return f"trade {drop} for {add}"
    return f"drop {drop}, add {add}"


def decision_text(move: Move, decision: str | None, outcome: str | None = None) -> str:
    """A decided move in one line: approved and applied -> `done_text`; declined or refused -> what
    was not done ("Declined: move A to IR, add B"; "Not applied: drop A, add B")."""
    if outcome == "refused":
        return f"Not applied: {proposed_text(move)}"
    if decision == "approve":
        return done_text(move)
    if decision == "decline":
        return f"Declined: {proposed_text(move)}"
    return f"{(decision or 'Decided').capitalize()}: {proposed_text(move)}"

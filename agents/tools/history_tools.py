"""The league's own record of what the manager decided (issue #36: "what did I just do?", "what moves
have I made?", "undo that", "what's still pending?"): `get_my_moves` reads the state store's applied
moves of this league and the cards decided in it, newest first, with what was expected when each was
approved, and the conversation's cards still waiting (from the graph state the tool node injects). No hindsight:
the realized gains the League and Approvals pages show are never given to a model.
"""
from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools.results import dump
from agents.tools.schemas import MovesArgs
from services.league.source import LeagueSource
from services.store.state import state_store

FIELDS = ("kind", "drop", "add", "title", "expected_gain", "unit", "season_gain", "season_unit")


def _card(card: dict) -> dict:
    return {k: card.get(k) for k in FIELDS} | {"kind": card.get("kind") or "swap"}


def build_history_tools(source: LeagueSource) -> list[BaseTool]:
    def get_my_moves(limit: int = 10, state: dict | None = None) -> str:
        store = state_store()
        moves = [m for m in store.moves(source.league_id) if m["team_id"] == source.my_team_id][::-1][:limit]
        decided = [d for d in store.decisions() if d["card"].get("league_id") == source.league_id
                   and d["card"].get("team_id", source.my_team_id) == source.my_team_id][::-1][:limit]
        return dump({"league_id": source.league_id, "as_of": source.as_of,
                     "applied": [{"applied_at": m["applied_at"], "league_day": m["as_of"], "actor": m["actor"],
                                  **_card(m["card"])} for m in moves],
                     "decided": [{"decided_at": d["decided_at"], "decision": d["decision"], "outcome": d["outcome"],
                                  "reason": d["reason"], **_card(d["card"])} for d in decided],
                     "waiting": waiting(state or {}),
                     "undo": "A chat message never changes the roster: an applied move is reversed by a new move "
                             "(its card), approved like any other."})

    return [StructuredTool.from_function(
        func=get_my_moves, name="get_my_moves", args_schema=MovesArgs,
        description="My approved moves in this league and the cards I decided (approved, declined, refused), newest "
                    "first, with the gain expected when each was decided, and the cards still waiting for my decision "
                    "in this conversation (`waiting`, in the order shown): for 'what did I just do?', 'what moves have "
                    "I made?', 'undo that', 'what's still pending?'.")]


def waiting(state: dict) -> list[dict]:
    """The conversation's cards still waiting for a decision (the sets a question set aside, newest
    first: at a new question every waiting set is one of them), a move offered in two sets listed once,
    as the Approvals list shows them."""
    from agents.core.contracts import cards_of
    from agents.core.deferred import waiting_cards

    w = waiting_cards([(d.get("set_id"), d.get("cards") or []) for d in state.get("deferred") or []])
    return [_card(raw) | {"move_id": c.move_id} for raw, c in zip(w, cards_of(w), strict=True)]

"""The optimizer's nodes as timed calls of the turn: what each was given (its `args`).

Every node reads league data or computes moves, so each run is reported like a tool call
(`agents.supervisor.tool_calls.traced_node`): `ask --json` `tool_calls` and the audit show it.
"""
from __future__ import annotations

from typing import Callable


def _pass(state: dict) -> dict:
    return {"pass": state.get("iteration", 0) + 1, "relax": state.get("relax", 0),
            "allow_drop": list(state.get("allow_drop") or [])}


NODE_ARGS: dict[str, Callable[[dict], dict]] = {
    "analyze_schedule": lambda s: {"players": len(s.get("my_roster") or [])},
    "check_injuries": lambda s: {"players": len(s.get("my_roster") or [])},
    "identify_candidates": lambda s: _pass(s) | {"target_categories": list(s.get("target_categories") or [])},
    "validate_moves": lambda s: _pass(s) | {"mode": s.get("advice_mode"),
                                           "add_candidates": len(s.get("add_candidates") or [])}
                                  | ({"limit": s["limit"]} if s.get("limit") else {})
                                  | ({"keep": list(s["keep"])} if s.get("keep") else {})
                                  | ({"punt": list(s["punt"])} if s.get("punt") else {})
                                  | ({"ir_cut": s["ir_cut"]} if s.get("ir_cut") else {}),
    "compose_lineup": lambda s: {"week": (s.get("week_window") or {}).get("week")},
}


def node_args(name: str) -> Callable[[dict], dict]:
    """What the node `name` is given, from state (nothing for a node that reads only the league)."""
    return NODE_ARGS.get(name, lambda _s: {})

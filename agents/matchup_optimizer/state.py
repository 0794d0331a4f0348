"""Typed state of the matchup optimizer (shares messages, answer and cards with the supervisor)."""
from __future__ import annotations

from typing import Annotated, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


class OptimizerState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    intent: str | None
    intent_label: dict  # the classifier's IntentLabel (model_dump): what the routers and parse_intent read
    answer: str | None
    pending_cards: list[dict]
    transactions: list[dict]
    decisions: list[dict]
    allow_drop: list[str]
    ir_cut: str | None  # the player the user named to go when an IR player returns ("cut X when he is back")
    only_drop: str | None  # the player the user named to move out ("stash Embiid on IR"): his moves only
    target_categories: list[str]
    leaders_in: str | None  # a superlative's category ("the best shot blocker out there": BLK): adds from the wire's leaders
    min_games: int | None  # "the guy's gotta have 3 games left": adds with at least this many games left this week
    limit: int | None  # how many cards the user asked for ("give me 3 options", "best single move"); None: 3
    keep: list[str]  # players the user keeps (the request frame's exclude): never the drop of a swap
    untouched: list[str]  # of those, the ones he named ("don't touch Collins"): no move of them at all, IR included
    matchup_line: str | None  # the scoreboard sentence streamed first (agents.matchup_optimizer.opening)
    need_note: str | None  # what the scoreboard says about the categories the user named (agents.core.needs)
    punt: list[str] | None  # the conversation's punted categories (None: never set; the Settings' punt applies)
    punt_default: list[str]  # the Settings' punt when the conversation last read it
    my_roster: list[str]
    opponent_roster: list[str]
    week_window: dict
    schedule_matrix: dict[str, list[str]]
    statuses: dict[str, str]
    drop_candidates: list[str]
    add_candidates: list[str]
    valid_moves: list[dict]
    weekly_lineup: dict
    iteration: int
    relax: int
    advice_mode: str | None  # "balanced" | "this_week": how moves are ranked (default: the source's)

"""A card tool's return value: the text the model reads and, apart, the cards for the graph.

Card tools are built with `response_format="content_and_artifact"`: the ToolMessage's content is
the capped JSON the model reads, its artifact the validated cards, which the tools node moves into
graph state (`agents.supervisor.tool_calls.hand_over_cards`). Nothing parses cards out of text.
"""
from __future__ import annotations

from agents.core.contracts import card_dicts, cards_of
from agents.tools.results import MAX_CHARS, dump

CARD_FORMAT = "content_and_artifact"
# A card states every category its move changes (issue #25): three categories cards are about 2,000
# characters each, so the model's copy gets room for them instead of MAX_CHARS' 6,000 (which kept one).
CARD_CAP = max(MAX_CHARS, 12000)


def with_cards(out: dict, cap: int = CARD_CAP) -> tuple[str, list[dict]]:
    """(the result's JSON for the model, its `moves` as validated card dicts)."""
    return dump(out, cap), card_dicts(cards_of(out.get("moves")))

"""The text of each "Honest limits" block, from the saved JSON of bench/honest_limits.py.

Each `Block` has two texts: `detail(saved)`, the bullet with its explanation, written into
docs/honest-limits.md under the block's title, and `short(saved)`, one line with the figure and a
link to that detail, written into the README. Both are between the block's two markers
(`<!-- honest:NAME -->`, `<!-- /honest:NAME -->`); bench/honest_limits.py writes them.

The writers live by family (`backtest`: the backtest's and the calibration's blocks; `product`: trades,
desk, arena, understanding and speed) over one shared formatter (`fmt`: intervals, a run's date and load).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from .backtest import (curve_detail, curve_short, ir_timing_detail, ir_timing_short, season_detail, season_short,
                       tradeoff_detail, tradeoff_short, week_claims_detail, week_claims_short)
from .product import (arena_detail, arena_short, chat_detail, chat_short, desk_detail, desk_short, nlu_detail,
                      nlu_short, pages_detail, pages_short, trades_detail, trades_short)

DOC = "docs/honest-limits.md"


@dataclasses.dataclass(frozen=True)
class Block:
    name: str
    title: str  # the heading in docs/honest-limits.md the README line links to
    sources: tuple[str, ...]
    detail: Callable[[dict], str]
    short: Callable[[dict], str]

    @property
    def anchor(self) -> str:
        """The heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens."""
        return re.sub(r"[^a-z0-9 -]", "", self.title.lower()).replace(" ", "-")

    def line(self, saved: dict) -> str:
        return f"- {self.short(saved)} ([detail]({DOC}#{self.anchor}))"


BLOCKS = (
    Block("season", "The season figure", ("backtest",), season_detail, season_short),
    Block("ir-timing", "IR timing", ("backtest", "ir-timing-wide"), ir_timing_detail, ir_timing_short),
    Block("week-claims", "Categories IR cards this week", ("backtest",), week_claims_detail, week_claims_short),
    Block("tradeoff", "Balanced gives up this week", ("backtest",), tradeoff_detail, tradeoff_short),
    Block("curve", "The return curve and durability", ("calibration",), curve_detail, curve_short),
    Block("trades", "Trades against the wire", ("trades", "trades-categories"), trades_detail, trades_short),
    Block("desk", "The desk", ("desk",), desk_detail, desk_short),
    Block("arena", "The arena", ("arena",), arena_detail, arena_short),
    Block("nlu", "Understanding", ("nlu",), nlu_detail, nlu_short),
    Block("chat", "Chat speed", ("chat",), chat_detail, chat_short),
    Block("pages", "Page speed", ("ui",), pages_detail, pages_short),
)

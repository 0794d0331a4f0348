"""Loop guards: LangGraph's recursion limit (10,007 by default) is no guard at all."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_tool_calls: int = 8
    max_model_rounds: int = 5
    wall_clock_s: float = 90.0
    recursion_limit: int = 60

    def tool_budget(self, requests: int = 1) -> int:
        """The turn's tool calls: `max_tool_calls` for each request the message holds (up to 3): three
        numbered asks need what each needs alone."""
        return self.max_tool_calls * min(max(int(requests or 1), 1), 3)

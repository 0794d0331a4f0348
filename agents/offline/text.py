"""Small text helpers shared by the offline planner's answer writers."""
from __future__ import annotations

from agents.core.cards import move_head
from agents.core.contracts import Card


def _ok(done, name):
    return [r for r in done.get(name, []) if r["ok"]]


def _table(headers: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


NO_HOT_FREE_AGENT = "**No free agent with 10+ games who played in the last two weeks is in better form than his season.**"


def hot_pick(done) -> tuple[list[dict], dict | None]:
    """The hot free agents of the `get_hot_free_agents` call, and the one to lead with: the first
    healthy one, else the hottest (None when the list is empty). Shared by points and categories."""
    fas = _ok(done, "get_hot_free_agents")[0]["data"]["free_agents"]
    return fas, (next((f for f in fas if f["status"] == "ACTIVE"), fas[0]) if fas else None)


def move_line(m: Card) -> str:
    """One card in a line, in the card's own words (agents.core.cards.move_head)."""
    cats = m.category_deltas
    moved = f"; categories: {', '.join(f'{k} {v:+}' for k, v in cats.items())}" if cats else ""
    return (f"{move_head(m.kind, m.drop, m.add)}, {m.expected_gain:+} {m.unit} expected "
            f"({m.add} {m.add_games_remaining} games left, {m.drop} {m.drop_games_remaining}{moved}).")


def cat_figure(category: str, value: float | None) -> str:
    """A category total in its own units: FG%/FT% with three decimals, counts with one."""
    if value is None:
        return "n/a"
    return f"{value:.3f}" if str(category).endswith("%") else f"{value:.1f}"

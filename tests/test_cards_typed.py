"""Cards are typed end to end: the code that reads a card takes a `Card` (a dict is refused), and no
page or agent module reads a card's fields by string key outside the few that handle stored JSON.

The card is built here from the demo league's own data (a real free agent and a real roster player,
read from the CSV-backed league), not from the product's card maker, so the expected texts are
independent of the code under test.
"""
from __future__ import annotations

import ast
import datetime as dt
import pathlib

import pytest

from agents.core.contracts import Card

ROOT = pathlib.Path(__file__).resolve().parents[1]

# Keys only a card has: a string read of one of these on a plain name is a card read by string.
CARD_ONLY = {"move_id", "drop_id", "add_id", "expected_gain", "expires_at", "league_kind", "drop_games_remaining",
             "add_games_remaining", "season_gain", "season_unit", "category_deltas", "issued_at", "drop", "add"}

# Modules that still read these keys, and why: they handle JSON that is not (only) a card.
ALLOWED = {
    "agents/core/offered.py": "state-store decision rows (`d['move_id']`), keyed by the move they decided",
    "agents/supervisor/facade.py": "state-store decision rows (`d['move_id']`) read to find the thread that offered a card",
    "agents/offline/writer.py": "a tool result's fit entries (`f['add']` is the free agent's name)",
    "agents/core/runtime.py": "the runtime's JSON API (pending_approvals, transactions, decision history rows)",
    "agents/supervisor/graph.py": "a trace label's drop/add",
    "agents/core/views.py": "state-store move rows (team_id, drop_id, add_id of applied moves)",
    "pages/components/turn.py": "stored transactions redrawn from history",
    "agents/offline/trade_talk.py": "a trade side's free moves (services/trades/wire.py rows: drop/add names), not cards",
    "agents/core/stale.py": "a decision's transaction rows (`t['move_id']` of an applied move), not cards",
    "agents/offline/moves_talk.py": "get_my_moves' result rows (an applied move's names and the gain expected), "
                                    "read from a tool's JSON, not cards",
}

# The modules issue #9 named: they take `Card` objects and must never read a card by key again.
TYPED = ["agents/core/approvals.py", "agents/core/views.py", "agents/core/threads.py", "agents/core/cards.py",
         "agents/matchup_optimizer/summary.py", "agents/tools/move_tools.py", "pages/components/cards.py",
         "pages/components/decisions.py", "pages/components/turn.py", "pages/approvals.py"]


def _string_reads(path: pathlib.Path) -> list[tuple[int, str, str]]:
    """(line, key, expression) of `x["key"]` and `x.get("key")` reads of card-only keys on a plain name."""
    out = []
    for n in ast.walk(ast.parse(path.read_text())):
        key = target = None
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str):
            key, target = n.slice.value, n.value
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get" and n.args
              and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)):
            key, target = n.args[0].value, n.func.value
        if key in CARD_ONLY and isinstance(target, ast.Name):
            out.append((n.lineno, key, ast.unparse(n)))
    return out


def test_no_page_or_agent_module_reads_a_card_by_string_key_outside_the_allowed_ones():
    offenders = {}
    for path in sorted([*ROOT.joinpath("agents").rglob("*.py"), *ROOT.joinpath("pages").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        reads = _string_reads(path)
        if reads and rel not in ALLOWED:
            offenders[rel] = reads
    assert offenders == {}, f"read cards through `Card` attributes, not by key: {offenders}"


def test_the_scan_catches_a_card_read_by_key(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f(card, c):\n    return card['move_id'], c.get('expected_gain'), card.move_id\n")
    assert sorted(k for _, k, _ in _string_reads(probe)) == ["expected_gain", "move_id"]


@pytest.mark.parametrize("module", [m for m in TYPED if m not in ALLOWED])
def test_the_typed_modules_read_no_card_by_key(module):
    assert _string_reads(ROOT / module) == []


@pytest.fixture
def card(demo_source) -> Card:
    """A card for a real move of the demo league: my first roster player dropped, its first free agent added."""
    src = demo_source()
    lg = src.league
    drop_id, add_id = lg.roster_ids()[0], lg.free_agent_ids()[0]
    name = {p: src.player_name(p) for p in (drop_id, add_id)}
    return Card(move_id="mv_test", title=f"Drop {name[drop_id]} -> Add {name[add_id]}", drop=name[drop_id],
                add=name[add_id], drop_id=drop_id, add_id=add_id, expected_gain=3.5, unit="pts", season_gain=-1.5,
                season_unit="fantasy points", reasons=["more games"], confidence=0.8,
                expires_at="2025-01-29T19:00:00", league_id=lg.league_id, team_id=lg.my_team_id,
                as_of=lg.as_of.isoformat())


def test_the_summary_takes_cards_and_refuses_dicts(card):
    from agents.matchup_optimizer.summary import move_label, season_cell

    assert move_label(card) == f"Drop {card.drop} -> Add {card.add}"
    assert move_label(card.model_copy(update={"kind": "ir"})) == f"Move {card.drop} to IR, add {card.add}"
    assert season_cell(card) == "-1.5 pts"
    with pytest.raises(AttributeError):
        move_label(card.model_dump())
    with pytest.raises(AttributeError):
        season_cell(card.model_dump())


def test_the_approval_gate_takes_cards_and_refuses_dicts(card, demo_source, fresh_state):
    from agents.core.approvals import apply_card, decision_line

    assert decision_line(card) == (f"Done: dropped {card.drop} and added {card.add} "
                                   "(+3.5 pts expected this week, -1.5 pts rest of season).")
    with pytest.raises(AttributeError):
        decision_line(card.model_dump())
    noon = dt.datetime(2025, 1, 29, 12, 0)
    with pytest.raises(AttributeError):  # refused before anything is applied
        apply_card(demo_source(), card.model_dump(), "typed", clock=lambda _c: noon)
    assert demo_source().league.roster_ids()[0] == card.drop_id


def test_the_card_widget_takes_cards_and_refuses_dicts(card):
    from pages.components import cards as card_ui

    with pytest.raises(TypeError):
        card_ui.render_card(card.model_dump(), "t", "k")
    with pytest.raises(TypeError):
        card_ui.title(card.model_dump())
    assert card_ui.title(card) == card.title
    assert card_ui.season_text(card) == "This week +3.5 pts · rest of season -1.5 pts"
    blocked = card.model_copy(update={"blocked": "another user's conversation"})
    assert card_ui.note(blocked, "blocked") == "another user's conversation" and card_ui.note(card, "blocked") is None
    assert card_ui.as_card(card.model_dump()) == card

"""The optimizer stays pure: no UI or agent imports, no clock, no randomness, and only the
outcome modules (backtest, replay, backtest_categories) read box scores on or after the as-of date (nothing advising
imports them)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[3] / "services" / "optimizer"
MODULES = sorted(PKG.glob("*.py"))
FORBIDDEN = ("langchain", "langgraph", "streamlit", "agents", "pages", "random", "time", "secrets")


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_ui_agent_clock_or_random_imports(path):
    for name in _imports(path):
        assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
    text = path.read_text()
    assert "datetime.now" not in text and "date.today" not in text and "dt.date.today" not in text


OUTCOMES = ("backtest.py", "replay.py", "backtest_categories.py")  # score moves with what really happened


@pytest.mark.parametrize("path", [p for p in MODULES if p.name not in OUTCOMES], ids=lambda p: p.name)
def test_only_backtest_reads_outcomes(path):
    """Catches an advising module that reads box scores or imports an outcome module."""
    assert "player_games" not in path.read_text()
    assert not any(name.endswith(("optimizer.backtest", "optimizer.replay", "optimizer.backtest_categories"))
                   for name in _imports(path)) or path.name == "__init__.py"


def test_modules_are_small():
    for path in MODULES:
        assert len(path.read_text().splitlines()) < 300, path.name

"""games.csv as the tests rewrite it: the real rows, and a copy with every row changed, that the
one loader (`services.league.season_games`) is pointed at."""
from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from services.league import season_games as sg
from services.config import DATA_DIR


def game_rows() -> list[dict]:
    """Every row of the repository's games.csv, as text."""
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def point_loader_at_rewrite(monkeypatch, path: Path, change: Callable[[dict], dict]) -> None:
    """Writes games.csv with `change(row)` applied to every row to `path` and points the loader at it
    (the caller clears the caches that read it)."""
    rows = game_rows()
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for r in rows:
            w.writerow(change(dict(r)))
    monkeypatch.setattr(sg, "GAMES_CSV", path)

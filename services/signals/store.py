"""Signals in the state store (`services.store.state.StateStore`: SQLite, or PostgreSQL when configured).

A signal is keyed by its id (`sig-{mode}-{game_id}`), so re-running the pod on a game keeps the
first signal. A decision is one conditional UPDATE (only a pending signal, only before it expires),
so two tabs approving at once decide it once; an expired signal cannot be decided.
"""
from __future__ import annotations

import datetime as dt
import json
from typing import Literal

from pydantic import BaseModel, computed_field

from services.signals.divergence import pick_edge
from services.store.state import StateStore

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS signals (
        id TEXT PRIMARY KEY, game_id TEXT NOT NULL, game_date TEXT NOT NULL, mode TEXT NOT NULL,
        created_at TEXT NOT NULL, expires_at TEXT NOT NULL, status TEXT NOT NULL,
        decided_at TEXT, actor TEXT, record TEXT NOT NULL)""",
]
Status = Literal["pending", "approved", "declined"]


class CitedNews(BaseModel):
    id: str
    text: str
    known_at: dt.datetime


class Signal(BaseModel):
    id: str
    market_id: str
    game_id: str
    game_date: dt.date
    question: str
    mode: str
    estimate: float  # P(home wins)
    price: float
    ev: float
    direction: Literal["yes", "no"]
    reasoning: str
    cited_news: list[CitedNews]
    confidence: Literal["low", "medium", "high"]
    estimate_confidence: str
    key_factors: list[str]
    created_at: dt.datetime
    expires_at: dt.datetime
    status: Status = "pending"
    decided_at: dt.datetime | None = None
    actor: str | None = None

    def expired(self, now: dt.datetime) -> bool:
        return now >= self.expires_at

    @property
    def teams(self) -> tuple[str, str]:
        """(home, away), read from the question "HOME beats AWAY on DATE"."""
        home, rest = self.question.split(" beats ", 1)
        return home, rest.split(" on ")[0]

    @property
    def backed(self) -> str:
        """The team approving buys: home when the pod says yes, the away team when it says no."""
        home, away = self.teams
        return home if self.direction == "yes" else away

    @property
    def claim(self) -> str:
        """The proposition the signal backs, in the words of its action ("OKC beats GSW on ...")."""
        home, away = self.teams
        other = away if self.direction == "yes" else home
        return f"{self.backed} beats {other} on {self.game_date.isoformat()}"

    @property
    def backed_estimate(self) -> float:
        """The pod's probability that the backed team wins."""
        return self.estimate if self.direction == "yes" else 1 - self.estimate

    @property
    def backed_price(self) -> float:
        """The price of the backed team's contract."""
        return self.price if self.direction == "yes" else 1 - self.price

    @computed_field  # in every dump (API, CLI --json, the pod's runs): the pick's own edge
    @property
    def edge(self) -> float:
        """The backed team's edge: its estimate minus its price (`ev` is the home side's)."""
        return pick_edge(self.ev, self.direction)

    @property
    def action(self) -> str:
        """What approving does, in words."""
        return f"buy {self.backed} to win at {self.backed_price:.3f}"


class DecisionResult(BaseModel):
    signal_id: str
    outcome: Literal["approved", "declined", "refused"]
    reason: str | None = None


def _utc(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).isoformat()


def signal_id(game_id: str, mode: str) -> str:
    return f"sig-{mode}-{game_id}"


class SignalStore:
    """Signals and their decisions on the shared state store."""

    def __init__(self, store: StateStore):
        """`store`: the state store, passed in (the agents open the configured one)."""
        self.store = store
        with self.store.transaction() as cur:
            for stmt in SCHEMA:
                cur.execute(stmt)

    def save(self, sig: Signal) -> Signal:
        """Stores the signal once; returns what is stored under its id (the first one wins)."""
        with self.store.transaction() as cur:
            cur.execute("INSERT INTO signals (id, game_id, game_date, mode, created_at, expires_at, status, record)"
                        " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (id) DO NOTHING",
                        (sig.id, sig.game_id, sig.game_date.isoformat(), sig.mode, _utc(sig.created_at),
                         _utc(sig.expires_at), "pending", sig.model_dump_json()))
        return self.get(sig.id)  # type: ignore[return-value]

    def _row(self, row: tuple) -> Signal:
        status, decided_at, actor, record = row
        return Signal.model_validate(json.loads(record) | {"status": status, "decided_at": decided_at, "actor": actor})

    def get(self, sid: str) -> Signal | None:
        rows = self.store.fetch("SELECT status, decided_at, actor, record FROM signals WHERE id=?", (sid,))
        return self._row(rows[0]) if rows else None

    def list(self, start: dt.date | None = None, end: dt.date | None = None, status: str | None = None,
             mode: str | None = None) -> list[Signal]:
        sql, params = "SELECT status, decided_at, actor, record FROM signals WHERE 1=1", []
        for cond, val in (("game_date >= ?", start and start.isoformat()), ("game_date <= ?", end and end.isoformat()),
                          ("status = ?", status), ("mode = ?", mode)):
            if val:
                sql += f" AND {cond}"
                params.append(val)
        return [self._row(r) for r in self.store.fetch(sql + " ORDER BY game_date, id", tuple(params))]

    def decide(self, sid: str, decision: str, now: dt.datetime, actor: str = "analyst") -> DecisionResult:
        """approve | decline a pending, unexpired signal; anything else is refused with the reason."""
        if decision not in ("approve", "decline"):
            return DecisionResult(signal_id=sid, outcome="refused", reason="a decision is 'approve' or 'decline'")
        sig = self.get(sid)
        if sig is None:
            return DecisionResult(signal_id=sid, outcome="refused", reason="no such signal")
        if sig.status != "pending":
            return DecisionResult(signal_id=sid, outcome="refused", reason=f"it was {sig.status} already")
        if sig.expired(now):
            return DecisionResult(signal_id=sid, outcome="refused", reason=f"it expired at tip ({sig.expires_at:%Y-%m-%d %H:%M} UTC)")
        status = "approved" if decision == "approve" else "declined"
        now = now.astimezone(dt.timezone.utc)
        with self.store.transaction() as cur:
            cur.execute("UPDATE signals SET status=?, decided_at=?, actor=? WHERE id=? AND status='pending' AND expires_at > ?",
                        (status, now.isoformat(), actor, sid, now.isoformat()))
            changed = cur.rowcount
        if changed != 1:  # decided in another tab or process in between
            return DecisionResult(signal_id=sid, outcome="refused", reason="it was decided already")
        return DecisionResult(signal_id=sid, outcome=status)

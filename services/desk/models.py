"""Typed boundaries of the desk: a bet request, the desk's limits, and the validated decision."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, model_validator

Market = Literal["moneyline", "spread", "total"]
Side = Literal["home", "away", "over", "under"]
MAX_TTL_SECONDS = 600
MAX_MOVE_PCT = 10.0
LINE_FLEX_POINTS = 3.0  # NBA spreads: a counter may move the line by up to 3 points (totals: FLEX_POINTS)
FLEX_POINTS = {"spread": 3.0, "total": 2.0}  # the seed's "NBA +-2-3 points, be conservative on totals"
MIN_STAKE = 1.0  # the smallest bet the desk books (a 1e-9 stake would be booked with liability 0.0)
ECHO_TOL = 1e-9  # an accept's odds and amount equal the request's within this
COUNTER_TTL_SECONDS = 60  # the counter an off-terms accept becomes: the prompt's TTL and market move
COUNTER_MOVE_PCT = 2.0


MAX_LINE = 400.0  # no NBA spread or total is beyond it (and a line past it is no line)
# the ranges of a bet's numbers: the request model, the CLI (through it) and the API's body share them
Line = Annotated[float, Field(ge=-MAX_LINE, le=MAX_LINE, allow_inf_nan=False)]
Odds = Annotated[float, Field(gt=1.0, le=100.0, allow_inf_nan=False)]
Stake = Annotated[float, Field(ge=MIN_STAKE, le=100_000, allow_inf_nan=False)]


class BetRequest(BaseModel):
    """A bettor's request: take `side` of `market` at `line` and decimal `odds` for `amount`."""

    game_id: str = Field(min_length=1, max_length=64)
    market: Market
    side: Side
    line: Line | None = None
    odds: Odds
    amount: Stake
    bettor: str = Field("bettor", min_length=1, max_length=80)

    @model_validator(mode="after")
    def _check(self) -> "BetRequest":
        if self.market in ("moneyline", "spread") and self.side not in ("home", "away"):
            raise ValueError(f"a {self.market} bet is on home or away, not {self.side}")
        if self.market == "total" and self.side not in ("over", "under"):
            raise ValueError(f"a total bet is on over or under, not {self.side}")
        if self.market == "moneyline":
            self.line = None
        elif self.line is None:
            raise ValueError(f"a {self.market} bet needs a line")
        elif self.line * 2 != int(self.line * 2):
            raise ValueError(f"lines are whole or half points, not {self.line}")
        return self


class DeskLimits(BaseModel):
    """The agent's config: worst-case loss limits per side (market+side of a game) and per game."""

    agent_id: str = "desk-maker"
    max_per_side: float = Field(default=200.0, gt=0, allow_inf_nan=False)
    max_per_game: float = Field(default=400.0, gt=0, allow_inf_nan=False)


class Decision(BaseModel):
    """The market maker's final output, validated before anything is booked."""

    decision: Literal["accept", "reject", "counter"]
    amount: float | None = Field(default=None, gt=0)
    odds: float | None = Field(default=None, gt=1.0)
    line: float | None = None
    ttl_seconds: int | None = Field(default=None, gt=0, le=MAX_TTL_SECONDS)
    max_market_move_pct: float | None = Field(default=None, gt=0, le=MAX_MOVE_PCT)
    reason: str = Field(min_length=3, max_length=600)
    confidence: float = Field(ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _check(self) -> "Decision":
        if self.decision == "counter":
            if self.ttl_seconds is None or self.max_market_move_pct is None:
                raise ValueError("a counter needs ttl_seconds and max_market_move_pct")
            if self.odds is None and self.line is None and self.amount is None:
                raise ValueError("a counter must propose odds, a line and/or an amount")
        if self.decision == "accept" and (self.amount is None or self.odds is None):
            raise ValueError("an accept states the amount and the odds")
        return self


def check_against_request(d: Decision, req: BetRequest, market_line: float | None) -> list[str]:
    """What makes a well-formed decision wrong for this request (empty when it is fine)."""
    errs = []
    if d.decision == "accept":
        if d.amount is not None and d.amount > req.amount + ECHO_TOL:
            errs.append(f"accept amount {d.amount} is above the requested {req.amount}")
        if d.odds is not None and d.odds > req.odds + ECHO_TOL:
            errs.append(f"accept odds {d.odds} are above the requested {req.odds}")
    if d.decision == "counter":
        if req.market == "moneyline" and d.line is not None:
            errs.append("a moneyline counter has no line")
        bound = FLEX_POINTS.get(req.market, 0.0)
        if d.line is not None and market_line is not None and abs(d.line - market_line) > bound:
            errs.append(f"counter line {d.line} is more than {bound:g} points from the market {market_line}")
        if d.line is not None and d.line * 2 != int(d.line * 2):
            errs.append("lines are whole or half points")
        if d.amount is not None and d.amount > req.amount + 1e-9:
            errs.append(f"counter amount {d.amount} is above the requested {req.amount}")
    if d.decision in ("accept", "counter") and d.amount is not None and d.amount < MIN_STAKE:
        errs.append(f"amount {d.amount} is under the minimum stake {MIN_STAKE:g}")
    return errs


def echo_differences(d: Decision, req: BetRequest) -> list[str]:
    """How an accept's terms differ from the request's (empty: it echoes them; a missing line
    echoes the requested one). An accept books the request, so any difference is not an accept."""
    diffs = []
    if d.odds is not None and abs(d.odds - req.odds) > ECHO_TOL:
        diffs.append(f"odds {d.odds:g}, not the requested {req.odds:g}")
    if d.amount is not None and abs(d.amount - req.amount) > ECHO_TOL:
        diffs.append(f"amount {d.amount:g}, not the requested {req.amount:g}")
    if d.line is not None and req.line is not None and d.line != req.line:
        diffs.append(f"line {d.line:g}, not the requested {req.line:g}")
    return diffs


def accept_as_counter(d: Decision, req: BetRequest) -> Decision:
    """An accept on other terms than the request is a counter on those terms, which the bettor
    must accept (the decision itself when it echoes the request, or is not an accept)."""
    diffs = echo_differences(d, req) if d.decision == "accept" else []
    if not diffs:
        return d
    return Decision(decision="counter", odds=d.odds, amount=d.amount, line=d.line, ttl_seconds=COUNTER_TTL_SECONDS,
                    max_market_move_pct=COUNTER_MOVE_PCT, confidence=d.confidence,
                    reason=f"accepted at {'; '.join(diffs)}: a counter the bettor must accept ({d.reason})"[:600])

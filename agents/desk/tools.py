"""The market maker's five tools: thin typed wrappers over services.markets and the desk's book.

`build_desk_tools(ctx)` binds them to one evaluation (desk time, quote id, book, limits); the
two calculators write every call to the calculation log with that quote id.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Literal

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from services.league import season_games
from services.desk import calc, exposure, flex
from services.desk.book import DeskBook
from services.desk.models import DeskLimits
from services.markets import state as market

DESK_TOOL_NAMES = ["get_market_state", "get_my_exposure", "get_my_recent_decisions", "compare_odds",
                   "compute_exposure_impact"]
RECENT_WINDOW_S = 60


@dataclass
class DeskContext:
    book: DeskBook | None
    limits: DeskLimits
    quote_id: str
    at: dt.datetime
    accept_edge_pct: float = calc.ACCEPT_EDGE_PCT  # the bettor's accept band (a sharp's is narrower)
    shading: bool = True  # liability-driven line shading on (off: the benchmark's "before")


class MarketArgs(BaseModel):
    game_id: str = Field(description="Game id, e.g. 2025-01-29-CHI-BOS")
    market: str | None = Field(default=None, description="moneyline, spread or total: also price this bet")
    side: str | None = Field(default=None, description="home, away, over or under")
    line: float | None = Field(default=None, description="the bet's line from its side (home -5.5, away +5.5, total 221.5)")
    requested_odds: float | None = Field(default=None, description="the bettor's odds: also find a line to counter at")


class ExposureArgs(BaseModel):
    game_id: str
    market: str | None = None
    side: str | None = None


class RecentArgs(BaseModel):
    game_id: str
    limit: int = Field(default=5, ge=1, le=20)


class CompareArgs(BaseModel):
    offered_odds: float = Field(description="the decimal odds the bettor asks for")
    market_odds: float = Field(description="your decimal price for the same bet (from get_market_state)")
    perspective: Literal["desk", "bettor"] = Field(
        default="bettor", description="whose edge edge_pct is: the bettor's (the accept band reads it) or the desk's")


class ImpactArgs(BaseModel):
    amount: float = Field(description="stake to match")
    odds: float = Field(description="decimal odds it would be matched at")
    current_side_exposure: float
    current_game_exposure: float
    max_per_side: float
    max_per_game: float


def market_view(game_id: str, at: dt.datetime, bet: tuple[str, str, float | None] | None = None) -> dict:
    """What get_market_state returns (also used by the CLI, the page and chat)."""
    s = market.market_state(game_id, at)
    out = {
        "game_id": game_id, "away": s.away, "home": s.home, "tip": s.tip.isoformat(), "listed": s.listed,
        "minutes_to_tip": round(s.minutes_to_tip, 1),
        "moneyline": {"home": s.home_odds, "away": s.away_odds, "home_win_prob": round(s.home_win_prob, 4),
                      "open_home": s.open_home_odds, "open_away": s.open_away_odds},
        "spread": {"home_line": s.home_spread, "away_line": -s.home_spread, "odds": s.spread_odds,
                   "open_home_line": s.open_home_spread},
        "total": {"line": s.total, "odds": s.total_odds, "open_line": s.open_total},
        "desk_opinion": {"home_line": s.desk_home_spread, "total": s.desk_total,
                         "label": "the desk's own Elo line (results known at listing), not the market"},
        "as_of": at.isoformat(), "labels": s.labels,
    }
    if bet is not None:
        mkt, side, line = bet
        line = None if mkt == "moneyline" else line
        if mkt != "moneyline" and line is None:
            line = market.market_line(s, mkt, side)
        out["quote"] = {"market": mkt, "side": side, "line": line, "market_line": market.market_line(s, mkt, side),
                        "desk_odds": market.bet_odds(s, mkt, side, line),
                        "fair_prob": round(market.bet_prob(s, mkt, side, line), 4)}
    return out


def _dump(x) -> str:
    return json.dumps(x, default=str)


def shaded_quote(ctx: DeskContext, game_id: str, quote: dict) -> dict:
    """The desk's price for the bet after liability-driven shading (logged as a `line_shading`
    calculation when it moves the price): past half of the side's limit, the desk moves its own
    market line on that side against the bettor by up to 1.5 points (home -5.5 -> -6.5, over 220.5
    -> 221.5) and prices the requested bet against the shaded line."""
    s = market.market_state(game_id, ctx.at)
    mkt, side, line = quote["market"], quote["side"], quote["line"]
    side_now = ctx.book.exposure(game_id, mkt, side)["side_exposure"] or 0.0
    inputs = {"market": mkt, "side": side, "line": quote["market_line"], "side_exposure": side_now,
              "max_per_side": ctx.limits.max_per_side}
    out = flex.shade_line(**inputs)
    if not out["shade_points"]:
        return quote
    ctx.book.log_calc("line_shading", inputs, out, ctx.quote_id, ctx.at)
    odds = flex.shaded_price(s, mkt, side, line, out["shade_points"])
    return quote | {"desk_odds": odds, "shading": out | {"unshaded_desk_odds": quote["desk_odds"]}}


def line_counter(ctx: DeskContext, game_id: str, quote: dict, requested_odds: float) -> dict | None:
    """The adjacent line the desk could counter at (logged as a `line_counter` calculation), when
    the requested line is off the market."""
    mkt, side, line, mline = quote["market"], quote["side"], quote["line"], quote["market_line"]
    if mkt == "moneyline" or line is None or mline is None or line == mline:
        return None
    s = market.market_state(game_id, ctx.at)
    inputs = {"market": mkt, "side": side, "requested_line": line, "market_line": mline,
              "requested_odds": requested_odds, "ladder": flex.ladder(s, mkt, side, line),
              "accept_edge_pct": ctx.accept_edge_pct}
    out = flex.counter_line(**inputs)
    if ctx.book is not None:
        ctx.book.log_calc("line_counter", inputs, out, ctx.quote_id, ctx.at)
    return out


def build_desk_tools(ctx: DeskContext) -> list[BaseTool]:
    def get_market_state(game_id: str, market: str | None = None, side: str | None = None,
                         line: float | None = None, requested_odds: float | None = None) -> str:
        season_games.get_game(game_id)
        view = market_view(game_id, ctx.at, (market, side, line) if market and side else None)
        if "quote" in view and ctx.book is not None:
            if ctx.shading:
                view["quote"] = shaded_quote(ctx, game_id, view["quote"])
            if requested_odds is not None:
                view["quote"]["line_counter"] = line_counter(ctx, game_id, view["quote"], requested_odds)
        return _dump(view)

    def get_my_exposure(game_id: str, market: str | None = None, side: str | None = None) -> str:
        e = ctx.book.exposure(game_id, market, side)
        lim = ctx.limits
        nets = exposure.netted(ctx.book.positions(open_only=True, game_id=game_id))
        return _dump(e | {"total_exposure": ctx.book.total_exposure(),
                          "max_per_side": lim.max_per_side, "max_per_game": lim.max_per_game}
                     | exposure.room(e["side_exposure"], e["game_exposure"], lim.max_per_side, lim.max_per_game)
                     | {"netted": nets, "limits_bind_on": "gross (every open bet winning at once)"})

    def get_my_recent_decisions(game_id: str, limit: int = 5) -> str:
        out = []
        for q in ctx.book.quotes(game_id, limit=limit):
            at = dt.datetime.fromisoformat(q["at"])
            if at > ctx.at:
                continue
            d, r = q["decision"], q["request"]
            then, now = market.market_state(game_id, at), market.market_state(game_id, ctx.at)
            moved = (then.listed, then.home_spread, then.total) != (now.listed, now.home_spread, now.total)
            out.append({"quote_id": q["quote_id"], "seconds_ago": round((ctx.at - at).total_seconds(), 1),
                        "market_moved_since": moved,  # a reused price is valid only while this is false
                        "status": q["status"], "market": r["market"], "side": r["side"], "line": r.get("line"),
                        "requested_odds": r["odds"], "desk_odds": q["record"].get("desk_odds"),
                        "market_line": q["record"].get("market_line"),
                        "decision": d.get("decision"), "reason": d.get("reason")})
        return _dump({"game_id": game_id, "decisions": out, "recent_window_seconds": RECENT_WINDOW_S})

    def compare_odds(offered_odds: float, market_odds: float, perspective: str = "bettor") -> str:
        inputs = {"offered_odds": offered_odds, "market_odds": market_odds, "perspective": perspective}
        out = calc.compare_odds(**inputs)
        cid = ctx.book.log_calc("compare_odds", inputs, out, ctx.quote_id, ctx.at)
        return _dump(out | {"calc_id": cid})

    def compute_exposure_impact(amount: float, odds: float, current_side_exposure: float,
                                current_game_exposure: float, max_per_side: float, max_per_game: float) -> str:
        inputs = {"amount": amount, "odds": odds, "current_side_exposure": current_side_exposure,
                  "current_game_exposure": current_game_exposure, "max_per_side": max_per_side,
                  "max_per_game": max_per_game}
        out = calc.compute_exposure_impact(**inputs)
        cid = ctx.book.log_calc("compute_exposure_impact", inputs, out, ctx.quote_id, ctx.at)
        return _dump(out | {"calc_id": cid})

    specs = [
        (get_market_state, MarketArgs, "The desk's current market for a game (moneyline, spread, total; open vs now, "
         "priced from the spread) and, given market/side/line, the desk's decimal price for that bet (shaded "
         "against the bettor when your exposure on that side is past half its limit); given requested_odds "
         "and an off-market line, line_counter: the adjacent line within the NBA bounds (spread 3, total 2 "
         "points) where the requested odds are within your accept band."),
        (get_my_exposure, ExposureArgs, "Your open worst-case loss on the game, on one side and in total (every "
         "game), with your limits, "
         "the room left per side and per game, and the netted loss per outcome (limits bind on the gross)."),
        (get_my_recent_decisions, RecentArgs, "Your recent decisions on this game (seconds ago, request, your price)."),
        (compare_odds, CompareArgs, "The edge in % between the requested odds and your price, from the bettor's "
         "or the desk's perspective (bettor_edge_pct is always the bettor's). Use this instead of doing math."),
        (compute_exposure_impact, ImpactArgs, "How matching a bet changes your exposure, whether it fits both "
         "limits, and the largest amount that does."),
    ]
    return [StructuredTool.from_function(func=f, name=f.__name__, description=d, args_schema=s) for f, s, d in specs]

"""The demo league's other managers answer a trade proposal by their own valuation.

Their rule, stated once: accept when the trade raises their own rest-of-season value over their
own best free moves (the waiver swaps they could make anyway, services.trades.wire; exact daily
lineups on the season value and return model the cards use, services.trades.value) by at least
`ACCEPT_MARGIN` (0.5%) of that value; otherwise counter with ONE change (ask for one more of my
players, swap one player they would get for another of mine, or keep one of theirs) that clears
the margin, choosing the change that gains me most over my own free moves; otherwise decline,
saying by how much the trade falls short. An open roster spot the trade leaves them is worth only
the best free agent their free moves left, so a 2-for-1 that merely fills a spot does not pass.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from services.trades.roster_fit import after_roster, wire_gain
from services.trades.value import Valuer, unit
from services.trades.wire import ACCEPT_MARGIN, league_wires

__all__ = ["ACCEPT_MARGIN", "Response", "Settled", "TradeTerms", "respond", "settle"]


class TradeTerms(BaseModel):
    team_id: int  # the proposing team
    partner_id: int
    give_ids: list[str]  # from the proposing team
    get_ids: list[str]  # from the partner


class Settled(BaseModel):
    """The full roster change of a trade both teams agreed to (one recorded move replays it)."""

    terms: TradeTerms
    my_cut: list[str]
    my_pickup: list[str]
    their_cut: list[str]
    their_pickup: list[str]


class Response(BaseModel):
    decision: Literal["accept", "counter", "decline"]
    reason: str
    their_change: float  # their gain over their best free moves
    needed: float  # the margin they require
    counter: TradeTerms | None = None
    my_change_counter: float | None = None  # the proposer's gain over his free moves under the counter


def settle(v: Valuer, terms: TradeTerms, my_cut=()) -> Settled:
    _, mc, _, mp = after_roster(v, terms.team_id, terms.give_ids, terms.get_ids, list(my_cut))
    _, tc, _, tp = after_roster(v, terms.partner_id, terms.get_ids, terms.give_ids,
                                free_agents=[p for p in v.lg.free_agent_ids() if p not in mp])
    return Settled(terms=terms, my_cut=mc, my_pickup=mp, their_cut=tc, their_pickup=tp)


def respond(lg, terms: TradeTerms) -> Response:
    v = Valuer(lg)
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    u, them = unit(lg.scoring), lg.team_name(terms.partner_id)[0]
    fas = lg.free_agent_ids()
    wires = league_wires(lg, lambda _t: v, fas)  # every team's free moves, claims resolved
    theirs_w, mine_w = wires[terms.partner_id], wires[terms.team_id]
    needed = ACCEPT_MARGIN * abs(theirs_w.value)
    gain = lambda t: wire_gain(v, theirs_w, t.partner_id, t.get_ids, t.give_ids, fas)[1]  # noqa: E731
    theirs = gain(terms)
    over = "over their best free moves"
    if theirs >= needed:
        return Response(decision="accept", their_change=round(theirs, 1), needed=round(needed, 1),
                        reason=f"{them} accepts: it adds {theirs:+.1f} {u} to their rest of season {over} "
                               f"(they accept from {needed:+.1f}, {ACCEPT_MARGIN:.1%} of their value).")
    best = None
    for alt in _one_changes(lg, terms):
        t_change = gain(alt)
        if t_change < needed:
            continue
        m_change = wire_gain(v, mine_w, alt.team_id, alt.give_ids, alt.get_ids, fas)[1]
        if best is None or m_change > best[1]:
            best = (alt, m_change, t_change)
    short = (f"it changes their rest of season by {theirs:+.1f} {u} {over}, and they accept from {needed:+.1f} "
             f"({ACCEPT_MARGIN:.1%} of their value)")
    if best is None:
        return Response(decision="decline", their_change=round(theirs, 1), needed=round(needed, 1),
                        reason=f"{them} declines: {short}; no single change would get there.")
    alt, m_change, t_change = best
    what = (f"give {' + '.join(map(name, alt.give_ids))}, get {' + '.join(map(name, alt.get_ids))}")
    return Response(decision="counter", their_change=round(theirs, 1), needed=round(needed, 1), counter=alt,
                    my_change_counter=round(m_change, 1),
                    reason=f"{them} counters: {short}. They would do {what} ({t_change:+.1f} {u} for them, "
                           f"{m_change:+.1f} for you, each over its best free moves).")


def _one_changes(lg, t: TradeTerms) -> list[TradeTerms]:
    """Every trade one change away: one more of my players, one of mine swapped, one of theirs kept."""
    mine = [p for p in lg.roster_ids(t.team_id) if p not in t.give_ids]
    out = []
    if len(t.give_ids) < 3:
        out += [t.model_copy(update={"give_ids": [*t.give_ids, p]}) for p in mine]
    for i in range(len(t.give_ids)):
        out += [t.model_copy(update={"give_ids": [*t.give_ids[:i], p, *t.give_ids[i + 1:]]}) for p in mine]
    if len(t.get_ids) > 1:
        out += [t.model_copy(update={"get_ids": [q for q in t.get_ids if q != p]}) for p in t.get_ids]
    return out

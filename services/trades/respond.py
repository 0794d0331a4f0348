"""The demo league's other managers answer a trade proposal by their own valuation.

Their rule, stated once: accept when the trade raises their own rest-of-season value (exact daily
lineups, `services.trades.value`) by at least `ACCEPT_MARGIN` of their roster's value; otherwise
counter with ONE change (ask for one more of my players, swap one player they would get for
another of mine, or keep one of theirs) that clears the margin, choosing the change that costs
me least; otherwise decline, saying by how much the trade falls short.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from services.trades.evaluate import after_roster
from services.trades.value import Valuer, unit

ACCEPT_MARGIN = 0.002  # +0.2% of their roster's rest-of-season value (about 28 fantasy points in the demo)


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
    their_change: float
    needed: float  # the margin they require
    counter: TradeTerms | None = None
    my_change_counter: float | None = None  # the proposer's change under the counter


def _change(v: Valuer, team: int, out_ids, in_ids, cut=()) -> float:
    after, *_ = after_roster(v, team, list(out_ids), list(in_ids), list(cut))
    value = lambda ids: sum(x for x, _ in v.lineup(tuple(v.player(p) for p in ids)).values())  # noqa: E731
    return value(after) - value(v.lg.roster_ids(team))


def settle(v: Valuer, terms: TradeTerms, my_cut=()) -> Settled:
    _, mc, _, mp = after_roster(v, terms.team_id, terms.give_ids, terms.get_ids, list(my_cut))
    _, tc, _, tp = after_roster(v, terms.partner_id, terms.get_ids, terms.give_ids,
                                free_agents=[p for p in v.lg.free_agent_ids() if p not in mp])
    return Settled(terms=terms, my_cut=mc, my_pickup=mp, their_cut=tc, their_pickup=tp)


def respond(lg, terms: TradeTerms) -> Response:
    v = Valuer(lg)
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    u, them = unit(lg.scoring), lg.team_name(terms.partner_id)[0]
    base = sum(x for x, _ in v.lineup(tuple(v.player(p) for p in lg.roster_ids(terms.partner_id))).values())
    needed = ACCEPT_MARGIN * abs(base)
    theirs = _change(v, terms.partner_id, terms.get_ids, terms.give_ids)
    if theirs >= needed:
        return Response(decision="accept", their_change=round(theirs, 1), needed=round(needed, 1),
                        reason=f"{them} accepts: it adds {theirs:+.1f} {u} to their rest of season "
                               f"(they accept from {needed:+.1f}).")
    best = None
    for alt in _one_changes(lg, terms):
        t_change = _change(v, alt.partner_id, alt.get_ids, alt.give_ids)
        if t_change < needed:
            continue
        m_change = _change(v, alt.team_id, alt.give_ids, alt.get_ids)
        if best is None or m_change > best[1]:
            best = (alt, m_change, t_change)
    short = f"it changes their rest of season by {theirs:+.1f} {u}, and they accept from {needed:+.1f}"
    if best is None:
        return Response(decision="decline", their_change=round(theirs, 1), needed=round(needed, 1),
                        reason=f"{them} declines: {short}; no single change would get there.")
    alt, m_change, t_change = best
    what = (f"give {' + '.join(map(name, alt.give_ids))}, get {' + '.join(map(name, alt.get_ids))}")
    return Response(decision="counter", their_change=round(theirs, 1), needed=round(needed, 1), counter=alt,
                    my_change_counter=round(m_change, 1),
                    reason=f"{them} counters: {short}. They would do {what} ({t_change:+.1f} {u} for them, "
                           f"{m_change:+.1f} for you).")


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

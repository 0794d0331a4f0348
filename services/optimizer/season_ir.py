"""Rest-of-season value of an IR move: an expectation over the IR player's return curve, with the
cut his return forces (`ir_season_gains`). The exact lineups are `season.season_gains`'s.
"""
from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np

from services.optimizer.season import SeasonInputs, SeasonPlayer, season_gains, season_table, within
from services.optimizer.weekly import Prepared


@dataclasses.dataclass(frozen=True)
class IrReturn:
    """What an IR move's season value assumes about the player's return."""

    expected: dt.date | None  # his expected return: first game the curve plays half of (None: not this season)
    cut_ids: tuple[str, ...]  # per free agent: who is cut if he returns (the added player, or he himself)
    back_share: float = 0.0  # his return curve's rate for his last games of the horizon (his chance to be back)


def _segments(ir: SeasonPlayer) -> list[tuple[dt.date | None, dt.date | None, float]]:
    """[start, end) spans of days over which his play probability is one value (this week's
    next-game rate, then each return-curve window), with that value; the first span opens at None."""
    spans: list[list] = []
    for d, q in zip(ir.games, ir.rates, strict=True):
        if not spans or abs(spans[-1][2] - q) > 1e-12:
            spans.append([d, None, q])
    for a, b in zip(spans, spans[1:]):
        a[1] = b[0]
    if spans:
        spans[0][0] = None
    return [tuple(x) for x in spans]


def _holding(season: SeasonInputs, k: int, rate: float) -> SeasonInputs:
    """`season` with roster row `k` playing each of his games with chance `rate` (one branch of an
    IR player's return: 0 while he is out, his back rate once he is back)."""
    roster = tuple(p.at(rate) if i == k else p for i, p in enumerate(season.roster))
    return dataclasses.replace(season, roster=roster)


def ir_season_gains(week_prep: Prepared, season: SeasonInputs, k: int,
                    cut_id: str | None = None, keep: tuple[str, ...] = ()) -> tuple[np.ndarray, IrReturn]:
    """(season gain per free agent, return) of moving roster row `k` to IR and adding each free agent.

    An expectation over his return curve: on each span of days where his play probability is q
    (`_segments`: this week's next-game rate, then each curve window), he is back with chance
    p = q / b, b his chance to play once back (`SeasonPlayer.back_rate`: the calibrated ACTIVE rate
    of his tier), so that p x b games are his q. Each branch is scored against standing pat in the
    same branch. Not back (he plays nothing), the added player holds his spot; back (he plays at b),
    the 14 must become 13: the one cut is `cut_id` when named, else the lowest rest-of-season total
    (`SeasonPlayer.total`, over the games from his expected return, or the whole horizon when he is
    not expected back) among the 13 others and the added one, never one the user keeps (`keep`), never the returning player (his total
    is counted at his unconditional curve, low exactly when he is out long; back, he is worth keeping,
    and the activation card and the replay never cut him). Both parts are exact lineup values
    (`season_gains`) over the span. Scoring both branches against one standing pat with him at q
    (as before session 12) undercounted the claim by about p x (1 - p) x his value: the back branch
    had him at q, not b, and the audit of every OUT player's IR card realized 1.59 times its claims
    (points; bench/backtest_ir_audit.py). With a single expected-return date instead, a curve below
    one half counted no cut at all (10 of 12 balanced IR claims), and 11 of those players were back
    within the data."""
    ir = season.roster[k]
    ret = ir.expected_return()
    later = within(season, start=ret) if ret else season
    ids = [p.player_id for p in later.roster]
    named = cut_id in ids and cut_id != ir.player_id
    # never the returning player, nor one the user keeps ("not Bol Bol": the next lowest goes)
    others = [i for i in range(len(ids)) if i != k and ids[i] not in keep] or [i for i in range(len(ids)) if i != k]
    cut = ids.index(cut_id) if named else min(others, key=lambda i: (later.roster[i].total(), i))
    who, row = [], []  # per free agent: who goes when he is back, and the gains row that counts it
    for fa in later.free_agents:
        if named:
            who.append(ids[cut]), row.append(1)
        elif fa.total() < later.roster[cut].total():
            who.append(fa.player_id), row.append(-1)  # the added player is the one to go: standing pat
        else:
            who.append(ids[cut]), row.append(1)
    pick = np.array(row)
    gains = np.zeros(len(season.free_agents))
    for lo, hi, q in _segments(ir) or [(None, None, 0.0)]:
        p = min(1.0, q / ir.back_rate) if ir.back_rate > 0 else 0.0  # chance he is back: q = back x plays once back
        # one exact scan with him at b: row 0 swaps him out (+ what losing him costs = the gain against
        # the roster without him, the branch where he is out), row 1 makes the cut (the branch where he is back)
        g, loss = season_gains(season_table(week_prep, _holding(within(season, lo, hi), k, ir.back_rate)),
                               np.array([k, cut]))
        gains += (1.0 - p) * (g[0] + loss[0]) + p * np.where(pick < 0, 0.0, g[1])
    share = ir.rates[-1] if ir.rates else 0.0
    return gains, IrReturn(ret, tuple(who), round(float(share), 4))

"""Per-game stat vectors, the objective's weights, and category win probabilities.

Every player-game is summarized by one additive vector (expected stats, their variances,
fantasy points, a start count, the objective value), so a lineup's rest-of-week projection
is a sum of rows. Availability q enters as a Bernoulli mixture: mean q*m, variance
q*sd^2 + q(1-q)*m^2; q is the player's chance to play that day when it differs by day (an OUT
player's return odds: `PlayerInput.day_availability`, rows per day in `weekly.Table.by_day`).

Categories use a normal approximation of (my total - their total) per category; FG% and FT%
compare makes/attempts with a binomial spread of the makes. The categories objective weights
each stat by d P(win category) / d (my total): contested categories count, decided ones don't.
"""
from __future__ import annotations

from typing import Mapping

import numpy as np
from scipy.special import ndtr

from services.optimizer.models import STATS, PlayerInput
from services.league.scoring import CATEGORIES, POINTS_WEIGHTS

N_STATS = len(STATS)
IDX = {s: i for i, s in enumerate(STATS)}
MEAN = slice(0, N_STATS)
VAR = slice(N_STATS, 2 * N_STATS)
FG_BINVAR, FT_BINVAR, FPTS, FPTS_VAR, COUNT, VALUE, VALUE_VAR = range(2 * N_STATS, 2 * N_STATS + 7)
WIDTH = 2 * N_STATS + 7

CATS: tuple[str, ...] = tuple(CATEGORIES)
POINTS_COEF = np.array([float(POINTS_WEIGHTS.get(s, 0.0)) for s in STATS])
COUNT_VAR_FLOOR = 0.25  # half a unit of spread: totals are integers
PCT_VAR_FLOOR = 1e-6


def stat_vector(values: Mapping[str, float]) -> np.ndarray:
    return np.array([float(values.get(s, 0.0) or 0.0) for s in STATS])


def points_coef(weights: Mapping[str, float] | None = None) -> np.ndarray:
    """Fantasy points per stat as a vector: the league's `weights` (an ESPN league's own), else
    ESPN's defaults (`POINTS_COEF`)."""
    return POINTS_COEF if weights is None else stat_vector(weights)


def player_rows(players: tuple[PlayerInput, ...], coef: np.ndarray, points: bool,
                fpts_coef: np.ndarray = POINTS_COEF, day=None) -> np.ndarray:
    """(n, WIDTH) per-game summary of each player; VALUE is coef . expected stats x availability,
    FPTS is the league's fantasy points (`fpts_coef`) of the expected stats. `day`: a game on that
    date, at each player's chance to play that day (`PlayerInput.chance_on`); else `availability`."""
    out = np.zeros((len(players), WIDTH))
    for i, p in enumerate(players):
        q = min(1.0, max(0.0, p.chance_on(day) if day is not None else float(p.availability)))
        m, sd = stat_vector(p.expected), stat_vector(p.stat_sd)
        fpts = float(fpts_coef @ m)
        fpts_sd = float(p.stat_sd.get("fpts", 0.0) or 0.0)
        var = q * sd**2 + q * (1 - q) * m**2
        out[i, MEAN], out[i, VAR] = q * m, var
        for slot, made, att in ((FG_BINVAR, "fgm", "fga"), (FT_BINVAR, "ftm", "fta")):
            a = m[IDX[att]]
            pct = m[IDX[made]] / a if a > 0 else 0.0
            out[i, slot] = q * a * pct * (1 - pct)
        out[i, FPTS] = q * fpts
        out[i, FPTS_VAR] = q * fpts_sd**2 + q * (1 - q) * fpts**2
        out[i, COUNT] = 1.0
        out[i, VALUE] = float(coef @ out[i, MEAN])
        out[i, VALUE_VAR] = out[i, FPTS_VAR] if points else float(coef**2 @ var)
    return out


def totals(so_far: Mapping[str, float]) -> np.ndarray:
    return stat_vector(so_far)


def _pct_terms(made: int, att: int, binvar: int, base: np.ndarray, rest: np.ndarray):
    m = base[made] + rest[..., made]
    a = base[att] + rest[..., att]
    safe = np.where(a > 0, a, 1.0)
    pct = np.where(a > 0, m / safe, 0.0)
    return pct, rest[..., binvar] / safe**2, safe


def category_margins(my_rest: np.ndarray, opp_rest: np.ndarray, my0: np.ndarray,
                     opp0: np.ndarray) -> tuple[np.ndarray, np.ndarray, dict]:
    """(z, sd, pct info): my standardized lead in each category (sign: positive = I win).

    `my_rest` may carry leading axes (one row per candidate lineup); output has shape
    (..., 9) in CATS order.
    """
    zs, sds = [], []
    pct_info = {}
    for cat in CATS:
        col, higher = CATEGORIES[cat]
        if "/" in col:
            made, att = (IDX[c] for c in col.split("/"))
            binvar = FG_BINVAR if made == IDX["fgm"] else FT_BINVAR
            x, vx, a_me = _pct_terms(made, att, binvar, my0, my_rest)
            y, vy, _ = _pct_terms(made, att, binvar, opp0, opp_rest)
            sd = np.sqrt(vx + vy + PCT_VAR_FLOOR)
            lead = x - y
            pct_info[cat] = (x, a_me, made, att)
        else:
            k = IDX[col]
            lead = (my0[k] + my_rest[..., k]) - (opp0[k] + opp_rest[..., k])
            sd = np.sqrt(my_rest[..., N_STATS + k] + opp_rest[..., N_STATS + k] + COUNT_VAR_FLOOR)
            if not higher:
                lead = -lead
        zs.append(lead / sd)
        sds.append(np.broadcast_to(sd, np.shape(lead)))
    return np.stack(zs, axis=-1), np.stack(sds, axis=-1), pct_info


def win_probabilities(my_rest: np.ndarray, opp_rest: np.ndarray, my0: np.ndarray,
                      opp0: np.ndarray) -> np.ndarray:
    """P(I win) per category, shape (..., 9)."""
    z, _, _ = category_margins(my_rest, opp_rest, my0, opp0)
    return ndtr(z)


def counted_mask(punt=()) -> np.ndarray:
    """1 for each category (CATS order) the objective counts, 0 for a punted one."""
    return np.array([0.0 if c in set(punt or ()) else 1.0 for c in CATS])


def category_coef(my_rest: np.ndarray, opp_rest: np.ndarray, my0: np.ndarray,
                  opp0: np.ndarray, punt=()) -> tuple[np.ndarray, dict[str, float]]:
    """Per-stat weights of the categories objective: d sum_c P(win c) / d (my stat total), the
    sum over the categories not punted.

    Returns (coef over STATS, {category: dP/d(my total)}) for one projected lineup.
    """
    z, sd, pct_info = category_margins(my_rest, opp_rest, my0, opp0)
    dens = np.exp(-0.5 * z**2) / np.sqrt(2 * np.pi) / sd
    coef = np.zeros(N_STATS)
    weights = {}
    for j, cat in enumerate(CATS):
        col, higher = CATEGORIES[cat]
        g = 0.0 if cat in set(punt or ()) else float(dens[j])
        if "/" in col:
            x, a_me, made, att = pct_info[cat]
            coef[made] += g / float(a_me)
            coef[att] -= g * float(x) / float(a_me)
        else:
            coef[IDX[col]] += g if higher else -g
        weights[cat] = g if higher else -g
    return coef, weights


def categories_won(mine: np.ndarray, theirs: np.ndarray) -> float:
    """Categories won by final totals (a tie counts half)."""
    won = 0.0
    for cat, (col, higher) in CATEGORIES.items():
        if "/" in col:
            made, att = (IDX[c] for c in col.split("/"))
            a = mine[made] / mine[att] if mine[att] else 0.0
            b = theirs[made] / theirs[att] if theirs[att] else 0.0
        else:
            a, b = mine[IDX[col]], theirs[IDX[col]]
            if not higher:
                a, b = -a, -b
        won += 1.0 if a > b else 0.5 if a == b else 0.0
    return won

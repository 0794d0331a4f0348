"""Fits the transparent estimator's constants by least squares on games BEFORE 2024-12-01.

margin = b0 + b1 * elo_margin + b2 * absence_edge + b3 * b2b_edge + b4 * dense_edge, and the
residual sd turns the margin into a probability. The news coefficients are bounded at zero from
below (a stated prior: losing players or rest cannot help a team), so a noisy fit cannot make an
absence read as good news. The scored window (2024-12-01 on) is never used;
`estimator.COEFS` holds the result of `fit()` and a test checks that they agree.
Run `python -m services.signals.fit` to print them.
"""
from __future__ import annotations

import datetime as dt
import json
import math

import numpy as np
from scipy.optimize import lsq_linear

from services.league.season_games import all_games
from services.signals.features import game_features
from services.league.snapshot import forget_in_memory

FIT_START = dt.date(2024, 11, 1)  # ten days of box scores first, so player values mean something
FIT_END = dt.date(2024, 12, 1)  # exclusive: the scored window starts here
NAMES = ["intercept", "elo_margin", "absence_edge", "b2b_edge", "dense_edge"]


def fit_games(start: dt.date = FIT_START, end: dt.date = FIT_END) -> list[str]:
    return [g.game_id for g in all_games() if start <= g.date < end and g.season_type == "regular"]


def fit(start: dt.date = FIT_START, end: dt.date = FIT_END) -> dict:
    """{'coefs': {name: value}, 'sd': residual sd, 'n': games} from games in [start, end)."""
    if end > FIT_END:
        raise ValueError(f"the estimator is fit on games before {FIT_END} only")
    rows, ys, last = [], [], None
    for gid in fit_games(start, end):
        g = next(x for x in all_games() if x.game_id == gid)
        if last is not None and g.date != last:
            forget_in_memory()  # one snapshot per date is enough; keep memory flat
        last = g.date
        rows.append(game_features(gid).row())
        ys.append(g.margin)
    x, y = np.array(rows), np.array(ys, dtype=float)
    lower = [-np.inf, -np.inf, 0.0, 0.0, 0.0]
    beta = lsq_linear(x, y, bounds=(lower, [np.inf] * len(NAMES))).x
    resid = y - x @ beta
    sd = math.sqrt(float(resid @ resid) / (len(y) - len(NAMES)))
    return {"coefs": {n: round(float(b), 4) for n, b in zip(NAMES, beta, strict=True)}, "sd": round(sd, 3), "n": len(y)}


if __name__ == "__main__":
    print(json.dumps(fit()))

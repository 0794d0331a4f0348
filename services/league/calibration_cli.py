"""`python -m services calibration [--as-of D] [--json]`: the availability table behind every projection."""
from __future__ import annotations

import datetime as dt
import json
import sys

from services.models import ServiceError


def calibration_table(as_of: dt.date):
    """The calibration of the as-of view (checked against the data's dates)."""
    from services.league.demo_source import check_as_of
    from services.league.snapshot import snapshot

    check_as_of(as_of)
    return snapshot(as_of).calibration


def run_calibration(as_of: dt.date | None, as_json: bool) -> int:
    from services.config import get_settings

    as_of = as_of or get_settings().as_of
    try:
        cal = calibration_table(as_of)
    except ServiceError as e:
        if as_json:
            print(json.dumps({"error": str(e)}))
        print(f"error: {e}", file=sys.stderr)
        return 2
    from services.store.db import db_path
    from services.league.calibration_check import out_of_sample

    check = out_of_sample(str(db_path()))
    if as_json:
        print(json.dumps(cal.model_dump(mode="json") | {"out_of_sample": check.model_dump(mode="json"),
                                                         "error": None}, indent=2))
        return 0
    print(f"Play probability as of {cal.as_of} ({cal.mornings} player-mornings; {cal.source})")
    print("  by class: " + ", ".join(f"{s} {r:.1%}" for s, r in cal.by_status.items()))
    for r in cal.rows:
        print(f"  {r.status:<6} {r.tier:>12} {r.days_since:>10} since last game: played {r.played}/{r.mornings} "
              f"next game -> {r.rate:.1%}; {r.later_rate:.1%} of games 1-4 weeks later; return curve "
              "(1-2 / 2-4 / 4-8 / 8-16 weeks) " + " / ".join(f"{x:.0%}" for x in r.later_curve))
    print(f"Out of sample (fit before D, observed {check.window_days} days after; target <= "
          f"{check.target_points} points weighted per tier):")
    for d in check.dates:
        print(f"  {d.as_of}: " + "; ".join(f"{t.tier} {t.weighted_error:.1f} pts ({t.mornings} mornings)"
                                           for t in d.tiers))
    print("  pooled: " + "; ".join(f"{t.tier} {t.weighted_error:.1f} pts" for t in check.pooled))
    if check.curve:
        print("Return curve out of sample (as of each Wednesday, weeks 2-16, the games after that week): " +
              "; ".join(f"{t.tier} {t.weighted_error:.1f} pts" + ("" if t.within_target else " (above target)")
                        for t in check.curve.tiers))
    if check.durability:
        du = check.durability
        print(f"Durability (a healthy player's own missed games, shrunk with {du.strength:g} team games of his tier's "
              f"share; {du.chosen:g} chosen on the dates before {du.split}), later dates: Brier {du.later.brier_own:.4f} "
              f"against {du.later.brier_tier:.4f} by the tier's rate, log loss {du.later.log_loss_own:.4f} against "
              f"{du.later.log_loss_tier:.4f} ({du.later.games} player-games)")
    return 0

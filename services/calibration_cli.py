"""`python -m services calibration [--as-of D] [--json]`: the availability table behind every projection."""
from __future__ import annotations

import datetime as dt
import json
import sys

from services.models import ServiceError


def calibration_table(as_of: dt.date):
    """The calibration of the as-of view (checked against the data's dates)."""
    from services.demo_source import check_as_of
    from services.snapshot import snapshot

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
    if as_json:
        print(json.dumps(cal.model_dump(mode="json") | {"error": None}, indent=2))
        return 0
    print(f"Play probability as of {cal.as_of} ({cal.mornings} player-mornings; {cal.source})")
    print("  by status: " + ", ".join(f"{s} {r:.1%}" for s, r in cal.by_status.items()))
    for r in cal.rows:
        print(f"  {r.status:<6} {r.days_since:>10} since last game: played {r.played}/{r.mornings} next game -> "
              f"{r.rate:.1%}; {r.later_rate:.1%} of games 1-4 weeks later; return curve (1-2 / 2-4 / 4-8 weeks) "
              + " / ".join(f"{x:.0%}" for x in r.later_curve))
    return 0

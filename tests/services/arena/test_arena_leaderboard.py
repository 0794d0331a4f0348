"""The ranked leaderboard with intervals (issue #41: "No intervals, the table is not ranked"):
bootstrap over game days (and seeds), paired differences, ruin, and the line saying which
differences are established. Curves are built by hand so every figure is known.
Broken version caught: today's aggregate (mean and min..max band only, in the order run).
"""
from __future__ import annotations

import pytest

from services.arena.leaderboard import established_line, leaderboard


def _ep(values, trades=1):
    curve = [{"value": v} for v in values[1:]]
    total = values[-1] / values[0] - 1
    peak, dd = values[0], 0.0
    for v in values:
        peak = max(peak, v)
        dd = max(dd, (peak - v) / peak)
    return {"initial_cash": values[0], "equity_curve": curve,
            "metrics": {"total_return": total, "max_drawdown": dd, "sharpe_per_matchday": 0.0, "trades": trades}}


def test_ranked_with_intervals_ruin_and_established_differences():
    days = 40
    steady = [1000.0 * 1.01 ** k for k in range(days + 1)]        # +1% every day: certain
    flat = [1000.0] * (days + 1)
    noisy = [1000.0]
    for k in range(days):
        noisy.append(noisy[-1] * (1.05 if k % 2 else 0.955))       # up and down around zero
    ruin = [1000.0 * 0.85 ** k for k in range(days + 1)]            # falls under 5% of the cash
    board = leaderboard({"hold": [_ep(flat, 0)], "steady": [_ep(steady)], "noisy": [_ep(noisy)],
                         "ruin": [_ep(ruin)]})
    ranked = board["ranked"]
    assert [r["agent"] for r in ranked] == ["steady", "noisy", "hold", "ruin"] and [r["rank"] for r in ranked] == [1, 2, 3, 4]
    steady_row = ranked[0]
    assert steady_row["return_mean"] == pytest.approx(1.01 ** days - 1, abs=1e-4)
    assert steady_row["return_ci95"] == pytest.approx([1.01 ** days - 1] * 2, abs=1e-4)  # every day the same
    assert ranked[2]["return_ci95"] == [0.0, 0.0]
    lo, hi = ranked[1]["return_ci95"]
    assert lo < 0 < hi  # the noisy agent's interval straddles zero
    assert [r["ruin_share"] for r in ranked] == [0.0, 0.0, 0.0, 1.0]
    pairs = {(p["better"], p["worse"]): p for p in board["differences"]}
    assert pairs[("steady", "hold")]["established"] and pairs[("hold", "ruin")]["established"]
    assert not pairs[("noisy", "hold")]["established"]
    line = board["established_line"]
    assert "steady > hold" in line and "noisy vs hold" in line.split("Not established:")[1]


def test_seeds_widen_the_interval_of_a_seeded_agent():
    """Two seeds that each rise steadily but at different rates: days alone give a point for each,
    seeds resampled give an interval spanning both."""
    a = [1000.0 * 1.01 ** k for k in range(31)]
    b = [1000.0 * 0.99 ** k for k in range(31)]
    board = leaderboard({"random": [_ep(a), _ep(b)], "hold": [_ep([1000.0] * 31, 0)]})
    row = next(r for r in board["ranked"] if r["agent"] == "random")
    assert row["episodes"] == 2
    assert row["return_ci95"][0] == pytest.approx(0.99 ** 30 - 1, abs=1e-4)
    assert row["return_ci95"][1] == pytest.approx(1.01 ** 30 - 1, abs=1e-4)
    assert row["return_seed_band"] == [round(0.99 ** 30 - 1, 4), round(1.01 ** 30 - 1, 4)]


def test_episodes_over_different_days_are_refused():
    with pytest.raises(ValueError, match="same matchdays"):
        leaderboard({"a": [_ep([1000.0] * 5)], "b": [_ep([1000.0] * 6)]})


def test_the_line_when_nothing_is_established():
    line = established_line([{"better": "a", "worse": "b", "difference_ci95": [-0.1, 0.2], "established": False}])
    assert line.startswith("Established (95% interval of the paired difference excludes 0): none.")

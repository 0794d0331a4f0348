"""The hold-or-stream verdict (`deep_analysis` with the offline reasoner) against the CSV.

Catches: the verdict hard-wired to "hold" (bench/mutants.py, `hold_verdict_always_hold`): an OUT
player worth a fraction of a healthy streamer must be streamed, a healthy star held. And the
newer hold check (`evaluate_hold`, mutant `hold_tool_always_hold`) against brute force.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from agents.offline.reasoner import offline_reasoner
from agents.tools import build_tools


def _csv_per_game(csv_facts, pid, as_of) -> float:
    """The projection the reasoner uses: half the season mean, half the last 10 games."""
    rows = csv_facts.player_games(pid, before=as_of)
    season = sum(r["fpts"] for r in rows) / len(rows)
    recent = sum(r["fpts"] for r in rows[-10:]) / len(rows[-10:])
    return 0.5 * season + 0.5 * recent


def _deep(source, name: str) -> dict:
    tool = next(t for t in build_tools(source, offline_reasoner(source)) if t.name == "deep_analysis")
    return json.loads(tool.invoke({"question": f"Should I hold {name} or stream his roster spot this week?",
                                   "context": "stream position any"}))


def _games_left(csv_facts, pid, as_of) -> int:
    team = csv_facts.team_of(pid, as_of)
    sunday = as_of + dt.timedelta(days=6 - as_of.weekday())
    return len(csv_facts.team_games_between(team, as_of, sunday))


def test_an_out_player_is_streamed_not_held(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    assert csv_facts.missed_in_row("embiijo01", as_of) >= 3  # OUT by the CSV
    out = _deep(src, "Joel Embiid")
    per_game, games = _csv_per_game(csv_facts, "embiijo01", as_of), _games_left(csv_facts, "embiijo01", as_of)
    assert f"{per_game:.1f} expected per game" in out["reasoning"] and f"{games} games left" in out["reasoning"]
    assert out["hold_value"] < 0.3 * per_game * games  # OUT players rarely play
    assert out["stream_value"] > out["hold_value"]
    assert out["conclusion"].startswith(f"Stream {out['stream_candidate']}")


def test_a_dtd_player_worth_less_than_the_streamer_is_streamed(demo_source, csv_facts, as_of):
    """A DTD player of my roster (1-2 missed games in the CSV; the weakest of them) is no star next
    to the streamer: stream."""
    src = demo_source(as_of)
    lg = src.league
    dtd = [p for p in lg.roster_ids() if lg.snapshot.players[p].status == "DTD"
           and 1 <= csv_facts.missed_in_row(p, as_of) <= 2]
    assert dtd
    pid = min(dtd, key=lambda p: _csv_per_game(csv_facts, p, as_of))
    out = _deep(src, lg.snapshot.players[pid].ref.name)
    streamer = re.search(r"\((\d+) games, ([\d.]+) expected per game\)", out["reasoning"])
    assert streamer, out["reasoning"]
    assert _csv_per_game(csv_facts, pid, as_of) < 1.5 * float(streamer.group(2))  # not a star
    assert out["hold_value"] < out["stream_value"]
    assert out["conclusion"].startswith(f"Stream {out['stream_candidate']}")


def test_a_healthy_star_is_held(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    assert csv_facts.missed_in_row("jokicni01", as_of) == 0
    out = _deep(src, "Nikola Jokic")
    assert out["conclusion"].startswith("Hold Nikola Jok")


def test_evaluate_hold_drops_the_player_the_top_move_drops(demo_source):
    """Catches evaluate_hold's verdict hard-wired to "hold" (bench/mutants.py, `hold_tool_always_hold`):
    on the first morning, a week at a time from Jan 31 back, whose best move by brute force swaps one
    of my players out (an IR move is not a drop verdict: with my open IR slot and an OUT player it is
    the best move most mornings), the hold check must say drop for him and hold for a player the
    move keeps."""
    from brute_force import BruteForce

    from services import optimizer as opt

    top = None
    for day in (dt.date(2025, 1, 31) - dt.timedelta(weeks=i) for i in range(10)):
        src = demo_source(day)
        lg = src.league
        inputs = opt.from_demo_league(lg, season=True)
        if [m.kind for m in opt.scan_moves(inputs, limit=1)] != ["swap"]:
            continue  # my open IR slot and an OUT player: the best move is an IR move most mornings
        top = BruteForce(inputs).best_moves(1)  # the brute force decides; the scan only skips mornings
        if top and top[0].kind == "swap":
            break
    assert top and top[0].kind == "swap", top
    tool = next(t for t in build_tools(src, offline_reasoner(src)) if t.name == "evaluate_hold")
    gone = json.loads(tool.invoke({"name": lg.snapshot.players[top[0].drop].ref.name}))
    assert gone["verdict"] == "drop", gone
    kept = next(p for p in lg.roster_ids() if p != top[0].drop)
    assert json.loads(tool.invoke({"name": lg.snapshot.players[kept].ref.name}))["verdict"] == "hold"

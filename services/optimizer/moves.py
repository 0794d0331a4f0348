"""Ranked (drop, add) moves: who may be dropped, the scan, and readable results.

Every move carries two numbers: its expected gain this week and, when the inputs hold the rest
of the season (`inputs.season`), the change of rest-of-season value. The mode decides the
ranking: "balanced" (the default) ranks by the week's gain plus the season change over the next
BALANCE_WEEKS weeks (pro rata: KAPPA x season change x min(1, BALANCE_WEEKS / weeks left)) and
never offers a move that lowers the season's value (a small loss this week can be worth it); "this_week" (streaming) ranks by the week's gain only.
IR moves ("ir": an OUT player goes to an open IR slot, the free agent takes his spot, nobody is
dropped) are scored like the swap for the week; for the season, an expectation over the IR
player's calibrated return curve: while he is out the added player plays, and once he is back one
of the 14 has to go (the lowest rest-of-season total, or the player the user names):
`season_ir.ir_season_gains` counts that cut at his chance of being back, and the card says when he is
expected back and who likely goes.

Protected players (the top `protect_top` of my roster by per-game value, and anyone at or above
the league-wide `star_value` of the inputs) are never offered as
drops unless named in `allow_drop`. Confidence is P(the move helps) under a normal
approximation: the linear objective's gain against the spread of the added player's starts
and the dropped player's lost starts (availability included in both).
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.models import MoveEval, OptimizerInputs, PlayerInput
from services.optimizer.reasons import _per_game_text, category_changes, change_text, return_text, week_claim_text
from services.optimizer.scan import MoveTable, scan_table
from services.optimizer.weekly import Prepared, prepare

MODES = ("balanced", "this_week")
# Season value in week-gain units: 1 for points (both fantasy points); for categories the rate
# measured on the league's finished weeks (`SeasonInputs.per_value`, services.optimizer.calibration_cats),
# with this prior when there are none: about 0.03 categories won per z-score-game (a normal
# approximation; the league's weeks measure about 0.02).
KAPPA = {"points": 1.0, "categories": 0.03}
# How far ahead balanced advice looks: eight weeks (about two months). Chosen on the backtest
# (bench/backtest.py): 2, 4, 6 and 8 weeks all beat every baseline over the rest of the data in
# categories; in points 8 weeks realized the most over the rest of the data while keeping the
# week's realized gain above the sensible heuristic's.
BALANCE_WEEKS = 8.0


def per_game_value(prep: Prepared, i: int) -> float:
    """A roster player's per-game value for protection: season_value, else the objective."""
    p = prep.roster.players[i]
    if p.season_value is not None:
        return float(p.season_value)
    m = pj.stat_vector(p.expected)
    return float(prep.coef @ m)


def droppable(prep: Prepared, allow_drop: Iterable[str] = (), protect_top: int = 6) -> np.ndarray:
    """Roster row indices that may be dropped, in roster order."""
    allow = set(allow_drop)
    order = sorted(range(len(prep.roster.players)), key=lambda i: (-per_game_value(prep, i), i))
    protected = set(order[:max(0, protect_top)])
    star = prep.inputs.star_value
    if star is not None:  # a league-wide star is protected even on a deep roster
        protected |= {i for i in range(len(prep.roster.players)) if per_game_value(prep, i) >= star}
    ids, kept = [p.player_id for p in prep.roster.players], set(prep.inputs.keep)  # "not Bol Bol": never his drop
    return np.array([i for i in range(len(ids)) if (i not in protected or ids[i] in allow) and ids[i] not in kept],
                    dtype=int)


def mode_scores(week: np.ndarray, season: np.ndarray | None, mode: str, scoring: str,
                weeks_left: float = 1.0, per_value: float | None = None) -> np.ndarray:
    """The ranking key of each pair: the week's gain, or (balanced) the week's gain plus the
    season change over the next BALANCE_WEEKS weeks, negative whenever the season change is (such
    a move is never offered in balanced mode)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
    if mode == "this_week" or season is None:
        return week
    rate = KAPPA.get(scoring, 1.0) if per_value is None else per_value
    ahead = rate * season * min(1.0, BALANCE_WEEKS / max(weeks_left, 1.0))
    return np.where(season < -1e-9, np.minimum(ahead, -1e-6), week + ahead)


def _day(d) -> str:
    return f"{d:%a %b} {d.day}"


def _confidence(mean: float, var: float) -> float:
    if var <= 0:
        return 1.0 if mean > 0 else (0.5 if mean == 0 else 0.0)
    return 0.5 * (1.0 + math.erf(mean / math.sqrt(2.0 * var)))


def _status_text(status: str) -> str:
    return "REST (sat the second night of a back-to-back)" if status == "REST" else status


def _player_reason(p: PlayerInput, games: int, starts: int, verb: str, points: bool = True, punt=()) -> str:
    text = f"{verb} {p.label}: {games} games left, {starts} starts, {_per_game_text(p, points, punt)}"
    if p.day_availability:  # an OUT player: each game at the return model's chance that day
        chances = ", ".join(f"{q:.0%} {d:%a}" for d, q in sorted(p.day_availability.items()))
        text += f", {_status_text(p.status)} (plays with prob. {chances}: the return model, game by game)"
    elif p.availability < 1.0:
        text += f", {_status_text(p.status)} (plays with prob. {p.availability:.0%})"
    return text


CLEARLY_BETTER = 1.15  # a dropped player this much better per game needs a reason on the card


def _weeks(days: int) -> str:
    n = max(1, round(days / 7))
    return f"about {n} week{'s' if n > 1 else ''}"


def _season_reasons(prep: Prepared, kind: str, drop: PlayerInput, add: PlayerInput, season_gain: float,
                    ret=None) -> list[str]:
    """What the season figure assumes, in words: the IR return and its cut, or why a clearly
    better player (not OUT) is given up."""
    season, as_of = prep.inputs.season, prep.inputs.as_of
    by_id = {p.player_id: p for p in (*season.roster, *season.free_agents)}
    out = []
    if kind in ("ir", "activate_ir") and ret is not None:
        when, cut, share = (*ret, None)[:3]
        cut_name = cut[1]
        going = (f"likely {cut_name}" if cut[0] != add.player_id
                 else f"likely {cut_name}, the player {'back' if kind == 'activate_ir' else 'added'} now")
        if kind == "ir" and drop.returns is not None:
            out.append(return_text(drop.label, drop.returns, prep.days[-1] if prep.days else as_of))
        if kind == "ir" and prep.inputs.scoring != "points":
            out.append(week_claim_text())
        if when is None:
            out.append(f"his calibrated return curve stays below 50% this season ({share or 0.0:.0%} by its end): if he "
                       f"does return one player has to go, {going}: counted at his chance of being back in the "
                       "rest-of-season figure")
        else:
            out.append(f"the rest-of-season figure counts his return game by game this week (the return model), then "
                       f"week by week on the calibrated return curve "
                       f"(an even chance from {_weeks((when - as_of).days)} out, around {when:%b} {when.day}): when "
                       f"{drop.label} is back one player has to go, {going}")
    sd, sa = by_id.get(drop.player_id), by_id.get(add.player_id)
    # better per game by the season's per-game value or by the week's (the one the card shows)
    week_d, week_a = (float(prep.fpts_coef @ pj.stat_vector(p.expected))
                      for p in (drop, add))
    better = max(sd.value / sa.value if sd and sa and sa.value > 0 else 0.0,
                 week_d / week_a if season.unit == "fantasy points" and week_a > 0 else 0.0)
    if kind == "swap" and season_gain > 0 and drop.status != "OUT" and sd and sa and better >= CLEARLY_BETTER:
        out.append(f"why give up {drop.label}: {better - 1:.0%} better per game, but {_status_text(drop.status)} "
                   f"(calibrated: plays {drop.availability:.0%} of this week's games and {sd.availability:.0%} "
                   f"of the season's, against {sa.availability:.0%} for {add.label})")
    return out


def move_eval(prep: Prepared, table: MoveTable, r: int, a: int, kind: str = "swap",
              season_gain: float | None = None, score: float | None = None, ret=None) -> MoveEval:
    """The readable result for one evaluated pair (`ret`: an IR move's (expected return, (cut id,
    cut name)))."""
    k = int(table.drops[r])
    drop, add = prep.roster.players[k], prep.free_agents.players[a]
    drop_row, add_row = prep.roster.rows[k], prep.free_agents.rows[a]
    add_days = [d for d, s in zip(prep.days, table.add_start_days[r, a], strict=True) if s]
    add_starts, drop_starts = len(add_days), int(table.drop_starts[r])
    delta = table.starts_delta[r, a]
    starts_gained = {d.isoformat(): int(x) for d, x in zip(prep.days, delta, strict=True)}
    gain = float(table.gain[r, a])
    deltas: dict[str, float] = {}
    changes: list[tuple[str, float, float]] = []
    unit = "fantasy points"
    punt = prep.inputs.punt
    reasons = [_player_reason(add, int(prep.free_agents.plays[a].sum()), add_starts, "add", prep.points, punt),
               _player_reason(drop, int(prep.roster.plays[k].sum()), drop_starts, "drop", prep.points, punt)]
    if add_days:
        reasons.append("added starts on " + ", ".join(_day(d) for d in add_days))
    net = int(delta.sum())
    reasons.append(f"net {net:+d} starts over {len(prep.days)} remaining days")
    if prep.points:
        reasons.append(f"expected {gain:+.1f} fantasy points this week")
    else:
        unit = "categories won"
        after = pj.win_probabilities(table.after[r, a], prep.opp_rest, prep.my0, prep.opp0)
        before = pj.win_probabilities(table.base, prep.opp_rest, prep.my0, prep.opp0)
        changes = category_changes(before, after, prep.inputs.punt)
        deltas = {c: round(y - x, 3) for c, x, y in sorted(changes, key=lambda t: -abs(t[2] - t[1]))}
        reasons += [change_text(c, b, a) for c, b, a in changes]  # every material change, leads at risk first
        reasons.append(f"expected {gain:+.2f} categories won this week"
                       + (f" (punted, not counted: {', '.join(prep.inputs.punt)})" if prep.inputs.punt else ""))
    season_unit = ""
    if season_gain is not None:
        season_unit = prep.inputs.season.unit
        won = ("" if prep.points else f" (about {season_gain * prep.inputs.season.per_value:+.2f} categories won "
               f"at the {100 * prep.inputs.season.per_value:.1f} per 100 z-score-games measured on this league's weeks)")
        reasons.append(f"rest of season {season_gain:+.1f} {season_unit}{won}")
        reasons += _season_reasons(prep, kind, drop, add, season_gain, ret)
    if kind in ("ir", "activate_ir"):
        reasons[1] = reasons[1].replace(f"drop {drop.label}", f"move {drop.label} to IR", 1)
    if kind in ("activate", "activate_ir"):
        reasons[0] = reasons[0].replace(f"add {add.label}", f"activate {add.label} from IR", 1)
    var = add_starts * add_row[pj.VALUE_VAR] + drop_starts * drop_row[pj.VALUE_VAR]
    conf = _confidence(float(table.value_gain[r, a]), float(var))
    return MoveEval(drop.player_id, add.player_id, round(gain, 4), unit,
                    int(prep.roster.plays[k].sum()), int(prep.free_agents.plays[a].sum()),
                    add_starts, drop_starts, starts_gained, deltas, round(conf, 3), tuple(reasons),
                    drop.name, add.name, kind, None if season_gain is None else round(season_gain, 2),
                    season_unit, round(gain if score is None else float(score), 6),
                    ret[0] if ret else None, ret[1][0] if ret else "", ret[1][1] if ret else "",
                    tuple((c, round(x, 3), round(y, 3)) for c, x, y in changes),
                    drop.returns if kind == "ir" else None)


def _season_arrays(prep: Prepared, drops: np.ndarray, irs: np.ndarray):
    """(season gain (drops, free agents) or None, IR row -> season gains, IR row -> IrReturn)."""
    if prep.inputs.season is None or not len(drops):
        return None, {}, {}
    from services.optimizer.season import season_gains, season_table
    from services.optimizer.season_ir import ir_season_gains

    season, _ = season_gains(season_table(prep, prep.inputs.season), drops)
    ir_gain, returns = {}, {}
    for k in irs:
        ir_gain[int(k)], returns[int(k)] = ir_season_gains(prep, prep.inputs.season, int(k), prep.inputs.ir_cut,
                                                           keep=prep.inputs.keep)
    return season, ir_gain, returns


def _label(prep: Prepared, pid: str) -> str:
    return next((p.label for p in (*prep.roster.players, *prep.free_agents.players) if p.player_id == pid), pid)


def ir_candidates(prep: Prepared) -> np.ndarray:
    """Roster rows that may go to IR: OUT players, when an IR slot is open."""
    if prep.inputs.ir_slots_free <= 0:
        return np.array([], dtype=int)
    return np.array([i for i, p in enumerate(prep.roster.players) if p.status == "OUT"], dtype=int)


def scan_moves(inputs: OptimizerInputs | Prepared, allow_drop: Iterable[str] = frozenset(),
               protect_top: int = 6, limit: int | None = None, mode: str = "balanced",
               per_player: int | None = None,
               accept: Callable[[str, str, str, float, float], bool] | None = None) -> list[MoveEval]:
    """Every allowed move (swaps and IR moves) ranked by the mode's key, best first.

    Each result has `gain` (this week) and, when `inputs.season` is set, `season_gain`; `score`
    is the ranking key (> 0: worth offering). `per_player` keeps at most that many moves per
    dropped (or IR) player of each kind, so a short list still offers different moves.
    `accept(drop_id, add_id, kind, week_gain, score)`, called in ranked order before a move is
    written out, skips the moves it refuses (cheaply: the whole ranking can be walked)."""
    prep = inputs if isinstance(inputs, Prepared) else prepare(inputs)
    swaps, irs = droppable(prep, allow_drop, protect_top), ir_candidates(prep)
    drops = np.union1d(swaps, irs).astype(int)
    key = (drops.tobytes(), irs.tobytes())
    if key not in prep.memo:  # the same inputs and drops: the same arrays (modes and passes reuse them)
        prep.memo[key] = (scan_table(prep, drops), *_season_arrays(prep, drops, irs))
    table, season, ir_gain, returns = prep.memo[key]
    candidates = []  # (kind order, row, fa, kind, week gain, season gain)
    for kind, rows, order in (("ir", irs, 0), ("swap", swaps, 1)):
        for k in rows:
            r = int(np.searchsorted(drops, k))
            s_gain = None if season is None else (ir_gain[int(k)] if kind == "ir" else season[r])
            candidates.append((order, r, kind, table.gain[r], s_gain))
    if not candidates:
        return []
    week = np.stack([c[3] for c in candidates])
    seas = None if season is None else np.stack([c[4] for c in candidates])
    horizon = prep.inputs.season.days if prep.inputs.season is not None else ()
    weeks_left = ((horizon[-1] - horizon[0]).days + 1) / 7 if horizon else 1.0
    per_value = prep.inputs.season.per_value if prep.inputs.season is not None else None
    score = mode_scores(week, seas, mode, prep.inputs.scoring, weeks_left, per_value)
    n_fa = week.shape[1]
    ci, fa = np.meshgrid(np.arange(len(candidates)), np.arange(n_fa), indexing="ij")
    kinds = np.array([c[0] for c in candidates])[ci]
    rows = np.array([c[1] for c in candidates])[ci]
    order = np.lexsort((fa.ravel(), kinds.ravel(), rows.ravel(), -np.round(score.ravel(), 9)))
    if limit is not None and per_player is None and accept is None:
        order = order[:limit]
    out, seen = [], {}
    for i in order:
        c, a = divmod(int(i), n_fa)
        if per_player is not None:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > per_player:
                continue
        _, r, kind, _, _ = candidates[c]
        if accept is not None and not accept(prep.roster.players[int(table.drops[r])].player_id,
                                             prep.free_agents.players[a].player_id, kind,
                                             float(table.gain[r, a]), float(score[c, a])):
            continue
        ret = None
        if kind == "ir" and returns:
            back = returns[int(table.drops[r])]
            cut = back.cut_ids[a]
            ret = (back.expected, (cut, _label(prep, cut)), back.back_share)
        out.append(move_eval(prep, table, r, a, kind, None if seas is None else float(seas[c, a]),
                             float(score[c, a]), ret))
        if limit is not None and len(out) >= limit:
            break
    return out

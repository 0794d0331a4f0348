"""The demo league lives through the season: drafted once before opening night, then nine AI
managers manage it day by day. `season_state(scoring, moves)` is the league on every morning.

The managers' rule (docs/league.md), each morning D, from the `Morning` rows of D only (box
scores strictly before D, the published schedule, status as `snapshot.infer_status` infers it):

- A player's worth to a manager: his per-game value in the league's scoring, shrunk toward what
  his pre-season prior rank is worth that morning (`PRIOR_GAMES` games of it), minus the
  replacement level of the morning (the 131st best), discounted by his inferred status
  (`AVAILABILITY`) when above replacement. A drafted player who has not played is taken on faith for the first
  `GRACE_DAYS`, then counts as OUT at zero worth.
- IR: an OUT active player goes to the empty IR slot (the most valuable one first); an IR player
  no longer OUT is activated: when a teammate is OUT that morning, the most valuable OUT one takes
  the IR slot he leaves and nobody is cut (`activate_ir`, as the product's activation card does),
  else the least valuable active player is dropped (`activate`).
- Waivers: in waiver order (reverse draft order, a claiming team goes to the back), each team
  claims at most one free agent a day (not one dropped that morning: he is on waivers until the
  next): the most valuable one not OUT, when it has an open spot,
  or when he beats its least valuable player by `MARGIN` of the spread between the 11th best
  and replacement; it drops that player. A claimed player is gone for the others.
- The user's team (team 1) is never managed: its roster moves only by the user's approved
  moves, applied on their date after the managers' morning moves (so a player the user added
  cannot be claimed by a manager later, and the managers' later mornings are re-simulated).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from services.league.setup import MY_TEAM_ID, N_TEAMS
from services.league.season_inputs import OPENING_NIGHT, Morning
from services.league.slots import IR_SLOTS, ROSTER_SIZE

PRIOR_GAMES = 6
GRACE_DAYS = 14
MARGIN = 0.10
REPLACEMENT_RANK = 130
AVAILABILITY = {"ACTIVE": 1.0, "DTD": 0.75, "OUT": 0.25}  # a manager's discount by inferred status
AI_TEAMS = tuple(t for t in range(1, N_TEAMS + 1) if t != MY_TEAM_ID)


@dataclass(frozen=True)
class Transaction:
    day: dt.date
    team_id: int
    kind: str  # claim, ir, activate, activate_ir, user
    add_id: str | None
    drop_id: str | None


@dataclass(frozen=True)
class UserMove:
    """An approved move of the user, applied on `day` after the managers' morning moves."""
    day: dt.date
    team_id: int
    kind: str  # swap, ir, activate, activate_ir, trade
    drop_id: str | None = None
    add_id: str | None = None
    trade: dict | None = None


@dataclass
class Season:
    """Active rosters and IR of every team on each morning (after that morning's moves)."""
    states: dict[dt.date, tuple[dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]] = field(default_factory=dict)
    log: list[Transaction] = field(default_factory=list)

    def state_on(self, day: dt.date) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]:
        """(active, IR) of every team on a morning (the last simulated morning on or before it;
        the draft's before the first). Read-only tuples: copy before changing."""
        if day in self.states:
            return self.states[day]
        days = [d for d in self.states if d <= day]
        return self.states[max(days) if days else min(self.states)]


class _Morning:
    """A manager's view of one morning in one scoring."""

    def __init__(self, day: dt.date, rows: dict[str, Morning], scoring: str, ranks: dict[str, int]):
        self.day, self.rows, self.ranks = day, rows, ranks
        self.attr = "points" if scoring == "points" else "categories"
        known = [getattr(m, self.attr) for m in rows.values() if m.games >= 5] or \
            [getattr(m, self.attr) for m in rows.values()]
        self.vals = sorted(known, reverse=True)
        self.repl = self._at(REPLACEMENT_RANK)
        self.margin = MARGIN * max(0.0, self._at(10) - self.repl)
        self.grace = (day - OPENING_NIGHT).days < GRACE_DAYS
        self._memo: dict[str, float] = {}

    def _at(self, rank: int) -> float:
        return self.vals[min(rank, len(self.vals) - 1)] if self.vals else 0.0

    def worth(self, pid: str) -> float:
        if pid not in self._memo:
            prior = self._at(self.ranks.get(pid, REPLACEMENT_RANK))
            m = self.rows.get(pid)
            if m is None:
                w = prior - self.repl if self.grace else 0.0
            else:
                shrunk = (getattr(m, self.attr) * m.games + prior * PRIOR_GAMES) / (m.games + PRIOR_GAMES)
                w = shrunk - self.repl
                w = w * AVAILABILITY[m.status] if w > 0 else w
            self._memo[pid] = w
        return self._memo[pid]

    def out(self, pid: str) -> bool:
        m = self.rows.get(pid)
        return (m.status == "OUT") if m is not None else not self.grace


def _apply_user(active: dict[int, list[str]], ir: dict[int, list[str]], mv: UserMove) -> bool:
    """The user's move on the rosters as they are (False, skipped, when it no longer fits)."""
    owned = {p for ids in [*active.values(), *ir.values()] for p in ids}
    if mv.kind == "trade":
        terms = mv.trade["terms"]
        moves = ((terms["team_id"], terms["give_ids"] + mv.trade["my_cut"], terms["get_ids"] + mv.trade["my_pickup"]),
                 (terms["partner_id"], terms["get_ids"] + mv.trade["their_cut"], terms["give_ids"] + mv.trade["their_pickup"]))
        for team, outs, ins in moves:
            ir[team] = [p for p in ir[team] if p not in outs]
            active[team] = [p for p in active[team] if p not in outs] + [p for p in ins if p not in outs]
        return True
    roster = active[mv.team_id]
    if mv.drop_id not in roster:
        return False
    if mv.kind in ("activate", "activate_ir"):
        if mv.add_id not in ir[mv.team_id]:
            return False
        ir[mv.team_id].remove(mv.add_id)
    elif mv.add_id is not None and mv.add_id in owned:
        return False
    roster[roster.index(mv.drop_id)] = mv.add_id
    if mv.kind in ("ir", "activate_ir"):  # activate_ir: the OUT player takes the slot the returning one left
        ir[mv.team_id].append(mv.drop_id)
    return True


def _manage(day: _Morning, active: dict[int, list[str]], ir: dict[int, list[str]], order: list[int],
            log: list[Transaction]) -> None:
    """The nine managers' moves of one morning (the rule in the module docstring)."""
    d = day.day
    dropped: set[str] = set()  # a player dropped this morning is on waivers until tomorrow
    for t in AI_TEAMS:
        for p in [p for p in ir[t] if not day.out(p)]:
            ir[t].remove(p)
            outs = [q for q in active[t] if day.out(q)]
            if outs:  # an OUT teammate takes the IR slot he leaves: nobody is cut
                q = max(outs, key=lambda q: (day.worth(q), q))
                active[t][active[t].index(q)] = p
                ir[t].append(q)
                log.append(Transaction(d, t, "activate_ir", p, q))
                continue
            worst = min(active[t], key=lambda q: (day.worth(q), q))
            active[t][active[t].index(worst)] = p
            dropped.add(worst)
            log.append(Transaction(d, t, "activate", p, worst))
        outs = [p for p in active[t] if day.out(p)]
        if outs and len(ir[t]) < IR_SLOTS:
            q = max(outs, key=lambda p: (day.worth(p), p))
            active[t].remove(q)
            ir[t].append(q)
            log.append(Transaction(d, t, "ir", None, q))
    owned = {p for ids in [*active.values(), *ir.values()] for p in ids}
    pool = sorted((p for p, m in day.rows.items() if p not in owned and p not in dropped and m.team and m.status != "OUT"),
                  key=lambda p: (-day.worth(p), p))
    for t in list(order):
        pool = [p for p in pool if p not in owned]
        if not pool:
            break
        best = pool[0]
        roster = active[t]
        if len(roster) < ROSTER_SIZE:
            roster.append(best)
            log.append(Transaction(d, t, "claim", best, None))
        else:
            worst = min(roster, key=lambda q: (day.worth(q), q))
            if day.worth(best) <= day.worth(worst) + day.margin:
                continue
            roster[roster.index(worst)] = best
            log.append(Transaction(d, t, "claim", best, worst))
        owned.add(best)
        order.remove(t)
        order.append(t)


def simulate(draft: dict[int, list[str]], mornings: dict[dt.date, dict[str, Morning]], scoring: str,
             ranks: dict[str, int], user_moves: tuple[UserMove, ...] = ()) -> Season:
    """The season from the draft: each morning the managers' moves, then the user's moves of that
    day. Deterministic: the same inputs give the same season."""
    active = {t: list(ids) for t, ids in draft.items()}
    ir: dict[int, list[str]] = {t: [] for t in draft}
    order = list(reversed(AI_TEAMS))  # reverse draft order
    season = Season()
    by_day: dict[dt.date, list[UserMove]] = {}
    for mv in user_moves:
        by_day.setdefault(mv.day, []).append(mv)
    for d in sorted(mornings):
        if d > OPENING_NIGHT:
            _manage(_Morning(d, mornings[d], scoring, ranks), active, ir, order, season.log)
        for mv in by_day.get(d, []):
            if _apply_user(active, ir, mv):
                season.log.append(Transaction(d, mv.team_id, "user", mv.add_id, mv.drop_id))
        season.states[d] = ({t: tuple(v) for t, v in active.items()}, {t: tuple(v) for t, v in ir.items()})
    return season

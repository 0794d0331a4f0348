"""Read-only views for the pages: the league (roster, matchup, schedule grid, weekly lineup) and,
for evaluation only, the realized gain of recommended moves (hindsight the agent never sees)."""
from __future__ import annotations

from functools import lru_cache

from pydantic import ValidationError

from agents.core.contracts import Card
from services import optimizer as opt


def league_view(source) -> dict:
    """Roster, matchup, the schedule grid of the remaining days, the weekly lineup standing pat and
    (a league with box-score history) the status calibration."""
    from services.models import ServiceError

    info = source.info()
    roster = source.roster()
    matchup = source.matchup()
    view = {"info": info, "roster": roster, "matchup": matchup, "schedule_grid": None, "weekly_lineup": None,
            "calibration": None}
    try:
        view["calibration"] = source.history().snapshot.calibration
    except ServiceError:  # the history cannot be read (ESPN unreachable): no calibration to show
        pass
    days = matchup.days_remaining
    names = [e.player.name for e in roster.entries]
    games = [[1 if d in e.remaining_dates else 0 for d in days] for e in roster.entries]
    view["schedule_grid"] = {"players": names, "days": [d.isoformat() for d in days], "games": games,
                             "status": [e.status for e in roster.entries]}
    inputs = source.optimizer_inputs(free_agents=[])
    week = opt.weekly_lineup(inputs)
    name = {p.player_id: p.name for p in inputs.roster}
    view["weekly_lineup"] = {
        "expected_total": round(week.expected_total, 1), "unit": week.unit,
        "days": [{"date": d.date.isoformat(), "expected": round(d.fantasy_points, 1),
                  "starters": {name[p]: slot for p, slot in d.slots.items()}} for d in week.days],
        "starts": {name[k]: v for k, v in week.starts.items()}}
    return view


# --- hindsight: evaluation only ------------------------------------------------------------
# What a move really gained over the rest of its week, from the box scores on and after the
# as-of date. Only the pages' evaluation views call these; nothing here reaches the graph,
# its tools or its state, so the agent never sees an outcome when it recommends.

class _LeagueBefore:
    """The demo league with only `moves` replayed: the rosters as they stood before a move."""

    def __init__(self, lg, moves: tuple[tuple[int, str, str], ...]):
        self._lg, self._moves = lg, moves

    def __getattr__(self, name):
        return getattr(self._lg, name)

    def rosters(self) -> dict[int, list[str]]:
        out = {t: list(ids) for t, ids in self._lg.drafted.items()}
        for team_id, drop_id, add_id in self._moves:
            if drop_id in out[team_id]:
                out[team_id][out[team_id].index(drop_id)] = add_id
        return out

    def roster_ids(self, team_id: int | None = None) -> list[str]:
        return self.rosters()[team_id or self._lg.my_team_id]


@lru_cache(maxsize=512)
def _realized(lg, team_id: int, drop_id: str, add_id: str, before: tuple) -> float | None:
    past = _LeagueBefore(lg, before)
    if drop_id not in past.roster_ids(team_id) or not lg.days_remaining:
        return None
    return round(opt.realized_gain(past, (drop_id, add_id), team_id), 2)


def stored_card(data: dict | None) -> Card | None:
    """The card a state-store row kept (its JSON), typed; None when the row holds no whole card."""
    try:
        return Card.model_validate(data or {})
    except ValidationError:
        return None


def realized_gain(source, card: Card | None, applied: list[dict]) -> float | None:
    """Realized gain of a card's move in the demo league (None for ESPN or when it cannot apply).

    An applied move is scored against the rosters just before it (the moves applied earlier
    replayed); a pending or declined one against the rosters now (every applied move replayed).
    """
    from services.models import ServiceError

    if card is None or card.league_id != source.league_id or not card.drop_id or not card.add_id:
        return None
    if card.kind == "trade":  # both teams' rosters changed: a one-team drop/add hindsight would mislead
        return None
    try:
        lg = source.history()
    except ServiceError:  # no box scores after the as-of date to score against (ESPN)
        return None
    if "hindsight" in lg.needs_demo:  # an ESPN league: its moves are made in ESPN, its later games not yet played
        return None
    ids = [m["move_id"] for m in applied]
    prior = applied[:ids.index(card.move_id)] if card.move_id in ids else applied
    before = tuple((m["team_id"], m["drop_id"], m["add_id"]) for m in prior)
    return _realized(lg, int(card.team_id or lg.my_team_id), card.drop_id, card.add_id, before)

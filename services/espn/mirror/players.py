"""The demo's players in ESPN's shapes, a mixin of `services.espn.mirror.views.MirrorLeague`: a
player's card (`player`, `pool_entry`: status, eligible slots, ownership, pro team), his
per-game splits up to the day before the as-of morning (statSplitTypeId 5) and his season total.
"""
from __future__ import annotations

from services.espn.mirror.ids import COMBINED_SLOT_ID, POSITION_ID, SEASON, SLOT_ID, STAT_ID, STATUS, period_of, pro_team_id


class MirrorPlayers:
    """ESPN's player shapes (`self.snap`, `self.names`, `self.espn_id`, ...: the MirrorLeague's)."""

    # -- players -------------------------------------------------------------------------
    def _team(self, pid: str) -> str | None:
        ps = self.snap.players.get(pid)
        return ps.ref.team if ps is not None else self.first_team.get(pid)

    def _status(self, pid: str) -> str:
        ps = self.snap.players.get(pid)
        return STATUS[ps.status] if ps is not None else "ACTIVE"

    def _eligible(self, pid: str) -> list[int]:
        ps = self.snap.players.get(pid)
        slots = ps.ref.eligible if ps is not None else [self.names[pid][1], "UTIL"]
        slots = self.overrides.eligible.get(self.names[pid][0], slots)
        ids = SLOT_ID | COMBINED_SLOT_ID
        return sorted({ids[s] for s in slots if s in ids}) + [12, 13]

    def _split(self, stats: dict, split_id: str, split_type: int, period: int, applied: float, n: int = 0) -> dict:
        out = {"appliedTotal": applied, "externalId": split_id[2:], "id": split_id, "proTeamId": 0,
               "scoringPeriodId": period, "seasonId": SEASON, "statSourceId": 0, "statSplitTypeId": split_type,
               "stats": stats}
        if n:
            out["appliedAverage"] = applied / n
            out["averageStats"] = {k: v / n for k, v in stats.items() if k not in ("19", "20")} | {
                k: stats[k] for k in ("19", "20") if k in stats}
        return out

    @staticmethod
    def _line_stats(line: dict) -> dict[str, float]:
        stats = {str(i): float(line[k]) for k, i in STAT_ID.items()}
        stats["42"] = 1.0
        return stats

    def game_splits(self, pid: str, top_periods: int | None = None) -> list[dict]:
        """One split per game before the as-of date (statSplitTypeId 5), the last `top_periods`
        scoring periods only when asked (ESPN's filterStatsForTopScoringPeriodIds)."""
        ps = self.snap.players.get(pid)
        if ps is None:
            return []
        low = self.period - top_periods if top_periods else 0
        out = []
        for g in ps.games:
            period = period_of(g["game_date"])
            if period <= low:
                continue
            split = self._split(self._line_stats(g), f"05{self.espn_id[pid]}{period:03d}", 5, period, float(g["fpts"]))
            split["proTeamId"] = pro_team_id(g["team"])
            out.append(split)
        return out

    def season_split(self, pid: str) -> list[dict]:
        ps = self.snap.players.get(pid)
        if ps is None or not ps.games:
            return []
        total: dict[str, float] = {}
        for g in ps.games:
            for k, v in self._line_stats(g).items():
                total[k] = total.get(k, 0.0) + v
        total["19"] = total["13"] / total["14"] if total["14"] else 0.0
        total["20"] = total["15"] / total["16"] if total["16"] else 0.0
        fpts = sum(float(g["fpts"]) for g in ps.games)
        return [self._split(total, f"00{SEASON}", 0, 0, fpts, len(ps.games))]

    def player(self, pid: str, stats: list[dict]) -> dict:
        name, pos = self.names[pid]
        first, _, last = name.partition(" ")
        status = self._status(pid)
        return {"active": True, "defaultPositionId": POSITION_ID.get(pos, 3), "droppable": True,
                "eligibleSlots": self._eligible(pid), "firstName": first, "fullName": name,
                "id": self.espn_id[pid], "injured": status == "OUT", "injuryStatus": status, "lastName": last,
                "ownership": {"percentOwned": float(self.priors.get(pid, 0.0))},
                "proTeamId": pro_team_id(self._team(pid)), "stats": stats, "universeId": 2}

    def pool_entry(self, pid: str, stats: list[dict], on_team: int) -> dict:
        return {"id": self.espn_id[pid], "onTeamId": on_team, "player": self.player(pid, stats),
                "status": "ONTEAM" if on_team else "FREEAGENT",
                "appliedStatTotal": sum(s["appliedTotal"] for s in stats if s["statSplitTypeId"] == 0)}

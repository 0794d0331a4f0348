"""The demo league on an as-of morning in ESPN's JSON shapes (the recorded fixtures' shapes).

What ESPN would answer for a league run on the demo season: teams and rosters of that morning,
the league's matchup calendar, the NBA schedule (`proTeamSchedules_wl`), the player pool
(`players_wl`), each player's per-scoring-period stats up to the day before (`kona_playercard`),
free agents (`kona_player_info`) and injury status as the demo infers it (DAY_TO_DAY / OUT).
Player ids are ESPN-like integers (`espn_id`); scoring period 1 is opening night. ESPN's ids are
services/espn/mirror/ids.py's, the players' shapes services/espn/mirror/players.py's.
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from services.espn.mirror.ids import (CATEGORY_ITEMS, CATEGORY_NAMES, COMBINED_SLOT_ID, ESPN_ABBREV, FIRST_ID,
                                     LEAGUE_IDS, POSITION_ID, SEASON, SLOT_ID, STAT_ID, date_of, epoch_ms, period_of,
                                     pro_team_id)
from services.espn.mirror.players import MirrorPlayers
from services.league.scoring import POINTS_WEIGHTS
from services.league.slots import BENCH_SLOTS, IR_SLOTS, STARTING_SLOTS

_BASE = Path(__file__).with_name("settings_base.json")  # from tests/fixtures/espn (hand-made main view)


@dataclass(frozen=True)
class Overrides:
    """Settings of a league unlike the demo's, served instead of the demo's (`--weight`, `--slot`,
    `--eligible`, `--ir`): points per stat, starting slot counts, players' eligible slots by name,
    team 1's players in its IR slot."""

    weights: dict[str, float] = field(default_factory=dict)  # our stat name -> points
    slots: dict[str, int] = field(default_factory=dict)  # our slot name (or ESPN's combined one) -> count
    eligible: dict[str, list[str]] = field(default_factory=dict)  # player name -> our slot names
    ir: tuple[str, ...] = ()  # players of team 1 served in its IR slot (lineupSlotId 13) this morning
    categories: tuple[str, ...] = ()  # the categories league's own (ESPN names: FG%, ..., PTS); empty: the nine

    def weight_items(self) -> dict[str, float]:
        return dict(POINTS_WEIGHTS) | self.weights


class MirrorLeague(MirrorPlayers):
    """One demo league (a scoring) on one as-of morning, in ESPN's shapes."""

    def __init__(self, as_of: dt.date, scoring: str, store, overrides: Overrides | None = None):
        from services.league.demo import demo_league
        from services.store import db

        self.as_of, self.scoring = as_of, scoring
        self.overrides = overrides or Overrides()
        self.league_id = LEAGUE_IDS[scoring]
        self.lg = demo_league(as_of, scoring, store=store)
        self.snap = self.lg.snapshot
        pids = [pid for (pid,) in db.query("SELECT player_id FROM players ORDER BY player_id")]
        self.espn_id = {pid: FIRST_ID + i for i, pid in enumerate(pids)}
        self.pid_of = {v: k for k, v in self.espn_id.items()}
        self.period = period_of(as_of)
        self.names = {pid: (name, pos) for pid, name, pos in db.query("SELECT player_id, name, pos FROM players")}
        self.first_team = {pid: team for pid, team in db.query(
            "SELECT player_id, arg_min(team, game_date) FROM player_games GROUP BY player_id")}
        self.priors = {pid: score for pid, score in db.query("SELECT player_id, score FROM season_priors")}
        self.schedule = db.query("SELECT game_date, team, opp FROM schedule ORDER BY game_date, team")
        self.weeks = db.query("SELECT week, start_date, end_date FROM weeks ORDER BY week")

    # -- views ---------------------------------------------------------------------------
    @cached_property
    def players_wl(self) -> list[dict]:
        return [{"id": self.espn_id[pid], "fullName": name, "firstName": name.partition(" ")[0],
                 "lastName": name.partition(" ")[2], "proTeamId": pro_team_id(self._team(pid)),
                 "defaultPositionId": POSITION_ID.get(pos, 3), "active": True}
                for pid, (name, pos) in sorted(self.names.items())]

    @cached_property
    def pro_schedule(self) -> dict:
        from services.league.season_games import regular_season_end, schedule

        by_team: dict[str, dict[str, list[dict]]] = {}
        end = regular_season_end()  # the regular season (to April) and the NBA Cup final in it (Dec 17)
        for g in schedule(end=end, season_type=None):
            day, away, home = g.date, g.away, g.home
            game = {"awayProTeamId": pro_team_id(away), "homeProTeamId": pro_team_id(home), "date": epoch_ms(day),
                    "id": int(f"{day:%y%m%d}{pro_team_id(home):02d}"), "scoringPeriodId": period_of(day),
                    "statsOfficial": day < self.as_of, "validForLocking": True}
            for t in (away, home):
                by_team.setdefault(t, {}).setdefault(str(period_of(day)), []).append(game)
        teams = [{"id": 0, "abbrev": "FA", "name": "Free Agent", "proGamesByScoringPeriod": {}}]
        teams += [{"id": pro_team_id(t), "abbrev": ESPN_ABBREV.get(t, t), "location": t, "name": t,
                   "proGamesByScoringPeriod": games} for t, games in sorted(by_team.items())]
        return {"display": True, "id": SEASON, "settings": {"proTeams": teams}}

    def _matchup_periods(self) -> dict[int, list[int]]:
        return {w: list(range(period_of(s), period_of(e) + 1)) for w, s, e in self.weeks}

    def _schedule(self) -> list[dict]:
        out, n = [], 0
        for week, periods in self._matchup_periods().items():
            done = set()
            for t in self.lg.team_ids:
                if t in done:
                    continue
                o = self.lg.opponent_of(t, week)
                done |= {t, o}
                n += 1
                side = lambda tid: {"teamId": tid, "totalPoints": 0.0,  # noqa: E731
                                    "pointsByScoringPeriod": {str(p): 0.0 for p in periods},
                                    "cumulativeScore": {"wins": 0, "losses": 0, "ties": 0, "scoreByStat": {}}}
                out.append({"id": n, "matchupPeriodId": week, "home": side(t), "away": side(o), "winner": "UNDECIDED"})
        return out

    def _settings(self) -> dict:
        if self.scoring == "points":
            items = [{"statId": STAT_ID[k], "points": float(w), "isReverseItem": False}
                     for k, w in self.overrides.weight_items().items() if k in STAT_ID]
            kind = "H2H_POINTS"
        else:
            counted = set(self.overrides.categories) or set(CATEGORY_NAMES.values())
            items = [{"statId": i, "points": 0.0, "isReverseItem": rev} for i, rev in CATEGORY_ITEMS
                     if CATEGORY_NAMES[i] in counted]
            kind = "H2H_MOST_CATEGORIES"
        counts = {str(i): 0 for i in range(15)}
        for slot, n in (dict(STARTING_SLOTS) | self.overrides.slots).items():
            counts[str((SLOT_ID | COMBINED_SLOT_ID)[slot])] = n
        counts["12"], counts["13"] = BENCH_SLOTS, IR_SLOTS
        from services.league.setup import LEAGUE_NAME

        base = json.loads(_BASE.read_text())  # the recorded league's other settings (draft, trades, fees)
        base["rosterSettings"] |= {"lineupSlotCounts": counts, "isBenchUnlimited": False}
        base["scoringSettings"] |= {"scoringType": kind, "scoringItems": items}
        base["scheduleSettings"] |= {"matchupPeriodCount": len(self.weeks), "matchupPeriodLength": 1,
                                     "divisions": [{"id": 0, "name": "League", "size": len(self.lg.team_ids)}],
                                     "matchupPeriods": {str(w): [w] for w, _, _ in self.weeks}}
        return base | {"name": f"{LEAGUE_NAME} ({self.scoring})", "isPublic": True, "size": len(self.lg.team_ids)}

    def _teams(self, period: int) -> list[dict]:
        day = date_of(period)
        out = []
        for team in self.lg.info().teams:
            if day < self.as_of:
                active, ir = self.lg.roster_on(team.team_id, day), []
            else:
                active, ir = self.lg.roster_ids(team.team_id), self.lg.ir_ids(team.team_id)
                if team.team_id == 1 and self.overrides.ir:
                    moved = [p for p in active if self.names[p][0] in self.overrides.ir]
                    active, ir = [p for p in active if p not in moved], [*ir, *moved]
            entries = []
            for pid, slot in [*((p, 12) for p in active), *((p, 13) for p in ir)]:
                entries.append({"acquisitionType": "DRAFT", "injuryStatus": self._status(pid), "lineupSlotId": slot,
                                "playerId": self.espn_id[pid], "status": "NORMAL",
                                "playerPoolEntry": self.pool_entry(pid, self.season_split(pid), team.team_id)})
            abbrev = "".join(w[0] for w in team.name.split()).upper()[:4] or f"T{team.team_id}"
            out.append({"abbrev": abbrev, "divisionId": 0, "id": team.team_id, "name": team.name,
                        "owners": [f"{{MEMBER-{team.team_id:04d}}}"], "playoffSeed": team.team_id, "points": 0.0,
                        "rankCalculatedFinal": 0, "roster": {"entries": entries},
                        "record": {"overall": {"wins": 0, "losses": 0, "ties": 0, "pointsFor": 0.0,
                                               "pointsAgainst": 0.0, "percentage": 0.0}},
                        "transactionCounter": {"acquisitions": 0, "drops": 0, "trades": 0}})
        return out

    def main(self, period: int | None = None) -> dict:
        """The main league view (mTeam/mRoster/mMatchup/mSettings/mStandings); with a scoring
        period before the as-of date, the rosters of that day (ESPN's `scoringPeriodId`)."""
        period = min(period or self.period, self.period)
        last = max(e for _, _, e in self.weeks)
        members = []
        for team in self.lg.info().teams:
            first, _, last_name = team.manager.partition(" ")
            members.append({"id": f"{{MEMBER-{team.team_id:04d}}}", "displayName": team.manager,
                            "firstName": first, "lastName": last_name, "isLeagueManager": team.team_id == 1})
        return {"gameId": 2, "id": self.league_id, "seasonId": SEASON, "segmentId": 0, "scoringPeriodId": period,
                "members": members, "schedule": self._schedule(), "settings": self._settings(),
                "status": {"currentMatchupPeriod": self.lg.week[0], "firstScoringPeriod": 1,
                           "finalScoringPeriod": period_of(last), "latestScoringPeriod": self.period,
                           "isActive": True, "previousSeasons": []},
                "teams": self._teams(period)}

    def box_scores(self) -> dict:
        """The current matchup period's box scores (mMatchupScore/mScoreboard): each team's totals
        banked this week by the demo's one scoreboard (no per-player lineups)."""
        from services.league.scoreboard import banked_totals

        week = self.lg.week[0]
        cat_ids = {"pts": "0", "blk": "1", "stl": "2", "ast": "3", "reb": "6", "tov": "11", "fg3m": "17",
                   "fgm": "13", "fga": "14", "ftm": "15", "fta": "16"}  # ESPN keeps the makes and attempts too
        out, done = [], set()
        for t in self.lg.team_ids:
            if t in done:
                continue
            o = self.lg.opponent_of(t, week)
            done |= {t, o}

            def side(tid: int) -> dict:
                b = banked_totals(self.lg, tid)
                stats = {i: {"score": float(b[k]), "result": None} for k, i in cat_ids.items()}
                stats["19"] = {"score": b["fgm"] / b["fga"] if b["fga"] else 0.0, "result": None}
                stats["20"] = {"score": b["ftm"] / b["fta"] if b["fta"] else 0.0, "result": None}
                return {"teamId": tid, "totalPoints": round(b["fpts"], 2), "totalPointsLive": round(b["fpts"], 2),
                        "totalProjectedPointsLive": -1, "rosterForMatchupPeriod": {"entries": []},
                        "rosterForCurrentScoringPeriod": {"entries": [], "appliedStatTotal": round(b["fpts"], 2)},
                        "cumulativeScore": {"wins": 0, "losses": 0, "ties": 0, "scoreByStat": stats}}
            out.append({"id": len(out) + 1, "matchupPeriodId": week, "home": side(t), "away": side(o),
                        "winner": "UNDECIDED"})
        return {"schedule": out}

    def draft(self) -> dict:
        return {"draftDetail": {"drafted": False, "picks": []}, "id": self.league_id, "seasonId": SEASON,
                "settings": self._settings(), "status": {"currentMatchupPeriod": self.lg.week[0]}}

    def player_cards(self, espn_ids: list[int], top_periods: int | None) -> dict:
        out = []
        for eid in espn_ids:
            pid = self.pid_of.get(int(eid))
            if pid is None:
                continue
            stats = self.season_split(pid) + self.game_splits(pid, top_periods)
            out.append(self.pool_entry(pid, stats, self.lg.owner_of(pid) or 0))
        return {"players": out}

    def free_agents(self, slot_ids: list[int], limit: int) -> dict:
        wanted = set(slot_ids or [])
        fas = [pid for pid in self.lg.free_agent_ids() if not wanted or wanted & set(self._eligible(pid))]
        fas.sort(key=lambda p: (-self.priors.get(p, 0.0), p))
        return {"players": [self.pool_entry(p, self.season_split(p), 0) for p in fas[:limit or 50]]}

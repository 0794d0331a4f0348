"""`python -m services espn-mirror [--port P] [--as-of D] [--scoring S] [--private] [--weight STAT=PTS]
[--slot SLOT=N] [--eligible "NAME=SLOT,SLOT"] [--ir NAME] [--categories C,C,...]`: ESPN on loopback.

Serves the paths espn-api requests under its base URL (`/apis/v3/games/fba/seasons/{season}...`),
so `COURTSIDE_ESPN_URL=http://127.0.0.1:P` points the ESPN source (and espn-api's requests) here.
Prints one JSON line {"url", "league_id", "season"} once it serves. Both scorings are served
(league ids in `views.LEAGUE_IDS`); `--private` answers 401 to a request without the espn_s2 and
SWID cookies, as ESPN does for a private league. `--weight`, `--slot` and `--eligible` serve a league
whose settings differ from the demo's (points per stat, starting slot counts, a player's eligible
slots, the categories a categories league counts); `--ir` serves one of team 1's players in its IR
slot. Only GETs are answered; nothing is written.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
import threading
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from services.espn.mirror.ids import CATEGORY_NAMES, COMBINED_SLOT_ID, LEAGUE_IDS, SEASON, SLOT_ID, STAT_ID
from services.espn.mirror.views import MirrorLeague, Overrides

_SEASON = re.compile(r"^/apis/v3/games/fba/seasons/(\d+)(/players)?/?$")
_LEAGUE = re.compile(r"^/apis/v3/games/fba/seasons/(\d+)/segments/0/leagues/(\d+)/?$")


class Mirror:
    """The served leagues (one per scoring, built on first use) on one as-of morning."""

    def __init__(self, as_of: dt.date, store, private: bool = False, overrides: Overrides | None = None):
        self.as_of, self.store, self.private = as_of, store, private
        self.overrides = overrides
        self._leagues: dict[str, MirrorLeague] = {}
        self._lock = threading.Lock()

    def league(self, scoring: str) -> MirrorLeague:
        with self._lock:
            if scoring not in self._leagues:
                self._leagues[scoring] = MirrorLeague(self.as_of, scoring, self.store, self.overrides)
            return self._leagues[scoring]

    def answer(self, path: str, query: dict, headers) -> tuple[int, object]:
        views = query.get("view", [])
        m = _SEASON.match(path)
        if m:
            if int(m.group(1)) != SEASON:
                return 404, {"messages": [f"no season {m.group(1)}"]}
            lg = self.league("points")
            if m.group(2):
                return 200, lg.players_wl
            if "proTeamSchedules_wl" in views:
                return 200, lg.pro_schedule
            return 404, {"messages": ["unknown view"]}
        m = _LEAGUE.match(path)
        if not m:
            return 404, {"messages": ["not an ESPN fantasy basketball path"]}
        scoring = next((s for s, i in LEAGUE_IDS.items() if i == int(m.group(2))), None)
        if int(m.group(1)) != SEASON or scoring is None:
            return 404, {"messages": [f"league {m.group(2)} does not exist"]}
        if self.private:
            cookies = SimpleCookie(headers.get("Cookie", ""))
            if "espn_s2" not in cookies or "SWID" not in cookies:
                return 401, {"messages": ["You are not authorized to view this League."]}
        lg = self.league(scoring)
        filt = json.loads(headers.get("x-fantasy-filter") or "{}")
        period = int(query["scoringPeriodId"][0]) if query.get("scoringPeriodId") else None
        if "kona_playercard" in views:
            players = filt.get("players", {})
            top = (players.get("filterStatsForTopScoringPeriodIds") or {}).get("value")
            return 200, lg.player_cards(players.get("filterIds", {}).get("value", []), top)
        if "kona_player_info" in views:
            players = filt.get("players", {})
            return 200, lg.free_agents(players.get("filterSlotIds", {}).get("value", []), players.get("limit", 50))
        if "mMatchupScore" in views or "mScoreboard" in views:
            return 200, lg.box_scores()
        if "mDraftDetail" in views:
            return 200, lg.draft()
        if {"mTeam", "mRoster", "mSettings"} & set(views):
            return 200, lg.main(period)
        return 404, {"messages": [f"view {views} is not served by the mirror"]}


def serve(mirror: Mirror, port: int = 0) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            url = urlsplit(self.path)
            try:
                code, body = mirror.answer(url.path, parse_qs(url.query), self.headers)
            except Exception as e:  # a mirror bug: ESPN's own answer to a server fault
                code, body = 500, {"messages": [f"{type(e).__name__}: {e}"]}
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):  # requests carry cookies: never logged
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    return server


def _pairs(values: list[str], what: str) -> list[tuple[str, str]]:
    from services.models import ServiceError

    out = []
    for v in values:
        key, sep, val = v.rpartition("=")
        if not sep or not key.strip() or not val.strip():
            raise ServiceError(f"--{what} {v!r}: expected KEY=VALUE")
        out.append((key.strip(), val.strip()))
    return out


def _overrides(args) -> Overrides:
    """The settings asked for unlike the demo's, each checked (ServiceError names a bad one)."""
    from services.models import ServiceError

    weights, slots, eligible = {}, {}, {}
    try:
        for stat, pts in _pairs(args.weight, "weight"):
            if stat not in STAT_ID:
                raise ServiceError(f"--weight: unknown stat {stat!r}; use one of {', '.join(STAT_ID)}")
            weights[stat] = float(pts)
        for slot, n in _pairs(args.slot, "slot"):
            if slot not in SLOT_ID | COMBINED_SLOT_ID:
                raise ServiceError(f"--slot: unknown slot {slot!r}; use one of {', '.join(SLOT_ID | COMBINED_SLOT_ID)}")
            slots[slot] = int(n)
            if slots[slot] < 0:
                raise ServiceError(f"--slot {slot}: a count is 0 or more")
    except ValueError as e:
        raise ServiceError(f"--weight/--slot: not a number ({e})") from None
    for name, names in _pairs(args.eligible, "eligible"):
        listed = [s.strip() for s in names.split(",") if s.strip()]
        bad = [s for s in listed if s not in SLOT_ID | COMBINED_SLOT_ID]
        if bad:
            raise ServiceError(f"--eligible {name}: unknown slot {bad[0]!r}")
        eligible[name] = listed
    cats = tuple(c.strip().upper() for c in args.categories.split(",") if c.strip())
    bad = [c for c in cats if c not in CATEGORY_NAMES.values()]
    if bad:
        raise ServiceError(f"--categories: unknown category {bad[0]!r}; use {', '.join(CATEGORY_NAMES.values())}")
    return Overrides(weights, slots, eligible, tuple(args.ir), cats)


def main(argv: list[str] | None = None) -> int:
    from services.config import get_settings
    from services.league.demo_source import check_as_of
    from services.models import ServiceError
    from services.store.state import state_store

    ap = argparse.ArgumentParser(prog="python -m services espn-mirror", description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    ap.add_argument("--as-of", type=dt.date.fromisoformat, default=None, help="the league's morning (YYYY-MM-DD)")
    ap.add_argument("--scoring", choices=sorted(LEAGUE_IDS), default=None, help="the league id printed")
    ap.add_argument("--private", action="store_true", help="answer 401 without espn_s2/SWID cookies")
    ap.add_argument("--weight", action="append", default=[], metavar="STAT=PTS", help="points per stat (pts, blk, ...)")
    ap.add_argument("--slot", action="append", default=[], metavar="SLOT=N", help="starting slots (PG ... UTIL, G/F ...)")
    ap.add_argument("--eligible", action="append", default=[], metavar="NAME=SLOT,SLOT", help="a player's eligible slots")
    ap.add_argument("--ir", action="append", default=[], metavar="NAME", help="a team 1 player served in its IR slot")
    ap.add_argument("--categories", default="", metavar="C,C", help="the categories league's categories (FG%%, ..., PTS)")
    args = ap.parse_args(argv)
    s = get_settings()
    as_of = args.as_of or s.as_of
    scoring = args.scoring or s.scoring
    try:
        check_as_of(as_of)
        mirror = Mirror(as_of, state_store(), private=args.private, overrides=_overrides(args))
        mirror.league(scoring)  # built before the line is printed: the first request is served at once
        server = serve(mirror, args.port)
    except (ServiceError, OSError) as e:
        print(json.dumps({"url": None, "league_id": None, "season": None, "error": str(e)}), flush=True)
        return 1
    host, port = server.server_address[:2]
    print(json.dumps({"url": f"http://{host}:{port}", "league_id": LEAGUE_IDS[scoring], "season": SEASON,
                      "as_of": as_of.isoformat(), "scoring": scoring, "error": None}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

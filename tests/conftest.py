"""Shared fixtures: an isolated COURTSIDE_HOME with the database built once, the raw CSV read
independently of the services, and a per-test writable state.

Fixtures (all documented below):

- `courtside_home` (session, autouse): the temporary COURTSIDE_HOME of the whole run, DB built
  (once per run: the other xdist workers copy the first one's files).
- `built_db` (session): the result of that build ({'path', 'seconds', 'rows'}).
- `csv_games`, `csv_players`, `csv_facts` (session): the shipped CSVs read with csv/gzip only;
  expected facts come from here, never from services code.
- `as_of` (function): the default as-of date, 2025-01-29 (the middle of the Jan 27 - Feb 2 week).
- `demo_source` (function): a factory `demo_source(as_of=..., scoring=...)` -> DemoSource.
- `fresh_state` (function): a COURTSIDE_HOME of the test's own (copied DB and intent model, empty
  state store) for tests that write moves, decisions, audit records or checkpoints; returns
  `FreshState(home, store)`.
- `run_cli` (function): runs `python -m services ...` in a new process against the session home
  (forked from a pre-imported zygote: tests/forkrun.py).
"""
from __future__ import annotations

import csv
import datetime as dt
import fcntl
import gzip
import json
import os
import shutil
import subprocess
import sys
from bisect import bisect_left
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = REPO_ROOT / "data" / "nba-2024-25"
DEFAULT_AS_OF = dt.date(2025, 1, 29)

# ESPN's default H2H points weights, written out here so expected values never come from
# services.league.scoring.
ESPN_POINTS = {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1,
               "reb": 1, "ast": 2, "stl": 4, "blk": 4, "tov": -2}
INT_COLS = ["fgm", "fga", "fg3m", "fg3a", "ftm", "fta", "oreb", "dreb", "reb", "ast", "stl",
            "blk", "tov", "pf", "pts"]
# Settings that would point the run at a real league or state database, or away from the
# demo defaults the tests assume (removed for the session; a test may set them with monkeypatch).
ISOLATED_ENV = ["COURTSIDE_STATE_URL", "COURTSIDE_LEAGUE", "COURTSIDE_AS_OF", "COURTSIDE_SCORING",
                "COURTSIDE_MY_TEAM_ID"]
_SESSION_BUILD: dict = {}


# What `make test-fast` leaves out (the README says so): the golden evaluations, the pages, and the
# `slow` files: those listed here (servers, clusters, two-process races, brute force, whole-season
# runs) and every file measured over SLOW_CPU_S seconds of CPU in tests/file_cpu.json (written by
# `bench/suite_cpu.py --save`, docs/benchmarks.md). `make test` runs everything.
GOLDEN = ("tests/golden/", "tests/agents/test_golden.py")
PAGES = "tests/app/"  # the pages through AppTest (and Chromium): marked `app`
SLOW = {
    "tests/agents/test_decision_races.py", "tests/agents/test_safety_and_cli.py", "tests/agents/test_optimizer_node.py",
    "tests/agents/test_langsmith_tracing.py", "tests/agents/test_hold_or_stream.py",
    "tests/services/optimizer/test_propose.py", "tests/services/arena/test_arena_bench.py",
    "tests/services/optimizer/test_ir_timing.py", "tests/services/test_returns.py",
    "tests/services/signals/test_wire_one_pass.py", "tests/test_no_lookahead.py", "tests/app/test_multiprocess_pg.py",
    "tests/agents/test_thread_turns.py", "tests/http_api/test_api.py", "tests/http_api/test_api_security.py",
    "tests/services/desk/test_desk_clv.py", "tests/app/test_signals_measured_page.py", "tests/app/test_desk_clv_page.py",
    "tests/services/arena/test_arena_friction.py",
    "tests/conversations/test_conversations.py", "tests/agents/test_request_frame.py",
    "tests/app/test_chat_app_browser.py", "tests/app/test_decision_words.py", "tests/app/test_signals_edge.py",
    "tests/services/espn/test_espn_history_parity.py",
    "tests/app/test_league_layout_browser.py", "tests/app/test_card_alternatives.py", "tests/app/test_chat_small_defects.py",
    "tests/services/arena/test_arena_friction.py", "tests/services/signals/test_reliability.py",
    "tests/http_api/test_api_validation.py", "tests/http_api/test_api_restore.py", "tests/http_api/test_api_fuzz.py",
    "tests/http_api/test_api_quote_record.py", "tests/services/store/test_live_restore.py",
    "tests/services/store/test_pg_restore.py", "tests/agents/test_desk_echo.py", "tests/app/test_desk_progress_page.py",
    "tests/services/espn/test_espn_history_parity.py", "tests/http_api/test_api_owner_race.py",
    "tests/services/espn/test_connect_league.py", "tests/app/test_connect_league.py",
    "tests/agents/test_nlu_register.py",  # issue #42: sixteen turns through the runtime (about 16 s of CPU)
    "tests/http_api/test_api_own_league.py", "tests/app/test_own_league_sessions.py",  # issue #37: 20 trials; 2 sessions
    "tests/http_api/test_api_cold_race.py",  # issue #37: six cold API servers
    # issue #37: the ESPN mirror and its box-score history (one build per run, ~40 s of CPU)
    "tests/services/espn/test_espn_optimizer.py", "tests/services/espn/test_espn_league_mirror.py",
    "tests/services/espn/test_espn_feature_parity.py", "tests/services/espn/test_espn_review_parity.py",
    "tests/agents/test_espn_approvals.py", "tests/agents/test_espn_activation.py", "tests/agents/test_user_move_espn.py",
    "tests/agents/test_move_pipeline.py",
    "tests/services/test_trade_wire.py",  # issue #40: five finder searches and brute-force free moves (~25 s of CPU)
    "tests/app/test_fit_browser.py", "tests/agents/test_review_opening.py",  # issue #38: Chromium; two reviews
    "tests/app/test_pages_agree_browser.py", "tests/app/test_chat_firsts_browser.py",  # issue #38: Chromium, 1-2 min
    "tests/app/test_signals_words_browser.py",  # issue #38: Chromium, the day's pod and a scoreboard
}
SLOW_CPU_S = 4.0
FILE_CPU_PATH = Path(__file__).with_name("file_cpu.json")
FILE_CPU: dict[str, float] = json.loads(FILE_CPU_PATH.read_text(encoding="utf-8")) if FILE_CPU_PATH.exists() else {}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):
    """Marks the golden evaluations `golden`, the files in SLOW `slow` and the page tests `app` (by
    path, so a new test in one of them is marked too), and orders the files by their measured CPU,
    heaviest first: `--dist loadfile` hands files to workers in collection order, so a heavy file
    collected last would run alone at the end while the other workers idle."""
    rels = {item: Path(str(item.fspath)).resolve().relative_to(REPO_ROOT).as_posix() for item in items}
    items.sort(key=lambda item: -FILE_CPU.get(rels[item], 0.0))  # stable: a file keeps its tests' order
    for item in items:
        rel = rels[item]
        if rel.startswith(GOLDEN):
            item.add_marker(pytest.mark.golden)
        if rel in SLOW or FILE_CPU.get(rel, 0.0) > SLOW_CPU_S:
            item.add_marker(pytest.mark.slow)
        if rel.startswith(PAGES):
            item.add_marker(pytest.mark.app)


def pytest_unconfigure(config):
    """Stops the CLI zygote of this process, if a test started one (tests/forkrun.py)."""
    forkrun = sys.modules.get("forkrun")
    if forkrun is not None:
        forkrun.stop()


def espn_points(row: dict) -> float:
    """ESPN default fantasy points of one CSV row (independent of the services)."""
    return float(sum(w * row[k] for k, w in ESPN_POINTS.items()))


@contextmanager
def _run_template(tmp_path_factory):
    """The directory where the first worker of a run (pytest-xdist) leaves the built database and
    intent model for the others, held under an exclusive lock: each worker would otherwise build
    both itself (about 6 s of CPU per worker). Outside xdist, a directory of this process."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    template = root / "courtside-template"
    template.mkdir(exist_ok=True)
    with open(root / "courtside-template.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield template
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _build_inputs_digest() -> str:
    """Everything the database and the intent model are built from: the shipped data, and the
    code and corpus of `services/` and `agents/`, and the versions of the libraries that write
    them (any change there builds again)."""
    import hashlib
    from importlib import metadata

    h = hashlib.sha256()
    for lib in ("duckdb", "scikit-learn", "numpy", "scipy", "pandas"):
        h.update(f"{lib}=={metadata.version(lib)}".encode())
    for root in (DATA_DIR, REPO_ROOT / "services", REPO_ROOT / "agents"):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(path.relative_to(REPO_ROOT).as_posix().encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:20]


def _build_cache(tmp_path_factory) -> Path:
    """Where a run keeps its build for the next run (pytest's own root of temporary directories,
    which outlives a run's): named by the inputs' digest, so an edit to the data, the services or
    the agents misses it. `COURTSIDE_TEST_BUILD_CACHE=0` always builds. CI, on a fresh machine,
    builds."""
    root = tmp_path_factory.getbasetemp().parent
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    if os.environ.get("COURTSIDE_TEST_BUILD_CACHE", "1") == "0":
        return root / "courtside-build-disabled"
    return root / f"courtside-build-{_build_inputs_digest()}"


def _keep_build(template: Path, cached: Path, names: tuple[str, ...]) -> None:
    """Copies the run's build into `cached` (whole, then renamed in place; older builds removed)."""
    if cached.name.endswith("-disabled"):
        return
    tmp = cached.with_name(cached.name + f".tmp{os.getpid()}")
    try:
        tmp.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy2(template / name, tmp / name)
        for old in cached.parent.glob("courtside-build-*"):
            if old != tmp:
                shutil.rmtree(old, ignore_errors=True)
        tmp.rename(cached)
    except OSError:  # a full or read-only disk: the next run builds again
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def courtside_home(tmp_path_factory) -> Path:
    """Points COURTSIDE_HOME at a session temp dir holding the DuckDB file and the intent model,
    built once per run: the first xdist worker builds them, the others copy its files.

    Autouse, so no test ever writes to a developer's real data directory. Environment
    settings that would select a real league or state database are removed for the run.
    """
    home = tmp_path_factory.mktemp("courtside-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COURTSIDE_HOME", str(home))
        for name in ISOLATED_ENV:
            mp.delenv(name, raising=False)
        # The app tests were written for one person, whose app sessions (a second AppTest is his reload)
        # and CLI share one league: they run as the local user. The product's default, each browser
        # session a league of its own, is tested where it is set back (tests/app/test_browser_own_league.py).
        mp.setenv("COURTSIDE_APP_OWNER", "local")
        from services import config
        from services.store import db
        from services.store.build import DB_NAME, build, db_path, install
        from services.store.db_check import DIGEST_SUFFIX
        from tests.db_files import copy_database

        install()  # as every entry point does: a test's missing or damaged database is rebuilt on open
        config.reset_settings_cache()
        # One intent model for the run: without it every process that reads a question (each CLI
        # subprocess, each test home) would train its own, about 4 s each.
        from agents.offline import nlu_model

        model = home / "models" / nlu_model.ARTIFACT
        with _run_template(tmp_path_factory) as template:
            names = (DB_NAME, DB_NAME + DIGEST_SUFFIX, nlu_model.ARTIFACT, "built.json")
            if not (template / "built.json").exists():  # the run's first worker
                cached = _build_cache(tmp_path_factory)
                if (cached / "built.json").exists():  # an earlier run built these very inputs
                    for name in names:
                        shutil.copy2(cached / name, template / name)
                else:
                    meta = build(db_path())
                    nlu_model.build(model)
                    copy_database(home / DB_NAME, template / DB_NAME)
                    shutil.copy2(model, template / nlu_model.ARTIFACT)
                    (template / "built.json").write_text(json.dumps(meta, default=str), encoding="utf-8")
                    _keep_build(template, cached, names)
            # every worker: the template's files (byte-identical to a build of its own)
            if not (home / DB_NAME).exists():
                copy_database(template / DB_NAME, home / DB_NAME)
            if not model.exists():
                model.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(template / nlu_model.ARTIFACT, model)
            _SESSION_BUILD.update(json.loads((template / "built.json").read_text(encoding="utf-8")))
            _SESSION_BUILD["path"] = str(db_path())
        mp.setenv("COURTSIDE_NLU_MODEL", str(model))
        mp.setenv("FORKRUN_WARM_HOME", str(home))  # tests/forkrun.py: the zygote reads the league state once
        # One snapshot cache for the run and the next ones (services/league/snapshot_cache.py: keyed
        # by the database's content and the league code, written atomically, so a file of another
        # database or code is never read): a snapshot built by one worker or CLI run is read by
        # every other instead of rebuilt (1.5 s of CPU each). It sits beside the build cache;
        # with that cache off (COURTSIDE_TEST_BUILD_CACHE=0), in the run's own directory.
        shared = _build_cache(tmp_path_factory)
        shared = template if shared.name.endswith("-disabled") else shared.parent
        (shared / "courtside-snapshots").mkdir(exist_ok=True)
        (home / "cache").symlink_to(shared / "courtside-snapshots", target_is_directory=True)
        config.reset_settings_cache()
        yield home
        db.close()
        config.reset_settings_cache()


@pytest.fixture(scope="session")
def built_db(courtside_home) -> dict:
    """{'path', 'seconds', 'rows'} returned by the session build (read-only: do not rebuild
    the session file in place; build into `fresh_state.home` instead)."""
    return dict(_SESSION_BUILD)


@pytest.fixture(scope="session")
def csv_games() -> list[dict]:
    """Every row of player_games.csv.gz as a dict (dates parsed, counts int, minutes float),
    sorted by (game_date, player_id)."""
    with gzip.open(DATA_DIR / "player_games.csv.gz", "rt", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["game_date"] = dt.date.fromisoformat(r["game_date"])
        r["min"] = float(r["min"])
        r["game_score"] = float(r["game_score"])
        for k in INT_COLS:
            r[k] = int(r[k])
        r["fpts"] = espn_points(r)
    rows.sort(key=lambda r: (r["game_date"], r["player_id"]))
    return rows


@pytest.fixture(scope="session")
def csv_players() -> dict[str, dict]:
    """players.csv keyed by player_id (529 players). The file has 561 rows because 32 players
    appear once per spelling of their name; every spelling is in `box_score_names`."""
    out: dict[str, dict] = {}
    with open(DATA_DIR / "players.csv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            row = out.setdefault(r["player_id"], r | {"age": int(r["age"]), "box_score_names": []})
            row["box_score_names"].append(r["box_score_name"])
    return out


@dataclass
class CsvFacts:
    """Look-ups over the raw CSV rows that tests use to compute expected values."""

    games: list[dict]

    def __post_init__(self):
        self.by_player: dict[str, list[dict]] = {}
        team_days: dict[str, set[dt.date]] = {}
        for r in self.games:
            self.by_player.setdefault(r["player_id"], []).append(r)
            team_days.setdefault(r["team"], set()).add(r["game_date"])
        self.team_dates = {t: sorted(days) for t, days in team_days.items()}

    def player_games(self, pid: str, before: dt.date | None = None) -> list[dict]:
        """The player's rows, oldest first, only dates strictly before `before` when given."""
        rows = self.by_player.get(pid, [])
        return [r for r in rows if before is None or r["game_date"] < before]

    def team_of(self, pid: str, before: dt.date) -> str | None:
        """The team of the player's last game before the date."""
        rows = self.player_games(pid, before)
        return rows[-1]["team"] if rows else None

    def team_games_between(self, team: str, start: dt.date, end: dt.date) -> list[dt.date]:
        """The team's game dates in [start, end]."""
        return [d for d in self.team_dates.get(team, []) if start <= d <= end]

    def missed_in_row(self, pid: str, before: dt.date) -> int:
        """Team games after the player's last game and before the date."""
        rows = self.player_games(pid, before)
        if not rows:
            return 0
        last, dates = rows[-1]["game_date"], self.team_dates[rows[-1]["team"]]
        return bisect_left(dates, before) - bisect_left(dates, last) - 1

    def day_rows(self, day: dt.date) -> dict[str, dict]:
        """player_id -> row for the games on one date."""
        return {r["player_id"]: r for r in self.games if r["game_date"] == day}


@pytest.fixture(scope="session")
def csv_facts(csv_games) -> CsvFacts:
    """A `CsvFacts` over `csv_games`: per-player rows, team schedules, missed-game counts."""
    return CsvFacts(csv_games)


@pytest.fixture
def as_of() -> dt.date:
    """The default as-of date of the demo: Wednesday 2025-01-29 (week Jan 27 - Feb 2)."""
    return DEFAULT_AS_OF


@pytest.fixture
def demo_source():
    """Factory: `demo_source(as_of=date, scoring='points'|'categories')` -> DemoSource.

    Sources are cached per (database, as-of, scoring) by the services, so calling it is cheap.
    """
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    def make(as_of: dt.date = DEFAULT_AS_OF, scoring: str = "points"):
        return DemoSource(as_of, scoring, store=state_store())

    return make


@dataclass
class FreshState:
    home: Path  # this test's COURTSIDE_HOME
    store: object  # services.store.state.StateStore under that home


def share_nlu_model(home: Path) -> None:
    """Puts the session's intent model where a process run under `home` looks for it: a CLI or
    app subprocess started with the COURTSIDE_* variables removed (as a user's shell would) would
    otherwise train its own, about 1.7 s of CPU each (`agents.offline.nlu_model.model`). Also links
    the run's snapshot cache into `home` (content-keyed, so another database never reads it)."""
    from agents.offline import nlu_model

    built = Path(os.environ.get("COURTSIDE_NLU_MODEL", ""))
    target = home / "models" / nlu_model.ARTIFACT
    if built.is_file() and not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
    shared = built.parent.parent / "cache"  # the session home's snapshot cache (content-keyed: safe to share)
    if built.is_file() and shared.is_dir() and not (home / "cache").exists():
        (home / "cache").symlink_to(shared.resolve(), target_is_directory=True)


@pytest.fixture
def fresh_state(tmp_path, monkeypatch, courtside_home) -> FreshState:
    """A COURTSIDE_HOME of the test's own: the built DuckDB file copied in, an empty SQLite
    state store (moves, decisions, audit) and room for checkpoints.

    Use it for any test that writes state, so approved moves never leak into other tests.
    The services' caches of the analytics tables are keyed by the database's content, so this
    copy shares the run's snapshots and tables (in memory, and the snapshot cache on disk). On
    teardown the env var is restored and the store's connections are dropped.
    """
    from services.store import state as store_mod
    from services.store.build import DB_NAME
    from tests.db_files import copy_database

    home = tmp_path / "home"
    home.mkdir()
    copy_database(courtside_home / DB_NAME, home / DB_NAME)
    share_nlu_model(home)
    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    state = FreshState(home=home, store=store_mod.state_store())
    yield state
    with store_mod._stores_lock:
        for key in [k for k in store_mod._stores if k[0] == str(home)]:
            store_mod._stores.pop(key)


@pytest.fixture
def run_cli(courtside_home):
    """Runs `python -m services *args` in a new process against the session home; returns
    CompletedProcess (text mode, stdout and stderr captured, never raises on a non-zero exit)."""
    import forkrun

    def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k not in ISOLATED_ENV}
        env["COURTSIDE_HOME"] = str(courtside_home)
        return forkrun.run(["-m", "services", *args], cwd=REPO_ROOT, env=env, timeout=timeout)

    return run


@pytest.fixture(scope="session")
def espn_mirror(courtside_home):
    """The ESPN mirror of Jan 29 (tests/espn_mirror.py: its own process on loopback, both scorings:
    league 20251 points, 20252 categories) for the whole run; yields its JSON line."""
    from tests.espn_mirror import mirror_process

    with mirror_process(courtside_home) as line:
        yield line


@pytest.fixture
def mirror_league(espn_mirror, courtside_home, monkeypatch):
    """Factory `mirror_league(scoring="points", cache=None, team_id=1)`: the ESPN source of the
    mirror's league read through the real espn-api client over loopback (COURTSIDE_ESPN_URL set),
    its state store the current home's (a `fresh_state` test's own). Its box-score history is
    built once per run, in the session home, and read from there by every test."""
    from tests.espn_mirror import mirror_source

    def make(scoring: str = "points", cache=None, team_id: int = 1):
        return mirror_source(espn_mirror["url"], monkeypatch, courtside_home, scoring, cache, team_id)

    return make

"""Every CLI subcommand driven with generated arguments (Hypothesis): extreme numbers, NaN and inf,
odd dates and times, huge and unicode strings, unknown ids, unknown flags, missing arguments.

The property: the command exits 0, 1 or 2, never prints a traceback, echoes at most ~200
characters of any input, and under --json prints JSON carrying `error` (null exactly when it
exits 0). The commands run in-process (`main(argv)`) for speed; a handful of real subprocess runs
prove the wiring (`python -m agents|services`), including a desk quote while another process
holds the state store's write lock.

Before issue #20 this caught: `desk quote --line inf`, `--at 0001-01-01T00:00:00`,
`desk verify --last 99999999999999999999`, `desk clock --advance inf|1e308`, `arena run --cash
nan|inf`, `arena show <100k chars>` (tracebacks), and argparse usage errors with no JSON.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import sqlite3
from pathlib import Path

import pytest
from tests.conftest import share_nlu_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import forkrun

REPO = Path(__file__).resolve().parents[1]
GAME = "2025-01-29-CHI-BOS"
HUGE = "x" * 100_000

NUMBERS = st.one_of(st.sampled_from(["nan", "inf", "-inf", "1e308", "-1e308", "0", "-1", "1e-9", "1.914", "-13.5",
                                     "99999999999999999999", "abc", "", "1e-320", "0x10"]),
                    st.floats(allow_nan=True, allow_infinity=True).map(repr), st.integers().map(str))
DATES = st.sampled_from(["2025-01-29", "2025-01-27", "0001-01-01", "9999-12-31", "2025-02-30", "2025-13-01",
                         "1899-12-31", "2101-01-01", "yesterday", "", "2025-1-29", HUGE[:300]])
TIMES = st.sampled_from(["2025-01-29T18:15:10+00:00", "2025-01-29T17:00:00", "0001-01-01T00:00:00",
                         "9999-12-31T23:59:59", "2025-01-29T18:15:10+14:00", "garbage", "", "2025-01-30T02:00:00+00:00"])
TEXT = st.one_of(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                         max_size=40),
                 st.sampled_from([HUGE, "é" * 5000, "\u202e" * 300, "q-nope", "run-nope", "../../etc/passwd",
                                  GAME, "LeBron James", "--json", "-1"]))
ID = st.one_of(TEXT, st.sampled_from(["q-000000000000", "t-unknown", "2025-01-29-CHI-BOS"]))


def _opt(flag: str, values) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [flag, v]))


def _cmd(prefix: list[str], *parts) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda xs: prefix + [a for x in xs for a in x])


AGENTS = st.one_of(
    _cmd(["ask"], TEXT.map(lambda t: [t]), _opt("--as-of", DATES), _opt("--thread", ID)),
    _cmd(["resume"], _opt("--thread", ID), _opt("--decision", st.sampled_from(["approve", "decline", "maybe"])),
         _opt("--move", ID)),
    _cmd(["signals", "run"], _opt("--date", DATES), _opt("--threshold", NUMBERS),
         _opt("--mode", st.sampled_from(["blind", "anchored", "x"]))),
    _cmd(["signals", "score"], _opt("--from", DATES), _opt("--to", st.sampled_from(["2025-01-27", "0001-01-01", "x"]))),
    _cmd(["desk", "games"], _opt("--date", DATES), _opt("--at", TIMES)),
    _cmd(["desk", "quote"], _opt("--game", st.one_of(st.just(GAME), ID)),
         _opt("--market", st.sampled_from(["spread", "total", "moneyline", "props"])),
         _opt("--side", st.sampled_from(["home", "away", "over", "under", "middle"])), _opt("--line", NUMBERS),
         _opt("--odds", NUMBERS), _opt("--amount", NUMBERS), _opt("--at", TIMES), _opt("--key", ID)),
    _cmd(["desk", "accept"], _opt("--quote", ID), _opt("--at", TIMES), _opt("--key", ID)),
    _cmd(["desk", "settle"], _opt("--through", DATES)),
    _cmd(["desk", "verify"], _opt("--last", NUMBERS)),
    _cmd(["desk", "clock"], _opt("--set", TIMES), _opt("--advance", NUMBERS)),
    _cmd(["arena", "run"], _opt("--agent", st.sampled_from(["favourite", "hold", "nobody"])),
         _opt("--from", st.sampled_from(["2025-01-27", "0001-01-01", "x"])),
         _opt("--to", st.sampled_from(["2025-01-27", "2025-01-26", "9999-12-31"])), _opt("--cash", NUMBERS),
         _opt("--seed", NUMBERS)),
    _cmd(["arena", "show"], ID.map(lambda t: [t])),
)
SERVICES = st.one_of(
    _cmd(["gamelog"], TEXT.map(lambda t: [t]), _opt("--last", NUMBERS), _opt("--as-of", DATES)),
    _cmd(["status"], TEXT.map(lambda t: [t]), _opt("--as-of", DATES)),
    _cmd(["roster"], _opt("--team", NUMBERS), _opt("--as-of", DATES)),
    _cmd(["calibration"], _opt("--as-of", st.sampled_from(["0001-01-01", "2025-13-01", "x", "2101-01-01"]))),
    _cmd(["store", "check"], _opt("--which", st.sampled_from(["state", "checkpoints", "all", "x"]))),
    _cmd(["store", "backup"], _opt("--which", st.sampled_from(["state", "all", "x"]))),
    _cmd(["store", "restore"], _opt("--which", st.sampled_from(["state", "checkpoints", "x"])),
         _opt("--from", st.sampled_from(["/nonexistent/x.sqlite", HUGE[:5000], "", "/dev/null"]))),
    _cmd(["build"], st.just(["--if-missing"])),
)
EXTRA = st.lists(st.sampled_from(["--json", "--json", "--bogus", "-h"]), max_size=2)


@pytest.fixture(scope="module")
def fuzz_home(tmp_path_factory, courtside_home):
    """A home of this module's own (the built DB copied in): the fuzzed commands write here."""
    from services.store import state as store_mod
    from services.store.build import DB_NAME
    from tests.db_files import copy_database

    home = tmp_path_factory.mktemp("fuzz") / "home"
    home.mkdir()
    copy_database(courtside_home / DB_NAME, home / DB_NAME)
    share_nlu_model(home)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COURTSIDE_HOME", str(home))
        yield home
    with store_mod._stores_lock:
        for key in [k for k in store_mod._stores if k[0] == str(home)]:
            store_mod._stores.pop(key).close()


def _run_in_process(main, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse (usage errors, -h)
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    return code, out.getvalue(), err.getvalue()


def _json_of(stdout: str) -> dict:
    try:
        return json.loads(stdout)
    except ValueError:
        return json.loads(stdout.strip().splitlines()[-1])


def _check(argv: list[str], code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), (argv[:6], code, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, err[-3000:]
    longest = max((len(a) for a in argv), default=0)
    if longest > 1000:  # a huge input is never echoed back whole
        assert len(err) < 2000, err[:300]
    if "--json" in argv and "-h" not in argv and code != 0 or ("--json" in argv and "-h" not in argv and out.strip()):
        payload = _json_of(out)
        assert isinstance(payload, dict) and "error" in payload, out[-500:]
        if code != 0 and not (argv[:2] == ["desk", "verify"] and code == 1):
            assert payload["error"], (argv[:6], out[-500:])  # a failure says why
        if code == 0:
            assert payload["error"] is None


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(argv=AGENTS, extra=EXTRA)
def test_agents_cli_never_tracebacks(fuzz_home, argv, extra):
    from agents.cli import main

    args = argv + extra
    _check(args, *_run_in_process(main, args))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(argv=SERVICES, extra=EXTRA)
def test_services_cli_never_tracebacks(fuzz_home, argv, extra):
    from services.cli import main

    args = argv + extra
    _check(args, *_run_in_process(main, args))


def _env(home: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    return env | {"COURTSIDE_HOME": str(home)} | extra


@pytest.mark.parametrize("argv", [
    ["agents", "desk", "quote", "--game", GAME, "--market", "spread", "--side", "home", "--line", "inf",
     "--odds", "1.9", "--amount", "10", "--json"],
    ["agents", "desk", "verify", "--last", "99999999999999999999", "--json"],
    ["agents", "arena", "show", HUGE, "--json"],
    ["agents", "desk", "nope", "--json"],  # an argparse usage error under --json
    ["services", "roster", "--team", "nan", "--json"],
])
def test_real_processes_print_one_json_line_and_exit_2(fuzz_home, argv):
    """The wiring of `python -m agents|services`: bad input exits 2 with JSON and one short line."""
    p = forkrun.run(["-m", *argv], cwd=REPO, env=_env(fuzz_home), timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr[-2000:]
    assert json.loads(p.stdout)["error"] and len(p.stderr.strip().splitlines()) == 1 and len(p.stderr) < 600


def test_a_desk_quote_while_another_process_holds_the_store_exits_1_naming_the_lock(fuzz_home):
    """Catches `database is locked` escaping as a traceback."""
    from services.store.state import state_store

    state_store()  # the store exists with its tables
    con = sqlite3.connect(fuzz_home / "state.sqlite", isolation_level=None)
    con.execute("BEGIN IMMEDIATE")  # another process's long write
    try:
        p = forkrun.run(["-m", "agents", "desk", "quote", "--game", GAME, "--market", "moneyline",
                        "--side", "home", "--odds", "1.1", "--amount", "10", "--json"], cwd=REPO,
                        env=_env(fuzz_home, COURTSIDE_STORE_BUSY_TIMEOUT_S="0.5"),
                        timeout=120)
    finally:
        con.execute("ROLLBACK")
        con.close()
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr[-2000:]
    assert "locked by another process" in json.loads(p.stdout)["error"]

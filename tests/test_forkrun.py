"""tests/forkrun.py runs CLI tests' processes from a pre-imported zygote: each run must be what a
fresh `python ...` would be (its exit status, its output, its environment, nothing left over from
another run), or every CLI test built on it would test something else than a user's shell does.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import forkrun

REPO = Path(__file__).resolve().parents[1]


def _env(**extra: str) -> dict:
    return {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")} | extra


def test_a_cli_run_gives_what_a_true_subprocess_gives(courtside_home):
    """Catches a zygote run that differs from `python -m services` started by a shell: another exit
    code, output, or stderr (a warning or note printed only in one of them)."""
    env = _env(COURTSIDE_HOME=str(courtside_home))
    for argv in (["status", "embiid", "--json"], ["status", "Tyrese"], ["roster", "--team", "99", "--json"]):
        real = subprocess.run([sys.executable, "-m", "services", *argv], cwd=REPO, env=env, capture_output=True,
                              text=True, timeout=120)
        forked = forkrun.run(["-m", "services", *argv], cwd=REPO, env=env, timeout=120)
        assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert real.returncode == 2 and json.loads(real.stdout)["error"].startswith("No team 99")


@pytest.mark.parametrize("code,status", [("import sys; sys.exit(3)", 3), ("import os; os._exit(9)", 9),
                                         ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", -9),
                                         ("raise ValueError('boom')", 1), ("import sys; sys.exit('bye')", 1),
                                         ("print('fine')", 0)])
def test_the_exit_status_is_the_interpreters(code, status):
    """Catches a runner that reports 0 for a crash or a kill (a race test's killed process would pass
    as a clean exit), or loses the traceback an uncaught exception prints."""
    p = forkrun.run(["-c", code], env=_env())
    assert p.returncode == status
    if "ValueError" in code:
        assert "Traceback" in p.stderr and p.stderr.strip().endswith("ValueError: boom")
    if "bye" in code:
        assert p.stderr == "bye\n"


def test_argv_environment_and_directory_are_the_runs_own(tmp_path):
    """Catches a run that sees the test process's environment (COURTSIDE_* of the session) or its
    working directory instead of the ones it was given."""
    code = ("import os, sys, json; print(json.dumps([sys.argv, os.getcwd(), os.environ.get('ONLY_HERE'),"
            " sorted(k for k in os.environ if k.startswith('COURTSIDE_'))]))")
    p = forkrun.run(["-c", code, "a b", "--x"], env=_env(ONLY_HERE="1", COURTSIDE_HOME=str(tmp_path)), cwd=tmp_path)
    assert json.loads(p.stdout) == [["-c", "a b", "--x"], str(tmp_path), "1", ["COURTSIDE_HOME"]]
    assert "COURTSIDE_HOME" in os.environ  # the session's home is set here, and was not passed on


def test_no_state_carries_from_one_run_to_the_next(tmp_path):
    """Catches a zygote that read the settings (or seeded the random generators) before forking:
    every run would see the first home, and two runs would draw the same numbers."""
    code = ("import random; from services import config; "
            "print(config.courtside_home(), random.random())")
    outs = [forkrun.run(["-c", code], env=_env(COURTSIDE_HOME=str(tmp_path / h))).stdout.split() for h in "ab"]
    assert [o[0] for o in outs] == [str(tmp_path / "a"), str(tmp_path / "b")]
    assert outs[0][1] != outs[1][1]


def test_runs_are_separate_processes_running_at_once(tmp_path):
    """Catches runs served one after another (the two-process race tests would deadlock or stop
    racing): each waits for the other's file, so both must be alive at the same time."""
    code = ("import os, sys, time, pathlib; d = pathlib.Path(sys.argv[1]); me, other = sys.argv[2:]; "
            "(d / me).touch(); t = time.monotonic()\n"
            "while not (d / other).exists():\n    assert time.monotonic() - t < 60; time.sleep(0.01)\n"
            "print(os.getpid())")
    procs = [forkrun.Popen(["-c", code, str(tmp_path), me, other], env=_env()) for me, other in (("a", "b"), ("b", "a"))]
    outs = [p.communicate(timeout=90) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    pids = {int(o[0]) for o in outs}
    assert len(pids) == 2 and os.getpid() not in pids and pids == {p.pid for p in procs}


def test_a_timeout_kills_the_run():
    """Catches a timeout that waits for the run anyway (a hung CLI would hang the suite)."""
    p = forkrun.Popen(["-c", "import time; time.sleep(120)"], env=_env())
    t0 = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        p.communicate(timeout=0.5)
    assert time.monotonic() - t0 < 30 and p.returncode == -signal.SIGKILL

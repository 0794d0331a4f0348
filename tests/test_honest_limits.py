"""Issue #40: every marked figure of the README's "Honest limits" is what `bench/honest_limits.py --write` wrote
from its saved JSON (bench/results/honest_limits.json), so a figure edited by hand, or a benchmark re-run
without rewriting the README, fails here. Fast: reads the saved JSON, runs no benchmark."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _module():
    spec = importlib.util.spec_from_file_location("honest_limits", ROOT / "bench" / "honest_limits.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("honest_limits", mod)  # its dataclasses look their module up
    spec.loader.exec_module(sys.modules["honest_limits"])
    return sys.modules["honest_limits"]


def test_every_marked_block_of_the_readme_is_what_the_saved_json_gives():
    """Each block in the module's list is in the README, its sources are saved, and the README's text between
    its markers equals the text rendered from the saved JSON. Catches a README figure edited by hand, a block
    left out of the README, and a source whose JSON was never saved."""
    hl = _module()
    saved, readme = hl.load_saved(), (ROOT / "README.md").read_text()
    assert {s for b in hl.BLOCKS for s in b.sources} <= set(saved)
    have, want = hl.blocks_in(readme), hl.render(saved)
    assert set(have) == set(want) == {b.name for b in hl.BLOCKS}
    for name in want:
        assert have[name] == want[name], name
    assert hl.differences(readme, saved) == []
    assert "## Honest limits" in readme and all(readme.index(hl.marker(n)[0]) > readme.index("## Honest limits")
                                                  for n in want)


def test_a_figure_changed_by_hand_is_found():
    """One digit of one figure changed in the README's text: `differences` names that block and `--check` would
    fail. Catches a check that compares only the markers or only the first block."""
    hl = _module()
    saved, readme = hl.load_saved(), (ROOT / "README.md").read_text()
    for name, body in hl.blocks_in(readme).items():
        i = next(k for k, ch in enumerate(body) if ch.isdigit())
        edited = body[:i] + str((int(body[i]) + 1) % 10) + body[i + 1:]
        start, end = hl.marker(name)
        text = readme.replace(f"{start}\n{body}\n{end}", f"{start}\n{edited}\n{end}")
        assert hl.differences(text, saved) == [name]


def test_the_categories_ir_card_says_the_week_figure_the_backtest_measured():
    """The categories IR card's caveat (services.optimizer.reasons.CATEGORY_IR_WEEK) is the saved backtest's
    categories IR week figure: realized, claimed, moves. Catches a card left with an old figure after a re-run."""
    from services.optimizer.reasons import CATEGORY_IR_WEEK, week_claim_text

    w = _module().load_saved()["backtest"]["json"]["categories"]["week_realized_to_claimed"]["ir"]
    assert CATEGORY_IR_WEEK == (w["realized"], w["claimed"], w["moves"])
    assert f"{w['realized']:+.1f} categories this week against {w['claimed']:+.1f} claimed" in week_claim_text()


def test_a_bad_source_name_is_refused_and_nothing_is_written():
    """`--write --only nosuch --json`: exit 2, one JSON line with the error naming the sources, README and saved
    JSON unchanged."""
    before = ((ROOT / "README.md").read_bytes(), (ROOT / "bench" / "results" / "honest_limits.json").read_bytes())
    p = subprocess.run([sys.executable, "bench/honest_limits.py", "--write", "--only", "nosuch", "--json"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    err = json.loads(p.stdout)["error"]
    assert "nosuch" in err and "backtest" in err and "calibration" in err
    assert ((ROOT / "README.md").read_bytes(), (ROOT / "bench" / "results" / "honest_limits.json").read_bytes()) == before

"""Issue #40: every figure of the README's "Honest limits" (one line each) and its detail in docs/honest-limits.md
are what `bench/honest_limits.py --write` wrote from its saved JSON (bench/results/honest_limits.json), so a
figure edited by hand, or a benchmark re-run without rewriting the files, fails here. Fast: reads the saved
JSON, runs no benchmark."""
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


def test_every_block_of_both_files_is_what_the_saved_json_gives():
    """Each block in the module's list is in the README (its short line, linking to its detail) and in
    docs/honest-limits.md (its detail, under its title), its sources are saved, and each file's text between the
    block's markers equals the text rendered from the saved JSON. Catches a figure edited by hand in either file,
    a block left out of one, a source whose JSON was never saved, and a README line whose link has no heading."""
    hl = _module()
    saved, texts = hl.load_saved(), hl.read_files()
    assert {s for b in hl.BLOCKS for s in b.sources} <= set(saved) <= {s.name for s in hl.SOURCES}
    names = {b.name for b in hl.BLOCKS}
    for which, text in texts.items():
        have, want = hl.blocks_in(text), hl.render(saved, which)
        assert set(have) == set(want) == names, which
        for name in want:
            assert have[name] == want[name], (which, name)
    assert hl.differences(texts, saved) == []
    readme, detail = texts["readme"], texts["detail"]
    section = readme[readme.index("## Honest limits"):]
    assert all(hl.marker(n)[0] in section for n in names)
    for b in hl.BLOCKS:
        assert f"(docs/honest-limits.md#{b.anchor})" in hl.blocks_in(readme)[b.name]
        assert f"\n## {b.title}\n" in detail and detail.index(f"## {b.title}") < detail.index(hl.marker(b.name)[0])


def test_every_figure_of_the_readme_section_is_in_a_marked_block():
    """The README's "Honest limits" section outside the marked blocks holds no figure (no digit but a date's or a
    file's): every figure there is written by the command. Catches a hand-written figure left beside the blocks
    (the trades, arena, chat and page-speed bullets were)."""
    import re

    hl = _module()
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Honest limits"):]
    nxt = section.find("\n## ", 3)
    section = section if nxt < 0 else section[:nxt]
    for name in hl.blocks_in(section):
        start, end = hl.marker(name)
        section = re.sub(re.escape(start) + r".*?" + re.escape(end), "", section, flags=re.S)
    figures = re.findall(r"(?<![\w./-])[+-]?\d+(?:\.\d+)?%?(?![\w./-])", section)
    allowed = {"2022", "23", "13", "7"}  # ESPN's 2022-23 ownership, the season's end (Apr 13), the data's (Feb 7)
    assert set(figures) <= allowed, figures


def test_a_figure_changed_by_hand_is_found():
    """One digit of one figure changed in a block's text, in either file: `differences` names that file and
    block and `--check` would fail. Catches a check that compares only the markers, only the first block, or
    only the README."""
    hl = _module()
    saved, texts = hl.load_saved(), hl.read_files()
    for which, text in texts.items():
        for name, body in hl.blocks_in(text).items():
            i = next(k for k, ch in enumerate(body) if ch.isdigit())
            edited = body[:i] + str((int(body[i]) + 1) % 10) + body[i + 1:]
            start, end = hl.marker(name)
            changed = dict(texts, **{which: text.replace(f"{start}\n{body}\n{end}", f"{start}\n{edited}\n{end}")})
            assert hl.differences(changed, saved) == [f"{which}:{name}"]


def test_the_categories_ir_card_says_the_week_figure_the_backtest_measured():
    """The categories IR card's caveat (services.optimizer.reasons.CATEGORY_IR_WEEK) is the saved backtest's
    categories IR week figure: realized, claimed, moves. Catches a card left with an old figure after a re-run."""
    from services.optimizer.reasons import CATEGORY_IR_WEEK, week_claim_text

    w = _module().load_saved()["backtest"]["json"]["categories"]["week_realized_to_claimed"]["ir"]
    assert CATEGORY_IR_WEEK == (w["realized"], w["claimed"], w["moves"])
    assert f"{w['realized']:+.1f} categories this week against {w['claimed']:+.1f} claimed" in week_claim_text()


def test_a_bad_source_name_is_refused_and_nothing_is_written():
    """`--write --only nosuch --json`: exit 2, one JSON line with the error naming the sources, README, the detail
    file and the saved JSON unchanged."""
    files = (ROOT / "README.md", ROOT / "docs" / "honest-limits.md", ROOT / "bench" / "results" / "honest_limits.json")
    before = tuple(f.read_bytes() for f in files)
    p = subprocess.run([sys.executable, "bench/honest_limits.py", "--write", "--only", "nosuch", "--json"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    err = json.loads(p.stdout)["error"]
    assert "nosuch" in err and "backtest" in err and "calibration" in err
    assert tuple(f.read_bytes() for f in files) == before

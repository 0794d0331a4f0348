"""The learned intent model: built by a command from repo files, reproducibly, kept apart from the
evaluation sets, and calibrated (its speed is a bench figure: bench/nlu.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import forkrun

from agents.offline import nlu_model as M

ROOT = Path(__file__).resolve().parents[2]


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split())


def _build(out: Path, seed: str) -> dict:
    import os

    env = {**os.environ, "PYTHONHASHSEED": seed}
    run = forkrun.run(["-m", "agents.offline.nlu_model", "build", "--out", str(out)],
                      cwd=ROOT, timeout=240, env=env)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_build_command_is_reproducible_bytes_and_predictions(tmp_path):
    """`python -m agents.offline.nlu_model build --out F` twice, in two processes with different hash
    seeds: exit 0, JSON with error null, the same bytes; the artifact predicts what a fresh training in
    this process predicts. Catches: an unseeded solver or split, a set iterated into the model, an id()
    or a timestamp pickled into the artifact (sklearn's _stop_words_id was one)."""
    import pickle

    first, second = _build(tmp_path / "a.pkl", "1"), _build(tmp_path / "b.pkl", "2")
    assert first["error"] is None and first["examples"] == len(M.load_corpus()) == second["examples"]
    assert (tmp_path / "a.pkl").read_bytes() == (tmp_path / "b.pkl").read_bytes()
    loaded = pickle.loads((tmp_path / "a.pkl").read_bytes())
    assert loaded["corpus"] == M.corpus_digest()
    probe = ["am i cooked this week", "drop PLAYER for PLAYER", "whats the line on TEAM tonight", "asdf qwer"]
    fresh = M.train()
    assert list(loaded["model"].predict(probe)) == list(fresh.predict(probe))
    assert (loaded["model"].predict_proba(probe) == fresh.predict_proba(probe)).all()


def test_a_stale_artifact_is_not_trusted(tmp_path, monkeypatch):
    """An artifact built from another corpus is ignored (retrained in memory). Catches: loading any
    file at the default path without checking the corpus digest."""
    path = tmp_path / "stale.pkl"
    path.write_bytes(M.artifact_bytes(M.train([("who should i add", "fa_scan"), ("hi there", "general_smalltalk"),
                                               ("who do i add", "fa_scan"), ("hello", "general_smalltalk"),
                                               ("add someone", "fa_scan"), ("hey", "general_smalltalk")]),
                                      "not-the-corpus"))
    monkeypatch.setattr(M, "default_path", lambda: path)
    M.model.cache_clear()
    M.scorer.cache_clear()
    try:
        assert M.predict("am i winning my matchup").act == "matchup"
    finally:
        M.model.cache_clear()
        M.scorer.cache_clear()


def test_no_evaluation_question_is_in_the_training_corpus():
    """The held-out paraphrases, the facts set, the new-register set and the corpus's held-out split
    are never trained on (not even near-copies). Catches: a register line copied into the corpus."""
    from difflib import SequenceMatcher

    held = json.loads((ROOT / "tests/golden/heldout/cases.json").read_text())["cases"]
    facts = json.loads((ROOT / "tests/golden/facts/cases.json").read_text())["cases"]
    tests = {_norm(q) for c in held for q in [c["q"], *c.get("context", [])]} | {_norm(c["question"]) for c in facts}
    for name in ("cases.json", "split.json"):  # issue #42's new-register set and the corpus's held-out author style
        tests |= {_norm(c["q"]) for c in json.loads((ROOT / "tests/golden/register" / name).read_text())["cases"]}
    tests.discard("")  # "😂😂" and "???" have no letters to compare
    corpus = {_norm(q) for q, _ in M.load_corpus()}
    assert not corpus & tests
    # ratio() > 0.9 through its cheap upper bounds first (real_quick_ratio <= quick_ratio <= ratio
    # hold for every pair): the same pairs, without the full match of each of the ~220,000 pairs (21 s -> 2 s of CPU).
    close = []
    for t in (t for t in tests if len(t) > 12):
        sm = SequenceMatcher(None, "", t)  # set_seq2 once per question: its index is built once
        for c in corpus:
            sm.set_seq1(c)
            if sm.real_quick_ratio() > 0.9 and sm.quick_ratio() > 0.9 and sm.ratio() > 0.9:
                close.append((c, t))
    assert not close, close[:5]


def test_every_act_maps_to_an_intent_and_has_examples():
    acts = {a for _, a in M.load_corpus()}
    assert len(acts) >= 20
    for act in acts:
        M.intent_of(act)
        assert sum(1 for _, a in M.load_corpus() if a == act) >= 8, act


def test_confidence_is_a_probability_and_ranks_the_acts():
    p = M.predict("who are the best free agents at center")
    assert p.intent.value == "free_agent_scan" and 0 < p.confidence <= 1
    assert [c for _, c in p.ranked] == sorted((c for _, c in p.ranked), reverse=True)
    assert sum(M.model().predict_proba([M.features_text("zzz")])[0]) == pytest.approx(1.0)


def test_the_fast_scorer_gives_the_pipelines_probabilities():
    """`predict` skips sklearn's per-call overhead; its probabilities must be predict_proba's. Catches: a
    missing calibrator, the sigmoid's sign, or a normalization that differs from sklearn's."""
    import numpy as np

    docs = [M.features_text(q) for q, _ in M.load_corpus()[::7]] + ["", "zzz qqq"]
    assert np.allclose(M.scorer().predict_proba(docs), M.model().predict_proba(docs), atol=1e-12)

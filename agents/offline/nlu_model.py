"""The offline planner's learned intent model: what a manager's message asks for, with a calibrated confidence.

Trained on the labelled corpus in agents/offline/corpus/ (one file per act, one message a line;
tests/golden/heldout/ is never read here). Each message is first delexicalized by the slot
extractor (players -> PLAYER, teams -> TEAM, numbers -> NUM), then read through word 1-2 grams and
character 2-5 grams into a linear SVM whose scores are calibrated into probabilities by
cross-validation (sigmoid, Platt). Deterministic: the same corpus and library versions give the same
artifact bytes and the same predictions.

    python -m agents.offline.nlu_model build [--out PATH]   # writes the artifact (default: under COURTSIDE_HOME)
    python -m agents.offline.nlu_model predict "am i cooked this week"
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import io
import json
import logging
import pickle
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agents.core.intents import Intent
from agents.core.normalize import normalize
from agents.offline.slots import extract

log = logging.getLogger(__name__)

CORPUS = Path(__file__).parent / "corpus"
ARTIFACT = "nlu-intent-model.pkl"
_DAY = dt.date(2025, 1, 29)  # any date: the model reads words, not dates

ACT_INTENT = {
    "research": Intent.PLAYER_RESEARCH, "fa": Intent.FREE_AGENT_SCAN, "matchup": Intent.MATCHUP_ANALYSIS,
    "lineup": Intent.LINEUP_OPTIMIZATION, "optimize": Intent.LINEUP_OPTIMIZATION,
    "ir": Intent.LINEUP_OPTIMIZATION, "general": Intent.GENERAL_ADVICE, "vague": Intent.GENERAL_ADVICE,
    "nonsense": Intent.GENERAL_ADVICE, "market": None,
    "trade": Intent.PLAYER_RESEARCH,  # trade_evaluate / trade_propose / trade_find (agents/offline/trade_talk.py)
}


def intent_of(act: str) -> Intent:
    """The IntentLabel intent of a fine-grained act ("research_log" -> player_research)."""
    if act == "market_edges":
        return Intent.MARKET_EDGES
    if act == "market_desk":
        return Intent.MARKET_DESK
    return ACT_INTENT[act.split("_")[0]]


def features_text(text: str) -> str:
    """The message as the model reads it: shorthand spelled out (agents/core/normalize.py), then
    folded words with entities replaced by their type."""
    return " ".join(extract(normalize(text), _DAY).words)


def load_corpus(root: Path = CORPUS) -> list[tuple[str, str]]:
    """(message, act) pairs, in a fixed order (file name, then line)."""
    rows = []
    for path in sorted(root.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                rows.append((line.strip(), path.stem))
    return rows


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """The folded words of the corpus's requests (every act but nonsense), as the model reads them."""
    return frozenset(w for q, act in load_corpus() if act != "nonsense" for w in features_text(q).split())


def corpus_digest(root: Path = CORPUS) -> str:
    """The corpus and the normalizer that reads it: a change to either retrains."""
    h = hashlib.sha256()
    h.update((Path(__file__).parents[1] / "core" / "normalize.py").read_bytes() + b"\0")
    for path in sorted(root.glob("*.txt")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _pipeline():
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.svm import LinearSVC
    from sklearn.model_selection import StratifiedKFold
    from sklearn.pipeline import FeatureUnion, Pipeline

    feats = FeatureUnion([
        ("words", TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, token_pattern=r"[^ ]+",
                                  lowercase=False)),
        ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=False,
                                  min_df=1)),
    ])
    clf = CalibratedClassifierCV(LinearSVC(C=0.5, random_state=0), method="sigmoid", ensemble=False,
                                 cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=0))
    return Pipeline([("features", feats), ("classifier", clf)])


def train(rows: list[tuple[str, str]] | None = None):
    rows = load_corpus() if rows is None else rows
    model = _pipeline()
    model.fit([features_text(q) for q, _ in rows], [a for _, a in rows])
    for _, vectorizer in model.named_steps["features"].transformer_list:
        vars(vectorizer).pop("_stop_words_id", None)  # an id() (a memory address): not the same bytes twice
    return model


@dataclass(frozen=True)
class Prediction:
    act: str
    confidence: float
    ranked: tuple[tuple[str, float], ...]  # the top acts with their probabilities, best first

    @property
    def intent(self) -> Intent:
        return intent_of(self.act)


def artifact_bytes(model, digest: str) -> bytes:
    import sklearn

    buf = io.BytesIO()
    pickle.dump({"corpus": digest, "sklearn": sklearn.__version__, "model": model}, buf, protocol=5)
    return buf.getvalue()


def default_path() -> Path:
    from services.config import get_settings

    settings = get_settings()
    return Path(settings.nlu_model) if settings.nlu_model else Path(settings.home) / "models" / ARTIFACT


def build(out: Path | None = None) -> Path:
    """Trains on the corpus and writes the artifact (the same bytes for the same corpus)."""
    out = out or default_path()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(artifact_bytes(train(), corpus_digest()))
    return out


@lru_cache(maxsize=1)
def model():
    """The built artifact when it matches the corpus, else a model trained now (about a second)."""
    import sklearn

    try:
        path = default_path()
        if path.exists():
            art = pickle.loads(path.read_bytes())
            if art.get("corpus") == corpus_digest() and art.get("sklearn") == sklearn.__version__:
                return art["model"]
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, KeyError, TypeError,
            ValueError) as e:  # what a stale or unreadable pickle raises: rebuilt in memory, never trusted
        log.info("NLU artifact %s unusable (%s: %s); training in memory", default_path(), type(e).__name__, e)
    return train()


class Scorer:
    """The fitted pipeline's arithmetic without its per-call overhead (the same probabilities as
    `predict_proba`, tested): each vectorizer, one sparse product, the per-class Platt sigmoids."""

    def __init__(self, fitted):
        import numpy as np

        self.vectorizers = [v for _, v in fitted.named_steps["features"].transformer_list]
        cal = fitted.named_steps["classifier"]
        (one,) = cal.calibrated_classifiers_  # ensemble=False: one classifier, calibrated by cross-validation
        self.coef = one.estimator.coef_.T.copy()
        self.intercept = one.estimator.intercept_.copy()
        self.a = np.array([c.a_ for c in one.calibrators])
        self.b = np.array([c.b_ for c in one.calibrators])
        self.classes_ = cal.classes_

    def predict_proba(self, docs: list[str]):
        import numpy as np
        from scipy.sparse import hstack

        X = hstack([v.transform(docs) for v in self.vectorizers]).tocsr()
        scores = X @ self.coef + self.intercept
        p = 1.0 / (1.0 + np.exp(self.a * scores + self.b))
        total = p.sum(axis=1, keepdims=True)
        return np.where(total == 0, 1.0 / p.shape[1], p / np.where(total == 0, 1, total))


@lru_cache(maxsize=1)
def scorer() -> Scorer:
    return Scorer(model())


def predict(text: str, top: int = 3, words: list[str] | None = None) -> Prediction:
    """The best acts for a message (or for its already typed `words`), with calibrated probabilities."""
    m = scorer()
    probs = m.predict_proba([" ".join(words) if words is not None else features_text(text)])[0]
    order = sorted(range(len(probs)), key=lambda i: (-probs[i], m.classes_[i]))[:top]
    ranked = tuple((str(m.classes_[i]), round(float(probs[i]), 4)) for i in order)
    return Prediction(act=ranked[0][0], confidence=ranked[0][1], ranked=ranked)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.offline.nlu_model")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="train on agents/offline/corpus and write the artifact")
    b.add_argument("--out", type=Path, default=None)
    p = sub.add_parser("predict", help="the act and confidence of one message")
    p.add_argument("text")
    args = ap.parse_args(argv)
    if args.cmd == "build":
        path = build(args.out)
        print(json.dumps({"artifact": str(path), "corpus": corpus_digest(), "examples": len(load_corpus()),
                          "error": None}))
        return 0
    pred = predict(args.text)
    print(json.dumps({"act": pred.act, "intent": pred.intent.value, "confidence": pred.confidence,
                      "ranked": pred.ranked, "error": None}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

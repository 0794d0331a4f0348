"""The facts evaluation: wording-free checks that a correct answer from any model passes.

A case (tests/golden/facts/cases.json) names the question and what must be true of the turn:

- `intent`: the classifier's label;
- `tools`: requirements, each a list of acceptable calls `{"name", "args"}` (one must be made, its
  arguments matching: `"@<player_id>"` is any name of that player, a list must contain each item,
  anything else must be equal; `node:<name>` is an optimizer node that ran);
- `cards`: `none` (no card), `optimal` (the optimizer's best moves: brute force over its inputs,
  tests/brute_force.py), `best_drop` (one card per named add, each the best drop for it) or
  `user_move` (the user's own move with its exact gain, plus a better alternative when one exists);
- `facts`: numbers the answer must state, computed here from the CSV (conftest's `csv_facts`) or,
  for expected fantasy points, by brute force over the optimizer's inputs; and every decimal
  in the answer must be one of those or appear in the turn's tool results (grounding).

Nothing here calls a service for an expected value: the league (rosters, free agents) and the
optimizer's inputs (projections, play probabilities) are the setup; the numbers are computed here.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from brute_force import TIE, BruteForce, cards_match

CASES = Path(__file__).resolve().parent / "facts" / "cases.json"
DEFAULT_AS_OF = dt.date(2025, 1, 29)
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w])")
DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.]*\d)")
DATES = re.compile(r"\b\d{4}-\d\d-\d\d\b|\b\d\d-\d\d\b|\b(?:Jan|Feb|Mar|Oct|Nov|Dec)[a-z]* \d{1,2}\b")
WORDS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def load_cases() -> list[dict]:
    return json.loads(CASES.read_text(encoding="utf-8"))["cases"]


def _words(text: str) -> list[str]:
    import unicodedata

    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9 ]+", " ", text.replace(".", "")).split()


@dataclass
class Oracle:
    """Expected values of one league universe (as-of date), from the CSV and brute force."""

    csv: object  # conftest's CsvFacts
    players: dict  # conftest's csv_players
    league: object  # the demo league the assistant runs on (rosters, free agents, opponent)
    inputs: object  # the optimizer's inputs for my team (all free agents)
    as_of: dt.date
    _bf: BruteForce | None = field(default=None, repr=False)

    @property
    def bf(self) -> BruteForce:
        if self._bf is None:
            self._bf = BruteForce(self.inputs)
        return self._bf

    @property
    def week_end(self) -> dt.date:
        return self.as_of + dt.timedelta(days=6 - self.as_of.weekday())

    def names_of(self, pid: str) -> set[str]:
        row = self.players[pid]
        return {row["name"], *row["box_score_names"]}

    def refers_to(self, value, pid: str) -> bool:
        """Whether a tool argument names this player (full name, or some of its words)."""
        got = _words(value)
        return bool(got) and any(set(got) <= set(_words(n)) for n in self.names_of(pid))

    def games_left(self, pid: str, start: dt.date | None = None, end: dt.date | None = None) -> int:
        team = self.csv.team_of(pid, self.as_of)
        return len(self.csv.team_games_between(team, start or self.as_of, end or self.week_end))

    def out(self, pid: str) -> bool:
        return self.csv.missed_in_row(pid, self.as_of) >= 3

    def per_game(self, pid: str) -> float:
        """The projection: half the season's mean fantasy points, half the last 10 games'."""
        rows = self.csv.player_games(pid, before=self.as_of)
        return 0.5 * sum(r["fpts"] for r in rows) / len(rows) + 0.5 * sum(r["fpts"] for r in rows[-10:]) / len(rows[-10:])

    def chance(self, pid: str, day: dt.date) -> float:
        """His chance to play on `day`: an OUT player's per-day return odds (the input's), else his availability."""
        p = next(p for p in self.inputs.roster + self.inputs.free_agents + self.inputs.opponent if p.player_id == pid)
        return p.day_availability.get(day, p.availability)

    def availability(self, pid: str) -> float:
        return next(p.availability for p in self.inputs.roster + self.inputs.free_agents + self.inputs.opponent
                    if p.player_id == pid)

    def value(self, f: dict):
        """(expected value, 'int' | 'float') of one fact."""
        kind, pid = f["fact"], f.get("player")
        rows = self.csv.player_games(pid, before=self.as_of) if pid else []
        day = lambda k: dt.date.fromisoformat(f[k]) if f.get(k) else None  # noqa: E731
        if kind == "games_left":
            return self.games_left(pid, day("start"), day("end")), "int"
        if kind == "missed":
            return self.csv.missed_in_row(pid, self.as_of), "int"
        if kind == "games_played":
            return len(rows), "int"
        if kind == "avg_last":
            last = rows[-f["n"]:]
            return sum(r[f.get("stat", "fpts")] for r in last) / len(last), "float"
        if kind == "season_avg":
            return sum(r[f.get("stat", "fpts")] for r in rows) / len(rows), "float"
        if kind == "roster_games_left":
            team = self.league.my_team_id if f.get("team", "mine") == "mine" else self.league.opponent_id
            ids = self.league.roster_ids(team)
            return sum(self.games_left(p) for p in ids if not (f.get("healthy") and self.out(p))), "int"
        if kind == "day_players":
            d = day("date")
            return sum(1 for p in self.league.roster_ids() if self.games_left(p, d, d)), "int"
        if kind == "day_starts":  # the most starters the slots allow among players with a game and value
            d = day("date")
            playing = [(e, 1.0) for e, v, days in self.bf.roster if d in days and v[d] > 0]  # v: his value per game day
            from brute_force import day_value

            return int(round(day_value(playing, self.bf.slots))), "int"
        if kind == "day_expected":
            d = day("date")
            return self.bf._day(d, None), "float"
        if kind == "week_expected":
            return self.bf.weekly_total(), "float"
        if kind == "expected_total":  # each of his games (the CSV's) at his chance to play that day
            team = self.csv.team_of(pid, self.as_of)
            return sum(self.per_game(pid) * self.chance(pid, d)
                       for d in self.csv.team_games_between(team, self.as_of, self.week_end)), "float"
        if kind == "move_gain":  # this week's expected gain of the move
            return self.bf.gain(f["drop"], f["add"]), "float"
        raise ValueError(f"unknown fact {kind}")


def _numbers(text: str) -> list[str]:
    return NUMBER.findall(DATES.sub(" ", text))


def states(answer: str, value, kind: str) -> bool:
    """Whether the answer states the value (an integer exactly, or as a word up to twelve; a float
    at any rounding the answer chose)."""
    if kind == "int":
        words = {w for w, n in WORDS.items() if n == value}
        return str(value) in _numbers(answer) or bool(words & set(_words(answer)))
    for tok in _numbers(answer):
        places = len(tok.split(".")[1]) if "." in tok else 0
        if abs(abs(float(tok)) - abs(value)) <= 0.5 * 10 ** -places + 1e-9 and (places or abs(value) >= 10):
            return True
    return False


def grounded(tok: str, pool: list[float]) -> bool:
    x, places = float(tok), len(tok.split(".")[1])
    return any(abs(abs(y) - x) <= 0.5 * 10 ** -places + 1e-9 for y in pool)


def _arg_ok(oracle: Oracle, want, got, result: str = "") -> bool:
    """One argument against its spec. A player may also be named by a nickname the tool resolved:
    then the (successful) tool result names him in full."""
    if isinstance(want, str) and want.startswith("@"):
        if not isinstance(got, str):
            return False
        text = " ".join(_words(result))
        return oracle.refers_to(got, want[1:]) or any(f" {' '.join(_words(n))} " in f" {text} "
                                                       for n in oracle.names_of(want[1:]))
    if isinstance(want, list):
        items = got if isinstance(got, list) else [got] if got is not None else []
        return all(any(_arg_ok(oracle, w, g, result) for g in items) for w in want)
    if want == "*":
        return got is not None
    return got == want


def call_matches(oracle: Oracle, want: dict, calls: list[dict], nodes: list[str]) -> bool:
    """Whether a successful call (name, args, ok, result) meets one requirement."""
    if want["name"].startswith("node:"):
        return want["name"][5:] in nodes
    return any(c["name"] == want["name"] and c["ok"] and all(_arg_ok(oracle, v, c["args"].get(k), c.get("result", ""))
                                                            for k, v in want.get("args", {}).items()) for c in calls)


def check_cards(oracle: Oracle, spec: dict, cards: list[dict]) -> list[str]:
    kind = spec["kind"]
    if kind == "none":
        return [f"{len(cards)} card(s) offered, none expected"] if cards else []
    bf, tol = oracle.bf, 0.051
    if kind == "optimal":
        best = bf.best_moves(1)
        if not best:
            return [f"{len(cards)} card(s) offered, but no move is worth offering"] if cards else []
        if not cards:
            return [f"no card, but {best[0].drop} -> {best[0].add} scores {best[0].score:+.1f}"]
        return cards_match(cards, bf, complete=False)
    if kind == "best_drop":  # each card: the best drop for its add among drops no earlier card uses
        problems, used = [], set()
        for c in cards:
            if c["add_id"] not in bf.fa_ids or c["drop_id"] not in bf.roster_ids:
                problems.append(f"{c['drop']} -> {c['add']} is not a move over the optimizer's inputs")
                continue
            pool = [m for m in bf.ranked(adds=[c["add_id"]]) if m.drop not in used and m.score > TIE and m.week > 0]
            k, a = bf.roster_ids.index(c["drop_id"]), bf.fa_ids.index(c["add_id"])
            mine, week = bf.score(k, a, c.get("kind", "swap")), bf._gain(k, a)
            if not pool or mine < pool[0].score - tol:
                problems.append(f"{c['drop']} -> {c['add']} scores {mine:+.1f}; best for him: {pool[:1]}")
            elif abs(c["expected_gain"] - week) > tol:
                problems.append(f"card says {c['expected_gain']:+} but brute force gives {week:+.2f}")
            used.add(c["drop_id"])
        for add in spec.get("adds", []):
            worth = any(m.score > TIE and m.week > 0 for m in bf.ranked(adds=[add]))
            offered = any(c["add_id"] == add for c in cards)
            if worth != offered:
                problems.append(f"add {add}: worth offering {worth}, card offered {offered}")
        return problems
    if kind == "user_move":
        drop, add = spec["drop"], spec["add"]
        mine = [c for c in cards if (c["drop_id"], c["add_id"]) == (drop, add)]
        if not mine:
            return [f"no card for the user's move {drop} -> {add}"]
        k, a = bf.roster_ids.index(drop), bf.fa_ids.index(add)
        week, score = bf._gain(k, a), bf.score(k, a)
        problems = [] if abs(mine[0]["expected_gain"] - week) <= tol else \
            [f"the user's card says {mine[0]['expected_gain']:+} but brute force gives {week:+.2f}"]
        others = [c for c in cards if c is not mine[0]]
        better = [m for m in bf.ranked()[:1] + bf.ranked(adds=[add])[:1] if m.score > score + tol]
        if better and not others:
            problems.append(f"no alternative offered, but {better[0].drop} -> {better[0].add} scores "
                            f"{better[0].score:+.1f} against {score:+.1f}")
        for c in others:
            alt = bf.score(bf.roster_ids.index(c["drop_id"]), bf.fa_ids.index(c["add_id"]), c.get("kind", "swap"))
            if alt < score - tol:
                problems.append(f"alternative {c['drop']} -> {c['add']} ({alt:+.1f}) ranks below the user's move")
        return problems
    raise ValueError(f"unknown cards kind {kind}")


def run_case(assistant, oracle: Oracle, case: dict, thread: str) -> dict:
    """Runs one case; returns the row the figures need."""
    events = list(assistant.stream_turn(case["question"], thread))
    result = events[-1]["result"]
    nodes = [e["node"] for e in events if e["type"] == "step"]
    ends = {e["id"]: e for e in events if e["type"] == "tool_end"}
    calls = [{"name": e["name"], "args": e.get("args") or {}, "ok": bool(ends.get(e["id"], {}).get("ok")),
              "result": str(ends.get(e["id"], {}).get("result", ""))} for e in events if e["type"] == "tool_start"]
    cards = result["pending_approvals"]
    if cards:
        assistant.resume(thread, "decline")
    answer = result["answer"] or ""
    need = case.get("tools", [])
    met = [any(call_matches(oracle, w, calls, nodes) for w in group) for group in need]
    card_problems = check_cards(oracle, case["cards"], cards) if "cards" in case else []
    fact_problems, fact_values, weak = [], [], 0
    for f in case.get("facts", []):
        value, kind = oracle.value(f)
        fact_values.append(value)
        if not states(answer, value, kind):
            fact_problems.append(f"does not state {f['fact']} {f.get('player', '')} = {round(value, 2)}")
        elif states(answer, value + 1 if kind == "int" else value * 1.1 + 1, kind):
            weak += 1  # a wrong value would have passed too: the check proves less here
    sources = [str(e.get("result", "")) for e in events if e["type"] == "tool_end"]
    sources += [json.dumps(cards)] + [e["text"] for e in events if e["type"] in ("progress", "step")]
    if nodes:
        values = assistant.graph.get_state(assistant.config(thread)).values
        sources += [json.dumps(values.get("weekly_lineup", {})), json.dumps(values.get("valid_moves", [])),
                    assistant.source.matchup().model_dump_json()]
    pool = [float(n) for n in NUMBER.findall(" ".join(sources) + " " + case["question"])] + fact_values
    ungrounded = [t for t in DECIMAL.findall(answer) if not grounded(t, pool)]
    problems = ([] if result["intent"] == case["intent"] else [f"intent {result['intent']}"])
    problems += [f"missing tool {[w['name'] for w in g]}" for g, ok in zip(need, met, strict=True) if not ok]
    problems += card_problems + fact_problems + ([f"ungrounded numbers {ungrounded}"] if ungrounded else [])
    problems += ["a transaction without approval"] if result["transactions"] else []
    return {"id": case["id"], "intent": result["intent"], "intent_ok": result["intent"] == case["intent"],
            "required": len(need), "found": sum(met), "cards_kind": case.get("cards", {}).get("kind"),
            "cards_ok": not card_problems, "facts": len(case.get("facts", [])), "facts_weak": weak,
            "grounded": not fact_problems and not ungrounded and not result["transactions"],
            "numbers": len(DECIMAL.findall(answer)) + len(fact_values), "problems": problems,
            "tools_called": [c["name"] for c in calls] + [f"node:{n}" for n in nodes]}


def figures(rows: list[dict]) -> dict:
    n = len(rows)
    checked = [r for r in rows if r["cards_kind"] not in (None, "none")]
    quiet = [r for r in rows if r["cards_kind"] == "none"]
    return {"cases": n,
            "intent_accuracy": round(sum(r["intent_ok"] for r in rows) / n, 3),
            "tool_recall": round(sum(r["found"] for r in rows) / max(1, sum(r["required"] for r in rows)), 3),
            "card_exactness": round(sum(r["cards_ok"] for r in checked) / max(1, len(checked)), 3),
            "cards_checked": len(checked),
            "no_card_when_none_due": round(sum(r["cards_ok"] for r in quiet) / max(1, len(quiet)), 3),
            "grounding": round(sum(r["grounded"] for r in rows) / n, 3),
            "numbers_checked": sum(r["numbers"] for r in rows),
            "facts_required": sum(r["facts"] for r in rows),
            "facts_a_wrong_value_would_pass": sum(r["facts_weak"] for r in rows),
            "cases_passed": sum(not r["problems"] for r in rows)}

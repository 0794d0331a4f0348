"""The pod's one entry point for the CLI, the Signals page, the inbox and the chat: run one game or a
day, decide signals, score a window. The model is injected or built from the provider settings
(offline: the deterministic estimator model)."""
from __future__ import annotations

import datetime as dt
import functools
import time
from typing import Callable

from pydantic import BaseModel

from agents.signals.graph import build_graph
from agents.signals.nodes import configured_signals
from services.models import ServiceError
from services.league.season_games import schedule
from services.signals.evaluate import BOX_SCORE_END, evaluate
from services.signals.market import decision_time, market_for
from services.signals import reliability
from services.signals.divergence import DEFAULT_THRESHOLD
from services.signals.scoring import by_urgency, forecast_block, scoreboard
from services.signals.store import DecisionResult, Signal

FIRST_DAY = dt.date(2024, 10, 23)  # a day of box scores before the first game the wire can read
MODES = ("blind", "anchored")
BAND_LEADS = (30.0, 1.0)  # hours before tip: the early and imminent bands (the decision time is day-of)
EXITS = {"closed": "the game has started", "no_news": "no news for either team", "estimate_failed": "no valid estimate after one retry",
         "below_threshold": "|ev| below the threshold", "signal": "signal generated"}


class GameRun(BaseModel):
    game_id: str
    question: str
    home: str
    away: str
    price: float
    mode: str
    path: list[str]
    exit: str
    reason: str
    news_count: int
    estimate: dict | None = None
    divergence: dict | None = None
    signal: dict | None = None
    timeline: dict | None = None
    error: str | None = None
    steps: list[dict]
    ms: float


class DayRun(BaseModel):
    date: dt.date
    mode: str
    threshold: float
    decision_time: dt.datetime
    games: list[GameRun]
    signals: list[dict]
    error: str | None = None


def check_day(day: dt.date) -> None:
    if not FIRST_DAY <= day <= BOX_SCORE_END:
        raise ServiceError(f"{day} is outside the box-score window ({FIRST_DAY} to {BOX_SCORE_END}); the wire has no news there.")


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ServiceError(f"mode must be blind or anchored, not {mode!r}.")


class SignalsPod:
    """A compiled pod graph plus the store, for one model and threshold."""

    first_day, last_day = FIRST_DAY, BOX_SCORE_END  # the days the wire has box scores for

    def __init__(self, model=None, provider: str | None = None, threshold: float | None = None):
        from services.config import get_settings

        settings = get_settings()
        self.threshold = settings.signals_threshold if threshold is None else float(threshold)
        if model is None:
            from agents.models.llm import pick_provider, provider_label, signals_model

            self.provider = pick_provider(settings, provider)
            model = signals_model(provider=self.provider, settings=settings)
            self.label = ("Offline estimator (a transparent model, not an LLM)" if self.provider == "offline"
                          else provider_label(self.provider, settings))
        else:
            self.provider, self.label = provider or "scripted", provider or "scripted"
        self.model = model
        self.graph = build_graph(model)

    # --- runs -----------------------------------------------------------------------------
    def games(self, day: dt.date) -> list[dict]:
        return [{"game_id": g.game_id, "home": g.home, "away": g.away} for g in schedule(day, day)]

    def run_game(self, game_id: str, mode: str = "blind", on_event: Callable[[dict], None] | None = None,
                 threshold: float | None = None, at: dt.datetime | None = None) -> GameRun:
        """One game through the graph at the decision time (noon ET on game day) or at `at`."""
        check_mode(mode)
        t0 = time.perf_counter()
        market = market_for(game_id, at)
        threshold = self.threshold if threshold is None else float(threshold)
        state = {"market": market.model_dump(mode="json"), "mode": mode, "threshold": threshold, "steps": []}
        path, final = [], dict(state)
        for kind, data in self.graph.stream(state, {"recursion_limit": 12}, stream_mode=["custom", "updates"]):
            if kind == "custom":
                if on_event:
                    on_event(data.model_copy(update={"game_id": game_id, "game": f"{market.away} at {market.home}"}))
                continue
            for node, update in data.items():
                path.append(node)
                for k, v in (update or {}).items():
                    final[k] = final.get(k, []) + v if k == "steps" else v
        return GameRun(game_id=game_id, question=market.question, home=market.home, away=market.away,
                       price=market.price, mode=mode, path=path, exit=final.get("exit") or "signal",
                       reason=final.get("reason") or "", news_count=len(final.get("news") or []),
                       estimate=final.get("estimate"), divergence=final.get("divergence"), signal=final.get("signal"),
                       timeline=final.get("timeline"),
                       error=final.get("error"), steps=final.get("steps", []),
                       ms=round((time.perf_counter() - t0) * 1000, 1))

    def run_day(self, day: dt.date, mode: str = "blind", on_event: Callable[[dict], None] | None = None,
                on_progress: Callable[[int, int, GameRun], None] | None = None,
                threshold: float | None = None) -> DayRun:
        check_day(day)
        check_mode(mode)
        games = self.games(day)
        runs = []
        for i, g in enumerate(games, 1):
            runs.append(self.run_game(g["game_id"], mode, on_event, threshold))
            if on_progress:
                on_progress(i, len(games), runs[-1])
        return DayRun(date=day, mode=mode, threshold=self.threshold if threshold is None else threshold, decision_time=decision_time(day), games=runs,
                      signals=[r.signal for r in runs if r.signal])

    # --- inbox ----------------------------------------------------------------------------
    def signals(self, start: dt.date | None = None, end: dt.date | None = None, status: str | None = None) -> list[Signal]:
        return configured_signals().list(start, end, status)

    def get(self, signal_id: str) -> Signal | None:
        return configured_signals().get(signal_id)

    def decide(self, signal_id: str, decision: str, now: dt.datetime, actor: str = "analyst") -> DecisionResult:
        return configured_signals().decide(signal_id, decision, now, actor)

    # --- scoring --------------------------------------------------------------------------
    def score(self, start: dt.date, end: dt.date, mode: str = "blind",
              on_progress: Callable[[int, int], None] | None = None, bands: bool = False) -> dict:
        """The scoreboard on the real finals (hindsight: evaluation only, never shown to the pod).
        `bands`: also decide every game 30 h and 1 h before tip, so `by_urgency` covers the early,
        day-of and imminent bands of the timeline (otherwise only the decision time's band)."""
        check_mode(mode)
        if start > end:
            raise ServiceError(f"--from {start} is after --to {end}.")
        check_day(start)
        evals = evaluate(start, min(end, BOX_SCORE_END), mode, on_progress)  # type: ignore[arg-type]
        results = {e.game_id: e.home_won for e in evals}
        decided = [{"status": s.status, "estimate": s.estimate, "price": s.price, "ev": s.ev, "direction": s.direction,
                    "home_won": results[s.game_id]} for s in configured_signals().list(start, end, mode=mode) if s.game_id in results]
        board = scoreboard(evals, self.threshold, decided)
        if bands:
            more = [e for h in BAND_LEADS for e in evaluate(start, min(end, BOX_SCORE_END), mode,  # type: ignore[arg-type]
                                                            hours_before_tip=h)]
            board["by_urgency"] = by_urgency(evals + more, self.threshold)
        return {"from": start, "to": end, "mode": mode} | board | {
            "per_game": [e.model_dump(mode="json") for e in evals]}


SKILL_DAYS = 7  # the window an edge claim's measured skill covers: the week before the as-of day


@functools.lru_cache(maxsize=32)
def _skill(start: dt.date, end: dt.date, mode: str) -> dict:
    evals = [e for e in evaluate(start, end, mode) if e.estimate is not None]  # type: ignore[arg-type]
    block = forecast_block([e.estimate for e in evals], [e.price for e in evals], [e.home_won for e in evals])
    sig = [{"price": e.price, "ev": e.ev, "direction": e.direction, "home_won": e.home_won}
           for e in evals if e.signal_at(DEFAULT_THRESHOLD)]
    return {"from": start, "to": end, "mode": mode} | block | {"bands": reliability.band_table(sig)}


def measured_skill(as_of: dt.date, mode: str = "blind", days: int = SKILL_DAYS) -> dict | None:
    """The pod's Brier skill against the market on the settled games of the `days` before `as_of`
    (the scoreboard's `bss_vs_market` on that window; negative = worse than the market), None
    when no such game had news. Deterministic, so cached per window."""
    end = min(as_of - dt.timedelta(days=1), BOX_SCORE_END)
    start = max(FIRST_DAY, end - dt.timedelta(days=days - 1))
    if start > end:
        return None
    out = _skill(start, end, mode)
    return out if out["n"] else None


def confidence_label(ev: float, skill: dict | None) -> str:
    """A signal's label from what its band has done on the settled games before it (the measured
    skill's window): "no established edge" where the pod's skill is negative (rule: reliability.label)."""
    if not skill:
        return reliability.NOT_MEASURED
    return reliability.label(ev, skill.get("bss_vs_market"), skill.get("bands"))


def signal_label(sig) -> str:
    """The measured label of a stored signal (the week before its game day)."""
    return confidence_label(sig.ev, measured_skill(sig.game_date, sig.mode))


def league_clock(as_of: dt.date) -> dt.datetime:
    """The inbox's clock: the pod's decision time on the league's as-of day (noon US Eastern)."""
    return decision_time(as_of)


def pod_for(assistant, threshold: float | None = None) -> SignalsPod:
    """The pod for an assistant's provider: the offline estimator model, or the assistant's own chat model."""
    if assistant.provider in ("offline", "scripted"):
        return SignalsPod(provider="offline", threshold=threshold)
    return SignalsPod(model=assistant.model, provider=assistant.provider, threshold=threshold)

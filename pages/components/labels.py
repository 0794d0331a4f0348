"""Plain-word names for tools, optimizer nodes and intents, plus short argument and gain text."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pages.components.safe_text import no_images

if TYPE_CHECKING:
    from agents.door import ThreadSummary

TOOL_LABELS = {
    "get_player_status": "Player status",
    "get_player_news": "Player news",
    "get_player_game_log": "Game log",
    "get_my_roster": "My roster",
    "get_opponent_roster": "Opponent roster",
    "get_free_agents": "Free agents",
    "get_schedule": "Schedule",
    "get_matchup_details": "Matchup",
    "search_news_by_topic": "News search",
    "deep_analysis": "Deep analysis",
    "validate_slot_fit": "Slot check",
    "compose_daily_lineup": "Daily lineup",
    "optimize_matchup": "Matchup optimizer",
    # the market desk's tools, in the seed's plain words
    "get_market_state": "Checking current market odds", "get_my_exposure": "Reviewing my position",
    "get_my_recent_decisions": "Checking recent activity", "compare_odds": "Calculating edge",
    "compute_exposure_impact": "Evaluating risk",
}

INTENT_LABELS = {
    "player_research": "Player research",
    "free_agent_scan": "Free-agent scan",
    "matchup_analysis": "Matchup analysis",
    "lineup_optimization": "Lineup optimization",
    "general_advice": "General advice",
    "market_edges": "Market edges",
}


def _humanize(name: str) -> str:
    words = name.removeprefix("get_").replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else "Step"


def tool_label(name: str | None) -> str:
    """`get_player_game_log` -> "Game log"; unknown names are turned into words."""
    return TOOL_LABELS.get(name or "", _humanize(name or ""))


def node_label(node: str | None) -> str:
    """A matchup-optimizer graph node (`verb_noun`) in words: `scan_moves` -> "Scan moves"."""
    return _humanize(node or "")


def intent_label(intent: str | None) -> str:
    return INTENT_LABELS.get(intent or "", _humanize(intent or "")) if intent else ""


# How each argument reads in a step label: "Free agents: position C, healthy only, 8 shown".
ARG_WORDS = {
    "name": "{}", "add": "add {}", "drop": "drop {}", "names": "{}", "topic": "{}", "question": "{}",
    "position": "position {}", "healthy_only": "healthy only", "my_team_only": "my team only",
    "min_games_remaining": "{}+ games left", "target_categories": "for {}", "limit": "{} shown",
    "last_n": "last {} games", "start": "from {}", "end": "to {}", "date": "{}", "allow_drop": "may drop {}",
}
SKIPPED_ARGS = {"context"}  # long text the model passes along; it is in the step's details


def _arg_value(value) -> str:
    if isinstance(value, float):
        return number_text(value)
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def args_text(args: dict | None, limit: int = 60) -> str:
    """Arguments in words ("position C, healthy only, 8 shown"); empty when there are none.

    Each value is named by its argument (a flag reads as its name), never a bare list of values."""
    if not args:
        return ""
    parts = []
    for key, value in args.items():
        if key in SKIPPED_ARGS or value in (None, "", [], {}, False):
            continue
        pattern = ARG_WORDS.get(key, key.replace("_", " ") + " {}")
        parts.append(pattern.format(_arg_value(value)) if "{}" in pattern else pattern)
    text = ", ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def number_text(value: float, key: str = "") -> str:
    """A number as the UI shows it: probabilities as percents, FG%/FT% three decimals, else at most two."""
    if isinstance(value, bool) or not isinstance(value, float):
        return str(value)
    key = key.lower()
    if "prob" in key or "confidence" in key:
        return f"{value:.0%}"
    if key.endswith("pct") or key.endswith("%"):
        return f"{value:.3f}"
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"


def duration_text(ms: float | None) -> str:
    if ms is None:
        return ""
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def step_label(name: str | None, args: dict | None, ms: float | None = None, ok: bool | None = None) -> str:
    """The one-line header of a tool step: plain name, short arguments, duration, failure."""
    label = tool_label(name)
    short = args_text(args)
    if short:
        label += f": {short}"
    if ms is not None:
        label += f" · {duration_text(ms)}"
    if ok is False:
        label += " · failed"
    return label


def parse_result(result) -> dict | list | None:
    """The JSON a tool returned, or None when it is not JSON."""
    if isinstance(result, (dict, list)):
        return result
    try:
        return json.loads(result) if result else None
    except (TypeError, ValueError):
        return None


def result_summary(result, limit: int = 200) -> str:
    """A readable line for a tool result stored without one (history): scalars and list sizes."""
    data = parse_result(result)
    if not isinstance(data, dict):
        text = str(result or "").strip()
        return text if len(text) <= limit else text[: limit - 1] + "…"
    if data.get("error"):
        return str(data["error"])
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            parts.append(f"{key}: {len(value)}")
        elif not isinstance(value, dict) and value is not None:
            parts.append(f"{key}: {number_text(value, key)}")
        if len(parts) == 4:
            break
    text = ", ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def gain_text(expected: float | None, realized: float | None, unit: str | None = "pts") -> str:
    """The expectation next to what really happened: "expected +8.4, realized +11.0 pts"."""
    digits = 1 if unit in (None, "pts") else 2
    exp = f"expected {expected:+.{digits}f}" if expected is not None else "expected n/a"
    real = f"realized {realized:+.{digits}f}" if realized is not None else "realized n/a"
    return f"{exp}, {real} {unit or 'pts'}"


def shorten(text: str | None, limit: int) -> str:
    """`text` cut to at most `limit` characters (ellipsis included), on a word boundary when close."""
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit * 2 // 3:  # end on a whole word when that loses little
        cut = cut[:space]
    return cut.rstrip(" ,.;:") + "…"


def thread_labels(threads: list[ThreadSummary], limit: int = 40) -> list[tuple[str, str]]:
    """`thread_label` of each recent chat, made distinct: chats opened with the same question are
    told apart by their latest question, then by their last update, then by a number."""
    out = [thread_label(t, limit) for t in threads]
    tellers = (lambda t: "" if t.last_question == t.title else shorten(t.last_question, limit // 2),
               lambda t: (t.updated_at or "")[5:16].replace("T", " "))
    for teller in tellers:
        seen: dict[str, list[int]] = {}
        for i, (label, _) in enumerate(out):
            seen.setdefault(label, []).append(i)
        for group in (g for g in seen.values() if len(g) > 1):
            for i in group:
                extra = teller(threads[i])
                if extra and extra not in out[i][0]:
                    out[i] = (f"{out[i][0]} · {extra}", out[i][1])
    counts: dict[str, int] = {}
    for i, (label, tip) in enumerate(out):
        counts[label] = counts.get(label, 0) + 1
        if counts[label] > 1:
            out[i] = (f"{label} ({counts[label]})", tip)
    return out


def thread_label(thread: ThreadSummary, limit: int = 40) -> tuple[str, str]:
    """A recent chat's button label (short title, pending count) and its tooltip (full title, last update)."""
    title = no_images(thread.title or "Untitled")  # a button label draws markdown images too
    label = shorten(title, limit)
    if thread.pending:
        label += f" · {thread.pending} pending"
    league = thread.league
    if league:  # "Demo · categories · as of 2025-01-29": the scoring on the button, the rest in the tip
        label += f" · {league.split(' · ')[1] if league.startswith('Demo · ') else league}"
    when = (thread.updated_at or "")[:16].replace("T", " ")
    return label, f"{title}" + (f" ({league})" if league else "") + (f" (last update {when} UTC)" if when else "")


def league_line(assistant) -> str:
    """The sidebar's "which league, which team" line: "Courtside Demo League (demo) · Courtside Crew"."""
    from agents import door

    try:
        info = assistant.source.info()
    except door.ServiceError as e:  # an ESPN league that cannot be read right now: say why, in one line
        return f"League: unavailable ({str(e).splitlines()[0]})"
    team = next((t.name for t in info.teams if t.team_id == info.my_team_id), f"team {info.my_team_id}")
    return f"League: {info.name} ({info.kind}) · Team: {team}"

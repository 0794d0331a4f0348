"""The offline `deep_analysis` back-end: hold versus stream decided by deterministic rules over the
league services (no language model; it says so in every answer). Built by the model factory."""
from __future__ import annotations

import re

from agents.offline.nlu import find_players
from services.models import ServiceError


def offline_reasoner(source):
    """Hold versus stream from the services' expected values (deterministic; says so)."""

    def reason(question: str, context: str = "") -> dict:
        names = find_players(question) or find_players(context)
        try:
            lg = source.history()
        except ServiceError:  # the history cannot be read (ESPN unreachable): nothing to weigh here
            lg = None
        if not names or lg is None:
            return {"conclusion": "Not enough facts to decide: name a player on your roster.",
                    "reasoning": "Deterministic analysis needs a player to compare against free agents.",
                    "method": "deterministic rules (offline)"}
        pid = source.resolve_id(names[0])
        ps = lg.snapshot.players[pid]
        games = len(lg.snapshot.games_remaining(pid, lg.as_of, lg.week[2]))
        hold = round(ps.expected_fpts * ps.availability * games, 1)
        asked = re.search(r"stream position (\w+)", context or "")
        slot = (None if asked.group(1) == "any" else asked.group(1)) if asked else \
            next((p for p in ps.ref.eligible if p in ("G", "F", "C")), None)  # the same pool the planner showed
        fas = source.free_agents(position=slot, healthy_only=True, min_games_remaining=1, limit=1)
        if not fas:
            return {"conclusion": f"Hold {ps.ref.name}: no healthy free agent with games left at his position.",
                    "reasoning": f"Holding is worth {hold} expected fantasy pts over {games} games.",
                    "hold_value": hold, "method": "deterministic rules (offline)"}
        best = fas[0]
        stream = round(best.expected_per_game * best.games_remaining, 1)
        # A star is worth holding beyond this week: weigh his per-game value against the streamer's.
        star = ps.expected_fpts >= 1.5 * best.expected_per_game
        verdict = "hold" if hold >= stream or (star and ps.status != "OUT") else "stream"
        who = f"{best.player.name} ({best.games_remaining} games, {best.expected_per_game} expected per game)"
        conclusion = (f"Hold {ps.ref.name}." if verdict == "hold" else
                      f"Stream {best.player.name} this week: he is worth more than {ps.ref.name} over the days left. "
                      f"Make room with your lowest-value healthy player, not with {ps.ref.name}, unless you need the spot.")
        said = "ESPN's report" if lg.snapshot.status_source == "espn" else "inferred"
        reasoning = (f"{ps.ref.name} is {ps.status} ({said}: {ps.evidence}); {games} games left, "
                     f"{round(ps.expected_fpts, 1)} expected per game when he plays, x {ps.availability:.0%} availability "
                     f"= {hold} expected this week. Best stream: {who} = {stream}."
                     + (" His per-game value is far above the streamer's, so his rest-of-season value wins." if star and verdict == "hold" else ""))
        return {"conclusion": conclusion, "reasoning": reasoning, "hold_value": hold, "stream_value": stream,
                "stream_candidate": best.player.name, "method": "deterministic rules (offline), not a language model"}

    return reason

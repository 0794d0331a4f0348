"""Hold vs stream (issue #36): one verdict, decided on the numbers the answer shows.

The verdict streams when the best move that drops him gains this week and does not cost the rest
of the season (or the user only cares about this week); a player the optimizer protects (a star,
a roster top) is held. The lead names both figures: in points the week's expected value of holding
him against the streamer's; in categories holding (0) against the swap's expected categories. The
optimizer's own top move may be another move (an IR move of someone else): it is named as a
separate move, never as the reason to hold.
"""
from __future__ import annotations

from agents.core.contracts import Card


def _move(summary: dict | None) -> Card | None:
    """A move summary of evaluate_hold's result (a card's title, kind, players, gains and units: the
    tool's `SUMMARY_FIELDS`) read as a `Card`. It is not a whole card (no ids, no expiry), so it is
    constructed without validation; only the fields the summary carries are read."""
    return None if summary is None else Card.model_construct(**summary)


def hold_lead(p, held: dict, analysis: list[dict]) -> str:
    h = held["data"]
    b, top = _move(h.get("best_move_dropping_him")), _move(h.get("top_move"))
    a = analysis[0]["data"] if analysis and p.scoring != "categories" else {}
    stream = h["verdict"] == "drop" and b is not None
    name = h["player"]
    if a.get("hold_value") is not None:
        figures = (f"{name} is worth {a['hold_value']} expected this week against {a['stream_value']} for "
                   f"{a['stream_candidate']}")
    elif b:  # categories: holding is the lineup as it is (0); streaming is the swap's expected gain
        figures = (f"holding {name} is worth 0.0 expected (the lineup as it is) against {b.expected_gain:+} "
                   f"{b.unit} for streaming {b.add} in his place")
    else:
        figures = ""
    if stream:
        season = f", {b.season_gain:+.1f} {b.season_unit or ''} rest of season".rstrip() \
            if b.season_gain is not None else ""
        lead = (f"**Stream his spot: {b.title.split(',')[0]}.** {figures[0].upper() + figures[1:]}; the swap "
                f"gains {b.expected_gain:+} {b.unit} this week{season}.")
    elif h.get("protected"):
        lead = f"**Hold {name}:** {h['reason']}."
    else:
        why = ("the best swap that drops him costs the rest of the season" if b and b.expected_gain > 0 else
               "no swap that drops him gains this week")
        lead = f"**Hold {name}:** {why}" + (f" ({figures})." if figures else ".")
        if b:
            lead += f" Dropping him for the best add would be {b.title}."
    if top and (not b or top.title != b.title) and top.drop != name:
        lead += f"\n\nSeparately, the optimizer's top move: {top.title} (it does not involve {name})."
    return lead

"""`assessEventTimeline` (event-pod seed, Event Pod Tools: `{ endDate } -> { daysRemaining, urgency }`):
the time from the pod's decision to the game's tip (the contract resolves at the final) and its
urgency band, and what the band changes.

The seed's mandate: "Consider the market's end date - news impact decays as resolution
approaches". Here that is two numbers per band:
- `news_weight`: the share of the news term (absences, rest) the estimate keeps. Close to tip the
  market has had the injury report and the rest news longest relative to what is left to learn, so
  a gap between the news-adjusted estimate and the price is more likely news already priced: the
  news term is halved in the last 3 hours.
- `threshold_add`: what the band adds to the signal threshold (|ev| must clear a higher bar when
  imminent). The pod's default decision time (noon ET, ~7 h before the nominal tip) is `day_of`,
  where both are neutral, so the pod's day-of numbers are the ones it always had.
Bands: early >= 24 h to tip, day_of 3-24 h, imminent under 3 h, closed at or after tip (no trade).
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel

Urgency = Literal["early", "day_of", "imminent", "closed"]
BANDS: tuple[Urgency, ...] = ("early", "day_of", "imminent")
EARLY_HOURS, IMMINENT_HOURS = 24.0, 3.0
NEWS_WEIGHT = {"early": 1.0, "day_of": 1.0, "imminent": 0.5, "closed": 0.0}
THRESHOLD_ADD = {"early": 0.0, "day_of": 0.0, "imminent": 0.03, "closed": 1.0}


class Timeline(BaseModel):
    hours_to_tip: float
    days_remaining: float  # the seed's field
    urgency: Urgency
    news_weight: float
    threshold_add: float
    rule: str


def urgency(hours_to_tip: float) -> Urgency:
    if hours_to_tip <= 0:
        return "closed"
    if hours_to_tip < IMMINENT_HOURS:
        return "imminent"
    return "day_of" if hours_to_tip < EARLY_HOURS else "early"


def assess_timeline(at: dt.datetime, tip: dt.datetime) -> Timeline:
    """The timeline of a decision at `at` for a game tipping at `tip` (both aware)."""
    if at.tzinfo is None or tip.tzinfo is None:
        raise ValueError("timeline times must be timezone-aware")
    hours = (tip - at).total_seconds() / 3600.0
    band = urgency(hours)
    rule = ("game started: no trade" if band == "closed" else
            f"{band.replace('_', '-')}: news weight {NEWS_WEIGHT[band]:g}, threshold +{THRESHOLD_ADD[band]:.2f}")
    return Timeline(hours_to_tip=round(hours, 2), days_remaining=round(hours / 24.0, 3), urgency=band,
                    news_weight=NEWS_WEIGHT[band], threshold_add=THRESHOLD_ADD[band], rule=rule)

"""The question intents the supervisor routes on, and the classifier's structured output.

`IntentLabel` carries everything routing needs (the intent, whether the user wants moves found,
who he allows to drop, the mode, target categories, the players and any move he named). A real
model fills it through structured output; the offline planner fills it with its rules. The graph
routes on the label in state, never on the question's text.
"""
import datetime as dt
from enum import StrEnum

from pydantic import BaseModel, Field, field_validator

from agents.core.frame import RequestFrame
from services.league.scoring import normalize_category


# Offered (as buttons) when the assistant did not understand a message: one per thing it does best.
EXAMPLE_QUESTIONS = ["How is my matchup looking this week?", "Who are the best free agents to pick up?",
                     "Find the best roster moves for this week"]


class Intent(StrEnum):
    PLAYER_RESEARCH = "player_research"
    FREE_AGENT_SCAN = "free_agent_scan"
    MATCHUP_ANALYSIS = "matchup_analysis"
    LINEUP_OPTIMIZATION = "lineup_optimization"
    GENERAL_ADVICE = "general_advice"
    MARKET_EDGES = "market_edges"  # the signals pod on tonight's games
    MARKET_DESK = "market_desk"  # NBA lines and bet requests: the market desk answers


class IntentLabel(BaseModel):
    """The structured output of the intent classifier."""

    intent: Intent = Field(description="The single best label for the user's latest question.")
    wants_moves: bool = Field(
        default=False,
        description="True when the user asks you to find roster moves for him this week (optimize or review "
                    "his team with moves, 'who should I drop', 'make moves', 'I only care about this week'). "
                    "False when he names the move himself, asks only who starts or sits, or only asks about "
                    "free agents or a player.")
    allow_drop: list[str] = Field(
        default_factory=list,
        description="Players the user explicitly allows dropping ('ok to drop Embiid'), as written.")
    this_week_only: bool | None = Field(
        default=None,
        description="True when the user says only this week matters (streaming); false when he brings the rest "
                    "of the season back ('think about the season'); null when he says neither.")
    target_categories: list[str] = Field(
        default_factory=list,
        description="Categories the user wants to gain, from: FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS. Never a "
                    "category he punts ('I'm punting FT%': FT% goes in punt_categories, not here).")
    punt_categories: list[str] = Field(
        default_factory=list,
        description="Categories the user punts (gives up on, ignores, does not compete in: 'punting FT% and TO', "
                    "'I don't care about free throws', 'giving up on assists'), from the same nine; else empty.")
    unpunt_categories: list[str] = Field(
        default_factory=list,
        description="Categories the user says he no longer punts ('stop punting FT%', 'FT% matters again').")
    stop_punting: bool = Field(
        default=False, description="True when the user stops punting without naming a category ('I'm not punting "
                                   "anymore'): every punt of the conversation is dropped.")
    players: list[str] = Field(default_factory=list, description="Every player the message names, as written.")
    drop: str | None = Field(
        default=None, description="In a move the user names himself ('drop X for Y'), the player to drop; also the "
                                  "player he wants moved to IR or out ('stash Embiid on IR and pick someone up'), "
                                  "with add null; else null.")
    add: str | None = Field(
        default=None, description="In a move the user names himself ('drop X for Y'), the player to add; else null.")
    ir_cut: str | None = Field(
        default=None, description="The player the user says goes when an IR player returns ('cut X when Miller is "
                                  "back'), as written; else null.")
    explain_terms: list[str] = Field(
        default_factory=list,
        description="Words of the game the user asks the meaning of beside his question ('what does streaming even "
                    "mean, and should I stream Bogdanovic?': ['streaming']; 'the IR thing': ['IR']); their meaning is "
                    "said above the answer. Empty when he asks none.")
    choices: list[str] = Field(
        default_factory=list,
        description="Only when the message is unclear: two or three short questions he may have meant (shown as "
                    "buttons). Empty when you understood him.")
    understood: bool = Field(
        default=True, description="False when the message is not a fantasy basketball or NBA betting request "
                                  "at all (nonsense, '?', an unrelated topic).")
    confidence: float | None = Field(default=None, description="Optional: your confidence in the intent, 0 to 1.")
    day: str | None = Field(  # a string in the schema: every provider's structured output takes it
        default=None, description="The calendar date the question is about when it names one ('Jan 30', 'tomorrow', "
                                  "'Friday', resolved against today's date), as YYYY-MM-DD; else null.")

    requests: int = Field(default=1, description=(
        "How many separate requests the latest message holds ('1) who's hot on waivers 2) is X worth a roster "
        "spot': 2); each gets the turn's tool budget, up to 3."))

    frame: RequestFrame = Field(default_factory=RequestFrame, description=(
        "The request with every constraint the user stated (players that must stay, a trade's shape, the "
        "horizon, a count, filters on the previous answer): carried to every tool that takes them."))

    @field_validator("requests", mode="before")
    @classmethod
    def _requests(cls, value):
        """1 to 3, whatever a model wrote (0, -2, 'two', 9 are a count it could not give: 1, or 3 at most)."""
        try:
            return min(max(int(value), 1), 3)
        except (TypeError, ValueError, OverflowError):
            return 1

    @field_validator("day", mode="before")
    @classmethod
    def _iso_day(cls, value):
        """A date or 'YYYY-MM-DD' kept as 'YYYY-MM-DD'; anything else (a model's 'Thursday') is None."""
        if isinstance(value, dt.date):
            return value.isoformat()
        try:
            return dt.date.fromisoformat(str(value).strip()).isoformat() if value else None
        except ValueError:
            return None

    @field_validator("target_categories", "punt_categories", "unpunt_categories", mode="before")
    @classmethod
    def _known_categories(cls, value):
        """'assists' -> 'AST'; words that name no category are dropped, not passed to the optimizer."""
        out: list[str] = []
        for v in value or []:
            cat = normalize_category(str(v))
            if cat and cat not in out:
                out.append(cat)
        return out

    @property
    def mode(self) -> str | None:
        """The advice mode the user asked for ("this_week" or "balanced"), None when he said neither."""
        return None if self.this_week_only is None else "this_week" if self.this_week_only else "balanced"


def thread_punt(current: list[str] | None, label: IntentLabel) -> list[str]:
    """The conversation's punt after this message: what it was (the Settings' punt before the
    thread set one), minus what the user stops punting, plus what he punts now."""
    punt = [] if label.stop_punting else [c for c in current or [] if c not in label.unpunt_categories]
    return punt + [c for c in label.punt_categories if c not in punt]

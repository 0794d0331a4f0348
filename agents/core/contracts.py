"""Typed contracts of a turn: the approval `Card`, the `TurnEvent` stream and the `TurnResult`.

The runtime validates every event a graph streams into a `TurnEvent` (a union discriminated on
`type`) and builds one `TurnResult` per turn; the CLI prints `TurnResult.model_dump()` (the
stable `ask --json` shape) and the UI draws the same events. Nodes make the typed events and
send them with `agents.core.events.emit`; `as_event` types a dict a page redraws from history.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_serializer

# drop/add; the dropped player to IR; the added one leaves IR (one dropped); the added one leaves IR and
# the dropped one (OUT) takes his IR slot (nobody dropped); a trade proposal
MoveKind = Literal["swap", "ir", "activate", "activate_ir", "trade"]


class Card(BaseModel):
    """One approval card. `kind` says what approving does (roster moves today: a swap or an IR
    move; another desk adds its own kind); `league_kind` says which league it is decided in.

    Unknown keys are kept (`extra="allow"`): a card written by a newer producer survives a round
    trip through an older checkpoint or the state store unchanged.
    """

    model_config = ConfigDict(extra="allow")

    move_id: str
    kind: MoveKind = "swap"
    title: str
    drop: str
    add: str
    drop_id: str
    add_id: str
    expected_gain: float
    unit: Literal["pts", "cats"]
    score: float | None = None
    season_gain: float | None = None
    season_unit: str | None = None
    drop_games_remaining: int = 0
    add_games_remaining: int = 0
    add_starts: int | None = None
    drop_starts: int | None = None
    category_deltas: dict[str, float] = Field(default_factory=dict)
    # categories: [category, win chance before, after] of every category the move changes (punted
    # ones left out), leads put at risk first
    category_changes: list[tuple[str, float, float]] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)
    confidence: float = 0.0
    expires_at: str
    league_id: str
    league_kind: Literal["demo", "espn"] = "demo"
    team_id: int
    as_of: str
    issued_at: str | None = None
    origin: Literal["user", "optimizer"] | None = None  # "user": the move the person named
    why: str | None = None  # an alternative's reason to prefer it over the user's move

    @model_serializer(mode="wrap")
    def _drop_unset_marks(self, handler):
        """`origin` and `why` appear only on the cards that carry them (the JSON shape of old)."""
        data = handler(self)
        for key in ("origin", "why"):
            if data.get(key) is None:
                data.pop(key, None)
        if not data.get("category_changes"):  # points cards keep their JSON shape
            data.pop("category_changes", None)
        return data

    @property
    def rank(self) -> float:
        """Sort key, best first: an activation (a player back from IR: someone must go), then the
        optimizer's ranking score, else the week's gain."""
        if self.kind in ("activate", "activate_ir"):
            return float("-inf")
        return -(self.score if self.score is not None else self.expected_gain)


def cards_of(items: list | None) -> list[Card]:
    """Cards from a list of dicts or cards (a tool artifact, an interrupt value)."""
    return [c if isinstance(c, Card) else Card.model_validate(c) for c in items or []]


def card_dicts(cards: list[Card]) -> list[dict]:
    """Cards as the JSON-able dicts the checkpoint, the state store and the approval gate keep."""
    return [c.model_dump(mode="json") for c in cards]


class Transaction(BaseModel):
    """An approved card's outcome: `applied` (the demo league's roster changed) or `approved`
    (an ESPN move recorded, with the manual `steps`). Only the fields the gate set are dumped."""

    model_config = ConfigDict(extra="allow")

    move_id: str
    outcome: Literal["applied", "approved"]
    drop: str
    add: str
    expected_gain: float
    unit: Literal["pts", "cats"]
    kind: MoveKind | None = None
    season_gain: float | None = None
    already: bool | None = None  # decided earlier: this request changed nothing
    steps: list[str] | None = None

    @model_serializer(mode="wrap")
    def _only_what_was_set(self, handler):
        data = handler(self)
        return {k: v for k, v in data.items() if k in self.model_fields_set or k in (self.model_extra or {})}


class ToolCall(BaseModel):
    """One unit of work a turn did: a tool the model called, or an optimizer node that read data
    or computed moves. `ask --json` shows name, args, ok and ms."""

    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    ok: bool = False
    ms: float = 0.0


class Offer(BaseModel):
    """A next step an answer offers: a button in the UI, a command line in the CLI. `category_view`
    asks `question` again in the categories league (a points league has no categories to show)."""

    action: Literal["category_view"]
    label: str
    question: str


class TurnResult(BaseModel):
    """What a turn (or a decision) did: the `ask --json` / `resume --json` object.

    `refused` appears in the JSON only when true (a refusal, or a decision that lost); `offers` only
    when the answer offers a next step.
    """

    thread_id: str = ""
    intent: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    answer: str = ""
    pending_approvals: list[Card] = Field(default_factory=list)
    transactions: list[Transaction] = Field(default_factory=list)
    llm_calls: int = 0
    elapsed_ms: float = 0.0
    error: str | None = None
    refused: bool = False
    offers: list[Offer] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _refused_only_when_true(self, handler):
        data = handler(self)
        if not data.get("refused"):
            data.pop("refused", None)
        if not data.get("offers"):  # like `refused`: the stable JSON shape, plus offers when there are some
            data.pop("offers", None)
        return data


class _Event(BaseModel):
    """Base of the events. Product code reads attributes; `ev["key"]` / `ev.get("key")` give a
    read-only view of the JSON dump for scripts written against the former dict events."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    def __getitem__(self, key: str) -> Any:
        return self.model_dump(mode="json")[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.model_dump(mode="json").get(key, default)


class StateEvent(_Event):
    type: Literal["state"] = "state"
    state: Literal["planning", "executing", "responding", "idle", "error"]


class IntentEvent(_Event):
    type: Literal["intent"] = "intent"
    intent: str


class ToolStart(_Event):
    """A tool (or an optimizer node, `node=True`) started."""

    type: Literal["tool_start"] = "tool_start"
    id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)
    text: str | None = None  # the desk's words for the step
    node: bool = False


class ToolEnd(_Event):
    type: Literal["tool_end"] = "tool_end"
    id: str
    name: str
    ok: bool = True
    ms: float | None = None
    summary: str | None = None
    result: Any = None
    args: dict[str, Any] | None = None  # set when a step is redrawn from history
    node: bool = False


class StepEvent(_Event):
    """A graph node's step (the optimizer's, or the signals pod's with `graph="Signals"`)."""

    type: Literal["step"] = "step"
    node: str
    text: str = ""
    ms: float | None = None
    graph: str | None = None
    ok: bool | None = None  # False: the step was rejected (the signals pod's estimate)
    game_id: str | None = None  # the game a signals-pod step worked on
    game: str | None = None  # that game in words ("OKC at GSW"), for the step's label


class TextEvent(_Event):
    type: Literal["progress", "answer", "answer_delta", "guard", "error"]
    text: str = ""


class DeskStep(_Event):
    type: Literal["desk_step"] = "desk_step"
    name: str
    text: str = ""


class DeskCardEvent(_Event):
    type: Literal["desk_card"] = "desk_card"
    quote: dict[str, Any]


class SignalsEvent(_Event):
    type: Literal["signals"] = "signals"
    signals: list[dict[str, Any]] = Field(default_factory=list)


class ApprovalsEvent(_Event):
    type: Literal["approvals"] = "approvals"
    cards: list[Card] = Field(default_factory=list)


class DecisionEvent(_Event):
    type: Literal["decision"] = "decision"
    move_id: str
    outcome: Literal["applied", "approved", "declined", "refused", "countered", "rejected"]  # the last two: trade answers
    reason: str | None = None


class TransactionsEvent(_Event):
    type: Literal["transactions"] = "transactions"
    items: list[dict[str, Any]] = Field(default_factory=list)


class ClarifyEvent(_Event):
    """The assistant was unsure what the message asks (`choices`: questions to offer as buttons) or did
    not understand it at all (`understood` False: the answer says what it can do, with examples)."""

    type: Literal["clarify"] = "clarify"
    choices: list[str] = Field(default_factory=list)
    understood: bool = True


class DoneEvent(_Event):
    type: Literal["done"] = "done"
    result: TurnResult


TurnEvent = Annotated[Union[StateEvent, IntentEvent, ToolStart, ToolEnd, StepEvent, TextEvent, DeskStep,
                            DeskCardEvent, SignalsEvent, ApprovalsEvent, DecisionEvent, TransactionsEvent,
                            ClarifyEvent, DoneEvent], Field(discriminator="type")]
_EVENTS: TypeAdapter = TypeAdapter(TurnEvent)
EVENT_TYPES = (StateEvent, IntentEvent, ToolStart, ToolEnd, StepEvent, TextEvent, DeskStep, DeskCardEvent,
               SignalsEvent, ApprovalsEvent, DecisionEvent, TransactionsEvent, ClarifyEvent, DoneEvent)


def as_event(data: dict | BaseModel) -> TurnEvent:
    """The typed event for a dict a node emitted (a `ValidationError` for an unknown type)."""
    return data if isinstance(data, BaseModel) else _EVENTS.validate_python(data)

"""`PortfolioSnapshot`: cash and positions (ticker -> contracts held) at a decision point."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator


class PortfolioSnapshot(BaseModel):
    """Cash plus positions. Set on each Case by the simulation; positions never hold zeros."""
    model_config = ConfigDict(extra="forbid")

    cash: float = Field(ge=0)
    positions: dict[str, int] = Field(default_factory=dict)

    @field_validator("positions")
    @classmethod
    def _positive(cls, v: dict[str, int]) -> dict[str, int]:
        bad = {t: q for t, q in v.items() if q <= 0}
        if bad:
            raise ValueError(f"positions must be positive: {bad}")
        return dict(sorted(v.items()))

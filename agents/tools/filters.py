"""List filters the free-agent and ranking tools share: NBA teams ruled out ("nobody from Phoenix") and
a position ruled out ("anyone but centers"), each checked with a one-line error for a value it does not
know."""
from __future__ import annotations

from services.models import ServiceError

POSITIONS = ("PG", "SG", "SF", "PF", "C", "G", "F")


def team_codes(names: list[str] | None) -> set[str]:
    """NBA team codes from codes, names or cities ('PHO', 'suns', 'Phoenix'); a ServiceError names one it
    does not know."""
    from agents.desk.ask import team_code

    out = set()
    for n in names or ():
        code = team_code(str(n))
        if code is None:
            raise ServiceError(f"Unknown NBA team {n!r}: use a code like PHO or a name like Suns.")
        out.add(code)
    return out


def not_position_code(not_position: str | None) -> str | None:
    """The ruled-out position, upper case (None: none); a ServiceError for one that is no position."""
    if not not_position:
        return None
    code = not_position.strip().upper()
    if code not in POSITIONS:
        raise ServiceError(f"not_position must be one of {', '.join(POSITIONS)}, not {not_position!r}.")
    return code

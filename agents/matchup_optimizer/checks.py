"""What the optimizer's nodes check before they offer a move: the cards this conversation declined
(never offered again), an IR slot already full when the user asks to move a player to IR (said
first), and the categories named against this week's scoreboard (a settled category gives way to the
ones in play after a claimed need)."""
from __future__ import annotations

from services.models import ServiceError


def declined_here() -> set[tuple]:
    """The moves (drop, add, kind) declined in this conversation (the state store's decisions; the
    thread is the run's config)."""
    try:
        from langgraph.config import get_config

        thread = (get_config().get("configurable") or {}).get("thread_id")
    except RuntimeError:  # outside a graph run
        return set()
    if not thread:
        return set()
    try:
        from services.store.state import state_store

        return {(d["card"].get("drop_id"), d["card"].get("add_id"), d["card"].get("kind"))
                for d in state_store().decisions(thread) if d["decision"] == "decline"}
    except Exception:  # noqa: BLE001 - a store that cannot be read declines nothing: the cards stand
        return set()


def ir_full_note(source, only: str | None, label) -> str | None:
    """"Also IR Collins?" with every IR slot taken: said first (the best move that takes him out is
    then a drop, not an IR move). Every LeagueSource has `ir_ids()` and says its IR slots in `info().ir`."""
    if not only:
        return None
    held = [p for p in source.ir_ids() if p != only]
    slots = source.info().ir
    if len(held) < slots:
        return None
    names = ", ".join(source.player_name(p) for p in held)
    return (f"**Your IR slot is full: {names} holds it ({slots} IR slot{'s' * (slots != 1)} in this league), so "
            f"{source.player_name(only)} cannot go to IR.** Activate or drop {names} first; the best move that takes "
            f"{source.player_name(only)} out now is a drop:")


def checked_targets(source, targets: list[str], punt: list[str], claimed: bool = True) -> tuple[list[str], str | None]:
    """The categories to chase after checking the named ones against the scoreboard (agents.core.needs):
    after a claimed need ("I'm losing steals") a category the week has settled gives way to the ones in
    play, and the answer says why; a plain ask ("moves that help steals") keeps its categories, and the
    answer says what the scoreboard shows."""
    from agents.core.needs import as_asked, check_need

    targets = [c for c in targets if c not in punt]
    if not targets or source.scoring != "categories":
        return targets, None
    try:
        lines = [c.model_dump() for c in source.matchup().categories or []]
    except ServiceError:
        return targets, None
    check = check_need(targets, lines, punt)
    if not check.wrong:
        return targets, None
    if claimed:
        return check.in_play, check.text
    return targets, as_asked(check, targets)

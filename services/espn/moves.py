"""Manual steps for an approved add/drop in ESPN's web UI (we never send writes to ESPN)."""
from __future__ import annotations

from services.models import ServiceError

ESPN_WEB = "https://fantasy.espn.com/basketball"
ACTIVATION_NOTE = ("An ESPN league is never written to: make this activation in ESPN (drop {drop} first, then "
                   "move {back} out of the IR slot); approving records it and gives the steps.")
ACTIVATION_IR_NOTE = ("An ESPN league is never written to: make this activation in ESPN (move {back} out of the IR "
                      "slot, then {drop} into it; nobody is dropped); approving records it and gives the steps.")


def approved_move_steps(drop_name: str, add_name: str, league_id: int | str) -> list[str]:
    """The exact clicks that make the move on fantasy.espn.com, one step per line."""
    drop, add, league = (drop_name or "").strip(), (add_name or "").strip(), str(league_id).strip()
    if not drop or not add:
        raise ServiceError("Name both the player to drop and the player to add.")
    if not league.isdigit():
        raise ServiceError(f"{league_id!r} is not an ESPN league id (it is a number).")
    if drop.casefold() == add.casefold():
        raise ServiceError(f"Dropping and adding the same player ({add}) is not a move.")
    return [
        f"Open {ESPN_WEB}/players/add?leagueId={league} and sign in to ESPN if asked.",
        f'Type "{add}" in the "Search" box above the player list and pick him from the results.',
        f'Click the green "+" (Add) button in the "Action" column of {add}\'s row.',
        f'On the "Add Player" screen ESPN lists your roster: tick the "Drop" box next to {drop}.',
        'Click "Continue", check that the summary reads '
        f'"Add {add}" and "Drop {drop}", then click "Confirm".',
        f"If {add} is on waivers, ESPN files a waiver claim instead: it appears under "
        f'"Waiver Claims" on {ESPN_WEB}/team?leagueId={league} and runs at the next waiver process.',
        f"Check the move under Recent Activity: {ESPN_WEB}/recentactivity?leagueId={league}; "
        "then set your lineup for today if the new player has a game.",
    ]


def _activation_args(other: str, back_name: str, league_id: int | str, other_role: str) -> tuple[str, str, str]:
    """Both names and the league id of an activation, checked: a clear message for a missing name
    or a league id that is not a number."""
    name, back, league = (other or "").strip(), (back_name or "").strip(), str(league_id).strip()
    if not name or not back:
        raise ServiceError(f"Name both the player in (or coming back from) the IR slot and {other_role}.")
    if not league.isdigit():
        raise ServiceError(f"{league_id!r} is not an ESPN league id (it is a number).")
    return name, back, league


def activation_ir_steps(out_name: str, back_name: str, league_id: int | str) -> list[str]:
    """The clicks that bring a player back from the IR slot and put an OUT player in it (nobody
    dropped): ESPN swaps the two in one "Move"."""
    out, back, league = _activation_args(out_name, back_name, league_id, "the OUT player who takes his slot")
    team = f"{ESPN_WEB}/team?leagueId={league}"
    return [
        f"Open {team} and sign in to ESPN if asked.",
        f'Click "Move" next to {out} and click "Here" on the IR slot {back} holds: the two swap places; '
        'then click "Submit".',
        f"Check it under Recent Activity: {ESPN_WEB}/recentactivity?leagueId={league}; "
        f"then set your lineup for today if {back} has a game.",
    ]


def activation_steps(drop_name: str, back_name: str, league_id: int | str) -> list[str]:
    """The clicks that bring a player back from the IR slot on fantasy.espn.com, dropping one
    player first (a full roster has no bench spot for him)."""
    drop, back, league = _activation_args(drop_name, back_name, league_id, "the player to drop")
    team = f"{ESPN_WEB}/team?leagueId={league}"
    return [
        f"Open {team} and sign in to ESPN if asked.",
        f'Drop {drop} first: click "Drop" in the "Action" column of his row, then "Continue" and "Confirm" '
        "(your roster is full, so the IR player has no bench spot until someone goes).",
        f'Back on {team}, click "Move" next to {back} in the IR slot and click "Here" on an open bench '
        'or starting slot; then click "Submit".',
        f"Check both under Recent Activity: {ESPN_WEB}/recentactivity?leagueId={league}; "
        f"then set your lineup for today if {back} has a game.",
    ]


def ir_steps(out_name: str, add_name: str, league_id: int | str) -> list[str]:
    """The clicks that move an OUT player into the open IR slot and add a free agent to the roster
    spot he leaves (nobody dropped)."""
    add, out, league = _activation_args(add_name, out_name, league_id, "the free agent to add")
    if out.casefold() == add.casefold():
        raise ServiceError(f"Moving {out} to IR and adding him is not a move.")
    team = f"{ESPN_WEB}/team?leagueId={league}"
    return [
        f"Open {team} and sign in to ESPN if asked.",
        f'Click "Move" next to {out} and click "Here" on the empty IR slot; then click "Submit" '
        "(ESPN lets only a player it lists OUT into the IR slot).",
        f'Open {ESPN_WEB}/players/add?leagueId={league}, type "{add}" in the "Search" box and click the green "+" '
        "(Add) button in his row: his roster spot is the one the IR move opened, so nobody is dropped.",
        'Click "Continue", check that the summary reads '
        f'"Add {add}", then click "Confirm" (on waivers ESPN files a claim instead).',
        f"Check both under Recent Activity: {ESPN_WEB}/recentactivity?leagueId={league}; "
        f"then set your lineup for today if {add} has a game.",
    ]

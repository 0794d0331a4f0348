"""The team a conversation is about: chosen with `--team` (or in Settings), bound to the thread.

A thread is bound at its first turn to the league it was started in and the team the user manages
there (`agents.core.threads.bind`, first binding wins). A later turn or decision on that thread uses the
bound team; asking the same thread for another team is refused as bad input, since its cards,
history and roster are that team's.
"""
from __future__ import annotations

from agents.core import threads
from services.models import ServiceError


def thread_team(thread_id: str | None, asked: int | None) -> int | None:
    """The team for a turn on `thread_id`: the bound one, else `asked` (None: the configured one).
    Raises ServiceError when `asked` names another team than the thread's."""
    bound = threads.binding(thread_id) if thread_id else None
    team = bound.choice.team if bound is not None else None
    if team is not None and asked is not None and asked != team:
        raise ServiceError(f"This conversation is about team {team}; start a new conversation (no --thread) "
                           f"to ask about team {asked}.")
    return team if team is not None else asked


def bind_cli_thread(thread_id: str, assistant, team: int | None) -> None:
    """Binds a CLI thread at its first turn to the league and team `assistant` runs (a no-op once bound)."""
    opts = assistant.options
    choice = threads.LeagueChoice(provider=assistant.provider if assistant.provider != "scripted" else None,
                                  league=assistant.league_kind, scoring=opts.scoring, as_of=opts.as_of,
                                  espn_league_id=opts.espn_league_id, espn_season=opts.espn_season,
                                  advice_mode=opts.advice_mode, team=team if team is not None else assistant.team_id)
    threads.bind(thread_id, threads.LOCAL_OWNER, choice, assistant)

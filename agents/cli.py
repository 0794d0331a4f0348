"""`python -m agents ask|resume`: the agent from a shell (a stable contract; --json for scripts)."""
from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import sys

from agents.core.failures import cli_fail as _fail, one_line_failure
from agents.core.contracts import DoneEvent, IntentEvent, TextEvent, ToolEnd, ToolStart, TurnEvent
from agents.desk.cli import add_desk_parser, run_desk
from agents.models.llm import PROVIDERS, ProviderError
from services.cli import OneLineParser, iso_date
from services.models import ServiceError

log = logging.getLogger(__name__)

STEP_WORDS = {"tool_start": "->", "progress": "..", "guard": "!!", "error": "!!"}


def _parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="python -m agents", description="Ask Courtside from a shell.")
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("ask")
    a.add_argument("question")
    a.add_argument("--team", type=_team, default=None,
                   help="the team you manage (demo league: 1-10); bound to the thread at its first turn")
    r = sub.add_parser("resume")
    r.add_argument("--decision", choices=["approve", "decline"], required=True)
    r.add_argument("--move", default=None)
    for c in (a, r):
        c.add_argument("--thread", default=None, required=c is r)
        c.add_argument("--as-of", type=iso_date, default=None)
        c.add_argument("--provider", default=None, help=f"one of {', '.join(PROVIDERS)}")
        c.add_argument("--scoring", choices=["points", "categories"], default=None)
        c.add_argument("--json", action="store_true")
    from agents.signals.cli import add_signals_parser

    add_signals_parser(sub)
    add_desk_parser(sub)
    from agents.arena.cli import add_parser as add_arena

    add_arena(sub)
    from agents.trades.cli import add_trade_parser

    add_trade_parser(sub)
    return p


def _team(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 30:
        raise argparse.ArgumentTypeError(f"{text!r} is not a team id (a number; demo league teams are 1 to 10)")
    return int(text)


def _live(ev: TurnEvent) -> None:
    if isinstance(ev, ToolStart):
        print(f"  -> {ev.name} {json.dumps(ev.args, default=str)}", file=sys.stderr)
    elif isinstance(ev, ToolEnd):
        print(f"  <- {ev.name} {'ok' if ev.ok else 'ERROR'} {ev.ms} ms: {ev.summary or ''}", file=sys.stderr)
    elif isinstance(ev, TextEvent) and ev.type in STEP_WORDS:
        print(f"  {STEP_WORDS[ev.type]} {ev.text}", file=sys.stderr)
    elif isinstance(ev, IntentEvent):
        print(f"  intent: {ev.intent}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from agents.core.overrides import check_environment

    problem = check_environment()  # every setting, the home, the stores: one line, exit 2
    if problem:
        return _fail(problem, 2, getattr(args, "json", False))
    if args.cmd == "signals":
        from agents.signals.cli import signals_main

        return signals_main(args)
    if args.cmd == "desk":
        return run_desk(args)
    if args.cmd == "trade":
        from agents.trades.cli import run_trade

        return run_trade(args)
    if args.cmd == "arena":
        from agents.arena.cli import handle as arena

        return arena(args)
    try:
        from agents import door
        from agents.core.runtime import new_thread_id, question_problem

        if args.cmd == "ask" and question_problem(args.question):  # empty or over the limit: bad input
            raise ServiceError("The question is empty." if not args.question.strip() else question_problem(args.question))

        from agents.core.thread_team import bind_cli_thread, thread_team

        team = thread_team(args.thread, getattr(args, "team", None))  # a thread keeps the team it began with
        assistant = door.supervisor.open(args.provider, args.as_of, args.scoring, team=team)
        if args.cmd == "ask":
            args.thread = args.thread or new_thread_id()
            bind_cli_thread(args.thread, assistant, team)
            events = assistant.stream_turn(args.question, args.thread)
        else:  # `--move ""` is an empty id (refused), not "the top card"
            events = assistant.stream_resume(args.thread, assistant.decisions_for(args.thread, args.decision, args.move))
        result = None
        for ev in events:
            if not args.json:
                _live(ev)
            if isinstance(ev, DoneEvent):
                result = ev.result
    except (ServiceError, ProviderError) as e:
        return _fail(str(e), 2, args.json)
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a store or setup failure: one line, never a traceback
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        return _fail(one_line_failure(e), 1, args.json)
    if result is None:
        return _fail("the turn ended without a result", 1, args.json)
    if args.json:
        print(result.model_dump_json())
    else:
        print(result.answer)
        for c in result.pending_approvals:
            print(f"\n[card {c.move_id}] {c.title} - approve with:\n  python -m agents resume --thread "
                  f"{result.thread_id} --decision approve --move {c.move_id}")
        for o in result.offers:  # the UI's buttons, as the command that does the same
            print(f"\n[{o.label}] python -m agents ask {json.dumps(o.question)} --scoring categories")
        print(f"\n(thread {result.thread_id})")
    if result.error and not args.json:
        print(f"error: {result.error}", file=sys.stderr)
    # 0: the turn succeeded; 1: it failed or was refused (`error` says why); 2: bad input or settings
    return 1 if result.refused or result.error else 0

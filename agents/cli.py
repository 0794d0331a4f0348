"""`python -m agents ask|resume`: the agent from a shell (a stable contract; --json for scripts)."""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys

from agents.desk_cli import add_desk_parser, run_desk
from agents.llm import PROVIDERS, ProviderError
from services.cli import OneLineParser, iso_date
from services.models import ServiceError

STEP_WORDS = {"tool_start": "->", "progress": "..", "guard": "!!", "error": "!!"}


def _parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="python -m agents", description="Ask Courtside from a shell.")
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("ask")
    a.add_argument("question")
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
    return p


def _live(ev: dict) -> None:
    kind = ev.get("type")
    if kind == "tool_start":
        print(f"  -> {ev['name']} {json.dumps(ev['args'], default=str)}", file=sys.stderr)
    elif kind == "tool_end":
        print(f"  <- {ev['name']} {'ok' if ev['ok'] else 'ERROR'} {ev['ms']} ms: {ev.get('summary', '')}", file=sys.stderr)
    elif kind in ("progress", "guard", "error"):
        print(f"  {STEP_WORDS[kind]} {ev['text']}", file=sys.stderr)
    elif kind == "intent":
        print(f"  intent: {ev['intent']}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.cmd == "signals":
        from agents.signals.cli import signals_main

        return signals_main(args)
    if args.cmd == "desk":
        return run_desk(args)
    if args.cmd == "arena":
        from agents.arena.cli import handle as arena

        return arena(args)
    try:
        if args.cmd == "ask" and not args.question.strip():
            raise ServiceError("The question is empty.")
        from agents.runtime import Assistant

        assistant = Assistant(provider=args.provider, as_of=args.as_of, scoring=args.scoring)
        if args.cmd == "ask":
            events = assistant.stream_turn(args.question, args.thread)
        else:
            pending = assistant.pending_approvals(args.thread)
            if args.move:
                decisions = {args.move: args.decision}
            elif args.decision == "approve":
                decisions = {c["move_id"]: "approve" for c in pending[:1]}
            else:
                decisions = {c["move_id"]: "decline" for c in pending}
            events = assistant.stream_resume(args.thread, decisions or {"none": args.decision})
        result = {}
        for ev in events:
            if not args.json:
                _live(ev)
            if ev.get("type") == "done":
                result = ev["result"]
    except (ServiceError, ProviderError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, default=str, ensure_ascii=False))
    else:
        print(result.get("answer", ""))
        for c in result.get("pending_approvals", []):
            print(f"\n[card {c['move_id']}] {c['title']} - approve with:\n  python -m agents resume --thread "
                  f"{result['thread_id']} --decision approve --move {c['move_id']}")
        print(f"\n(thread {result.get('thread_id')})")
    return 1 if result.get("refused") else 0  # a refusal is in the JSON too ("refused": true)

"""`python -m agents trade evaluate|find`: the trade analyzer from a shell (JSON with `error`).

    python -m agents trade evaluate --give "Tyler Herro" --get "Jalen Brunson" [--team ID] [--scoring S] --json
    python -m agents trade find [--target AST,STL] [--give NAME] [--shape 2-for-1] [--get-position G] [--exclude NAME]
                                [--punt FT%] --json

`evaluate` without --team stands on the team that owns the --give players (any team of the league,
said in `perspective`: "Tyler Herro is on <team>; evaluated for that team", null when it is your
team); a trade said backwards (his players given, mine got) is turned first; with --team, the give
players must be on that team.
Exit 0 ok, 1 failure, 2 bad input (an unknown player, a player not on the roster, give players on
different teams, a get player on the giving team, ...).
"""
from __future__ import annotations

import json
import logging

from services.cli import iso_date
from services.trades.find import SHAPES
from services.models import ServiceError

log = logging.getLogger(__name__)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def add_trade_parser(sub) -> None:
    t = sub.add_parser("trade", help="evaluate or find trades in the demo league")
    ts = t.add_subparsers(dest="trade_cmd", required=True)
    e = ts.add_parser("evaluate", help="both teams' view of a trade and the verdict")
    e.add_argument("--give", action="append", required=True, help="a player you give (repeat, or comma-separate)")
    e.add_argument("--get", action="append", required=True, help="a player you get (all from one team)")
    e.add_argument("--cut", action="append", default=[], help="who you cut if the trade overfills your roster")
    e.add_argument("--punt", default="", help="categories you punt, e.g. FT%%,TO (categories leagues)")
    f = ts.add_parser("find", help="search 1-for-1 and 2-for-1 trades, both-sides-gain first")
    f.add_argument("--target", default="", help="categories to improve, e.g. AST,STL")
    f.add_argument("--protect", default="", help="categories that must not drop, e.g. PTS (points leagues: "
                                                 "fantasy points)")
    f.add_argument("--give", default=None, help="only trades that send this player")
    f.add_argument("--get", default=None, help="only trades that bring in this player ('what would it take?')")
    f.add_argument("--limit", type=int, default=10)
    f.add_argument("--shape", default=None, choices=list(SHAPES),
                   help="only trades of this shape, as you-give-for-you-get")
    f.add_argument("--get-position", default=None, choices=["PG", "SG", "SF", "PF", "C", "G", "F"],
                   help="only trades whose incoming players are all eligible at this position")
    f.add_argument("--exclude", default="", help="players no trade may send or bring, e.g. 'Shai Gilgeous-Alexander'")
    f.add_argument("--punt", default="", help="categories you punt: the ranking's values count the others only")
    for p in (e, f):
        p.add_argument("--team", type=int, default=None, help="your team id (default: the league's)")
        p.add_argument("--as-of", type=iso_date, default=None)
        p.add_argument("--scoring", choices=["points", "categories"], default=None)
        p.add_argument("--json", action="store_true")


def run_trade(args) -> int:
    from agents.core.failures import cli_fail as _fail, one_line_failure
    from agents.trades import facade as trades

    try:
        if args.trade_cmd == "evaluate":
            give = [n for g in args.give for n in _names(g)]
            get = [n for g in args.get for n in _names(g)]
            cut = [n for g in args.cut for n in _names(g)]
            src = trades.league(args.as_of, args.scoring)
            give, get, turned = trades.oriented(src, give, get, args.team)  # said backwards: turned, with a note
            team, perspective = args.team, None
            if team is None:  # no team named: stand on the team that owns the give players, and say so
                team, team_name, mine = trades.giving(give, get, src)
            out = trades.evaluate(give, get, src, team_id=team, cut=cut, punt=args.punt)
            if args.team is None and not mine:
                who = " and ".join(p.player.name for p in out.mine.gives)
                perspective = f"{who} {'are' if len(out.mine.gives) > 1 else 'is'} on {team_name}; evaluated for that team"
            text = _evaluation_text
        else:
            if not 1 <= args.limit <= 50:
                raise ServiceError("--limit must be from 1 to 50.")
            out = trades.find(targets=_names(args.target), give=_names(args.give) if args.give else None,
                              team_id=args.team, limit=args.limit, as_of=args.as_of, scoring=args.scoring,
                              progress=_progress, get=_names(args.get) if args.get else None,
                              protect=_names(args.protect), shape=args.shape, exclude=_names(args.exclude),
                              punt=_names(args.punt), get_position=args.get_position)
            text = _search_text
    except ServiceError as e:
        return _fail(str(e), 2, args.json)
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a store or setup failure: one line, never a traceback
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        return _fail(one_line_failure(e), 1, args.json)
    extra = {"turned": turned, "perspective": perspective} if args.trade_cmd == "evaluate" else {}
    if args.json:
        print(json.dumps({**out.model_dump(mode="json"), **extra, "error": None}, ensure_ascii=False))
    else:
        print("\n".join(filter(None, [extra.get("turned"), extra.get("perspective"), text(out)])))
    return 0


def _progress(stage: str, done: int, total: int) -> None:
    """The finder's progress, streamed on stderr (stdout stays one JSON object)."""
    import sys

    print(f"  .. {stage} ({done}/{total})", file=sys.stderr, flush=True)


def _evaluation_text(ev) -> str:
    lines = [ev.verdict, *[f"  - {r}" for r in ev.reasons]]
    for s in (ev.mine, ev.partner):
        lines.append(f"{s.team_name}: gain over its best free moves {s.gain:+.1f} (free moves: "
                     f"{_moves(s)}); as the roster stands {s.ros_before:.1f} -> {s.ros_after:.1f} ({s.ros_change:+.1f}), "
                     f"this week {s.week_change:+.1f}, fantasy playoffs {s.playoff_change:+.1f} {ev.unit}")
        for c in s.cut:
            lines.append(f"    cuts {c.player.name} ({s.cut_rule})")
        for c in s.pickup:
            lines.append(f"    picks up {c.player.name} (open roster spot)")
        if s.categories:
            lines.append("    categories (change, rank now -> after): " + ", ".join(
                f"{c.category} {c.change:+.1f} #{c.rank_before}->#{c.rank_after}" for c in s.categories))
    weeks = ", ".join(f"{a:%b %-d}-{b:%b %-d}" for a, b in ev.playoff_weeks)
    lines.append(f"Fantasy playoff weeks: {weeks}.")
    return "\n".join(lines)


def _moves(s) -> str:
    return ", ".join(f"{m.drop} -> {m.add} {m.gain:+.1f}" if m.drop else f"add {m.add} {m.gain:+.1f}"
                     for m in s.free_moves) or "none gains"


def _search_text(found) -> str:
    rows = [f"{i}. {t.summary}" for i, t in enumerate(found.trades, start=1)]
    return "\n".join([found.headline, *rows]) if rows else found.headline


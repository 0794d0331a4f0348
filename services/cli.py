"""`python -m services ...`: build the database and read the league from a shell."""
from __future__ import annotations

import argparse
import contextvars
import datetime as dt
import json
import logging
import sys

from services import inputs
from services.models import ServiceError

log = logging.getLogger(__name__)


ECHO_LIMIT = 200  # user input echoed in an error line is clipped to this many characters
_ARGV: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("cli_argv", default=None)


def clip(text: object, limit: int = ECHO_LIMIT) -> str:
    s = str(text)
    return s if len(s) <= limit else s[:limit] + f"… ({len(s)} characters)"


def iso_date(text: str) -> dt.date:
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {clip(repr(text))}") from None
    if (problem := inputs.date_problem(day)) is not None:
        raise argparse.ArgumentTypeError(problem)
    return day


def finite_float(text: str) -> float:
    """A float argument that is a real number (no nan, no inf, no overflow to inf)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {clip(repr(text))}") from None
    if inputs.number_problem(x) is not None:
        raise argparse.ArgumentTypeError(f"must be a finite number, not {clip(text)}")
    return x


def int_between(lo: int, hi: int):
    """An int argument within [lo, hi] (a huge value is refused, not passed to a database)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {clip(repr(text))}") from None
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"must be between {lo} and {hi}, not {clip(text, 40)}")
        return n

    parse.__name__ = "whole number"
    return parse


def wants_json(argv: list[str] | None) -> bool:
    return bool(argv) and any(a == "--json" for a in argv)


class OneLineParser(argparse.ArgumentParser):
    """Usage mistakes are one line on stderr (exit 2), like every other error here; under --json
    also `{"error": ...}` on stdout, so a script reading JSON always gets JSON."""

    def parse_args(self, args=None, namespace=None):
        return self._with_argv(super().parse_args, args, namespace)

    def parse_known_args(self, args=None, namespace=None):
        return self._with_argv(super().parse_known_args, args, namespace)

    @staticmethod
    def _with_argv(parse, args, namespace):
        """Remembers the top-level argv while parsing, so a subcommand's error sees `--json`."""
        if _ARGV.get() is not None:  # a subcommand's parser, inside the top-level parse
            return parse(args, namespace)
        argv = list(sys.argv[1:] if args is None else args)
        token = _ARGV.set(argv)
        try:
            return parse(argv, namespace)
        finally:
            _ARGV.reset(token)

    def error(self, message: str):
        message = clip(message, 300)  # argparse echoes the input: a huge value comes back clipped
        if wants_json(_ARGV.get()):
            print(json.dumps({"error": f"{message} (see: {self.prog} --help)"}, ensure_ascii=False))
        self.exit(2, f"error: {message} (see: {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="python -m services", description="Courtside league services")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="(re)build the DuckDB database")
    b.add_argument("--if-missing", action="store_true", help="only when absent or outdated")
    for name in ("gamelog", "status"):
        c = sub.add_parser(name)
        c.add_argument("name")
        if name == "gamelog":
            c.add_argument("--last", type=int, default=5)  # the service says what is allowed
    r = sub.add_parser("roster")
    r.add_argument("--team", type=int, default=None)
    sub.add_parser("calibration", help="play probability by inferred status, measured before the as-of date")
    from services.league.rankings_cli import add_rankings_parser

    add_rankings_parser(sub)  # python -m services rankings [--window ...] [--punt ...] [--available]
    for c in sub.choices.values():
        if c.prog.endswith("build"):
            continue
        c.add_argument("--as-of", type=iso_date, default=None)
        c.add_argument("--scoring", choices=["points", "categories"], default=None)
        c.add_argument("--json", action="store_true")
    from services.store.admin import add_parser

    add_parser(sub)  # python -m services store check|backup|restore
    sub.add_parser("espn-mirror", add_help=False,  # handled before parsing (services/espn/mirror/server.py)
                   help="serve the demo league as ESPN's fantasy API on 127.0.0.1 ([--port P] [--as-of D])")
    return p


def _print(obj, as_json: bool) -> None:
    if as_json:  # every JSON result carries `error` (null on success)
        print(json.dumps({**obj.model_dump(mode="json"), "error": None}, indent=2, ensure_ascii=False))
        return
    print(_text(obj))


def _text(obj) -> str:
    from services.models import GameLog, Roster, StatusReport

    if isinstance(obj, GameLog):
        head = f"{obj.player.name} ({obj.player.team}) - last {len(obj.games)} games before {obj.as_of}"
        rows = [f"{g.date} {g.opp:>3} {g.result} {g.min:5.1f}m {g.pts:3d}p {g.reb:3d}r {g.ast:3d}a "
                f"{g.stl}s {g.blk}b {g.tov}to  {g.fantasy_pts:5.1f} fp" for g in obj.games]
        a = obj.averages
        avg = (f"averages: {a['pts']:.1f} pts, {a['reb']:.1f} reb, {a['ast']:.1f} ast, {a['stl']:.1f} stl, "
               f"{a['blk']:.1f} blk, {a['fg3m']:.1f} 3pm, {a['min']:.1f} min, {obj.fantasy_avg:.1f} fantasy pts")
        return "\n".join([head, *rows, avg])
    if isinstance(obj, StatusReport):
        return f"{obj.player.name}: {obj.status} (inferred) - {obj.evidence}"
    if isinstance(obj, Roster):
        rows = [f"{e.player.name:<26} {e.player.pos:<3} {e.status:<6} {e.games_remaining} g left  "
                f"{e.recent_fantasy_avg:5.1f} fp last 5" for e in obj.entries]
        return "\n".join([f"{obj.team_name} ({obj.manager}) as of {obj.as_of}", *rows])
    return str(obj)


def main(argv: list[str] | None = None) -> int:
    import sys

    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["espn-mirror"]:  # python -m services espn-mirror [--port P] [--as-of D]: a server
        from services.espn.mirror.server import main as mirror_main
        from services.store.build import install

        install()  # it serves the demo league: its database is built on first use
        return mirror_main(argv[1:])
    args = _parser().parse_args(argv)
    try:
        from services.config import check_settings
        from services.store.build import install

        check_settings()
        install()  # a missing or damaged database is built on first use
        if args.cmd == "store":
            from services.store.admin import run

            return run(args)
        if args.cmd != "build":  # the league reads approved moves from the state store
            from services.store.connections import check_state_url

            check_state_url()
        if args.cmd == "build":
            from services.store.build import SCHEMA_VERSION, build, db_path
            from services.store.db_check import announce_rebuild, verify

            problem = verify(db_path(), SCHEMA_VERSION)
            if args.if_missing and problem is None:  # current and intact (checked, not assumed)
                print(f"database ready: {db_path()}")
                return 0
            if args.if_missing and problem != "absent":
                announce_rebuild(db_path(), problem)
            print(json.dumps(build()))
            return 0
        if args.cmd == "calibration":
            from services.league.calibration_cli import run_calibration

            return run_calibration(args.as_of, args.json)
        from services.league.demo_source import open_source
        from services.store.state import state_store

        src = open_source(as_of=args.as_of, scoring=args.scoring, store=state_store())
        if args.cmd == "rankings":
            from services.league.rankings_cli import run_rankings

            return run_rankings(src, args)
        if args.cmd == "gamelog":
            out = src.game_log(args.name, args.last)
        elif args.cmd == "status":
            out = src.player_status(args.name)
        else:
            out = src.roster(args.team)
        _print(out, args.json)
        return 0
    except ServiceError as e:
        return _fail(str(e), 2, getattr(args, "json", False))
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a damaged or locked store: one line, never a traceback
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        from services.store.guard import StoreDamaged

        first = str(e).splitlines()[0] if str(e) else ""
        return _fail(first if isinstance(e, StoreDamaged) else f"{type(e).__name__}: {first[:200]}", 1,
                     getattr(args, "json", False))


def _fail(message: str, code: int, as_json: bool) -> int:
    """One line on stderr; with --json also `{"error": ...}` on stdout."""
    print(f"error: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}, ensure_ascii=False))
    return code

"""A name several players answer to ("Braun vs Jones", "how's jackson doing"), resolved by context
before any tool runs (issue #36), in every act.

The order a manager would use: a namesake on my roster, then one named in the thread's earlier
answers (their tables and cards, latest first: the free agents just shown are there too). The
answer then says in one line which one it took and that others go by the name. Only when nothing
in context picks one does it ask, naming the most relevant few (mine, the ones the thread named,
then the likeliest by expected fantasy points), never all of them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agents.offline.slots import ambiguous
from services.league.lookup import NAME_SUFFIXES, fold

SHORTLIST = 4
TAKEN = re.compile(r'^_"[^"]+": I took .*$', re.M)


@dataclass
class Resolution:
    label: str  # as typed ("jones")
    name: str | None  # the player taken, None when asked
    why: str = ""  # "on your roster", "named in my last answer", ...
    options: list[str] = field(default_factory=list)  # every player who goes by the label
    shortlist: list[str] = field(default_factory=list)  # the few asked about (unresolved)
    among: str = ""  # where the shortlist comes from: "roster", "context" or "" (the likeliest)


def _roster(done) -> set[str] | None:
    rows = [r for r in done.get("get_my_roster", []) if r["ok"]]
    if not rows:
        return None
    return {x["name"] for r in rows for x in r["data"].get("players", [])}


def _prominence(names: list[str], as_of) -> list[str]:
    """The names, likeliest first: expected fantasy points on the as-of date."""
    from services.league.lookup import index
    from services.league.snapshot import snapshot

    by_name = {n: pid for pid, n in index()[0].items()}
    snap = snapshot(as_of)

    def fpts(n: str) -> float:
        pid = by_name.get(n)
        return snap.players[pid].expected_fpts if pid in snap.players else 0.0

    return sorted(names, key=lambda n: (-fpts(n), n))


def _named_in(text: str, options: list[str]) -> list[str]:
    t = fold(text)
    return sorted((n for n in options if fold(n) in t), key=lambda n: t.find(fold(n)))


def resolve_one(label: str, options: list[str], roster: set[str], context: list[str], as_of) -> Resolution:
    mine = [n for n in options if n in roster]
    if len(mine) == 1:
        return Resolution(label, mine[0], "on your roster", options)
    if len(mine) > 1:
        return Resolution(label, None, "", options, mine[:SHORTLIST], "roster")
    for k, answer in enumerate(context):
        before = re.search(rf'_"{re.escape(label.capitalize())}": I took \*\*(.+?)\*\*', answer)
        if before and before.group(1) in options:  # the one this thread already took for the name
            return Resolution(label, before.group(1), "as before in this conversation", options)
        answer = TAKEN.sub("", answer)  # the others that line names are not named by the thread
        named = _named_in(answer, options)
        if len(named) == 1:
            return Resolution(label, named[0], "named in my last answer" if k == 0 else
                              "named earlier in this conversation", options)
        if named:
            return Resolution(label, None, "", options, named[:SHORTLIST], "context")
    return Resolution(label, None, "", options, _prominence(options, as_of)[:SHORTLIST])


def options(label: str, as_of) -> list[str]:
    """Every player known on the as-of date a one-word label may mean: the lookup's namesakes, and
    those whose surname it is once a suffix is left off ('jackson': Jaren Jackson Jr. too)."""
    from services.league.lookup import index
    from services.league.snapshot import snapshot

    found = ambiguous(label, as_of)
    if not found or " " in label.strip():
        return found
    key, known = fold(label), snapshot(as_of).known
    more = [n for pid, n in index()[0].items() if pid in known and
            [w for w in fold(n).replace(".", "").split() if w not in NAME_SUFFIXES][-1:] == [key]]
    return sorted(set(found) | set(more))



def needs_roster(p) -> bool:
    """Whether the message names an ambiguous label not yet resolved (the roster is read first:
    mine come first)."""
    return not getattr(p, "resolutions", None) and any(ambiguous(n, p.as_of) for n in p.players)


def plan_done(p, done: dict) -> dict:
    """The tool results the act's own plan and answer read: without the roster read only to resolve
    a name (the plans run once their first round is done)."""
    if not getattr(p, "resolutions", None) or not done.get("get_my_roster"):
        return done
    out = dict(done)
    rest = out.pop("get_my_roster")[1:]
    if rest:
        out["get_my_roster"] = rest
    return out


def resolve(p, done, context: list[str]) -> None:
    """Resolves `p`'s ambiguous labels in place (players and every field that names one), and records
    `p.resolutions`. Without the roster in `done` it does nothing yet (the plan reads it first)."""
    labels = [n for n in p.players if ambiguous(n, p.as_of)]
    if not labels:
        return
    roster = _roster(done)
    if roster is None:
        return
    ruled_out = getattr(p, "not_these", [])  # "the other williams": not the one just asked about
    got = [resolve_one(lb, [o for o in options(lb, p.as_of) if o not in ruled_out], roster, context, p.as_of)
           for lb in labels]
    p.resolutions = got
    swap = {r.label: r.name for r in got if r.name}
    if not swap:
        return
    sub = lambda n: swap.get(n, n)  # noqa: E731
    p.players = list(dict.fromkeys(sub(n) for n in p.players))
    if p.move:
        p.move = (sub(p.move[0]), sub(p.move[1]))
    p.replacing = sub(p.replacing) if p.replacing else p.replacing
    p.ir_cut = sub(p.ir_cut) if p.ir_cut else p.ir_cut
    p.allow_drop = [sub(n) for n in p.allow_drop]
    frame = getattr(p, "frame", None)
    if frame is not None:
        p.frame = frame.model_copy(update={k: [sub(n) for n in getattr(frame, k)]
                                           for k in ("players", "exclude", "give", "pair")})


def unresolved(p) -> list[Resolution]:
    return [r for r in getattr(p, "resolutions", []) if not r.name]


def taken_line(p, context: list[str] | None = None) -> str:
    """One line per name taken from context: which one, why, and that others go by it (not again
    when the last answer already said so)."""
    lines = []
    last = (context or [""])[0] if context else (getattr(p, "previous_answer", None) or "")
    for r in getattr(p, "resolutions", []):
        if not r.name or f"I took **{r.name}**" in last:
            continue
        others = [n for n in r.options if n != r.name]
        shown = ", ".join(_prominence(others, p.as_of)[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        lines.append(f"_\"{r.label.capitalize()}\": I took **{r.name}** ({r.why}); {len(others)} other "
                     f"player{'s' * (len(others) != 1)} also go{'es' * (len(others) == 1)} by it ({shown}): "
                     "name another in full to switch._")
    return "\n".join(lines)


def ask_which(p) -> str:
    """The question when nothing in context picks one: the most relevant few, not all."""
    r = unresolved(p)[0]
    rest = len(r.options) - len(r.shortlist)
    more = f" ({rest} more go by that name)" if rest > 0 else ""
    both = "both" if len(r.shortlist) == 2 else "all"
    where = {"roster": f"{', '.join(r.shortlist)} are {both} on your roster",
             "context": f"{', '.join(r.shortlist)} were {both} named earlier in this conversation"}.get(
        r.among, f"None is on your roster or named earlier in this conversation; most likely: {', '.join(r.shortlist)}")
    return (f"**Which {r.label.capitalize()} do you mean?** {where}{more}. Ask again with the full name, "
            f"e.g. \"{r.shortlist[0]}\".")

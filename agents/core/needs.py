"""A stated need checked against the scoreboard ("I'm down in assists and steals").

The user's claim is read from his words (`stated_need`: "down in", "behind in", "losing",
"trailing", "weak in", "need"); the scoreboard is the matchup's category lines (totals banked so
far, the win chance of the rest of the week). `check_need` says where the claim is wrong ("you
lead AST 65-57, 99% to win it"), names the close categories, and returns the categories actually
in play among those he named (else the close ones) for the advice that follows. Used by the
offline writer and the optimizer's summary: one rule for both.
"""
from __future__ import annotations

import dataclasses
import re

CLAIM = re.compile(r"\b(down|behind|trailing|losing|lose|weak|struggling|getting (?:killed|crushed|destroyed|smoked|"
                   r"beat)|hurting|lacking|short|need|needs|needing|help (?:in|with|at)|bad (?:in|at)|low (?:in|on))\b",
                   re.I)
DECIDED = 0.8  # a win chance at or above this (or at or below 1 - it) is settled for the week
CLOSE = (0.35, 0.65)  # a close category: neither side is clearly ahead


# a claim about this week's scoreboard ("I'm losing steals", "down in assists"), not a wish ("I need dimes")
SCOREBOARD = re.compile(r"\b(down|behind|trailing|losing|lose|getting (?:killed|crushed|destroyed|smoked|beat)|hurting|"
                        r"struggling)\b", re.I)


def stated_need(text: str) -> bool:
    """Whether the message claims a category need ('down in assists', 'we need steals')."""
    return bool(CLAIM.search(text or ""))


def claims_scoreboard(text: str) -> bool:
    """Whether the need is said of this week's scoreboard ('I'm losing steals'): then a settled category
    gives way to the ones in play. 'I need dimes' is a wish: chased as asked."""
    return bool(SCOREBOARD.search(text or ""))


@dataclasses.dataclass(frozen=True)
class NeedCheck:
    text: str  # what the answer says about the claim and the close categories ("" when nothing to say)
    in_play: list[str]  # the categories the advice should chase
    wrong: list[str]  # named categories the scoreboard contradicts


def _fig(cat: str, v) -> str:
    if v is None:
        return "n/a"
    return f"{v:.3f}".lstrip("0") if cat.endswith("%") else f"{v:g}" if float(v).is_integer() else f"{v:.1f}"


def _score(line: dict) -> str:
    cat = line["category"]
    return f"{_fig(cat, line['mine'])}-{_fig(cat, line['theirs'])}"


def _slipping(line: dict) -> str:
    """A category the week has settled against me: 'you trail STL 10-14 (12%: ...)', or, when I am ahead
    now but the rest of the week's games decide it, 'STL 14-13 now, but 16% to win it (...)'."""
    cat, p = line["category"], line["win_probability"]
    ahead = line.get("leader") == "me"
    if ahead:
        return f"you lead {cat} {_score(line)} now, but are {p:.0%} to win it (out of reach this week: their games left decide it)"
    return f"you trail {cat} {_score(line)} ({p:.0%}: out of reach this week)"


def _close_text(line: dict) -> str:
    tied = " tied" if line.get("leader") == "tied" else ""
    return f"{line['category']} ({_score(line)}{tied}, {line['win_probability']:.0%})"


def check_need(claimed: list[str], lines: list[dict], punt: list[str] | tuple = ()) -> NeedCheck:
    """The claim against the scoreboard's lines (dicts with category, mine, theirs, win_probability,
    leader); punted categories are never advised on."""
    by_cat = {x["category"]: x for x in lines}
    named = [c for c in claimed if c in by_cat and c not in punt]
    if not named:
        return NeedCheck("", [], [])
    settled_mine = [by_cat[c] for c in named if by_cat[c]["win_probability"] >= DECIDED]
    settled_theirs = [by_cat[c] for c in named if by_cat[c]["win_probability"] <= 1 - DECIDED]
    live = [c for c in named if 1 - DECIDED < by_cat[c]["win_probability"] < DECIDED]
    close = [x for x in lines if x["category"] not in punt and x["category"] not in live
             and CLOSE[0] <= x["win_probability"] <= CLOSE[1]]
    close.sort(key=lambda x: abs(x["win_probability"] - 0.5))
    parts = []
    if settled_mine:
        parts.append("you lead " + ", ".join(f"{x['category']} {_score(x)} ({x['win_probability']:.0%} to win it)"
                                             for x in settled_mine))
    if settled_theirs:
        parts.append(", ".join(_slipping(x) for x in settled_theirs))
    if live:
        parts.append(", ".join(f"{c} is in play ({_score(by_cat[c])}, {by_cat[c]['win_probability']:.0%})"
                               for c in live))
    if not (settled_mine or settled_theirs):
        return NeedCheck("", live, [])
    text = "**Checked against the scoreboard: " + "; ".join(parts) + ".**"
    if close:
        text += (" Your other close categories are " if live else " Your close categories are ") + _join(
            [_close_text(x) for x in close]) + "."
    in_play = live or [x["category"] for x in close]
    if in_play:
        text += f" The advice below chases {', '.join(in_play)}, the categories actually in play."
    return NeedCheck(text, in_play, [x["category"] for x in settled_mine + settled_theirs])


def as_asked(check: NeedCheck, targets: list[str]) -> str:
    """What the answer says when a plain ask names a category the week has settled: the scoreboard, and
    that the advice still chases what was asked (for the rest of the season)."""
    cue = check.text.split(" The advice below chases")[0]
    rest = f" Ask for {', '.join(check.in_play)} to chase this week's close categories instead." if check.in_play else ""
    return (f"{cue} The moves below still chase {', '.join(targets)}, as you asked: for its rest-of-season "
            f"value more than for this week.{rest}")


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

"""Player questions with an act of their own (issue #36), each read, planned and answered by its module:

- position eligibility ("can jjj play center?"): agents/offline/eligibility.py;
- per-36 figures ("whats bol bol per 36?"): agents/offline/per36_talk.py;
- minutes trends on my roster ("whose minutes are trending up on my team"): agents/offline/minutes_talk.py;
- form on my roster ("who on my team is underperforming"): agents/offline/form_talk.py;
- the weakest on my roster ("who's the worst guy on my team"): agents/offline/worst_talk.py;
- one stat's average for one player ("how many blocks a game does Sarr get"): agents/offline/stat_talk.py;
- his fantasy points over the week's games left ("times his games left this wk, like 90?"): agents/offline/week_total.py;
- one start among two or three on a day ("if i can only start one of them saturday"): agents/offline/day_pick.py;
- which of two of mine to cut ("bogdan or bol bol, which one do i cut"): agents/offline/cut_pick.py;
- whether to punt a category ("should i punt FT%?"): agents/offline/punt_ask.py (agreeing to it sets the punt);
- the players two earlier lists share ("anyone on both lists?"): agents/offline/both_lists.py;
- a card of the thread's last list recalled by its place, or the last move weighed again ("remind me what the
  third option was", "still worth doing?"): agents/offline/card_recall.py;
- one trade of the last search picked by a stat ("which of those gets me the most assists back"):
  agents/offline/trade_pick.py;
- one player of the last list picked by a stat ("which of those is the best on the boards"):
  agents/offline/list_pick.py;
- the empty starting spots on a day ("friday: how many empty starting spots am i looking at"):
  agents/offline/open_slots.py;
- a pool ranked per 36 or by rising minutes ("best per 36 guys on waivers"): agents/offline/pool_rates.py,
  read first; it takes the rankings' own act (planned and answered as a ranking), not one of MODULES.

They are requests (a follow-up goes on from them: "what about beal at SF"), not conversation acts.
Hooked in three places: `understand.understood` (`read`), `plans.next_calls` (`plan`) and
`acts.act_answer` (`answer`).
"""
from __future__ import annotations

from agents.offline import (both_lists, card_recall, list_pick, open_slots, trade_pick, week_total, cut_pick, day_pick, eligibility, form_talk, minutes_talk, per36_talk, pool_rates, punt_ask,
                            stat_talk, worst_talk)

MODULES = {eligibility.ACT: eligibility, per36_talk.ACT: per36_talk, minutes_talk.ACT: minutes_talk,
           form_talk.ACT: form_talk, worst_talk.ACT: worst_talk, stat_talk.ACT: stat_talk, day_pick.ACT: day_pick,
           cut_pick.ACT: cut_pick, punt_ask.ACT: punt_ask, both_lists.ACT: both_lists,
           trade_pick.ACT: trade_pick, week_total.ACT: week_total, card_recall.ACT: card_recall,
           list_pick.ACT: list_pick, open_slots.ACT: open_slots}
PLAYER_ACTS = tuple(MODULES)


def read(p, prev) -> bool:
    """Whether the message is one of these questions (in place: `p` takes its act and frame)."""
    return any(m.read(p, prev) for m in (card_recall, open_slots, both_lists, trade_pick, list_pick, week_total, pool_rates, day_pick, cut_pick, punt_ask, per36_talk, eligibility, minutes_talk, form_talk,
                                        worst_talk, stat_talk))


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return MODULES[p.act].plan(p, done)


def answer(p, done: dict) -> str | None:
    return MODULES[p.act].answer(p, done)

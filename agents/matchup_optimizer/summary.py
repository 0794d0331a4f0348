"""The optimizer's answer text: the scoreboard first (streamed while the moves are scanned:
agents.matchup_optimizer.opening), then the recommendation, the numbers, the caveat."""
from __future__ import annotations

from agents.core.cards import gain_text, move_head, season_label
from agents.core.contracts import Card, cards_of
from agents.core.sits import week_sits_text


def lineup_table(lineup: dict) -> str:
    """Day-by-day starters (who starts, not only how many) and, in points, the day's expected
    fantasy points (categories are won over the week, so a categories table has no per-day figure)."""
    if str(lineup.get("unit", "")).startswith("categories"):
        rows = ["| Day | Starts | Starters |", "|---|---|---|"]
        rows += [f"| {d['date']} | {len(d['starters'])} | {', '.join(d['starters']) or '-'} |" for d in lineup["days"]]
        return "\n".join(rows)
    rows = ["| Day | Starts | Starters | Expected fantasy pts |", "|---|---|---|---|"]
    rows += [f"| {d['date']} | {len(d['starters'])} | {', '.join(d['starters']) or '-'} | {d['expected']} |"
             for d in lineup["days"]]
    return "\n".join(rows)


def move_label(card: Card) -> str:
    return move_head(card.kind, card.drop, card.add)


def season_cell(card: Card) -> str:
    if card.season_gain is None:
        return "-"
    return f"{card.season_gain:+} {season_label(card.season_unit)}"


def changes_text(card: Card) -> str:
    """Every category a card's move changes, win chance before -> after, leads put at risk first."""
    from services.optimizer.reasons import change_text

    return (f"Category changes of {move_label(card)} (win chance before -> after): "
            + "; ".join(change_text(c, b, a) for c, b, a in card.category_changes) + ".")


def season_first_note(cards: list[Card], mode: str | None) -> str | None:
    """One line when the top card is not this week's best (issue #36: a "this week" request ranks by this
    week, or says why another move comes first): an IR card that yields to the best swap (his chance to
    play soon), in any mode; else balanced advice weighing the rest of the season too."""
    if len(cards) < 2:
        return None
    top, best = cards[0], max(cards, key=lambda c: c.expected_gain)
    if best.expected_gain <= top.expected_gain:
        return None
    yielded = next((r for r in best.reasons if "ranks below" in r and "swap" in r), None)
    if yielded:  # an IR card that yields to the best swap (services/optimizer/propose.py), in any mode
        return (f"The top card ranks first because the IR card adding {best.add} gains more this week "
                f"({gain_text(best.expected_gain, best.unit)} {best.unit} against "
                f"{gain_text(top.expected_gain, top.unit)} {top.unit}) only if {best.drop} stays out: {yielded}.")
    if mode == "this_week":
        return None
    # worded without a move's head ("Drop X -> Add Y"), which is how an answer's cards are read back
    return (f"The top card ranks first because balanced advice weighs the rest of the season "
            f"({season_cell(top)}) with this week; the card adding {best.add} gains more this week "
            f"({gain_text(best.expected_gain, best.unit)} {best.unit} against {gain_text(top.expected_gain, top.unit)}"
            f" {top.unit}) and {season_cell(best)} rest of season. Say \"only this week matters\" to rank by the "
            f"week alone.")


STATUS_SOURCE = {"inferred": "Statuses are inferred from missed games.",
                 "ESPN": "Statuses are ESPN's injury report."}


def write_summary(state: dict, matchup_summary: str, status_note: str = "inferred") -> str:
    cards, lineup = cards_of(state.get("valid_moves")), state.get("weekly_lineup") or {}
    parts = [matchup_summary]  # first: the answer's streamed opening (it needs no move scan)
    parts += [state["need_note"]] if state.get("need_note") else []
    if state.get("leaders_in"):  # "grab the top shot blocker": said, so the card reads as the answer to it
        from services.optimizer.propose import LEADERS

        parts.append(f"You asked for the best in {state['leaders_in']}: every move adds one of the wire's top "
                     f"{LEADERS} per game in it.")
    if state.get("punt"):
        parts.append(f"Punting {', '.join(state['punt'])}: left out of the objective and the reasons below.")
    if cards:
        top = cards[0]
        parts.append(f"**Top move: {top.title}.** Approve or decline it on the card; nothing changes until you do.")
        rows = ["| Move | This week | Rest of season | Games left (add / drop) | Confidence |",
                "|---|---|---|---|---|"]
        rows += [f"| {move_label(c)} | {gain_text(c.expected_gain, c.unit)} {c.unit} | {season_cell(c)} | "
                 f"{c.add_games_remaining} / {c.drop_games_remaining} | {c.confidence:.0%} |" for c in cards]
        parts.append("\n".join(rows))
        parts.append("Why: " + "; ".join(top.reasons[:2]) + ".")
        order = season_first_note(cards, state.get("advice_mode"))
        if order:
            parts.append(order)
        parts += [changes_text(c) for c in cards if c.category_changes]
    else:
        parts.append(f"**No move beats standing pat this week** (checked in {state.get('iteration', 0)} passes, "
                     "relaxing the filters each time). Keep your roster and set the lineup below.")
    if lineup:
        parts.append(f"Weekly lineup standing pat: {lineup['expected_total']} {lineup['unit']} expected.\n\n" + lineup_table(lineup))
        sits = week_sits_text(lineup["days"])
        if sits:
            parts.append(sits)
    parts.append("Protected: your top players are never offered as drops unless you name them. "
                 + STATUS_SOURCE.get(status_note, f"Statuses: {status_note}."))
    if state.get("advice_mode") == "this_week":
        parts.append("Mode: this week only (streaming): moves are ranked by this week's gain; the rest-of-season "
                     "change is shown but not weighed. Say \"think about the season\" to go back to balanced.")
    return "\n\n".join(parts)


def lineup_after(source, punt=()) -> str:
    """The recomputed weekly lineup after an approved move, with who sits and why."""
    from agents.matchup_optimizer.nodes import weekly_plan

    plan = weekly_plan(source, punt)
    names = ", ".join(f"{k} {v}" for k, v in sorted(plan["starts"].items(), key=lambda kv: -kv[1]) if v)
    sits = week_sits_text(plan["days"])
    return (f"New weekly lineup: {plan['expected_total']} {plan['unit']} expected.\n\n"
            + lineup_table(plan) + f"\n\nStarts: {names}." + (f"\n\n{sits}" if sits else ""))

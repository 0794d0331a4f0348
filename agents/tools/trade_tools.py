"""Trade tools: `evaluate_trade` (both teams' exact view and the verdict) and `find_trades`.
Thin wrappers over services.trades; the numbers come from the optimizer's lineups, never the model."""
from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools.card_results import CARD_FORMAT, with_cards
from agents.tools.results import dump
from agents.tools.schemas import NoArgs, TradeArgs, TradeFindArgs
from agents.trades.cards import oriented
from services.league.source import LeagueSource


def _player(p) -> dict:
    return {"name": p.player.name, "team": p.player.team, "status": p.status, "per_game": p.per_game,
            "availability": p.availability, "games_left": p.games_left, "games_this_week": p.games_this_week,
            "playoff_games": p.playoff_games, "ros_value": p.ros_value}


def _side(s) -> dict:
    return {"team": s.team_name, "team_id": s.team_id, "gives": [_player(p) for p in s.gives],
            "gets": [_player(p) for p in s.gets], "cut": [_player(p) for p in s.cut], "cut_rule": s.cut_rule,
            "pickup": [_player(p) for p in s.pickup], "ros_before": s.ros_before, "ros_after": s.ros_after,
            "ros_change": s.ros_change, "week_change": s.week_change, "playoff_change": s.playoff_change,
            "category_change": s.category_change, "gain": s.gain, "gains": s.gains,
            "wire_before": s.wire_before, "wire_after": s.wire_after,
            "free_moves": [m.model_dump() for m in s.free_moves],
            "categories": {c.category: {"change": c.change, "rank": c.rank_before, "rank_after": c.rank_after,
                                          "weight": c.weight}
                           for c in s.categories} or None}


def evaluation_result(ev) -> dict:
    return {"verdict": ev.verdict, "outcome": ev.outcome, "partner_accepts": ev.partner_accepts,
            "partner_needed": ev.partner_needed, "unit": ev.unit, "reasons": ev.reasons,
            "mine": _side(ev.mine), "partner": _side(ev.partner), "scoring": ev.scoring,
            "playoff_weeks": ev.playoff_weeks}


def build_trade_tools(source: LeagueSource) -> list[BaseTool]:
    from services.trades.evaluate import evaluate_trade

    def evaluate_trade_tool(give: list[str], get: list[str], cut=None, punt=None) -> str:
        give, get, note = oriented(source, give, get)
        return dump(evaluation_result(evaluate_trade(source, give, get, None, cut, punt or ())) | {"turned": note})

    def propose_trade(give: list[str], get: list[str], cut=None, punt=None):
        from agents.trades.cards import propose

        give, get, turned = oriented(source, give, get)
        ev, card = propose(source, give, get, cut, punt=punt or ())
        out = evaluation_result(ev) | {"turned": turned, "proposal": card.title,
                                       "moves": [card.model_dump(mode="json")],
                                       "note": "Approving the card sends the proposal; the other manager answers "
                                               "by his own rest-of-season value (accept, counter or decline)."}
        return with_cards(out, cap=16000)

    def find_trades(targets=None, give=None, get=None, limit: int = 5, protect=None, exclude=None, shape=None,
                    punt=None, get_position=None, keep_positions=None) -> str:
        from services.trades.find import find_trades as find

        return dump(find(source, targets=targets or (), give=give, limit=limit, get=get, protect=protect or (),
                         exclude=exclude or (), shape=shape, punt=punt or (),
                         get_position=get_position, keep_positions=keep_positions or ()).model_dump(mode="json"), cap=12000)

    def get_team_strength() -> str:
        from services.trades.strength import team_strength

        return dump(team_strength(source).model_dump(mode="json"))

    return [
        StructuredTool.from_function(
            evaluate_trade_tool, name="evaluate_trade", args_schema=TradeArgs,
            description="Evaluate a trade for both teams: each side's gain over its own best free moves (the waiver "
                        "swaps it could make anyway), stated apart, never summed; rest-of-season value by exact daily "
                        "lineups (points, or punt-aware category value with a category profile), whether the partner "
                        "accepts by his rule, this week's impact, the fantasy "
                        "playoffs, the forced cut of a 2-for-1, injured players on the return curve, and the "
                        "verdict with its deciding reasons. Use for 'would you trade A for B?'."),
        StructuredTool.from_function(
            propose_trade, name="propose_trade", args_schema=TradeArgs, response_format=CARD_FORMAT,
            description="Evaluate a trade and offer it as an approval card 'Propose trade to <team>: give A, get B'. "
                        "Approving sends it; that team's manager accepts, counters (a new card) or declines by his own "
                        "valuation. An ESPN league's trade must be proposed in ESPN."),
        StructuredTool.from_function(
            find_trades, name="find_trades", args_schema=TradeFindArgs,
            description="Search 1-for-1, 2-for-1 and 1-for-2 trades (2-for-2, 3-for-1, 3-for-2, 1-for-3 or 2-for-3 "
                        "when that shape is asked) with every "
                        "team, trades the other manager accepts (he gains 0.5% of his value over his own best free moves) and I gain from first, "
                        "each side's gain over its own free moves, ranked on the conversation's punt; optionally improving target categories without lowering protected ones, sending a given "
                        "player ('who would take Herro?'), never involving excluded players ('without giving up SGA'), "
                        "of one shape ('2-for-1', '2-for-2'), bringing only players of one position ('for two guards'), never "
                        "sending my players of a kept position ('I'd rather keep my guards'), with the conversation's punt."),
        StructuredTool.from_function(
            get_team_strength, name="get_team_strength", args_schema=NoArgs,
            description="Every team ranked by rest-of-season lineup value (the trade tool's roster value). The "
                        "nearest thing to standings or playoff odds, which are not modelled: say so, then offer this."),
    ]

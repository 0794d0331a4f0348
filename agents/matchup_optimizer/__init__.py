"""The matchup-optimizer graph: rosters -> schedule -> injuries -> candidates -> moves -> lineup -> human gate."""

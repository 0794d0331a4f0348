"""The league: the demo league and its `LeagueSource`, the as-of snapshot, rosters, players,
scoring, lineups, matchup, scoreboard, news, values, rankings, calibration and the season."""

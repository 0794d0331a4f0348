"""The agents, laid out as a request travels (docs/architecture.md, "Layout").

`door.py` is the one front door (pages, app.py, the CLIs and api/ import only it) and `cli.py` the
`python -m agents` CLI. One folder per subsystem, each laid out `state`/`prompts`/`nodes`/`graph`/
`facade`/`cli` as far as it needs: `supervisor/`, `matchup_optimizer/`, `desk/`, `signals/`,
`arena/`, `trades/`. Beside them: `core/` (the runtime of a chat turn: contracts, events, threads,
the approval gate), `models/` (the chat model factory and providers), `offline/` (the offline
planner), `tools/` (the supervisor's tool registry) and `facades/` (the typed rows and server
factories the door hands out beside the subsystems' facades).
"""

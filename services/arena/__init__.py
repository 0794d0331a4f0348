"""The arena: a season of NBA win contracts as a simulation that invokes agents.

`models/` is the data-model catalogue, `instruments` the contracts and their prices, `cases` what
an agent may see each matchday morning, `execution` the all-or-nothing fills, `simulation` the loop,
`metrics` the evaluation and `experiments` the replayable logs under COURTSIDE_HOME.
"""

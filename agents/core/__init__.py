"""The runtime of a chat turn: typed contracts, the one `emit`, the runtime and its turn flow,
threads, the approval gate and its cards, history, views, failures and checkpoints."""

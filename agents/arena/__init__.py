"""Arena agents (baselines, the estimator with Kelly sizing, a model with one tool) and the runner
that the CLI and the Arena page call."""

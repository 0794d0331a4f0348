"""The signals pod's services (no LangChain): the news wire, the transparent estimator, divergence,
confidence, the signals store and scoring against the real finals."""

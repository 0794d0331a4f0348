"""The chat models: `llm` (the one model factory), the Ollama and reasoning providers, and the
metadata each model call carries."""

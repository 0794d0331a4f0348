"""The chat-model factory: Gemini with a key, Ollama when configured, else the offline planner."""
from __future__ import annotations

from services.config import Settings, get_settings

PROVIDERS = ("offline", "gemini", "ollama")


class ProviderError(ValueError):
    """An unknown provider, or one that cannot be built with these settings."""


def pick_provider(settings: Settings, requested: str | None = None) -> str:
    name = (requested or settings.provider or "").lower()
    if not name:
        return "gemini" if settings.google_api_key else "offline"
    if name not in PROVIDERS:
        raise ProviderError(f"Unknown provider {name!r}; use one of: {', '.join(PROVIDERS)}.")
    return name


def build_model(provider: str | None = None, settings: Settings | None = None, reasoning: bool = False):
    """A LangChain chat model with an explicit timeout and retry count."""
    s = settings or get_settings()
    name = pick_provider(s, provider)
    if name == "offline":
        from agents.offline.planner import OfflinePlanner

        return OfflinePlanner()
    if name == "gemini":
        if not s.google_api_key:
            raise ProviderError("Gemini needs GOOGLE_API_KEY.")
        from langchain_google_genai import ChatGoogleGenerativeAI

        return ChatGoogleGenerativeAI(model=s.reasoning_model if reasoning else s.gemini_model,
                                      google_api_key=s.google_api_key.get_secret_value(),
                                      # the SDK counts attempts, the first one included
                                      timeout=s.model_timeout_s, max_retries=s.model_max_retries + 1, temperature=0)
    from agents.ollama_model import RetryingChatOllama

    return RetryingChatOllama(model=s.ollama_model, base_url=s.ollama_url, temperature=0,
                              client_kwargs={"timeout": s.model_timeout_s},
                              max_retries=s.model_max_retries, retry_backoff_s=s.model_retry_backoff_s)


def provider_label(provider: str, settings: Settings | None = None) -> str:
    s = settings or get_settings()
    return {"offline": "Offline planner", "gemini": f"Gemini ({s.gemini_model})",
            "ollama": f"Ollama ({s.ollama_model})"}[provider]


def model_name(provider: str, settings: Settings | None = None) -> str:
    s = settings or get_settings()
    return {"offline": "offline-planner", "gemini": s.gemini_model, "ollama": s.ollama_model}[provider]

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
    from agents.models.ollama_model import RetryingChatOllama

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


# --- the offline family: the one place outside agents/offline that knows it ------------------------

OFFLINE_MODEL_TYPES = frozenset({"offline-planner", "scripted"})  # the planner and tests' scripted models


def is_offline(model) -> bool:
    """A deterministic stand-in (the offline planner, or a test's scripted model), not a language model."""
    return getattr(model, "_llm_type", "") in OFFLINE_MODEL_TYPES


def build_reasoner(provider: str, source, settings: Settings | None = None):
    """`deep_analysis`'s back-end: the offline rules for the offline planner (and scripted tests),
    else the configured reasoning model."""
    if provider in ("offline", "scripted"):
        from agents.offline.reasoner import offline_reasoner

        return offline_reasoner(source)
    from agents.models.reasoner import model_reasoner

    return model_reasoner(build_model(provider, settings, reasoning=True))


def desk_model(model=None, provider: str | None = None, settings: Settings | None = None):
    """The market desk's model: the rule policy stands in for the offline planner; a real model is
    used as it is. With no model, one is built for `provider` (the desk's own CLI and page)."""
    if model is None:
        s = settings or get_settings()
        if pick_provider(s, provider) != "offline":
            return build_model(provider, s)
    elif getattr(model, "_llm_type", "") != "offline-planner":
        return model
    from agents.offline.desk_policy import DeskPolicyModel

    return DeskPolicyModel()


def signals_model(model=None, provider: str | None = None, settings: Settings | None = None):
    """The signals pod's estimator: the transparent offline estimator for the offline planner and
    scripted tests; a real model is used as it is. With no model, one is built for `provider`."""
    if model is None:
        s = settings or get_settings()
        if pick_provider(s, provider) != "offline":
            return build_model(provider, s)
    elif not is_offline(model):
        return model
    from agents.offline.signals_model import OfflineSignalsModel

    return OfflineSignalsModel()

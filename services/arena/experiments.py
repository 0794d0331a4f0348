"""Experiment storage under COURTSIDE_HOME/experiments/{run_id}/: config.json, episode_log.jsonl,
trade_history.json. Files are written from the models with a fixed layout and no clock, so the same
config and seed give byte-identical files.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from services.arena.models import EpisodeConfig, EpisodeLog, SimulationLog, TradeHistory
from services.config import courtside_home

FILES = ("config.json", "episode_log.jsonl", "trade_history.json")


class RunNotFound(LookupError):
    """No experiment with that run id."""


def experiments_dir() -> Path:
    return courtside_home() / "experiments"


def run_id_for(config: EpisodeConfig, agent_version: str) -> str:
    """Readable and deterministic: agent, range, seed, and a digest of the full config."""
    digest = hashlib.sha256((config.model_dump_json() + agent_version).encode()).hexdigest()[:8]
    return f"{config.agent_id}-{config.start:%Y%m%d}-{config.end:%Y%m%d}-s{config.seed}-{digest}"


def _write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_run(log: SimulationLog) -> Path:
    """Write the three files of a run (replacing an earlier run of the same id)."""
    if not log.run_id or "/" in log.run_id or log.run_id.startswith("."):
        raise ValueError(f"bad run id {log.run_id!r}")
    d = experiments_dir() / log.run_id
    d.mkdir(parents=True, exist_ok=True)
    head = log.model_dump(mode="json", exclude={"episode_logs"})
    head["episodes"] = [e.config.model_dump(mode="json") for e in log.episode_logs]
    _write(d / "config.json", json.dumps(head, indent=2, sort_keys=True) + "\n")
    _write(d / "episode_log.jsonl", "".join(e.model_dump_json() + "\n" for e in log.episode_logs))
    trades = TradeHistory(trades=[t for e in log.episode_logs for t in e.episode_result.trade_history.trades])
    _write(d / "trade_history.json", trades.model_dump_json(indent=2) + "\n")
    return d


def read_run(run_id: str) -> SimulationLog:
    d = experiments_dir() / run_id
    if "/" in run_id or not (d / "config.json").is_file():
        raise RunNotFound(f"no arena run {run_id!r} under {experiments_dir()}")
    head = json.loads((d / "config.json").read_text(encoding="utf-8"))
    head.pop("episodes", None)
    lines = (d / "episode_log.jsonl").read_text(encoding="utf-8").splitlines()
    return SimulationLog(**head, episode_logs=[EpisodeLog.model_validate_json(x) for x in lines if x.strip()])


def list_runs() -> list[str]:
    d = experiments_dir()
    if not d.is_dir():
        return []
    return sorted(p.name for p in d.iterdir() if (p / "config.json").is_file())


def run_experiment(config: EpisodeConfig, agent, price=None, news=None, progress=None) -> SimulationLog:
    """Run one episode and write it as a run; the run id follows from the config and agent version."""
    from services.arena.metrics import EVALUATION_VERSION
    from services.arena.simulation import SIMULATION_VERSION, run_episode

    episode = run_episode(config, agent, price=price, news=news, progress=progress)
    errors = [f"{p.case_id}: {p.agent_output['error']}" for p in episode.decision_point_logs
              if p.agent_output.get("error")]
    log = SimulationLog(run_id=run_id_for(config, agent.version), episode_logs=[episode], errors=errors,
                        simulation_version=SIMULATION_VERSION, agent_version=f"{agent.agent_id}/{agent.version}",
                        evaluation_version=EVALUATION_VERSION)
    write_run(log)
    return log

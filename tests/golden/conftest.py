"""Fixtures of the golden evaluations: a COURTSIDE_HOME of the module's own (copied database,
empty state store) and one assistant per (provider, as-of date) over it.

- `golden_home` (module): the home, set in the environment while the module runs.
- `assistant_for` (module): `assistant_for(provider, as_of, scoring)` -> a cached `Assistant`.
"""
from __future__ import annotations


import pytest
from tests.conftest import share_nlu_model

from services.config import reset_settings_cache


@pytest.fixture(scope="module")
def golden_home(tmp_path_factory, courtside_home):
    from services.store import state as store_mod
    from services.store.build import DB_NAME
    from tests.db_files import copy_database

    home = tmp_path_factory.mktemp("golden-home")
    copy_database(courtside_home / DB_NAME, home / DB_NAME)
    share_nlu_model(home)  # the run's snapshots (content-keyed) and intent model
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COURTSIDE_HOME", str(home))
        reset_settings_cache()
        yield home
        with store_mod._stores_lock:
            for key in [k for k in store_mod._stores if k[0] == str(home)]:
                store_mod._stores.pop(key)
    reset_settings_cache()


@pytest.fixture(scope="module")
def assistant_for(golden_home):
    from agents.core.runtime import Assistant

    made: dict = {}

    def get(provider: str, as_of, scoring: str = "points"):
        if (provider, as_of, scoring) not in made:
            made[provider, as_of, scoring] = Assistant(provider=provider, as_of=as_of, scoring=scoring)
        return made[provider, as_of, scoring]

    return get

"""pytest configuration: the hypothesis profiles (the test helpers are in ``helpers.py``)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Deterministic in CI: the same examples on every run and every machine.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# For a longer hunt on a developer machine: HYPOTHESIS_PROFILE=thorough pytest
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

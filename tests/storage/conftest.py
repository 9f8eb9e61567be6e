"""Shared fixtures of the storage tests."""
import pytest

import storage.stats


@pytest.fixture
def short_waits(monkeypatch):
    """Results the statistics file refuses are retried at once."""
    monkeypatch.setattr(storage.stats, "RETRY_EVERY", 0.0)

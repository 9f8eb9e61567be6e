"""Shared fixtures of the storage tests."""
import pytest

import storage.stats


@pytest.fixture
def short_waits(monkeypatch):
    """A busy statistics file is waited for briefly, and retried at once."""
    monkeypatch.setattr(storage.stats, "BUSY_WAIT", 0.2)
    monkeypatch.setattr(storage.stats, "RETRY_EVERY", 0.0)

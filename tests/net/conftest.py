"""Fixtures the network tests share."""
from __future__ import annotations

import pytest

from tests.net.certs import Certificates, make_certificates


@pytest.fixture(scope="session")
def certificates(tmp_path_factory) -> Certificates:
    """An authority of the tests' own and the server certificates it signed (tests/net/certs.py)."""
    return make_certificates(tmp_path_factory.mktemp("certificates"))


@pytest.fixture
def trusted(certificates, monkeypatch) -> Certificates:
    """`certificates`, with their authority trusted by the clients of this process (CARD_ARCADE_CA)."""
    monkeypatch.setenv("CARD_ARCADE_CA", str(certificates.ca))
    return certificates

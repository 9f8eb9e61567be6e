"""The language is one for the process: each test here leaves it English, as the other tests expect."""
from collections.abc import Iterator

import pytest

from lang import ENGLISH, set_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language(ENGLISH)

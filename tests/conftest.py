"""Headless pygame for every test, a private data folder per test, and the shared fixtures."""
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A window under test never announces or looks for tables on the machine's interfaces, and the server
# it hosts listens on 127.0.0.1 (scenes/online/session.py DISCOVERY_ENV); a test of discovery runs it
# in a network namespace of its own.
os.environ["CARD_ARCADE_DISCOVERY"] = "off"
# Every window under test speaks English whatever the machine's locale (LANG=fr_FR...); tests/i18n
# changes the language itself.
os.environ["CARD_ARCADE_LANG"] = "en"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest
from hypothesis import HealthCheck, settings

# No test is timed: Hypothesis has no deadline for an example and no health check on slow generation
# (a loaded machine is slow, not wrong).
settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")


RAM_DISK = Path("/dev/shm")  # Linux's tmpfs
RAM_DISK_FREE = 2 << 30  # bytes it must have free (a container's is often 64 MB): a run's folders take hundreds of MB


def roomy_ram_disk() -> bool:
    """Whether the RAM disk can be written and holds a whole run's folders."""
    if not os.access(RAM_DISK, os.W_OK):
        return False
    stats = os.statvfs(RAM_DISK)
    return stats.f_bavail * stats.f_frsize >= RAM_DISK_FREE


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "driver(speed=..., first=...): the arguments of the test's `driver` (harness/driver.py Driver)")
    # The tests' folders (tmp_path, and the data folder of every test in it) on a roomy RAM disk where there is one,
    # unless a --basetemp or TMPDIR says where: each App creates its statistics file, whose SQLite schema and
    # every atomic write wait for the disk (fsync), tens of milliseconds each on a busy machine's disk.
    if config.option.basetemp is None and "TMPDIR" not in os.environ and roomy_ram_disk():
        tempfile.tempdir = str(RAM_DISK)


@pytest.fixture(autouse=True)
def card_arcade_home(tmp_path, monkeypatch):
    """Each test keeps its settings, statistics and saves in its own temporary folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("CARD_ARCADE_HOME", str(home))
    return home


@pytest.fixture
def fresh_logging(monkeypatch):
    """setup_logging replaces these for the whole process: give them back after the test, and start
    it without the log handlers of an earlier one."""
    import logging
    import threading
    import warnings

    from storage.logs import LogFile, Pending, QuietStream

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [h for h in root.handlers
                                           if not isinstance(h, (LogFile, Pending, QuietStream))])


@pytest.fixture
def drawn_cards(monkeypatch):
    """What card sprites draw on the window during the test (harness/driver.py DrawnCards)."""
    from harness.driver import DrawnCards

    return DrawnCards().watch(monkeypatch)


@pytest.fixture
def driver(request, card_arcade_home):
    """The real App driven headless (harness/driver.py Driver) on the test's own folder, closed after the
    test however it ends. A test, or a module through `pytestmark`, sets its arguments with
    `@pytest.mark.driver(...)`: `speed` (fast unless marked) and `first`, the scene it starts on."""
    from harness.driver import Driver

    marker = request.node.get_closest_marker("driver")
    d = Driver(*marker.args, **marker.kwargs) if marker else Driver()
    yield d
    d.close()

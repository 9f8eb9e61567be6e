"""Local network discovery (net.discovery): TXT records decoded strictly, and tables announced,
updated and withdrawn as their lobbies change.

mDNS never runs on this machine's real interfaces: the network tests run their scenario
(tests/net/discovery_worker.py) inside a network namespace each makes and deletes itself, where
loopback is the only interface (the worker refuses to start otherwise). Without root or `ip` they
are skipped with the reason; under CI=true they fail instead.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from zeroconf import ServiceInfo

from net import protocol as p
from net.discovery import SERVICE, Found, decode_txt, encode_txt, found_in, where_to
from net.table import Opening

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_S = 90  # the longest a scenario's process may run before it is killed
IP_S = 10  # the longest one `ip` command may take

GOOD = Opening("ABC234", "sota", "Hafsa", 1, 3)


def txt(**changes: object) -> dict[bytes, bytes | None]:
    """GOOD's TXT record as zeroconf hands it over (bytes), with some values changed (None: absent)."""
    record: dict[str, object] = {**encode_txt(GOOD), **changes}
    return {k.encode(): v if isinstance(v, bytes) or v is None else str(v).encode() for k, v in record.items()}


def test_a_txt_record_round_trips():
    assert decode_txt(txt()) == GOOD
    assert encode_txt(GOOD) == {"v": str(p.VERSION), "game": "sota", "open": "1", "seats": "3", "code": "ABC234",
                                "host": "Hafsa"}


@pytest.mark.parametrize("changes", [
    {"v": p.VERSION + 1}, {"v": "one"}, {"v": b"\xff"}, {"v": None},
    {"open": -1}, {"open": "1.5"}, {"open": "\uff11"}, {"open": 4}, {"open": "9" * 400}, {"seats": 99}, {"seats": ""},
    {"code": "abc234"}, {"code": "ABC2340"}, {"code": "OIL012"}, {"code": "ABC 23"},
    {"game": "poker"}, {"game": "x" * 70}, {"game": b"\xc3"},
    {"host": "x" * 17}, {"host": ""}, {"host": "   "}, {"host": "Eve\nline"}, {"host": "\u202eevE"},
    {"host": "é" * 60}, {"extra": "1"},
])
def test_a_hostile_txt_record_is_left_out(changes):
    assert decode_txt(txt(**changes)) is None


def test_a_txt_record_with_a_missing_key_is_left_out():
    for key in encode_txt(GOOD):
        record = txt()
        del record[key.encode()]
        assert decode_txt(record) is None


def service(port: int, addresses: list[str]) -> ServiceInfo:
    return ServiceInfo(SERVICE, f"Card Arcade ABC234.{SERVICE}", port, properties=encode_txt(GOOD),
                       server="somewhere.local.", parsed_addresses=addresses)


def test_a_service_is_listed_with_its_ipv4_address_and_port_only_if_it_has_both():
    assert found_in(service(8765, ["192.0.2.7"])) == Found("ABC234", "sota", "Hafsa", 1, 3, "192.0.2.7", 8765)
    assert found_in(service(0, ["192.0.2.7"])) is None
    assert found_in(service(8765, [])) is None
    assert found_in(service(8765, ["2001:db8::1"])) is None


def test_loopback_discovery_uses_127_0_0_1_only_and_off_uses_nothing():
    assert where_to("loopback") == (["127.0.0.1"], ["127.0.0.1"])
    with pytest.raises(ValueError):
        where_to("off")


def cannot(reason: str) -> None:
    """No namespace here: skipped with the reason, but a failure under CI, where it must run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"discovery tests must run under CI: {reason}")
    pytest.skip(reason)


@pytest.fixture
def namespace() -> Iterator[str]:
    """A network namespace of this test's own with loopback up and multicast on it (nothing else),
    deleted however the test ends."""
    if shutil.which("ip") is None:
        cannot("no `ip` command to make a network namespace")
    if os.geteuid() != 0:
        cannot("making a network namespace needs root")
    name = f"card-arcade-test-{secrets.token_hex(4)}"
    made = subprocess.run(["ip", "netns", "add", name], capture_output=True, text=True, timeout=IP_S, check=False)
    if made.returncode != 0:
        cannot(f"`ip netns add` failed: {made.stderr.strip()}")
    try:
        subprocess.run(["ip", "-n", name, "link", "set", "dev", "lo", "up", "multicast", "on"], check=True,
                       timeout=IP_S)
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], timeout=IP_S, check=False)


def run_scenario(namespace: str, scenario: str) -> dict:
    """Run tests/net/discovery_worker.py's scenario in the namespace (killed after SCENARIO_S)."""
    done = subprocess.run(["ip", "netns", "exec", namespace, sys.executable, "-m", "tests.net.discovery_worker",
                           scenario], cwd=ROOT, capture_output=True, text=True, timeout=SCENARIO_S, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_a_table_is_announced_its_open_seats_updated_and_withdrawn_when_it_starts(namespace):
    seen = run_scenario(namespace, "lobby")
    code, port = seen["code"], seen["port"]
    expected = {"code": code, "game": "sota", "host": "Hafsa", "open_seats": 1, "seats": 3, "address": "127.0.0.1",
                "port": port}
    assert seen["found"] == [expected]
    assert seen["seated"] == [{**expected, "open_seats": 0}]  # a guest took the open seat
    assert seen["started"] == []  # the host started the game


def test_serve_with_discovery_on_loopback_announces_and_withdraws_its_tables_when_stopped(namespace):
    seen = run_scenario(namespace, "serve")
    assert [(t["code"], t["open_seats"], t["port"]) for t in seen["found"]] == [(seen["code"], 1, seen["port"])]
    assert seen["stopped"] == [] and seen["returncode"] == 128 + 15


"""deploy/: the systemd unit and the container file run the server with options `main.py --serve`
accepts, name what it serves consistently (ports, health check), and copy what it imports; the unit
passes `systemd-analyze verify` where that is installed. Nothing is built or started here."""
from __future__ import annotations

import configparser
import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "card-arcade@.service"
CONTAINERFILE = ROOT / "deploy" / "Containerfile"
INSTALLED = "/opt/card-arcade"  # where docs/running-a-server.md puts the program


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return parser


def serve_options(argv: list[str]) -> list[str]:
    """The options after main.py in a command line, checked to be a `main.py --serve`."""
    scripts = [i for i, word in enumerate(argv) if word.endswith("main.py")]
    assert scripts, argv
    options = argv[scripts[0] + 1:]
    assert options[0] == "--serve", argv
    return options


def option(options: list[str], name: str) -> str:
    return options[options.index(name) + 1]


def test_the_units_command_is_a_serve_that_main_accepts():
    service = unit()["Service"]
    argv = shlex.split(service["ExecStart"].replace("%i", "1"))
    assert argv[0] == f"{INSTALLED}/.venv/bin/python" and argv[1] == f"{INSTALLED}/main.py"
    options = serve_options(argv)
    args = main.parse_args(options)  # exits (code 2) on an option main.py does not take
    assert args.serve and args.port == 8761 and args.metrics_port == 9761 and args.bind == "127.0.0.1"
    assert args.redis == "redis://127.0.0.1:6379/0" and args.trusted_proxy == ["127.0.0.1"]  # nginx, on this machine
    assert service["KillSignal"] == "SIGTERM" and "143" in service["SuccessExitStatus"].split()
    assert service["ExecReload"] == "/bin/kill -HUP $MAINPID"  # SIGHUP: the certificate read again


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verifies_the_unit(tmp_path):
    """The unit as installed, its program's paths this checkout's (verify wants them to exist)."""
    text = UNIT.read_text(encoding="utf-8")
    text = text.replace(f"{INSTALLED}/.venv/bin/python", sys.executable).replace(f"{INSTALLED}/main.py",
                                                                                  str(ROOT / "main.py"))
    (tmp_path / UNIT.name).write_text(text, encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "card-arcade@1.service")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr  # its warnings too


def test_the_guide_shows_the_nginx_configuration_that_is_tested():
    """docs/running-a-server.md's nginx block is deploy/nginx-card-arcade.conf, which
    tests/net/test_proxy.py runs with nginx."""
    guide = (ROOT / "docs" / "running-a-server.md").read_text(encoding="utf-8")
    [shown] = re.findall(r"```nginx\n(.*?)```", guide, flags=re.DOTALL)
    assert shown == (ROOT / "deploy" / "nginx-card-arcade.conf").read_text(encoding="utf-8")


def test_the_guide_names_every_metric_the_server_serves():
    from net.metrics import Refusal
    from net.pages import Collector

    guide = (ROOT / "docs" / "running-a-server.md").read_text(encoding="utf-8")
    server = type("Empty", (), {"tables": {}, "conns": set(), "closing": False})()
    names = [family.name + ("_total" if family.type == "counter" else "") for family in Collector(server).collect()]
    assert len(names) == 6 and all(f"`{name}" in guide for name in names), names
    assert all(f"`{reason.value}`" in guide for reason in Refusal)  # each reason a refusal is counted under


def test_the_guide_gives_every_limit_of_serve_help_with_its_default():
    """Section 7's table has a row for each operator limit `main.py --serve --help` lists, with the
    default --help says, and for the log level."""
    from net.limits import OPTIONS, Limits

    guide = (ROOT / "docs" / "running-a-server.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1].split()[0]: line.split("|")[2].strip() for line in guide.splitlines()
            if line.startswith("| `--")}
    help_text = subprocess.run([sys.executable, str(ROOT / "main.py"), "--serve", "--help"], capture_output=True,
                               text=True, timeout=60, check=True).stdout
    for name in [*OPTIONS, "joins_per_minute", "log_level", "trusted_proxy"]:
        flag = f"--{name.replace('_', '-')}"
        assert flag in help_text and flag in rows, flag
    for name in OPTIONS:
        default = getattr(Limits(), name)
        assert rows[f"--{name.replace('_', '-')}"] == f"{default:g}", name
    assert rows["--log-level"] == main.SERVE_LOG_LEVEL


def instructions() -> list[tuple[str, str]]:
    """The container file's instructions (its lines continued with a backslash joined), as (name, rest)."""
    text = re.sub(r"\\\n", " ", CONTAINERFILE.read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def test_the_containers_command_is_a_serve_that_main_accepts_on_the_ports_it_exposes():
    found = instructions()
    [cmd] = [json.loads(rest) for name, rest in found if name == "CMD"]  # the exec form: no shell between
    options = serve_options(cmd)
    args = main.parse_args(options)
    assert args.bind == "0.0.0.0" and args.metrics_bind == "0.0.0.0"  # reached through the container's ports
    [exposed] = [rest.split() for name, rest in found if name == "EXPOSE"]
    assert sorted(exposed) == sorted([str(args.port), str(args.metrics_port)])
    [volume] = [rest for name, rest in found if name == "VOLUME"]
    assert str(args.saves).startswith(volume + "/")
    [health] = [rest for name, rest in found if name == "HEALTHCHECK"]
    assert f"http://127.0.0.1:{args.port}/healthz" in health
    [user] = [rest for name, rest in found if name == "USER"]
    assert user not in ("root", "0")


def test_the_container_copies_what_the_server_imports_and_a_python_it_runs_on():
    found = instructions()
    copied = {source for name, rest in found if name == "COPY" for source in rest.split()[:-1]}
    assert all((ROOT / source).exists() for source in copied), copied
    # the top-level packages a `--serve` process imports (tests/net/test_serve.py checks it imports no others)
    assert {"main.py", "version.py", "requirements.txt", "game", "net", "storage"} <= copied
    [base] = [rest for name, rest in found if name == "FROM"]
    version = re.search(r"python:(\d+)\.(\d+)", base)
    assert version and (int(version[1]), int(version[2])) >= main.NEEDED_PYTHON

"""`main.py --serve`: a real server process on a free loopback port, no window and no pygame; bots play a
table against it, its `--record` file says what was sent, its `--saves` folder is empty once the games are
over, and SIGTERM stops it."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from game.match import Match
from net import bots
from tests.net.clients import MAIN, bot_table, listening_url, play_to_the_end


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A `--serve --port 0 --record DIR --saves DIR` process with two bot tables of Sota played against it,
    one with a spectator; stopped by SIGTERM however the tests end. Yields what the tests look at."""
    folder, saves = tmp_path_factory.mktemp("record"), tmp_path_factory.mktemp("saves")
    proc = subprocess.Popen([sys.executable, "-X", "importtime", str(MAIN), "--serve", "--port", "0", "--record",
                             str(folder), "--saves", str(saves)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        url = listening_url(proc)

        async def play() -> tuple[bots.Tally, bots.Tally, dict, str]:
            tally = await asyncio.wait_for(bots.run(url, 1, "sota", 2, "normal", 4), 60)
            watched = bots.Tally()
            seated, spectators, code = await bot_table(url, "sota", ["you", "open"], 8, watched, watchers=1)
            await play_to_the_end(seated, spectators)
            received = {"0": seated[0].ws.texts, "1": seated[1].ws.texts, "spectators": spectators[0].texts}
            return tally, watched, received, code

        tally, watched, received, code = asyncio.run(play())
        proc.terminate()
        _, stderr = proc.communicate(timeout=15)  # bounds the wait for it to stop
        yield {"proc": proc, "tally": tally, "watched": watched, "received": received, "code": code, "folder": folder,
               "saves": saves, "stderr": stderr}
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=15)


def test_serve_says_its_port_plays_bot_tables_and_stops_on_sigterm(served):
    assert served["tally"].errors == [] and served["tally"].tables_finished == 1 and served["tally"].moves > 0
    assert served["watched"].errors == []
    assert served["proc"].returncode == 128 + 15  # SIGTERM, the normal way


def test_serve_opens_no_window_and_imports_no_pygame(served):
    imported = [line.rsplit("|", 1)[-1].strip() for line in served["stderr"].splitlines() if "import time:" in line]
    assert "net.server" in imported and "websockets" in imported
    assert not [name for name in imported if name.split(".")[0] in ("pygame", "scenes", "sprites", "sounds")]
    assert "zeroconf" not in imported  # discovery is off unless --discovery says otherwise
    assert "prometheus_client" not in imported  # nor the metrics unless --metrics-port
    assert "net.saves" in imported and list(served["saves"].iterdir()) == []  # every game was played out


def test_serve_logs_its_tables_and_its_stop_on_stderr_at_info(served):
    lines = served["stderr"].splitlines()
    assert f"INFO card_arcade.server: table {served['code']} opened: sota, turn time 90 s" in lines
    assert "INFO card_arcade: server stopped by SIGTERM" in lines
    assert not [line for line in lines if line.startswith("INFO websockets")]  # other libraries: warnings only


def test_serve_log_level_warning_keeps_info_off_stderr():
    proc = subprocess.Popen([sys.executable, str(MAIN), "--serve", "--port", "0", "--log-level", "warning"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = listening_url(proc)
        tally = asyncio.run(asyncio.wait_for(bots.run(url, 1, "sota", 2, "normal", 4), 60))
        assert tally.errors == []
        proc.terminate()
        _, stderr = proc.communicate(timeout=15)
        assert "INFO" not in stderr
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=15)


def test_record_has_a_line_per_move_with_the_match_and_the_exact_texts_sent(served):
    files = sorted(served["folder"].glob("*.jsonl"))
    assert len(files) == 2  # one per table
    [watched] = [f for f in files if f.name.startswith(f"table-{served['code']}-")]
    lines = [json.loads(line) for line in watched.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["start"] == "sota" and [line["seq"] for line in lines] == list(range(len(lines)))
    for line in lines:
        match = Match.load("sota", line["state"])  # the match's whole to_dict() after the move
        assert match.moves_played == line["seq"] and set(line["sent"]) == {"0", "1", "spectators"}
    assert match.is_over
    for key, texts in served["received"].items():
        states = [text for text in texts if json.loads(text)["type"] == "state"]
        assert states == [line["sent"][key] for line in lines], key

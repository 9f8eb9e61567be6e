"""A real copy of the program (harness/crash_worker.py) playing one game back to back, for the kill -9
and two-copies tests and bench/abuse.py."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

WORKER = Path(__file__).resolve().parent / "crash_worker.py"


class Worker:
    """A real copy of the program playing `name` back to back; its printed lines."""

    def __init__(self, name: str, home: Path, resume: bool = False) -> None:
        env = dict(os.environ, CARD_ARCADE_HOME=str(home))
        self.proc = subprocess.Popen([sys.executable, str(WORKER), name] + (["--resume"] if resume else []),
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.lines: list[str] = []
        stdout = self.proc.stdout
        assert stdout is not None  # stdout=PIPE above
        threading.Thread(target=lambda: self.lines.extend(line.strip() for line in stdout), daemon=True).start()

    def said(self, word: str) -> list[str]:
        return [line.split()[1] for line in list(self.lines) if line.startswith(word + " ")]

    def kill(self) -> bool:
        """SIGKILL it; False if it had died by itself."""
        alive = self.proc.poll() is None
        if alive:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        return alive

"""Card Arcade without a console window: double-click this file on Windows (pythonw runs it). It runs
in the checkout's virtual environment `.venv` (the README's commands make it) when there is one."""
import runpy
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv"
VENV_PYTHON = VENV / ("Scripts/pythonw.exe" if sys.platform == "win32" else "bin/python")

if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != VENV.resolve():
    sys.exit(subprocess.call([str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]]))
runpy.run_path(str(HERE / "main.py"), run_name="__main__")

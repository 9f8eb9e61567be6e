"""Card Arcade without a console window: double-click this file on Windows (pythonw runs it)."""
import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("main.py")), run_name="__main__")

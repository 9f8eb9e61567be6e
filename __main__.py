"""`python -m card_arcade` (an installed copy) and `python .` (a checkout): the game, as main.py starts it."""
import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().with_name("main.py")), run_name="__main__")

"""`pip install -e .`'s card_arcade: the package's folder is this checkout's top level, as `pip install .`
puts main.py, game/, storage/... in site-packages/card_arcade/; only this folder goes on sys.path."""
from pathlib import Path

__path__ = [str(Path(__file__).resolve().parents[3])]

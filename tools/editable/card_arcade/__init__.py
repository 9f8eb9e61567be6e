"""`pip install -e .`'s card_arcade: the package's folder is this checkout's top level, as `pip install .`
puts main.py, game/, storage/... in site-packages/card_arcade/; only this folder goes on sys.path. Its
__main__ (`python -m card_arcade`) is this folder's, as the wheel has it."""
from pathlib import Path

__path__ = [str(Path(__file__).resolve().parents[3]), str(Path(__file__).resolve().parent)]

"""`python -m card_arcade`: the game, as the card-arcade command starts it (pyproject.toml puts this file in
the wheel's card_arcade/; an editable install finds it here)."""
import sys

from card_arcade.main import main  # type: ignore[import-not-found]  # the checkout, or the wheel's main.py

sys.exit(main())

"""Card Arcade's sound effects (WAV files made by make_sounds.py) and the player that plays them."""
from sounds.player import SOUND_NAMES, SoundPlayer

__all__ = ["SOUND_NAMES", "SoundPlayer"]

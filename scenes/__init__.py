"""The scene stack and every screen of Card Arcade."""

"""Ninety-Nine: a small game that lives only in the tests, written from docs/adding-a-game.md."""

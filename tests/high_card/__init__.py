"""High Card, a game that lives only in the tests: it proves that a game joins Card Arcade by
registering itself (docs/adding-a-game.md), with no line of a shared module written for it."""

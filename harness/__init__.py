"""What the tests and the benches share: the real App driven headless, a table started as a player
starts it, the computers' ladders, the monkey, a real copy of the program. `tests/` and `bench/` may
import this package, never each other (tests/test_architecture.py checks)."""

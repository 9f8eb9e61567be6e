#!/usr/bin/env python3
"""Card Arcade: `python main.py` opens the window; `--simulate war --games N --seed S` prints JSON."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


class Parser(argparse.ArgumentParser):
    """Wrong options end with one line on stderr and exit code 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = Parser(prog="main.py", description="Card Arcade: five card games in one window.")
    parser.add_argument("--simulate", metavar="GAME", choices=["war"],
                        help="play GAME without a window and print the batch statistics as JSON")
    parser.add_argument("--games", type=positive_int, default=100, help="games to simulate (default 100)")
    parser.add_argument("--seed", type=whole_number, default=1, help="seed of the simulated batch (default 1)")
    parser.add_argument("--frames", type=positive_int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def simulate(name: str, games: int, seed: int) -> int:
    from game.war.sim import simulate as simulate_war

    stats = simulate_war(games, seed)
    print(json.dumps(stats, indent=1, sort_keys=True))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.simulate:
        return simulate(args.simulate, args.games, args.seed)
    from scenes.app import App
    from scenes.title import TitleScene

    try:
        app = App()
    except Exception as exc:  # before the window there is no error screen
        import logging
        import traceback

        logging.getLogger("card_arcade").error("start-up failed: %s", "".join(traceback.format_exception(exc)))
        print(f"Card Arcade could not start: {exc}", file=sys.stderr)
        return 1
    return app.run(TitleScene(app), max_frames=args.frames)


if __name__ == "__main__":
    sys.exit(main())

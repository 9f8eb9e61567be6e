"""War's wording: the in-app rules page, the names of war depths, the end of a game."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.war.view import WarView

WAR_DEPTH_WORDS = ("", "", "DOUBLE", "TRIPLE", "QUADRUPLE", "QUINTUPLE", "SEXTUPLE", "SEPTUPLE",
                   "OCTUPLE", "NONUPLE", "DECUPLE")


def war_name(depth: int) -> str:
    """The banner for a war of `depth`: 1 'WAR!', 2 'DOUBLE WAR!', ... then '11-FOLD WAR!'."""
    if depth <= 1:
        return "WAR!"
    if depth < len(WAR_DEPTH_WORDS):
        return f"{WAR_DEPTH_WORDS[depth]} WAR!"
    return f"{depth}-FOLD WAR!"


def subject_verb(name: str, verb: str) -> str:
    """'You win' but 'Computer wins': the seat named You reads as the player."""
    return f"{name} {verb}" if name.lower() == "you" else f"{name} {verb}s"


def format_play_time(seconds: float) -> str:
    """Simulated play time as the seed prints it: '4 min 13 s' (whole seconds, rounded down)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min {secs} s"
    return f"{minutes} min {secs} s"


def game_over_line(view: WarView, names: Sequence[str]) -> str:
    """The message line when a game has just ended."""
    if view.reason == "endless":
        return "A position came back: endless war, a draw"
    if view.reason == "both_out":
        return "Both ran out of cards together: a draw"
    winner = view.winners[0] if view.winners else 0
    return f"{subject_verb(names[winner], 'win')} the game"


def result_title(view: WarView, names: Sequence[str]) -> str:
    """The headline of the result screen: who won, or what kind of draw."""
    if view.winners is not None and len(view.winners) == 1:
        return f"{subject_verb(names[view.winners[0]], 'win')}!"
    return "Endless war: a draw" if view.reason == "endless" else "A draw"


def result_lines(view: WarView, names: Sequence[str], seat: int) -> list[str]:
    """The result screen's lines: cards held, and `seat`'s battles and wars, and the time saved."""
    stats = view.stats(seat)
    name = names[seat]
    longest = war_name(stats["longest_war"]).rstrip("!") if stats["longest_war"] else "none"
    played = format_play_time(stats["play_time_s"])
    counts = view.stack_sizes
    return [
        f"Cards: {names[0]} {counts[0]}, {names[1]} {counts[1]}",
        f"{stats['battles']} battles, {name} won {stats['battles_won']}",
        f"{stats['wars']} wars, {name} won {stats['wars_won']}; longest: {longest}",
        (f"Double {stats['double_wars']}  Triple {stats['triple_wars']}  "
         f"Quadruple {stats['quadruple_wars']}  Deeper {stats['deeper_wars']}"),
        f"Played by hand this would take {played}: you saved {played}.",
    ]


RULES_TEXT = """\
War is a game of pure chance: there are no decisions, you watch it. You start and pause it, play \
one battle at a time, change the speed or skip to the end.

The deck has 52 cards, Ace to King in four suits. It is shuffled and each player gets 26 cards \
in a face-down stack: you and the computer (or two computers).

- A battle: both turn their top card. The higher card wins both cards, which go to the bottom of \
the winner's stack.
- Equal cards start a war. In the x4 variant (the default, as in the original program) each \
player lays 3 cards face down and 1 face up; in the classic variant 1 down and 1 up. The \
face-up cards decide and the winner takes the whole pile.
- Equal again is a double war, then triple, quadruple and so on without limit.
- A player without enough cards for a war lays all but their last card face down and fights with \
the last card face up.
- A player who has no card left when a card must be turned loses. If both run out together with \
equal cards, the game is a draw.
- You lose when your stack is empty; you win when you hold all the cards.

Options:
- Variant: x4 (3 down, 1 up; default) or classic (1 down, 1 up).
- Ace: low (default, as in the original) or high.
- Pickup: random (default): won cards go to the bottom in a random order, as people pick them \
up. Fixed: your cards first, in the order they were played, then the computer's (the first \
seat's, then the second's). A fixed order can loop forever, so a position seen before ends the \
game as a draw ("endless war").
- Trick deck: a demonstration deal that forces a sextuple war in the first battle. Both players \
hold the original program's trick hand, except that the computer's last face-down card and its \
deciding card swap places, so the sextuple war is decided instead of running both players out.

Before the game your hand is rated: its sum against the worst (98) and best (266) possible \
26-card hands as a percentage (with Ace high: 124 and 292), and its count of Jacks, Queens and \
Kings.

Statistics are kept for every game: the result, battles ("skirmishes"), battles you won, wars \
fought and won, double, triple, quadruple and deeper wars (each war counts once, at the deepest \
level it reached), the longest war, and the simulated real-world play time: 1.5 seconds per \
battle plus 6 seconds per war (133 battles and 9 wars take 4 min 13 s). A game that ends in the \
middle of a war still counts that war, won by the player who takes the pile.

Batch simulation plays many games without animation and shows their statistics.
"""

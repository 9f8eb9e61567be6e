"""What the Memory Match table says: outcome messages and status lines."""
from __future__ import annotations

from game.cards import Card
from game.core import Event
from game.memory_match.moves import is_standard
from sprites.faces_memory import SYMBOLS

PLURALS = {"leaf": "leaves"}


def plural(rank: int) -> str:
    """'suns', 'leaves': the symbol of a rank, more than one."""
    name = SYMBOLS[rank][0]
    return PLURALS.get(name, name + "s")


def card_name(card: Card) -> str:
    """'a sun', 'the Bonus', as a player would say it."""
    if is_standard(card):
        return f"a {SYMBOLS[card.rank][0]}"
    return str(card)


def outcome_message(name: str, event: Event) -> str:
    """One line for the outcome of two flipped cards, turned up by the player called `name`."""
    first, second = event.cards
    lines = {
        "pair": f"{name} finds a pair of {plural(first.rank)}: +1, and plays again!",
        "mismatch": f"{name}: {card_name(first)} and {card_name(second)}, no match.",
        "standard_bonus": f"{name} finds a Bonus: +1. The Bonus bursts, the symbol turns back.",
        "standard_penalty": f"{name} finds a Penalty: -1. It crumbles, the symbol turns back.",
        "bonus_penalty": f"{name}: a Bonus and a Penalty cancel out. Both leave.",
        "two_bonus": f"{name} finds both Bonus cards!",
        "two_penalty": f"{name} finds both Penalty cards!",
    }
    return lines.get(event.tag, "")

"""What the Memory Match table says: the move history's lines (also the outcome messages) and the hints'
reasons. Every flip is public, so every line may name the cards; a hint's reason names only cards the
player has seen (the view it is given)."""
from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.core import Event, Kind
from game.memory_match.moves import (
    BONUS,
    PENALTY,
    Choice,
    Choose,
    Flip,
    Outcome,
    Tag,
    cell_name,
)
from game.memory_match.text import CHOICE_LABELS
from game.memory_match.view import MemoryView
from sprites.faces_memory import SYMBOLS

OUTCOME_WORDS = {  # after "Youssef turns up a Sun and a Moon: " (short: the table's strip is narrow)
    Outcome.PAIR: "a pair, +1, plays again",
    Outcome.MISMATCH: "no pair",
    Outcome.STANDARD_BONUS: "+1, the Bonus leaves",
    Outcome.STANDARD_PENALTY: "-1, the Penalty leaves",
    Outcome.BONUS_PENALTY: "they cancel out and leave",
    Outcome.TWO_BONUS: "both Bonus cards",
    Outcome.TWO_PENALTY: "both Penalty cards",
}


def symbol(card: Card) -> str:
    """'Sun', 'Leaf', 'Bonus': a card's name with a capital, as the history writes it."""
    return SYMBOLS[card.rank][0].capitalize()


def named(card: Card) -> str:
    """'a Sun', 'a Bonus'."""
    return f"a {symbol(card)}"


def flip_line(name: str, before: MemoryView, move: Flip | Choose, events: Sequence[Event]) -> str:
    """The history's line for a move, with the turn's first flip when it is the second, read from
    the view `before` the move: "Youssef turns up a Sun and a Moon: no pair"."""
    names = before.players
    if isinstance(move, Choose):
        assert before.pending_choice is not None
        first, second = (before.face_up[cell] for cell in before.flipped)
        assert first is not None and second is not None
        chosen = CHOICE_LABELS[(before.pending_choice, move.option)]
        line = f"{name} turns up {named(first)} and {named(second)}: {OUTCOME_WORDS[before.pending_choice]}; " \
               f"{name} chooses {chosen}"
    else:
        flipped = next(e for e in events if e.kind is Kind.FLIP)
        line = f"{name} turns up {named(flipped.cards[0])}"
        outcome = next((e for e in events if e.kind is Kind.OUTCOME), None)
        if outcome is not None:
            first, second = outcome.cards
            line = f"{name} turns up {named(first)} and {named(second)}: {OUTCOME_WORDS[outcome.tag]}"
    for event in events:
        if event.kind is Kind.SKIP and event.player is not None:
            line += f". {names[event.player]} skips a turn"
        elif event.kind is Kind.FLIP and event.tag is Tag.LONE and event.player is not None:
            score = "+1" if event.cards[0].rank == BONUS else "-1"
            line += f". The last card, {named(event.cards[0])}, is turned up for {names[event.player]}: {score}"
    return line


def known_cells(view: MemoryView) -> dict[int, Card]:
    """The face-down cards whose face the view's log has shown."""
    return {r.index: r.card for r in view.log if view.present[r.index] and view.face_up[r.index] is None}


def hint_reason(view: MemoryView, move: Flip | Choose) -> str:
    """One line saying what a hinted move is and why, knowing only the cards in `view`'s log."""
    known = known_cells(view)
    if isinstance(move, Choose):
        return choice_reason(view, known, move.option)
    cell, card = move.index, known.get(move.index)
    where = cell_name(cell)
    first = view.face_up[view.flipped[0]] if view.flipped else None
    if first is None:
        twin = next((c for c, k in known.items() if card is not None and c != cell and k.rank == card.rank), None)
        if card is not None and twin is not None:
            return f"Flip the {symbol(card)} at {where}: you saw the other one at {cell_name(twin)}"
        if card is None:
            return f"Flip the card at {where}: you have not seen it, and you know of no pair"
        return f"Flip the {symbol(card)} at {where}: a card you know, so no surprise"
    if card is None:
        return f"Flip the card at {where}: you have not seen it, it may be the other {symbol(first)}"
    if card.rank == first.rank:
        return f"Flip the card at {where}: you saw the other {symbol(first)} there"
    if card.rank == BONUS:
        return f"Flip the card at {where}: you saw a Bonus there, +1"
    return f"Flip the card at {where}: you saw {named(card)} there; no point, but no risk of the Penalty"


def choice_reason(view: MemoryView, known: dict[int, Card], option: Choice) -> str:
    """Why one option of a double Bonus or double Penalty."""
    label = CHOICE_LABELS[(view.pending_choice or "", option)]
    other = view.players[1 - view.current_player]
    ranks = [card.rank for card in known.values() if card.rank != PENALTY]
    pair_known = len(ranks) != len(set(ranks))
    reasons = {
        Choice.PLAY_AGAIN: "you know where a pair lies",
        Choice.SKIP_NEXT: f"you know of no pair {other} could take in the extra turn",
        Choice.END_TURN: ("you know of no pair to win by playing on" if view.pending_choice == Outcome.TWO_BONUS
                   else f"a skipped turn would let {other} take the pairs you have both seen"),
    }
    if option == Choice.SKIP_NEXT and pair_known:
        reasons[Choice.SKIP_NEXT] = "few cards are left: the extra turn gives little"
    return f"Take {label}: {reasons[option]}"

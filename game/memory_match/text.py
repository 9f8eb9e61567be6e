"""Memory Match wording a player reads: the rules page, the labels of the two choices, the move
history's lines (also the outcome messages) and the hints' reasons. Every flip is public, so every line
may name the cards; a hint's reason names only cards the player has seen (the view it is given)."""
from __future__ import annotations

from collections.abc import Sequence

from game.cards import MEMORY_SYMBOLS, Card
from game.core import Event, Kind
from game.memory_match.moves import (
    BONUS,
    PENALTY,
    Choice,
    Choose,
    Flip,
    MemoryEvent,
    Outcome,
    Tag,
    cell_name,
)
from game.memory_match.view import MemoryView
from game.record import HistoryLine, MoveRecord

CHOICE_LABELS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): "+2 and end turn",
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): "+1 and play again",
    (Outcome.TWO_PENALTY, Choice.END_TURN): "-2 and end turn",
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): "-1 and skip your next turn",
}  # the buttons, said to the player who chooses
CHOSEN_WORDS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): "takes +2 and ends the turn",
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): "takes +1 and plays again",
    (Outcome.TWO_PENALTY, Choice.END_TURN): "takes -2 and ends the turn",
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): "takes -1 and skips their next turn",
}  # the choice told of the chooser: "Youssef takes -1 and skips their next turn"

RULES_TEXT = """\
Sixteen cards lie face down in a 4x4 grid: six pairs of symbols (1 to 6), two Bonus cards and \
two Penalty cards, shuffled. Two players, each a person or the computer. In the setup you choose \
who starts: player 1, player 2, or a coin toss.

On your turn you flip two cards, one after the other, and both players see them. A removed card \
or one already face up cannot be chosen: the table tells you so and nothing happens. Clicking \
the same card twice is never a pair.

What the two cards do:
- Two equal symbols: +1, both leave the grid, and you play again.
- Two different symbols: no points, both turn back down, your turn ends.
- A symbol and a Bonus: +1, the Bonus leaves, the symbol turns back down, your turn ends.
- A symbol and a Penalty: -1, the Penalty leaves, the symbol turns back down, your turn ends.
- A Bonus and a Penalty: no points, both leave, your turn ends.
- Two Bonus cards: both leave and you choose: +2 and end your turn, or +1 and play again.
- Two Penalty cards: both leave and you choose: -2 and end your turn, or -1 and skip your next \
turn (the other player then plays two turns in a row).

The lone last card: Bonus and Penalty cards can leave one at a time, so a single card may be \
left on the grid. It is never a symbol. It is flipped at once for the player whose turn it is: \
a Bonus gives +1, a Penalty -1.

The game ends when the grid is empty. The highest score wins; equal scores are a tie. Scores can \
go below zero.

On the table: click a card, or move the highlight with the arrow keys and press Enter or Space. \
The two cards of a turn stay face up for a moment so both players can read them. Once they have \
shown for about a second, a click skips the rest of the wait; a quicker click or key leaves them up \
(the Animation speed setting, in Settings, makes every wait shorter, and Instant skips them all). \
A red badge shows a player whose next turn will be skipped. The list of moves tells every pair \
turned up (L shows them all). H gives a hint: it knows only the cards you have seen on this screen, as you may.

Everything is public: every flip is seen by both players, so no screen is hidden between turns.

Computer levels
- Easy forgets most cards a few turns after seeing them.
- Normal forgets some of them.
- Hard remembers every card it has seen turned up.
- None of them ever looks at a face-down card.
"""

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
    return MEMORY_SYMBOLS[card.rank].capitalize()


def named(card: Card) -> str:
    """'a Sun', 'a Bonus'."""
    return f"a {symbol(card)}"


def placed(card: Card | None, cell: int) -> str:
    """'a Sun (row 2, column 3)': a card and where it lies."""
    assert card is not None
    return f"{named(card)} ({cell_name(cell)})"


def cells_of(event: Event) -> tuple[int, ...]:
    return event.cells if isinstance(event, MemoryEvent) else ()


def flip_line(name: str, before: MemoryView, move: Flip | Choose, events: Sequence[Event]) -> str:
    """The history's line for a move, with the turn's first flip when it is the second, read from
    the view `before` the move, each card with its place:
    "Youssef turns up a Sun (row 1, column 1) and a Moon (row 1, column 3): no pair"."""
    names = before.players
    if isinstance(move, Choose):
        assert before.pending_choice is not None
        first, second = (placed(before.face_up[cell], cell) for cell in before.flipped)
        chosen = CHOSEN_WORDS[(before.pending_choice, move.option)]
        line = f"{name} turns up {first} and {second}: {OUTCOME_WORDS[before.pending_choice]}; " \
               f"{name} {chosen}"
    else:
        line = f"{name} turns up {placed(next(e for e in events if e.kind is Kind.FLIP).cards[0], move.index)}"
        outcome = next((e for e in events if e.kind is Kind.OUTCOME), None)
        if outcome is not None and isinstance(outcome.tag, Outcome):
            both = " and ".join(placed(card, cell) for card, cell in zip(outcome.cards, cells_of(outcome), strict=True))
            line = f"{name} turns up {both}: {OUTCOME_WORDS[outcome.tag]}"
    for event in events:
        if event.kind is Kind.SKIP and event.player is not None:
            line += f". {names[event.player]} skips a turn"
        elif event.kind is Kind.FLIP and event.tag == Tag.LONE and event.player is not None:
            score = "+1" if event.cards[0].rank == BONUS else "-1"
            line += f". The last card, {placed(event.cards[0], cells_of(event)[0])}, is turned up for " \
                    f"{names[event.player]}: {score}"
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
    assert view.pending_choice is not None, "a choice is only reasoned about while one is pending"
    label = CHOICE_LABELS[(view.pending_choice, option)]
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


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """One line per pair of flips: the second flip (and a choice after two Bonus or Penalty cards)
    rewrites the line the first wrote ("Youssef turns up a Sun and a Moon: no pair")."""
    before: MemoryView = record.before
    return HistoryLine(flip_line(names[record.mover], before, record.move, record.events), bool(before.flipped))

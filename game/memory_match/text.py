"""Memory Match wording a player reads: the rules page, the labels of the two choices, the move
history's lines (also the outcome messages) and the hints' reasons. Every flip is public, so every line
may name the cards; a hint's reason names only cards the player has seen (the view it is given)."""
from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card
from game.core import Event, Kind
from game.memory_match.moves import (
    BONUS,
    GRID_COLS,
    PENALTY,
    Choice,
    Choose,
    Flip,
    MemoryEvent,
    Outcome,
    Tag,
)
from game.memory_match.view import MemoryView
from game.record import HistoryLine, MoveRecord
from lang import N_, _
from lang.words import W_, Words, Wp_

# The buttons, said to the player who chooses: the points, large, and what comes with them under them
CHOICE_LABELS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): ("+2", N_("and end turn")),
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): ("+1", N_("and play again")),
    (Outcome.TWO_PENALTY, Choice.END_TURN): ("-2", N_("and end turn")),
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): ("-1", N_("and skip your next turn")),
}
CHOSEN_WORDS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): "takes +2 and ends the turn",
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): "takes +1 and plays again",
    (Outcome.TWO_PENALTY, Choice.END_TURN): "takes -2 and ends the turn",
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): "takes -1 and skips their next turn",
}  # the choice told of the chooser: "Youssef takes -1 and skips their next turn"

RULES_TEXT = "\n\n".join((  # each paragraph a message, so a translator may reorder within it
    N_("Sixteen cards lie face down in a 4x4 grid: six pairs of symbols (1 to 6), two Bonus cards and "
       "two Penalty cards, shuffled. Two players, each a person or the computer. In the setup you choose"
       " who starts: player 1, player 2, or a coin toss."),
    N_("On your turn you flip two cards, one after the other, and both players see them. A removed card "
       "or one already face up cannot be chosen: the table tells you so and nothing happens. Clicking "
       "the same card twice is never a pair."),
    N_("What the two cards do:\n"
       "- Two equal symbols: +1, both leave the grid, and you play again.\n"
       "- Two different symbols: no points, both turn back down, your turn ends.\n"
       "- A symbol and a Bonus: +1, the Bonus leaves, the symbol turns back down, your turn ends.\n"
       "- A symbol and a Penalty: -1, the Penalty leaves, the symbol turns back down, your turn ends.\n"
       "- A Bonus and a Penalty: no points, both leave, your turn ends.\n"
       "- Two Bonus cards: both leave and you choose: +2 and end your turn, or +1 and play again.\n"
       "- Two Penalty cards: both leave and you choose: -2 and end your turn, or -1 and skip your next "
       "turn (the other player then plays two turns in a row)."),
    N_("The lone last card: Bonus and Penalty cards can leave one at a time, so a single card may be "
       "left on the grid. It is never a symbol. It is flipped at once for the player whose turn it is: a"
       " Bonus gives +1, a Penalty -1."),
    N_("The game ends when the grid is empty. The highest score wins; equal scores are a tie. Scores can"
       " go below zero."),
    N_("On the table: click a card, or move the highlight with the arrow keys and press Enter or Space. "
       "The two cards of a turn stay face up for a moment so both players can read them. Once they have "
       "shown for about a second, a click skips the rest of the wait; a quicker click or key leaves them"
       " up (the Animation speed setting, in Settings, makes every wait shorter, and Instant skips them "
       "all). A red badge shows a player whose next turn will be skipped. The list of moves tells every "
       "pair turned up (L shows them all). H gives a hint: it knows only the cards you have seen on this"
       " screen, as you may."),
    N_("Everything is public: every flip is seen by both players, so no screen is hidden between turns."),
    N_("Computer levels\n"
       "- Easy forgets most cards a few turns after seeing them.\n"
       "- Normal forgets some of them.\n"
       "- Hard remembers every card it has seen turned up.\n"
       "- None of them ever looks at a face-down card."),
))

OUTCOME_WORDS = {  # after "Youssef turns up a Sun and a Moon: " (short: the table's strip is narrow)
    Outcome.PAIR: W_("a pair, +1, plays again"),
    Outcome.MISMATCH: W_("no pair"),
    Outcome.STANDARD_BONUS: W_("+1, the Bonus leaves"),
    Outcome.STANDARD_PENALTY: W_("-1, the Penalty leaves"),
    Outcome.BONUS_PENALTY: W_("they cancel out and leave"),
    Outcome.TWO_BONUS: W_("both Bonus cards"),
    Outcome.TWO_PENALTY: W_("both Penalty cards"),
}
CHOSEN_LINES = {  # the choice told in the history
    (Outcome.TWO_BONUS, Choice.END_TURN): W_("{name} takes +2 and ends the turn"),
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): W_("{name} takes +1 and plays again"),
    (Outcome.TWO_PENALTY, Choice.END_TURN): W_("{name} takes -2 and ends the turn"),
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): W_("{name} takes -1 and skips their next turn"),
}
# a card's name as a hint says it; its context: a Heart here is no suit of cards
SYMBOL_WORDS = {
    1: Wp_("Memory Match card", "Sun"), 2: Wp_("Memory Match card", "Moon"), 3: Wp_("Memory Match card", "Heart"),
    4: Wp_("Memory Match card", "Leaf"), 5: Wp_("Memory Match card", "Gem"), 6: Wp_("Memory Match card", "Drop"),
    BONUS: Wp_("Memory Match card", "Bonus"), PENALTY: Wp_("Memory Match card", "Penalty")}
A_SYMBOL = {1: W_("a Sun"), 2: W_("a Moon"), 3: W_("a Heart"), 4: W_("a Leaf"), 5: W_("a Gem"),
            6: W_("a Drop"), BONUS: W_("a Bonus"), PENALTY: W_("a Penalty")}  # as the history says it
CHOICE_WORDS = {
    (Outcome.TWO_BONUS, Choice.END_TURN): W_("Take +2 and end turn"),
    (Outcome.TWO_BONUS, Choice.PLAY_AGAIN): W_("Take +1 and play again"),
    (Outcome.TWO_PENALTY, Choice.END_TURN): W_("Take -2 and end turn"),
    (Outcome.TWO_PENALTY, Choice.SKIP_NEXT): W_("Take -1 and skip your next turn"),
}  # a hint's choice, said to the player who chooses


def symbol(card: Card) -> str:
    """'Sun', 'Leaf', 'Bonus': a card's name in the current language, as a hint says it."""
    return str(SYMBOL_WORDS[card.rank])


def named(card: Card) -> str:
    """'a Sun', 'a Bonus', in the current language."""
    return str(A_SYMBOL[card.rank])


def place_words(cell: int) -> Words:
    """'row 2, column 3': a cell as a player reads it."""
    return W_("row {row}, column {column}", row=cell // GRID_COLS + 1, column=cell % GRID_COLS + 1)


def where(cell: int) -> str:
    return str(place_words(cell))


def placed(card: Card | None, cell: int) -> Words:
    """'a Sun (row 2, column 3)': a card and where it lies."""
    assert card is not None
    # TRANSLATORS: {card} is "a Sun", "a Bonus"...; {place} is "row 2, column 3"
    return W_("{card} ({place})", card=A_SYMBOL[card.rank], place=place_words(cell))


def cells_of(event: Event) -> tuple[int, ...]:
    return event.cells if isinstance(event, MemoryEvent) else ()


def flip_words(name: str, before: MemoryView, move: Flip | Choose, events: Sequence[Event]) -> Words:
    """The history's line for a move, with the turn's first flip when it is the second, read from
    the view `before` the move, each card with its place:
    "Youssef turns up a Sun (row 1, column 1) and a Moon (row 1, column 3): no pair"."""
    names = before.players
    if isinstance(move, Choose):
        assert before.pending_choice is not None
        first, second = (placed(before.face_up[cell], cell) for cell in before.flipped)
        chosen = W_(CHOSEN_LINES[(before.pending_choice, move.option)].msgid, name=name)
        line = W_("{name} turns up {first} and {second}: {outcome}; {chosen}", name=name, first=first,
                  second=second, outcome=OUTCOME_WORDS[before.pending_choice], chosen=chosen)
    else:
        flipped = next(e for e in events if e.kind is Kind.FLIP).cards[0]
        line = W_("{name} turns up {card}", name=name, card=placed(flipped, move.index))
        outcome = next((e for e in events if e.kind is Kind.OUTCOME), None)
        if outcome is not None and isinstance(outcome.tag, Outcome):
            first, second = (placed(card, cell) for card, cell in zip(outcome.cards, cells_of(outcome), strict=True))
            line = W_("{name} turns up {first} and {second}: {outcome}", name=name, first=first, second=second,
                      outcome=OUTCOME_WORDS[outcome.tag])
    for event in events:
        if event.kind is Kind.SKIP and event.player is not None:
            # TRANSLATORS: {line} is a move of the history, then the player whose turn it skips
            line = W_("{line}. {name} skips a turn", line=line, name=names[event.player])
        elif event.kind is Kind.FLIP and event.tag == Tag.LONE and event.player is not None:
            card = placed(event.cards[0], cells_of(event)[0])
            if event.cards[0].rank == BONUS:
                line = W_("{line}. The last card, {card}, is turned up for {name}: +1", line=line, card=card,
                          name=names[event.player])
            else:
                line = W_("{line}. The last card, {card}, is turned up for {name}: -1", line=line, card=card,
                          name=names[event.player])
    return line


def flip_line(name: str, before: MemoryView, move: Flip | Choose, events: Sequence[Event]) -> str:
    """`flip_words` in the current language."""
    return str(flip_words(name, before, move, events))


def known_cells(view: MemoryView) -> dict[int, Card]:
    """The face-down cards whose face the view's log has shown."""
    return {r.index: r.card for r in view.log if view.present[r.index] and view.face_up[r.index] is None}


def hint_reason(view: MemoryView, move: Flip | Choose) -> str:
    """One line saying what a hinted move is and why, knowing only the cards in `view`'s log."""
    known = known_cells(view)
    if isinstance(move, Choose):
        return choice_reason(view, known, move.option)
    cell, card = move.index, known.get(move.index)
    place = where(cell)
    first = view.face_up[view.flipped[0]] if view.flipped else None
    if first is None:
        twin = next((c for c, k in known.items() if card is not None and c != cell and k.rank == card.rank), None)
        if card is not None and twin is not None:
            return _("Flip the {card} at {place}: you saw the other one at {other}", card=symbol(card), place=place,
                     other=where(twin))
        if card is None:
            return _("Flip the card at {place}: you have not seen it, and you know of no pair", place=place)
        return _("Flip the {card} at {place}: a card you know, so no surprise", card=symbol(card), place=place)
    if card is None:
        return _("Flip the card at {place}: you have not seen it, it may be the other {card}", place=place,
                 card=symbol(first))
    if card.rank == first.rank:
        return _("Flip the card at {place}: you saw the other {card} there", place=place, card=symbol(first))
    if card.rank == BONUS:
        return _("Flip the card at {place}: you saw a Bonus there, +1", place=place)
    return _("Flip the card at {place}: you saw {card} there; no point, but no risk of the Penalty", place=place,
             card=named(card))


def choice_reason(view: MemoryView, known: dict[int, Card], option: Choice) -> str:
    """Why one option of a double Bonus or double Penalty."""
    assert view.pending_choice is not None, "a choice is only reasoned about while one is pending"
    choice = str(CHOICE_WORDS[(view.pending_choice, option)])
    other = view.players[1 - view.current_player]
    ranks = [card.rank for card in known.values() if card.rank != PENALTY]
    if option == Choice.PLAY_AGAIN:
        reason = _("you know where a pair lies")
    elif option == Choice.SKIP_NEXT:
        reason = _("few cards are left: the extra turn gives little") if len(ranks) != len(set(ranks)) else \
            _("you know of no pair {name} could take in the extra turn", name=other)
    elif view.pending_choice == Outcome.TWO_BONUS:
        reason = _("you know of no pair to win by playing on")
    else:
        reason = _("a skipped turn would let {name} take the pairs you have both seen", name=other)
    # TRANSLATORS: {choice} is "Take +2 and end your turn"..., {reason} why
    return _("{choice}: {reason}", choice=choice, reason=reason)


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """One line per pair of flips: the second flip (and a choice after two Bonus or Penalty cards)
    rewrites the line the first wrote ("Youssef turns up a Sun and a Moon: no pair")."""
    before: MemoryView = record.before
    return HistoryLine(flip_words(names[record.mover], before, record.move, record.events), bool(before.flipped))

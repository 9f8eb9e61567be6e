"""Skyjo's player-facing wording: the in-app rules page, the reasons a move is refused, the move
history's lines and the hints' reasons."""
from __future__ import annotations

from collections.abc import Sequence

from game.cards import SKYJO_COUNTS
from game.core import Event, Kind
from game.record import HistoryLine, MoveRecord
from game.skyjo.moves import (
    COLUMNS,
    Discard,
    DrawCard,
    Exchange,
    Move,
    NextRound,
    Phase,
    TakeDiscard,
    TurnUp,
    column_of,
    column_slots,
)
from game.skyjo.view import GridView, SkyjoView
from game.words import plural
from lang import N_

RULES_TEXT = "\n\n".join((  # each paragraph a message, so a translator may reorder within it
    N_("Skyjo is played with 150 cards: five -2, ten -1, fifteen 0 and ten each of 1 to 12. Two to eight"
       " players, each a person or the computer (easy, normal or hard). Collect as few points as "
       "possible."),
    N_("Each round every player gets 12 cards face down in a grid of 3 rows and 4 columns. One card from"
       " the draw pile starts the discard pile face up."),
    N_("- Each player, in seat order, turns up 2 cards of their grid.\n"
       "- In the first round the player whose two cards add up highest starts (a tie goes to the earlier"
       " seat). In later rounds the player who ended the previous round starts.\n"
       "- Play goes on in seat order."),
    N_("On your turn, do one of these:\n"
       "- Take the top card of the discard pile and exchange it with any card of your grid, face up or "
       "face down. The card you replace goes face up on the discard pile.\n"
       "- Draw the top card of the draw pile. Exchange it with any card of your grid as above, or throw "
       "it on the discard pile and turn up one of your face-down cards."),
    N_("Column rule: when the three cards of a column are face up and show the same value, the column is"
       " removed at once and goes onto the discard pile, its value on top. This also works with -2, -1 "
       "and 0, and also when the cards are turned up at the end of the round. A removed column stays "
       "empty."),
    N_("- When the draw pile runs out, all discards but the top one are shuffled into a new draw pile.\n"
       "- Face-down cards are unknown to everybody, their owner included. Everybody sees everybody's "
       "grid and the whole discard pile."),
    N_("End of a round: as soon as a player has turned up all their cards, every other player has "
       "exactly one more turn. Then all remaining cards are turned up (columns of three equal cards are "
       "still removed) and each player scores the sum of their grid."),
    N_("- Doubling: if the player who ended the round does not have strictly the lowest score (somebody "
       "else has fewer or the same points) and their score is above zero, it counts double. Both on 10: "
       "the ender scores 20. Zero and negative scores are never doubled."),
    N_("The game ends after the round in which a player reaches the target score (100 points by default)"
       " or more. The lowest total wins; equal lowest totals share the win."),
    N_("Computer levels\n"
       "- Easy: never makes an absurd move (it never hides a high card in its grid, and takes the "
       "discard only when it has a worse card to swap), but two times in three it picks at random among "
       "the rest.\n"
       "- Normal: takes the discard when that saves 2.5 points or more, otherwise draws; it puts a card "
       "where it saves the most points, counting a face-down card as about 5 and hoping for columns.\n"
       "- Hard: counts the cards it has seen to know what is left, weighs drawing against the discard "
       "over every unseen card, avoids throwing away a card the next player wants, ends a round only "
       "when it is likely to score lowest, and plays its last turn for the ender's doubling. It never "
       "looks at a face-down card."),
    N_("Option: the target score, from 50 to 300 (100 by default), for a shorter or longer game."),
    N_("Table controls: click the draw pile or the discard pile, then a card of your grid to exchange, "
       "or the discard pile to throw the drawn card away, then a face-down card to turn up. The cards "
       "you may pick are marked (Settings: Mark legal moves). Your grid is the big one at the bottom; "
       "with several people at the table, the grid of the person whose turn it is comes to the bottom "
       "once the last move has landed. Keyboard: D draws, T takes the discard, X throws the drawn card "
       "away; the arrow keys move the cursor over your grid (Up/Down between rows, Left/Right between "
       "columns, on to the piles), Tab jumps to the next card you may pick, and Enter or Space picks. H "
       "shows a hint, L the whole list of moves. Esc pauses."),
))

ILLEGAL_REASONS = {  # why a move is refused, by phase ({who}: the player to move)
    Phase.REVEAL: "{who}: turn up one of your face-down cards.",
    Phase.CHOOSE: "{who}: take the top discard or draw a card.",
    Phase.PLACE_TAKEN: "{who}: exchange the taken card with a card of your grid.",
    Phase.PLACE_DRAWN: "{who}: exchange the drawn card with a grid card, or discard it.",
    Phase.TURN_UP: "{who}: turn up one of your face-down cards.",
    Phase.ROUND_OVER: "The round is over: deal the next round.",
}
GAME_OVER = "The game is over."

# -- the move history and the hints: plain public words from the view --------------------------
PLACING_PHASES = (Phase.PLACE_TAKEN, Phase.PLACE_DRAWN, Phase.TURN_UP)  # a turn's second (or third) move
RESHUFFLED = "; the discards are shuffled into a new draw pile"
DECK_MEAN = sum(v * n for v, n in SKYJO_COUNTS.items()) / sum(SKYJO_COUNTS.values())  # a hidden card, about 5


def a_card(rank: int) -> str:
    """'a 5', 'an 8', 'an 11', 'a -2', as a player says it."""
    return f"{'an' if rank in (8, 11) else 'a'} {rank}"


def where(slot: int) -> str:
    """A slot as a player reads it: 'row 2, column 3'."""
    row, column = divmod(slot, COLUMNS)
    return f"row {row + 1}, column {column + 1}"


def turn_line(name: str, before: SkyjoView, move: Move, events: Sequence[Event]) -> str:
    """The history's line for a move, with the earlier moves of the same turn, read from the view
    `before` the move: "Youssef takes the 4 from the discard and puts it in place of a hidden 9"."""
    if isinstance(move, NextRound):
        return f"Round {before.round_number + 1} is dealt"
    line = f"{name} {turn_words(before, move, events)}"
    for event in events:
        if event.kind is Kind.COLUMN:
            line += f"; three {event.amount}s make a column, which goes to the discard pile"
        elif event.kind is Kind.RESHUFFLE:
            line += RESHUFFLED
        elif event.kind is Kind.LAST_TURN:
            line += f". {name} has every card face up: everybody else has one last turn"
        elif event.kind is Kind.STARTER:
            line += f". {event.text.rstrip('.')}"
        elif event.kind in (Kind.ROUND_OVER, Kind.GAME_OVER):
            line += f". Round {before.round_number} is over: every card is turned up"
    return line


def turn_words(before: SkyjoView, move: Move, events: Sequence[Event]) -> str:
    """What the player did this turn so far, without the name: "draws an 8 and throws it away"."""
    kinds = {e.kind: e for e in events}
    hand = before.hand
    opening = "" if hand is None else (f"takes the {hand.rank} from the discard" if before.phase == Phase.PLACE_TAKEN
                                       else f"draws {a_card(hand.rank)}")
    if isinstance(move, TakeDiscard):
        return f"takes the {kinds[Kind.TAKE].amount} from the discard"
    if isinstance(move, DrawCard):
        return f"draws {a_card(kinds[Kind.DRAW].amount)}"
    if isinstance(move, Discard):
        return f"{opening} and throws it away"
    if isinstance(move, Exchange):
        old = before.grids[before.current_player].cards[move.slot]
        replaced = f"the {old.rank}" if old is not None else f"a hidden {kinds[Kind.EXCHANGE].amount}"
        return f"{opening} and puts it in place of {replaced} at {where(move.slot)}"
    assert isinstance(move, TurnUp)
    turned = f"the card at {where(move.slot)}: {a_card(kinds[Kind.FLIP].amount)}"
    if before.phase == Phase.TURN_UP and before.discard_pile:
        return f"draws {a_card(before.discard_pile[-1].rank)}, throws it away and turns up {turned}"
    return f"turns up {turned}"


def hint_reason(view: SkyjoView, move: Move) -> str:
    """One line saying what a hinted move is and why, for the player to move in `view`; when the
    round's end is the reason (ending it, or not ending it so as not to be doubled), that first."""
    reason = move_reason(view, move)
    note = ending_note(view, move)
    if not note:
        return reason
    action, _, why = reason.partition(": ")
    return f"{action}: {note}" + (f"; {why}" if why else "")


def ending_note(view: SkyjoView, move: Move) -> str:
    """Why a move ends the round, or leaves it open, when the player may end it now (one card face down)."""
    me = view.current_player
    grid = view.grids[me]
    down = [s for s in grid.occupied_slots if grid.values[s] is None]
    if view.ender is not None or len(down) != 1 or view.phase in (Phase.REVEAL, Phase.CHOOSE):
        return ""
    others = [p for p in range(view.player_count) if p != me]
    rival = min(others, key=lambda p: view.grids[p].visible_score)
    theirs = view.grids[rival].visible_score
    held = view.hand.rank if view.hand is not None else 0
    ends = isinstance(move, Discard) or (isinstance(move, Exchange | TurnUp) and move.slot == down[0])
    if ends:
        mine = grid.visible_score + (held if isinstance(move, Exchange) else 0)
        shown = "" if isinstance(move, Exchange) else " and the card you turn up"
        return f"end the round: your {plural(mine, 'point')}{shown} against {view.names[rival]}'s {theirs}"
    ending_now = grid.visible_score + held  # the card in hand put on the last hidden card
    if isinstance(move, Exchange) and ending_now >= theirs and ending_now > 0:
        return (f"don't end the round: you would be doubled (ending it now, your {plural(ending_now, 'point')} "
                f"against {view.names[rival]}'s {theirs})")
    return ""


def move_reason(view: SkyjoView, move: Move) -> str:
    """What a hinted move is and why, by its points."""
    grid = view.grids[view.current_player]
    top = view.discard_pile[-1].rank if view.discard_pile else None
    if isinstance(move, TakeDiscard) and top is not None:
        return f"Take the {top} from the discard: {placing_reason(grid, top, best_slot(grid, top))}"
    if isinstance(move, DrawCard):
        return f"Draw a card: the {top} on the discard would not lower your grid enough"
    if isinstance(move, Exchange) and view.hand is not None:
        return f"Put the {view.hand.rank} at {where(move.slot)}: {placing_reason(grid, view.hand.rank, move.slot)}"
    if isinstance(move, Discard) and view.hand is not None:
        return f"Throw the {view.hand.rank} away and turn up a card: it would lower none of your cards"
    if isinstance(move, TurnUp):
        if view.phase == Phase.REVEAL:
            return f"Turn up the card at {where(move.slot)}: nothing is known yet, any card will do"
        return f"Turn up the card at {where(move.slot)}: {turn_up_reason(grid, move.slot)}"
    return str(move).capitalize()


def column_mates(grid: GridView, slot: int) -> list[int | None]:
    """The values shown by the two other cards of a slot's column (None: face down)."""
    return [grid.values[s] for s in column_slots(column_of(slot)) if s != slot]


def best_slot(grid: GridView, value: int) -> int:
    """Where a card of `value` saves most, counting a hidden card as the deck's mean and a
    completed column as gone."""
    def saving(slot: int) -> float:
        if column_mates(grid, slot) == [value, value]:
            return 2 * value + 100
        shown = grid.values[slot]
        return (DECK_MEAN if shown is None else shown) - value

    return max(grid.occupied_slots, key=saving)


def placing_reason(grid: GridView, value: int, slot: int) -> str:
    """Why a card of `value` goes on `slot`."""
    mates, shown = column_mates(grid, slot), grid.values[slot]
    if mates == [value, value]:
        return f"it completes a column of {value}s, which leaves your grid"
    if shown is not None and shown > value:
        return f"it replaces your {shown}, {plural(shown - value, 'point')} fewer"
    if value in mates:
        return f"it joins the {value} in that column: a third one would clear the column"
    if shown is None:
        return f"a face-down card is worth about {round(DECK_MEAN)} points"
    return f"it replaces your {shown}"


def turn_up_reason(grid: GridView, slot: int) -> str:
    """Why this face-down card is the one to turn up."""
    if len(grid.down_slots) == 1:
        return "it is your last face-down card"
    shown = [v for v in column_mates(grid, slot) if v is not None]
    if len(shown) == 2 and shown[0] == shown[1]:
        return f"it may be the third {shown[0]} of its column"
    return "it is in the column you know least of"


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """One line per turn: a turn's later move rewrites the line its first move wrote
    ("Youssef takes the 4 from the discard" becomes "... and puts it in place of a hidden 9")."""
    before: SkyjoView = record.before
    line = turn_line(names[record.mover], before, record.move, record.events)
    continues = before.phase in PLACING_PHASES
    if continues and last.endswith(RESHUFFLED) and RESHUFFLED not in line:
        line += RESHUFFLED
    return HistoryLine(line, continues)

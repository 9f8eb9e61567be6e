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
from lang import N_, _, n_
from lang.words import W_, Field, Words

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
    Phase.REVEAL: N_("{who}: turn up one of your face-down cards."),
    Phase.CHOOSE: N_("{who}: take the top discard or draw a card."),
    Phase.PLACE_TAKEN: N_("{who}: exchange the taken card with a card of your grid."),
    Phase.PLACE_DRAWN: N_("{who}: exchange the drawn card with a grid card, or discard it."),
    Phase.TURN_UP: N_("{who}: turn up one of your face-down cards."),
    Phase.ROUND_OVER: N_("The round is over: deal the next round."),
}
GAME_OVER = N_("The game is over.")

# -- the move history and the hints: plain public words from the view --------------------------
PLACING_PHASES = (Phase.PLACE_TAKEN, Phase.PLACE_DRAWN, Phase.TURN_UP)  # a turn's second (or third) move
DECK_MEAN = sum(v * n for v, n in SKYJO_COUNTS.items()) / sum(SKYJO_COUNTS.values())  # a hidden card, about 5


def reshuffled(line: Field) -> Words:
    """A line of the history, and the discards shuffled into a new draw pile."""
    # TRANSLATORS: {line} is a move of the history ("Amina draws a 5")
    return W_("{line}; the discards are shuffled into a new draw pile", line=line)


def ends_reshuffled(last: str) -> bool:
    """The history's last line, as shown in the current language, tells of a reshuffle."""
    before, _mark, after = str(reshuffled("\x00")).partition("\x00")
    return last.startswith(before) and last.endswith(after) and len(last) > len(before) + len(after)


def a_card_words(rank: int) -> Words:
    """'a 5', 'an 8', 'an 11', 'a -2', as a player says it."""
    return W_("an {value}", value=rank) if rank in (8, 11) else W_("a {value}", value=rank)


def a_card(rank: int) -> str:
    """`a_card_words` in the current language."""
    return str(a_card_words(rank))


def where_words(slot: int) -> Words:
    """A slot as a player reads it: 'row 2, column 3'."""
    row, column = divmod(slot, COLUMNS)
    return W_("row {row}, column {column}", row=row + 1, column=column + 1)


def where(slot: int) -> str:
    """`where_words` in the current language."""
    return str(where_words(slot))


def starter_words(name: str, round_number: int, pair: int) -> Words:
    """Who starts once the opening cards are up: the highest pair in the first round, else the ender."""
    if round_number == 1:
        return W_("{name} starts with the highest pair ({pair})", name=name, pair=pair)
    return W_("{name} ended the last round and starts", name=name)


def last_turn_text(name: str) -> str:
    """The announcement when a player has turned up every card."""
    return _("{name} turned up every card: everybody else has one last turn!", name=name)


def turn_line(name: str, before: SkyjoView, move: Move, events: Sequence[Event]) -> str:
    """`turn_words` in the current language."""
    return str(turn_words(name, before, move, events))


def turn_words(name: str, before: SkyjoView, move: Move, events: Sequence[Event]) -> Words:
    """The history's line for a move, with the earlier moves of the same turn, read from the view
    `before` the move: "Youssef takes the 4 from the discard and puts it in place of a hidden 9"."""
    if isinstance(move, NextRound):
        return W_("Round {number} is dealt", number=before.round_number + 1)
    line = action_words(name, before, move, events)
    columns, first_column = [e.amount for e in events if e.kind is Kind.COLUMN], columns_event(events)
    for event in events:
        if event is first_column:
            line = column_words(line, columns)
        elif event.kind is Kind.RESHUFFLE:
            line = reshuffled(line)
        elif event.kind is Kind.LAST_TURN:
            line = W_("{line}. {name} has every card face up: everybody else has one last turn", line=line, name=name)
        elif event.kind is Kind.STARTER and event.player is not None:
            line = W_("{line}. {starter}", line=line,
                      starter=starter_words(before.names[event.player], before.round_number, event.amount))
        elif event.kind in (Kind.ROUND_OVER, Kind.GAME_OVER):
            line = W_("{line}. Round {number} is over: every card is turned up", line=line,
                      number=before.round_number)
    return line


def columns_event(events: Sequence[Event]) -> Event | None:
    """The first column removed by a move: where the history tells of all of them."""
    return next((e for e in events if e.kind is Kind.COLUMN), None)


def column_words(line: Field, values: Sequence[int]) -> Words:
    """The columns a move removed, told after its line; several (the cards turned up at the end of a
    round) in one clause, so that a line stays shallow."""
    if len(values) == 1:
        return W_("{line}; three {value}s make a column, which goes to the discard pile", line=line, value=values[0])
    return W_("{line}; columns of {values} go to the discard pile", line=line, values=", ".join(map(str, values)))


def action_words(name: str, before: SkyjoView, move: Move, events: Sequence[Event]) -> Words:
    """What the player did this turn so far: "Amina draws an 8 and throws it away"."""
    kinds = {e.kind: e for e in events}
    hand = before.hand
    taken = before.phase == Phase.PLACE_TAKEN
    if isinstance(move, TakeDiscard):
        return W_("{name} takes the {value} from the discard", name=name, value=kinds[Kind.TAKE].amount)
    if isinstance(move, DrawCard):
        return W_("{name} draws {card}", name=name, card=a_card_words(kinds[Kind.DRAW].amount))
    if isinstance(move, Discard):
        assert hand is not None, "a card is thrown away from the hand"
        return W_("{name} draws {card} and throws it away", name=name, card=a_card_words(hand.rank))
    if isinstance(move, Exchange):
        assert hand is not None, "a card is put from the hand"
        old = before.grids[before.current_player].cards[move.slot]
        replaced = W_("the {value}", value=old.rank) if old is not None else \
            W_("a hidden {value}", value=kinds[Kind.EXCHANGE].amount)
        if taken:
            return W_("{name} takes the {value} from the discard and puts it in place of {replaced} at {place}",
                      name=name, value=hand.rank, replaced=replaced, place=where_words(move.slot))
        return W_("{name} draws {card} and puts it in place of {replaced} at {place}", name=name,
                  card=a_card_words(hand.rank), replaced=replaced, place=where_words(move.slot))
    assert isinstance(move, TurnUp)
    turned = a_card_words(kinds[Kind.FLIP].amount)
    if before.phase == Phase.TURN_UP and before.discard_pile:
        return W_("{name} draws {drawn}, throws it away and turns up the card at {place}: {card}", name=name,
                  drawn=a_card_words(before.discard_pile[-1].rank), place=where_words(move.slot), card=turned)
    return W_("{name} turns up the card at {place}: {card}", name=name, place=where_words(move.slot), card=turned)


def hint_reason(view: SkyjoView, move: Move) -> str:
    """One line saying what a hinted move is and why, for the player to move in `view`; when the
    round's end is the reason (ending it, or not ending it so as not to be doubled), that first."""
    action, why = move_reason(view, move)
    note = ending_note(view, move)
    if note and why:
        return _("{action}: {note}; {why}", action=action, note=note, why=why)
    return _("{action}: {why}", action=action, why=note or why) if note or why else action


def ending_note(view: SkyjoView, move: Move) -> str:
    """Why a move ends the round, or leaves it open, when the player may end it now (one card face down)."""
    me = view.current_player
    grid = view.grids[me]
    down = [s for s in grid.occupied_slots if grid.values[s] is None]
    if view.ender is not None or len(down) != 1 or view.phase in (Phase.REVEAL, Phase.CHOOSE):
        return ""
    others = [p for p in range(view.player_count) if p != me]
    rival = min(others, key=lambda p: view.grids[p].visible_score)
    theirs, name = view.grids[rival].visible_score, view.names[rival]
    held = view.hand.rank if view.hand is not None else 0
    ends = isinstance(move, Discard) or (isinstance(move, Exchange | TurnUp) and move.slot == down[0])
    if ends and isinstance(move, Exchange):
        mine = grid.visible_score + held
        return n_("end the round: your {n} point against {name}'s {theirs}",
                  "end the round: your {n} points against {name}'s {theirs}", mine, name=name, theirs=theirs)
    if ends:
        return n_("end the round: your {n} point and the card you turn up against {name}'s {theirs}",
                  "end the round: your {n} points and the card you turn up against {name}'s {theirs}",
                  grid.visible_score, name=name, theirs=theirs)
    ending_now = grid.visible_score + held  # the card in hand put on the last hidden card
    if isinstance(move, Exchange) and ending_now >= theirs and ending_now > 0:
        return n_("don't end the round: you would be doubled (ending it now, your {n} point against {name}'s "
                  "{theirs})", "don't end the round: you would be doubled (ending it now, your {n} points against "
                  "{name}'s {theirs})", ending_now, name=name, theirs=theirs)
    return ""


def move_reason(view: SkyjoView, move: Move) -> tuple[str, str]:
    """What a hinted move is, and why by its points ("" when nothing more is to be said)."""
    grid = view.grids[view.current_player]
    top = view.discard_pile[-1].rank if view.discard_pile else None
    if isinstance(move, TakeDiscard) and top is not None:
        return (_("Take the {value} from the discard", value=top),
                placing_reason(grid, top, best_slot(grid, top)))
    if isinstance(move, DrawCard):
        return _("Draw a card"), _("the {value} on the discard would not lower your grid enough", value=top)
    if isinstance(move, Exchange) and view.hand is not None:
        return (_("Put the {value} at {place}", value=view.hand.rank, place=where(move.slot)),
                placing_reason(grid, view.hand.rank, move.slot))
    if isinstance(move, Discard) and view.hand is not None:
        return (_("Throw the {value} away and turn up a card", value=view.hand.rank),
                _("it would lower none of your cards"))
    if isinstance(move, TurnUp):
        turn = _("Turn up the card at {place}", place=where(move.slot))
        if view.phase == Phase.REVEAL:
            return turn, _("nothing is known yet, any card will do")
        return turn, turn_up_reason(grid, move.slot)
    return str(move).capitalize(), ""


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
        return _("it completes a column of {value}s, which leaves your grid", value=value)
    if shown is not None and shown > value:
        return n_("it replaces your {shown}, {n} point fewer", "it replaces your {shown}, {n} points fewer",
                  shown - value, shown=shown)
    if value in mates:
        return _("it joins the {value} in that column: a third one would clear the column", value=value)
    if shown is None:
        return _("a face-down card is worth about {n} points", n=round(DECK_MEAN))
    return _("it replaces your {shown}", shown=shown)


def turn_up_reason(grid: GridView, slot: int) -> str:
    """Why this face-down card is the one to turn up."""
    if len(grid.down_slots) == 1:
        return _("it is your last face-down card")
    shown = [v for v in column_mates(grid, slot) if v is not None]
    if len(shown) == 2 and shown[0] == shown[1]:
        return _("it may be the third {value} of its column", value=shown[0])
    return _("it is in the column you know least of")


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """One line per turn: a turn's later move rewrites the line its first move wrote
    ("Youssef takes the 4 from the discard" becomes "... and puts it in place of a hidden 9")."""
    before: SkyjoView = record.before
    line = turn_words(names[record.mover], before, record.move, record.events)
    continues = before.phase in PLACING_PHASES
    if continues and ends_reshuffled(last) and not any(e.kind is Kind.RESHUFFLE for e in record.events):
        line = reshuffled(line)
    return HistoryLine(line, continues)

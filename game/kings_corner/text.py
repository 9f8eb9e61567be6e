"""The words of Kings Corner: the in-app rules page, a move as the history tells it, a hint's reason."""
from __future__ import annotations

import re
from collections.abc import Sequence

from game.cards import Card, card_words
from game.core import Event, Kind
from game.kings_corner.moves import (
    RANK_WORDS,
    SIDES,
    Draw,
    LayCard,
    Move,
    MovePile,
    NextRound,
    Pass,
    coloured,
    lay_moves,
    penalty,
    pile_moves,
)
from game.kings_corner.view import KingsCornerView
from game.places import Hand, Pile
from game.record import HistoryLine, MoveRecord
from lang import N_, _, n_
from lang.words import W_, Field, Wn_, Words

RULES_TEXT = "\n\n".join((  # each paragraph a message, so a translator may reorder within it
    N_("Kings Corner is played with 52 cards by two players: you against the computer, or two people "
       "passing the screen. Get rid of every card in your hand by laying them on eight piles."),
    N_("The table\n"
       "- Piles 1-4 are the sides, beside the draw pile; any card may start a side pile.\n"
       "- Piles 5-8 are the corners; only a King may start a corner pile.\n"
       "- The deal: the cards are shuffled, 7 go to each player one at a time starting with the player "
       "who does not deal, one card goes face up on each side pile, and the 34 left are the draw pile.\n"
       "- The computer deals the first round, so you play first. Then the deal alternates every round."),
    N_("Your turn\n"
       "- You may make as many moves as you like, in any order.\n"
       "- Lay a card on a pile if it is one rank lower than the pile's top card and of the other colour "
       "(red: Diamonds and Hearts; black: Clubs and Spades). A Red Six goes on a Black Seven. Ace is "
       "low: nothing goes on an Ace.\n"
       "- Four-colour suits (Settings) paint Diamonds blue and Clubs green, so the ink no longer tells "
       "the colours apart. The corners then wear a mark under the suit: a round mark on the red suits "
       "(Diamonds, Hearts), a square mark on the black suits (Clubs, Spades). A card with a round mark "
       "goes on a square one, and a square on a round; the table's top left shows the key.\n"
       "- Lay a King on an empty corner, or any card on an empty side.\n"
       "- Move a whole pile onto another pile when its bottom card continues that pile, onto an empty "
       "corner when its bottom card is a King, or onto an empty side. (Moving a pile onto an empty pile "
       "of its own kind, side to side or corner to corner, would change nothing and is not allowed.)\n"
       "- Your turn ends when you draw a card, or when you have laid down all of your cards.\n"
       "- When the draw pile is empty you end your turn by passing instead. When both players pass in a "
       "row without making a move, the round is blocked and ends (a pass after laying a card does not "
       "count toward it).\n"
       "- Undo: during your turn, before you draw or pass, you may take your moves back one by one.\n"
       "- Your hand is kept sorted, high cards first."),
    N_("Scoring\n"
       "- The round ends as soon as a player lays down their last card. The other player takes penalty "
       "points for the cards left in hand: a King costs 10, every other card 1.\n"
       "- In a blocked round both players take penalty points for their hands.\n"
       "- The next round is dealt by the player who did not deal this one; the dealer of this round "
       "plays first.\n"
       "- The game ends when someone has 25 penalty points or more, and the other player wins. If a "
       "blocked round takes both players to 25 or more, the fewer points win; equal points are a tie.\n"
       "- Play again? A new game starts from zero, dealt by the player who did not deal the last round."),
    N_("Computer levels\n"
       "- Normal: the classic steps in order. Lay Kings on empty corners and move side piles that start "
       "with a King to a corner; move piles onto other piles; lay a card on a pile, then look for pile "
       "moves again; lay a card on an empty side; then draw. Among equal choices it picks at random.\n"
       "- Hard: plans the order of its moves to lay down as many penalty points as it can, and avoids "
       "leaving empty sides for you when that gains it nothing."),
    N_("Controls\n"
       "- Drag a card from your hand, or a whole pile by any of its cards, onto a pile. The piles that "
       "take it light up while you drag; a drop that breaks the rules snaps back and says why.\n"
       "- On your turn the cards and piles that can move glow. Settings, Mark legal moves, turns these "
       "marks off.\n"
       "- Or click a card or a pile to pick it, then click the pile to put it on. A refused pick stays "
       "picked, so you can try another pile; click it again to put it down.\n"
       "- Click the draw pile or the Draw button to draw (Pass when the draw pile is empty).\n"
       "- Keyboard: Left and Right walk through your hand; Up and Down go between the piles, your hand "
       "and the buttons; 1-8 jump to a pile; Enter or Space picks the card or pile, then puts it on the "
       "chosen pile; Tab goes to the next pile that takes it; Backspace drops the pick.\n"
       "- D draws (or passes), Ctrl+Z or U undoes, S shows the score sheet, Esc pauses.\n"
       "- H or the Hint button shows a good move and why. The last moves are listed at the bottom left; "
       "L or a click on them shows every move of the game.\n"
       "- Two people can play at one screen: make both seats human; the screen is hidden between turns."),
))


GROUP_MARKS = {True: N_("{card} (round mark)"), False: N_("{card} (square mark)")}  # the four-colour corner marks


def with_group_marks(text: str) -> str:
    """The words for four-colour faces: each "Red Six" or "Black Seven" also names its corner mark,
    "A Black Six (square mark) goes on a Red Seven (round mark)."."""
    marked = {coloured(rank, red): _(GROUP_MARKS[red], card=coloured(rank, red))
              for rank in RANK_WORDS for red in (True, False)}
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, sorted(marked, key=len, reverse=True))) + r")(?!\w)")
    return pattern.sub(lambda m: marked[m[1]], text)


def mover_name(events: Sequence[Event], names: Sequence[str]) -> Field:
    """The name of who made the move its first event tells of ("Someone" if none)."""
    mover = events[0].player if events and events[0].player is not None else None
    return names[mover] if mover is not None else W_("Someone")


def move_words(move: Move, events: Sequence[Event], names: Sequence[str], round_number: int) -> Words:
    """A move in plain public words, for the history and the message line: "Computer moves pile 3
    onto pile 6". A drawn card is never named; a round's end adds who takes what."""
    if isinstance(move, NextRound):
        dealer = next((e.player for e in events if e.kind is Kind.SHUFFLE), None)
        first = next((e.player for e in events if e.kind is Kind.TURN), None)
        if dealer is None or first is None:
            return W_("Round {number}", number=round_number)
        return W_("Round {number}: {dealer} deals, {first} plays first", number=round_number, dealer=names[dealer],
                  first=names[first])
    line = action_words(move, events[0] if events else None, mover_name(events, names))
    return round_end_words(line, events, names)


def move_line(move: Move, events: Sequence[Event], names: Sequence[str], round_number: int) -> str:
    """`move_words` in the current language."""
    return str(move_words(move, events, names, round_number))


def action_words(move: Move, first: Event | None, name: Field) -> Words:
    """What the mover did: "Amina lays the Seven of Hearts on pile 2"."""
    if isinstance(move, LayCard):
        return W_("{name} lays the {card} on pile {pile}", name=name, card=card_words(move.card, True), pile=move.pile)
    if isinstance(move, MovePile):
        return W_("{name} moves pile {src} onto pile {dst}", name=name, src=move.src, dst=move.dst)
    if isinstance(move, Draw):
        return W_("{name} draws a card", name=name)
    if isinstance(move, Pass):
        return W_("{name} passes", name=name)
    if first is not None and first.kind is Kind.UNDO and first.cards:
        match first.src, first.dst:
            case Pile(source), Hand():
                return W_("{name} takes back the {card} from pile {pile}", name=name,
                          card=card_words(first.cards[0], True), pile=source)
            case Pile(source), Pile(back):
                return W_("{name} moves pile {pile} back off pile {source}", name=name, pile=back, source=source)
    return W_("{name} takes back a move", name=name)


def round_end_words(line: Words, events: Sequence[Event], names: Sequence[str]) -> Words:
    """The line, and "and goes out: Computer takes 12 penalty points" when the move ended the round."""
    end = next((e for e in events if e.kind is Kind.ROUND_OVER), None)
    if end is None:
        return line
    points = [sum(e.amount for e in events if e.kind is Kind.PENALTY and e.player == seat) for seat in (0, 1)]
    if end.player is not None:
        other = 1 - end.player
        line = Wn_("{line} and goes out: {name} takes {n} penalty point",
                   "{line} and goes out: {name} takes {n} penalty points", points[other], line=line, name=names[other])
    else:
        line = Wn_("{line}: the round is blocked, {first} takes {points} and {second} {n} penalty point",
                   "{line}: the round is blocked, {first} takes {points} and {second} {n} penalty points", points[1],
                   line=line, first=names[0], points=points[0], second=names[1])
    over = next((e for e in events if e.kind is Kind.GAME_OVER), None)
    if over is not None:
        line = W_("{line}; the game is a tie", line=line) if over.player is None else \
            W_("{line}; {name} wins the game", line=line, name=names[over.player])
    return line


def hint_reason(move: Move, view: KingsCornerView) -> str:
    """One line for a hinted move: what to do and why it is good."""
    seat = view.player if view.player is not None else view.current_player
    other = view.names[1 - seat]
    piles = view.piles
    if isinstance(move, LayCard):
        return n_("Lay the {card} on pile {pile}: {why}, and {n} penalty point less in your hand.",
                  "Lay the {card} on pile {pile}: {why}, and {n} penalty points less in your hand.",
                  penalty(move.card), card=name_of(move.card), pile=move.pile,
                  why=start_words(None, move.pile, piles[move.pile - 1]))
    if isinstance(move, MovePile) and piles[move.src - 1]:
        why = start_words(piles[move.src - 1][0], move.dst, piles[move.dst - 1])
        if move.src in SIDES:
            return _("Move pile {src} onto pile {dst}: {why}, and pile {src} is free for any card.", src=move.src,
                     dst=move.dst, why=why)
        return _("Move pile {src} onto pile {dst}: {why}, and pile {src} is free for a King.", src=move.src,
                 dst=move.dst, why=why)
    moves = [*lay_moves(view.hand, piles), *pile_moves(piles)]
    if isinstance(move, Draw):
        return _("Draw a card: moving piles now would only give {name} more places to lay cards.", name=other) \
            if moves else _("Draw a card: nothing more fits on the piles.")
    if isinstance(move, Pass):
        return _("Pass: moving piles now would only give {name} more places to lay cards.", name=other) \
            if moves else _("Pass: nothing more fits on the piles.")
    return f"{str(move).capitalize()}."


def name_of(card: Card) -> str:
    """A card's name as Kings Corner spells it, in the current language: "Seven of Hearts"."""
    return str(card_words(card, True))


def start_words(bottom: Card | None, pile_no: int, pile: Sequence[Card]) -> str:
    """Why a card (the hand's, or a pile's `bottom`) may go on pile `pile_no`: "it continues the Eight of
    Spades"."""
    if pile and bottom is None:
        return _("it continues the {card}", card=name_of(pile[-1]))
    if pile and bottom is not None:
        return _("its {bottom} continues the {card}", bottom=name_of(bottom), card=name_of(pile[-1]))
    return _("a King starts an empty corner") if pile_no not in SIDES else _("any card starts an empty side")


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """The move in public words, e.g. "Computer moves pile 3 onto pile 6"."""
    after: KingsCornerView = record.after
    return HistoryLine(move_words(record.move, record.events, after.names, after.round_number))

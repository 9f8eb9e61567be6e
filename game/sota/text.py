"""Sota's words for the player: the in-app rules page, the names of the ranks, the move history's
lines and a hint's reason."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.cards import card_words, suit_words
from game.core import Kind
from game.record import HistoryLine, MoveRecord
from game.sota.moves import DRAW, SKIP, WILD, ChooseSuit, Draw, Keep, Move, Pass, Phase, Play, Tag, TakeSkip
from lang import N_, _, n_
from lang.words import W_, Wn_, Words

if TYPE_CHECKING:
    from game.core import Event, RulesGame
    from game.sota.view import SotaView

A_RANK = {1: N_("an Ace"), 2: N_("a Two"), 3: N_("a Three"), 4: N_("a Four"), 5: N_("a Five"), 6: N_("a Six"),
          7: N_("a Seven"), 8: N_("a Sota"), 9: N_("a Caballo"), 10: N_("a Rey")}  # as "play a Five or a Seven" says it


def a_rank(rank: int) -> str:
    """'an Ace', 'a Five', 'a Sota': a rank with its article, in the current language."""
    return _(A_RANK[rank])


def either(choices: Sequence[str]) -> str:
    """'a Seven', 'a Two or a Seven': one of these, in the current language ("" for none)."""
    if not choices:
        return ""
    text = choices[0]
    for choice in choices[1:]:
        text = _("{first} or {second}", first=text, second=choice)
    return text


def move_words(view: SotaView, names: Sequence[str], mover: int, move: Move, events: Sequence[Event]) -> Words:
    """A move in plain words for everyone at the table ('Hafsa plays the 7 of Cups and names Swords'),
    from the public view after it, worded in each reader's language: a card drawn is never named."""
    name = names[mover]
    words = W_("{name} passes", name=name)
    if isinstance(move, ChooseSuit):
        words = W_("{name} plays the {card} and names {suit}", name=name, card=card_words(view.top_card),
                   suit=suit_words(move.suit))
    elif isinstance(move, Play):
        card, effect = card_words(move.card), view.effect(move.card)
        words = W_("{name} plays the {card}", name=name, card=card)
        if view.is_over:
            words = W_("{name} plays the {card} and wins!", name=name, card=card)
        elif effect and effect.kind == SKIP and view.num_players == 2:
            words = W_("{name} plays the {card} and plays again", name=name, card=card)
    elif isinstance(move, Draw):
        drawn = sum(len(e.cards) for e in events if e.kind is Kind.DRAW)
        # == not `is`: a record that came over the network holds its tags as their words
        if any(e.kind is Kind.DRAW and e.tag == Tag.PENALTY for e in events):
            words = Wn_("{name} draws {n} card", "{name} draws {n} cards", drawn, name=name)
        else:
            words = W_("{name} cannot play and draws a card", name=name)
    elif isinstance(move, TakeSkip):
        words = skipped_words([names[e.player] for e in events if e.kind is Kind.SKIP and e.player is not None])
    elif isinstance(move, Keep):
        words = W_("{name} keeps the drawn card", name=name)
    if any(e.kind is Kind.RESHUFFLE for e in events):
        # TRANSLATORS: {move} is a move of the history ("Hafsa cannot play and draws a card")
        words = W_("{move} (the discard pile is shuffled into a new draw pile)", move=words)
    return words


def skipped_words(skipped: Sequence[str]) -> Words:
    """'Badr is skipped', 'Badr and Chama are skipped': the one, two or three players an Ace skips."""
    if len(skipped) == 1:
        return W_("{name} is skipped", name=skipped[0])
    if len(skipped) == 2:
        return W_("{first} and {second} are skipped", first=skipped[0], second=skipped[1])
    return W_("{first}, {second} and {third} are skipped", first=skipped[0], second=skipped[1], third=skipped[-1])


def move_line(view: SotaView, names: Sequence[str], mover: int, move: Move, events: Sequence[Event]) -> str:
    """`move_words` in the current language: the table's message for a move."""
    return str(move_words(view, names, mover, move, events))


def hint_reason(view: SotaView, names: Sequence[str], move: Move) -> str:
    """What the hinted move is and why, in one line, from the view of the player to move."""
    after = (view.current_player + 1) % view.num_players
    following, left = names[after], view.hand_counts[after]
    if isinstance(move, Play):
        return _("Play the {card}: {reason}", card=str(card_words(move.card)),
                 reason=play_reason(view, move, following, left))
    if isinstance(move, ChooseSuit):
        return suit_reason(view, move.suit)
    could_play = any(isinstance(m, Play) for m in view.legal_moves)
    if isinstance(move, Draw):
        if not view.pending_draw:
            return _("Draw a card: nothing in your hand fits")
        if could_play:
            return _("Draw {n}: keep your Two for later", n=view.pending_draw)
        return _("Draw {n}: you have no Two to pass it on", n=view.pending_draw)
    if isinstance(move, TakeSkip):
        return _("Take the skip: keep your Ace for later") if could_play else \
            _("Take the skip: you have no Ace to pass it on")
    if isinstance(move, Keep):
        assert view.drawn_card is not None, "a card is kept only after one was drawn"
        return _("Keep the {card}: save it for later", card=str(card_words(view.drawn_card)))
    if isinstance(move, Pass):
        return _("Pass: nothing fits and nothing is left to draw")
    return str(move)


def suit_reason(view: SotaView, suit: str) -> str:
    """Why name this suit after a Seven: how many of it the hand holds."""
    held = {s: sum(1 for c in view.hand if c.suit == s) for s in {c.suit for c in view.hand}}
    count, word = held.get(suit, 0), str(suit_words(suit))
    if not count:
        return _("Name {suit}: you hold none of it, and it may leave the others nothing to play", suit=word)
    if count == max(held.values()):
        return n_("Name {suit}: you hold {n} card of {suit}, the suit you hold most",
                  "Name {suit}: you hold {n} cards of {suit}, the suit you hold most", count, suit=word)
    return n_("Name {suit}: you hold {n} card of {suit}", "Name {suit}: you hold {n} cards of {suit}", count, suit=word)


def play_reason(view: SotaView, move: Play, following: str, left: int) -> str:
    """Why playing this card is good: it wins, what its effect does to the next player, or what it matches."""
    card = move.card
    if len(view.hand) == 1:
        return _("your last card, you win")
    effect = view.effect(card)
    if effect and effect.kind == DRAW:
        draw = view.pending_draw + effect.amount
        if left <= 2:
            return n_("{name} has {n} card left and must draw {draw}", "{name} has {n} cards left and must draw {draw}",
                      left, name=following, draw=draw)
        return _("{name} must draw {draw}", name=following, draw=draw)
    if effect and effect.kind == SKIP:
        if view.num_players == 2:
            return _("you play again")
        if left <= 2:
            return n_("{name} has {n} card left and is skipped", "{name} has {n} cards left and is skipped",
                      left, name=following)
        return _("{name} is skipped", name=following)
    if effect and effect.kind == WILD:
        return _("it plays on anything, then you name the suit that suits you")
    top = view.top_card
    if view.active_suit is not None:
        return _("{suit} is the suit named", suit=str(suit_words(view.active_suit)))
    if card.suit == top.suit:
        return _("it follows the {suit} on the pile", suit=str(suit_words(top.suit)))
    return _("it matches the {card} by rank and turns the suit to {suit}", card=str(card_words(top)),
             suit=str(suit_words(card.suit)))


RULES_TEXT = "\n\n".join((  # each paragraph a message, so a translator may reorder within it
    N_("Sota is a Moroccan street game played with the 40-card Spanish deck: coins, cups, swords and "
       "clubs, ranks 1 to 7, then Sota (8), Caballo (9) and Rey (10). Be the first to empty your hand."),
    N_("Each player gets 5 cards. The rest is the draw pile. The start card is turned from the draw "
       "pile: an Ace, Two or Seven turned goes back into the pile, which is shuffled again, until an "
       "ordinary card shows. The first seat plays first, then play goes round the table in seat order."),
    N_("On your turn, play one card of the same rank or the same suit as the top card of the discard "
       "pile.\n"
       "- Ace: the next player is skipped. That player may answer with an Ace of their own: the skips "
       "add up and pass on, and whoever takes them is skipped along with the players after them (two "
       "Aces in a row skip two players in turn). With two players, an Ace means you play again.\n"
       "- Two: the next player must draw 2 cards and their turn ends. With Stacking on (the default), "
       "they may play a Two instead and pass the whole penalty on, 2 more each time.\n"
       "- Seven: wild, it plays on anything. Then you name a suit: until the next card is played, only "
       "that suit or another Seven may be played."),
    N_("If you cannot play, draw one card and your turn ends. With the option Play the drawn card "
       "(default off), you may play that card at once if it fits, or keep it.\n"
       "- You may not draw while you have a card you can play.\n"
       "- When the draw pile is empty, the discard pile except its top card is shuffled into a new draw "
       "pile.\n"
       "- If both piles are empty, a player who cannot play passes. If every player passes in a row, the"
       " round ends and whoever holds the fewest cards wins (ties share the win)."),
    N_("The first player to empty their hand wins, whatever their last card is. A Seven played as the "
       "last card names no suit, and a last Ace or Two has no effect. Scores are the cards left in each "
       "hand."),
    N_("Hands are secret. In pass-and-play, the table hides every hand between two human turns and shows"
       " whose turn it is; the next player reveals their own hand."),
    N_("Computer levels\n"
       "- Easy: plays any card that fits, at random. After a Seven it names a suit it holds.\n"
       "- Normal: keeps its Sevens until nothing else fits, then names the suit it holds most. It passes"
       " a Two or a skip on when it can, and strikes a player about to go out with a Two or an Ace. "
       "Otherwise it plays the card that most of its other cards can follow.\n"
       "- Hard: before each choice it plays the rest of the game out hundreds of times, the hidden cards"
       " dealt at random to fit every card it saw played and every time it saw a player unable to play, "
       "and makes the move that won most often. It never looks at a hidden card or the draw pile."),
    N_("Options\n"
       "- Stacking (default on): a Two may answer a Two.\n"
       "- Play the drawn card (default off): a card drawn when stuck may be played at once if it fits."),
    N_("Playing\n"
       "- Click a card to play it, the draw pile to draw, the button for Draw, Take the skip, Keep or "
       "Pass. Cards you may play are marked in gold (Settings: Mark legal moves).\n"
       "- Keys: Left/Right (or Tab) move between your cards, the draw pile and the button; Enter or "
       "Space plays or presses what is chosen; D draws; after a Seven, 1-4 or the arrows and Enter name "
       "a suit.\n"
       "- H or the Hint button shows a good move and why. L opens the list of every move so far (the "
       "newest are shown on the table). Esc pauses."),
))


def opening_line(view: SotaView) -> Words:
    """The history's first line: the card the game starts on."""
    return W_("The game starts on the {card}", card=card_words(view.top_card))


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """A Seven waits for its suit: 'plays the 7 of Cups and names Swords' is one line, written then."""
    after: SotaView = record.after
    if isinstance(record.move, Play) and after.phase == Phase.SUIT:
        return HistoryLine("")
    return HistoryLine(move_words(after, names, record.mover, record.move, record.events))


def forced_move(rules: RulesGame) -> Move | None:
    """A move with no choice and no need to see the hand: taking a skip, or drawing a penalty."""
    moves = rules.legal_moves()
    if moves == [TakeSkip()] or (moves == [Draw()] and rules.view(None).pending_draw):
        return moves[0]
    return None

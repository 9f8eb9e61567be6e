"""War's wording: the in-app rules page, the names of war depths, the end of a game."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.cards import Card, rank_words
from game.core import Kind
from game.record import HistoryLine, MoveRecord
from lang import N_, _, n_
from lang.words import W_, Field, Wn_, Words

if TYPE_CHECKING:
    from game.core import Event
    from game.war.view import WarView

WAR_BANNERS = (N_("WAR!"), N_("WAR!"), N_("DOUBLE WAR!"), N_("TRIPLE WAR!"), N_("QUADRUPLE WAR!"),
               N_("QUINTUPLE WAR!"), N_("SEXTUPLE WAR!"), N_("SEPTUPLE WAR!"), N_("OCTUPLE WAR!"), N_("NONUPLE WAR!"),
               N_("DECUPLE WAR!"))
# The longest war as the facts name it, by depth (deeper ones by their number)
DEPTH_WORDS = (N_("none"), N_("war"), N_("double war"), N_("triple war"), N_("quadruple war"), N_("quintuple war"),
               N_("sextuple war"), N_("septuple war"), N_("octuple war"), N_("nonuple war"), N_("decuple war"))
A_WAR = (W_("a war"), W_("a war"), W_("a double war"), W_("a triple war"), W_("a quadruple war"),
         W_("a quintuple war"), W_("a sextuple war"), W_("a septuple war"), W_("an octuple war"),
         W_("a nonuple war"), W_("a decuple war"))  # the history's "Battle 12, a double war"


def war_name(depth: int) -> str:
    """The banner for a war of `depth`: 1 'WAR!', 2 'DOUBLE WAR!', ... then '11-FOLD WAR!'."""
    if depth < len(WAR_BANNERS):
        return _(WAR_BANNERS[max(depth, 1)])
    return _("{n}-FOLD WAR!", n=depth)


def longest_war(depth: int) -> str:
    """The longest war in words: 'none' before the first, 'war', 'double war'... '11-fold war'."""
    return _(DEPTH_WORDS[depth]) if 0 <= depth < len(DEPTH_WORDS) else _("{n}-fold war", n=depth)


def a_war(depth: int) -> Words:
    """'a war', 'a double war', 'an octuple war', 'an 11-fold war'."""
    if depth < len(A_WAR):
        return A_WAR[max(depth, 1)]
    if str(depth).startswith(("8", "11", "18")):
        return W_("an {n}-fold war", n=depth)
    return W_("a {n}-fold war", n=depth)


def by_seat(name: str, you: Words, computer: Words, other: Words) -> Words:
    """The words for the seat named You (the player: 'you take'), Computer ('the Computer takes') or another."""
    if name.lower() == "you":
        return you
    return computer if name.lower() == "computer" else other


def possessive(name: str, card: Card) -> Words:
    """'your King', "the Computer's 9", "Hafsa's Ace"."""
    rank = rank_words(card)
    return by_seat(name, W_("your {rank}", rank=rank), W_("the {name}'s {rank}", name=name, rank=rank),
                   W_("{name}'s {rank}", name=name, rank=rank))


def takes(name: str, count: int) -> Words:
    """'you take 6 cards', 'the Computer takes 6 cards'."""
    return by_seat(name, Wn_("you take {n} card", "you take {n} cards", count),
                   Wn_("the {name} takes {n} card", "the {name} takes {n} cards", count, name=name),
                   Wn_("{name} takes {n} card", "{name} takes {n} cards", count, name=name))


def wins_the_game(name: str) -> Words:
    return by_seat(name, W_("you win the game"), W_("the {name} wins the game", name=name),
                   W_("{name} wins the game", name=name))


def has_no_card_left(name: str) -> Words:
    return by_seat(name, W_("you have no card left"), W_("the {name} has no card left", name=name),
                   W_("{name} has no card left", name=name))


def battle_words(events: Sequence[Event], names: Sequence[str]) -> Words:
    """One battle in words, from its events: 'Battle 12: your King beats the Computer's 9', with the
    war it became, who took how many cards, and the end of the game if it ended there."""
    number = next((e.amount for e in events if e.kind is Kind.BATTLE), 0)
    depth = max((e.amount for e in events if e.kind is Kind.WAR), default=0)
    deciding = {e.player: e.cards[0] for e in events if e.kind is Kind.PLAY and e.player is not None}
    won = next((e for e in events if e.kind is Kind.WIN_PILE), None)
    out = [e.player for e in events if e.kind is Kind.OUT and e.player is not None]
    head = W_("Battle {number}, {war}", number=number, war=a_war(depth)) if depth else \
        W_("Battle {number}", number=number)
    what: Field = ""
    if len(out) == 2:
        what = W_("both run out of cards")
    elif out:
        what = has_no_card_left(names[out[0]])
    elif won is not None and won.player is not None:
        winner, loser = won.player, 1 - won.player
        what = W_("{winner} beats {loser}", winner=possessive(names[winner], deciding[winner]),
                  loser=possessive(names[loser], deciding[loser]))
    taking = takes(names[won.player], len(won.cards)) if won is not None and won.player is not None and depth else None
    end = next((e for e in events if e.kind is Kind.GAME_OVER), None)
    if end is None:
        return W_("{head}: {what}, {taking}", head=head, what=what, taking=taking) if taking else \
            W_("{head}: {what}", head=head, what=what)
    ending = (wins_the_game(names[end.player]) if end.player is not None
              else W_("a draw") if len(out) == 2 else W_("a position came back: endless war, a draw"))
    if taking:
        return W_("{head}: {what}, {taking} - {end}", head=head, what=what, taking=taking, end=ending)
    return W_("{head}: {what} - {end}", head=head, what=what, end=ending)


def battle_line(events: Sequence[Event], names: Sequence[str]) -> str:
    """`battle_words` in the current language."""
    return str(battle_words(events, names))


def format_play_time(seconds: float) -> str:
    """Simulated play time in whole seconds, rounded down: '4 min 13 s', '1 h 2 min 0 s'."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return _("{hours} h {minutes} min {seconds} s", hours=hours, minutes=minutes, seconds=secs)
    return _("{minutes} min {seconds} s", minutes=minutes, seconds=secs)


def says(name: str, you: str, computer: str, other: str, **fields: object) -> str:
    """`by_seat` for a text worded at once: the message (translated) for You, Computer or another name."""
    message = you if name.lower() == "you" else computer if name.lower() == "computer" else other
    return _(message, name=name, **fields)


def short_text(name: str, down: int) -> str:
    """A player without enough cards for a war: 'Hafsa is short of cards: 1 face down'."""
    return n_("{name} is short of cards: {n} face down", "{name} is short of cards: {n} face down", down, name=name)


def out_text(name: str) -> str:
    """'Hafsa has no card left', said as a war cannot go on."""
    return _("{name} has no card left", name=name)


def wins_cards_text(name: str, count: int) -> str:
    """'You win 6 cards', 'Computer wins 6 cards'."""
    if name.lower() == "you":
        return n_("You win {n} card", "You win {n} cards", count)
    return n_("{name} wins {n} card", "{name} wins {n} cards", count, name=name)


def game_over_text(reason: str, winner: str) -> str:
    """The end of a game as its last event says it."""
    if reason == "endless":
        return _("A position came back: endless war, the game is a draw")
    if reason == "both_out":
        return _("Both ran out of cards together: the game is a draw")
    return _("You win the game") if winner.lower() == "you" else _("{name} wins the game", name=winner)


def game_over_words(view: WarView, names: Sequence[str]) -> Words:
    """The message line when a game has just ended, worded when it is drawn."""
    if view.reason == "endless":
        return W_("A position came back: endless war, a draw")
    if view.reason == "both_out":
        return W_("Both ran out of cards together: a draw")
    winner = names[view.winners[0] if view.winners else 0]
    return W_("You win the game") if winner.lower() == "you" else W_("{name} wins the game", name=winner)


def game_over_line(view: WarView, names: Sequence[str]) -> str:
    """`game_over_words` in the current language."""
    return str(game_over_words(view, names))


def result_title(view: WarView, names: Sequence[str]) -> str:
    """The headline of the result screen: who won, or what kind of draw."""
    if view.winners is not None and len(view.winners) == 1:
        winner = names[view.winners[0]]
        return _("You win!") if winner.lower() == "you" else _("{name} wins!", name=winner)
    return _("Endless war: a draw") if view.reason == "endless" else _("A draw")


def result_lines(view: WarView, names: Sequence[str], seat: int, watched_s: float) -> list[str]:
    """The result screen's lines: cards held, `seat`'s battles and wars, and the time by hand
    against the `watched_s` seconds the battles took on this screen (time saved only if some was)."""
    stats = view.stats(seat)
    name = names[seat]
    counts = view.stack_sizes
    saved = stats["play_time_s"] - watched_s
    here = format_play_time(watched_s)
    forms = (N_("you won {won}"), N_("the {name} won {won}"), N_("{name} won {won}"))
    battles, wars = says(name, *forms, won=stats["battles_won"]), says(name, *forms, won=stats["wars_won"])
    return [
        _("Cards: {first} {first_count}, {second} {second_count}", first=names[0], first_count=counts[0],
          second=names[1], second_count=counts[1]),
        n_("{n} battle, {won}", "{n} battles, {won}", stats["battles"],
           won=battles),
        n_("{n} war, {won}; longest: {longest}", "{n} wars, {won}; longest: {longest}", stats["wars"],
           won=wars, longest=longest_war(stats["longest_war"])),
        _("Double {double}  Triple {triple}  Quadruple {quadruple}  Deeper {deeper}", double=stats["double_wars"],
          triple=stats["triple_wars"], quadruple=stats["quadruple_wars"], deeper=stats["deeper_wars"]),
        _("Played by hand this game would take {time}.", time=format_play_time(stats["play_time_s"])),
        _("Here the battles took {time}: you saved {saved}.", time=here, saved=format_play_time(saved))
        if saved >= 1 else _("Here the battles took {time}.", time=here),
    ]


RULES_TEXT = "\n\n".join((  # each paragraph a message, so a translator may reorder within it
    N_("War is a game of pure chance: there are no decisions, you watch it. You start and pause it, play"
       " one battle at a time, change the speed or skip to the end."),
    N_("The deck has 52 cards, Ace to King in four suits. It is shuffled and each player gets 26 cards "
       "in a face-down stack: you and the computer (or two computers)."),
    N_("- A battle: both turn their top card. The higher card wins both cards, which go to the bottom of"
       " the winner's stack.\n"
       "- Equal cards start a war. In the x4 variant (the default) each player lays 3 cards face down "
       "and 1 face up; in the classic variant 1 down and 1 up. The face-up cards decide and the winner "
       "takes the whole pile.\n"
       "- Equal again is a double war, then triple, quadruple and so on without limit.\n"
       "- A player without enough cards for a war lays all but their last card face down and fights with"
       " the last card face up.\n"
       "- A player who has no card left when a card must be turned loses. If both run out together with "
       "equal cards, the game is a draw.\n"
       "- You lose when your stack is empty; you win when you hold all the cards."),
    N_("Options:\n"
       "- Variant: x4 (3 down, 1 up; default) or classic (1 down, 1 up).\n"
       "- Ace: low (default) or high.\n"
       "- Pickup: random (default): won cards go to the bottom in a random order, as people pick them "
       "up. Fixed order: the pile is picked up as it was laid, the two players' cards alternating, the "
       "winner's first (the two cards turned, then each war's face-down cards, then its deciding cards)."
       ' A fixed order can loop forever, so a position seen before ends the game as a draw ("endless '
       'war"). Measured over 100,000 seeded games in this order, none looped: 0 in 1,000 (x4 or '
       "classic).\n"
       "- Trick deck: a demonstration deal that forces a sextuple war in the first battle, decided "
       "before either player runs out of cards."),
    N_("Before the game your hand is rated: its sum against the worst (98) and best (266) possible "
       "26-card hands as a percentage (with Ace high: 124 and 292), and its count of Jacks, Queens and "
       "Kings."),
    N_('Statistics are kept for every game: the result, battles ("skirmishes"), battles you won, wars '
       "fought and won, double, triple, quadruple and deeper wars (each war counts once, at the deepest "
       "level it reached), the longest war, and the simulated real-world play time: 1.5 seconds per "
       "battle plus 6 seconds per war (133 battles and 9 wars take 4 min 13 s). A game that ends in the "
       "middle of a war still counts that war, won by the player who takes the pile."),
    N_("Batch simulation plays many games without animation and shows their statistics."),
))


def history_line(record: MoveRecord, names: Sequence[str], last: str) -> HistoryLine:
    """Who won the battle, and the war it took."""
    return HistoryLine(battle_words(record.events, names))

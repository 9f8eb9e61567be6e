"""Sota's hard level: determinized Monte Carlo search from a SotaView.

Each iteration deals the cards the viewer cannot see (the other hands and the draw pile) at
random, consistently with the view and with what it saw the other player unable to play, picks a
root move by UCB1 and plays the game out with a fast policy for every seat (the normal level's
plan: measured stronger than with random noise). The root move tried most often is played.
Everything lives in local objects: the search is safe to run in a thread.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.cards import Card, spanish_deck
from game.sota.moves import (
    DRAW,
    SEVEN_SUITS,
    SKIP,
    WILD,
    ChooseSuit,
    Draw,
    Effect,
    Move,
    Pass,
    Phase,
    Play,
    TakeSkip,
)
from game.sota.rules import SotaGame
from game.sota.view import SotaView

EXPLORATION = 0.7  # UCB1's weight on moves tried less often
MAX_PLAYOUT_MOVES = 300  # a playout this long is scored by the fewest cards
CLOSE_TO_WINNING = 2  # a player with this many cards or fewer is about to win
LIKELY_TRIES = 8  # deals drawn for one that explains the others' last cards (each costs about a fifth of a playout)
STRIKE_BONUS = 5.0  # Aces and Twos slow the others down: measured better than keeping them


def card_score(card: Card, hand: list[Card] | tuple[Card, ...], kind: str, players: int,
               victim_cards: int) -> float:
    """How good playing `card` (its effect `kind`) from `hand` is, for the normal level's plan:
    keep Sevens, strike a player about to win, stay flexible. `victim_cards`: the next hand's size."""
    if len(hand) == 1:
        return 100.0  # the last card wins
    if kind == WILD:
        return -50.0  # a Seven is kept for when nothing else plays
    score = float(sum(1 for c in hand if c != card and (c.suit == card.suit or c.rank == card.rank)))
    if kind == SKIP and players == 2:
        score += 20.0  # plays again
    elif kind in (SKIP, DRAW):
        score += STRIKE_BONUS
        if victim_cards <= CLOSE_TO_WINNING:
            score += 30.0  # stop the next player from going out
    return score


def suit_held_most(hand: list[Card] | tuple[Card, ...], effects: dict[int, Effect]) -> str:
    """The suit `hand` holds most of, wild cards aside; ties go to the picker order."""
    counts = dict.fromkeys(SEVEN_SUITS, 0)
    for c in hand:
        effect = effects.get(c.rank)
        if effect is None or effect.kind != WILD:
            counts[c.suit] += 1
    return max(SEVEN_SUITS, key=lambda s: (counts[s], -SEVEN_SUITS.index(s)))


@dataclass(frozen=True, slots=True)
class Stuck:
    """What the viewer saw: `seat` could not play on `top` (or the named `suit`), or drew the Twos'
    penalty (`need` DRAW) or took a skip (`need` SKIP), so `cards` of the cards it holds now (held
    then) could not have answered."""

    seat: int
    cards: int
    top: Card
    suit: str | None
    need: str = ""

    def allows(self, card: Card, effects: dict[int, Effect]) -> bool:
        """Whether `card` may be one of the cards held then."""
        effect = effects.get(card.rank)
        kind = effect.kind if effect is not None else ""
        if self.need:
            return kind != self.need
        return kind != WILD and not self.matches(card)

    def matches(self, card: Card) -> bool:
        """Whether `card` would have followed the top card (or the named suit)."""
        if self.suit is not None:
            return card.suit == self.suit
        return card.suit == self.top.suit or card.rank == self.top.rank


@dataclass(frozen=True, slots=True)
class Played:
    """What the viewer saw: `seat` played `card` on `top` (or the named `suit`), the next hand
    holding `victim` cards, `pressed` by a pending draw or skip."""

    seat: int
    card: Card
    top: Card
    suit: str | None
    victim: int
    pressed: bool

    def likely(self, hand: list[Card], effects: dict[int, Effect], players: int) -> bool:
        """Whether the normal plan would have played `card` from `hand` plus `card` (ties kept)."""
        if self.pressed:
            return True
        held = [*hand, self.card]

        def kind(card: Card) -> str:
            effect = effects.get(card.rank)
            return effect.kind if effect is not None else ""

        def fits(card: Card) -> bool:
            if kind(card) == WILD:
                return True
            if self.suit is not None:
                return card.suit == self.suit
            return card.suit == self.top.suit or card.rank == self.top.rank

        played = card_score(self.card, held, kind(self.card), players, self.victim)
        return all(card_score(c, held, kind(c), players, self.victim) <= played for c in held if fits(c))


def constrained_hand(seen: list[Stuck], unseen: list[Card], effects: dict[int, Effect]) -> list[Card]:
    """Cards taken from `unseen` for the old cards of one seat: `seen` oldest first, so the cards
    still held from each moment also lived through every later one (and answer none of them)."""
    hand: list[Card] = []
    for k, stuck in enumerate(seen):
        later = seen[k:]
        for card in unseen:
            if len(hand) >= stuck.cards:
                break
            if card not in hand and all(s.allows(card, effects) for s in later):
                hand.append(card)
    return hand


def determinize(view: SotaView, rng: random.Random, stuck: Stuck | list[Stuck] | None = None) -> SotaGame:
    """A full game that looks exactly like `view` to its viewer: the unseen cards dealt at random,
    the old cards of a player seen `stuck` among those that could not have played."""
    assert view.player is not None
    seen = set(view.hand) | set(view.discard)
    unseen = [c for c in spanish_deck() if c not in seen]
    rng.shuffle(unseen)
    effects = dict(view.effects)
    seen_stuck = [stuck] if isinstance(stuck, Stuck) else list(stuck or ())
    hands: list[list[Card]] = [[] for _ in view.hand_counts]
    for seat, count in enumerate(view.hand_counts):
        if seat == view.player:
            hands[seat] = list(view.hand)
            continue
        mine = [s for s in seen_stuck if s.seat == seat]
        if mine:
            hands[seat] = constrained_hand(mine, unseen, effects)[:count]
            unseen = [c for c in unseen if c not in hands[seat]]
    for seat, count in enumerate(view.hand_counts):
        rest = count - len(hands[seat])
        hands[seat].extend(unseen[:rest])
        del unseen[:rest]
    game = SotaGame(list(view.names), hands, unseen, list(view.discard), random.Random(rng.random()),
                    stacking=view.stacking, play_drawn=view.play_drawn, effects=dict(view.effects))
    game.current = view.current_player
    game.phase = view.phase
    game.active_suit = view.active_suit
    game.pending_draw = view.pending_draw
    game.pending_skips = view.pending_skips
    game.drawn_card = view.drawn_card
    game.passes_in_a_row = view.passes_in_a_row
    return game


def playout_move(game: SotaGame) -> Move:
    """The playout policy: the normal level's plan for whoever plays (its first best card)."""
    hand = game.hands[game.current]
    if game.phase == Phase.SUIT:
        return ChooseSuit(suit_held_most(hand, game.effects))
    if game.phase == Phase.DRAWN:
        assert game.drawn_card is not None
        return Play(game.drawn_card)
    plays = [c for c in hand if game.playable(c)]
    if not plays:
        if game.pending_draw:
            return Draw()
        if game.pending_skips:
            return TakeSkip()
        return Draw() if game.can_draw() else Pass()
    if game.pending_draw or game.pending_skips or len(plays) == 1:
        return Play(plays[0])
    victim = len(game.hands[(game.current + 1) % game.num_players])
    players = game.num_players
    return Play(max(plays, key=lambda c: card_score(c, hand, game._kind(c), players, victim)))


def playout(game: SotaGame) -> list[int]:
    """Play `game` to its end with the playout policy; the winners (fewest cards if it runs long)."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if game.winners is not None:
            return game.winners
        game._apply(playout_move(game))  # the policy plays only legal moves
    fewest = min(len(h) for h in game.hands)
    return [i for i, h in enumerate(game.hands) if len(h) == fewest]


def likely_deal(view: SotaView, rng: random.Random, stuck: list[Stuck], played: list[Played]) -> SotaGame:
    """A determinized deal in which each `played` card is one the normal plan would have played
    (up to LIKELY_TRIES deals drawn; the last one if none is)."""
    for _ in range(LIKELY_TRIES):
        game = determinize(view, rng, stuck)
        if all(p.likely(game.hands[p.seat], game.effects, game.num_players) for p in played):
            break
    return game


def search(view: SotaView, rng: random.Random, iterations: int,
           stuck: Stuck | list[Stuck] | None = None, played: list[Played] | None = None) -> Move:
    """The root move of `view` that wins most often over `iterations` determinized playouts."""
    moves = list(view.legal_moves)
    if len(moves) == 1:
        return moves[0]
    assert view.player is not None
    me = view.player
    wins = [0.0] * len(moves)
    visits = [0] * len(moves)
    seen_stuck = [stuck] if isinstance(stuck, Stuck) else list(stuck or ())
    for n in range(iterations):
        if n < len(moves):
            i = n
        else:
            log_n = math.log(n)
            i = max(range(len(moves)),
                    key=lambda k: wins[k] / visits[k] + EXPLORATION * math.sqrt(log_n / visits[k]))
        game = likely_deal(view, rng, seen_stuck, played or [])
        game._apply(moves[i])
        winners = playout(game)
        visits[i] += 1
        if me in winners:
            wins[i] += 1 / len(winners)
    best = max(range(len(moves)), key=lambda k: (visits[k], wins[k]))
    return moves[best]


__all__ = ["Stuck", "card_score", "determinize", "playout", "search", "suit_held_most"]

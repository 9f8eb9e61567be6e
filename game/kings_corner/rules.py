"""The Kings Corner rules object: deal, lay, move piles, draw or pass, undo, rounds to 25."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.cards import Card, cards_to_json, french_deck, rng_to_json
from game.core import Event, Kind, RulesGame
from game.kings_corner.moves import (
    HAND_SIZE,
    MOVE_TYPES,
    PILE_NUMBERS,
    SIDES,
    TARGET,
    Draw,
    LayCard,
    Move,
    MovePile,
    NextRound,
    Pass,
    Phase,
    Undo,
    card_name,
    hand_penalty,
    hand_sort_key,
    lay_moves,
    lay_problem,
    move_problem,
    penalty,
    pile_is_valid,
    pile_moves,
)
from game.kings_corner.view import KingsCornerView, RoundResult
from game.places import DrawPile, Hand, Pile
from lang import _, n_

NAME = "kings_corner"
FULL_DECK = frozenset(french_deck())
VERSION = 1



@dataclass(frozen=True, slots=True)
class LaidCard:
    """A step of the turn's undo list: `card` was laid on pile `pile` (saved as ["lay", card, pile])."""

    card: Card
    pile: int


@dataclass(frozen=True, slots=True)
class MovedPile:
    """A step of the turn's undo list: pile `src`, `count` cards, went onto pile `dst` (saved as
    ["move", src, dst, count])."""

    src: int
    dst: int
    count: int


UndoStep = LaidCard | MovedPile


class KingsCornerGame(RulesGame[Move]):
    """A game of Kings Corner for two players, played in rounds until someone has 25 penalties."""

    NAME = NAME

    def __init__(self, names: list[str], rng: random.Random, dealer: int,
                 game_number: int = 1) -> None:
        self.names = list(names)
        self.rng = rng
        self.dealer = dealer
        self.turn = 1 - dealer
        self.game_number = game_number
        self.phase = Phase.PLAY
        self.hands: list[list[Card]] = [[], []]
        self.piles: list[list[Card]] = [[] for _ in PILE_NUMBERS]
        self.draw_pile: list[Card] = []
        self.penalties = [0, 0]
        self.rounds: list[RoundResult] = []
        self.passes = 0
        self.undo_log: list[UndoStep] = []

    # ---- dealing -------------------------------------------------------------------------
    def deal(self, deck: list[Card] | None = None) -> list[Event]:
        """Deal a round from `deck` (top is the end) or from a freshly shuffled 52 cards."""
        if deck is None:
            deck = french_deck()
            self.rng.shuffle(deck)
        else:
            deck = list(deck)
        self.hands = [[], []]
        self.piles = [[] for _ in PILE_NUMBERS]
        self.passes = 0
        self.undo_log = []
        self.phase = Phase.PLAY
        self.turn = 1 - self.dealer
        events = [Event(Kind.SHUFFLE, self.dealer, text=_("{name} deals.", name=self.names[self.dealer]))]
        for i in range(2 * HAND_SIZE):
            seat = (1 - self.dealer + i) % 2
            card = deck.pop()
            self.hands[seat].append(card)
            events.append(Event(Kind.DEAL, seat, (card,), DrawPile(), Hand(seat)))
        for pile_no in SIDES:
            card = deck.pop()
            self.piles[pile_no - 1].append(card)
            events.append(Event(Kind.DEAL, None, (card,), DrawPile(), Pile(pile_no)))
        self.draw_pile = deck
        for hand in self.hands:
            hand.sort(key=hand_sort_key)
        events.append(Event(Kind.TURN, self.turn, text=_("{name} plays first.", name=self.names[self.turn])))
        return events

    # ---- protocol ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def legal_moves(self) -> list[Move]:
        if self.phase == Phase.ROUND_OVER:
            return [NextRound()]
        if self.phase != Phase.PLAY:
            return []
        moves: list[Move] = [*lay_moves(self.hands[self.turn], self.piles),
                             *pile_moves(self.piles)]
        if self.undo_log:
            moves.append(Undo())
        moves.append(Draw() if self.draw_pile else Pass())
        return moves

    def explain_illegal(self, move: Any) -> str:
        if self.phase == Phase.GAME_OVER:
            return _("The game is over.")
        if not isinstance(move, MOVE_TYPES):
            return _("That is not a Kings Corner move.")
        if self.phase == Phase.ROUND_OVER:
            return _("The round is over: deal the next round.")
        if isinstance(move, NextRound):
            return _("The round is still being played.")
        if isinstance(move, LayCard):
            if move.card not in self.hands[self.turn]:
                return _("The {card} is not in your hand.", card=_name(move.card))
            return lay_problem(move.card, move.pile, self.piles) or _("That card cannot go there.")
        if isinstance(move, MovePile):
            return move_problem(move.src, move.dst, self.piles) or _("That pile cannot go there.")
        if isinstance(move, Undo):
            return _("Nothing to undo: undo works on this turn's moves, before drawing.")
        if isinstance(move, Draw):
            return _("The draw pile is empty: pass to end your turn.")
        return _("Draw a card to end your turn; pass only when the draw pile is empty.")

    def _apply(self, move: Move) -> list[Event]:
        if isinstance(move, NextRound):
            self.dealer = 1 - self.dealer
            return self.deal()
        if isinstance(move, LayCard):
            return self._lay(move)
        if isinstance(move, MovePile):
            return self._move_pile(move)
        if isinstance(move, Undo):
            return self._undo()
        if isinstance(move, Draw):
            card = self.draw_pile.pop()
            hand = self.hands[self.turn]
            hand.append(card)
            hand.sort(key=hand_sort_key)
            events = [Event(Kind.DRAW, self.turn, (card,), DrawPile(), Hand(self.turn),
                            text=_("{name} draws a card.", name=self.names[self.turn]))]
            self.passes = 0
            return events + self._end_turn()
        moved = bool(self.undo_log)
        self.passes = 0 if moved else self.passes + 1
        events = [Event(Kind.PASS, self.turn, amount=self.passes,
                        text=_("{name} passes.", name=self.names[self.turn]))]
        if self.passes >= 2:
            return events + self._end_round(None)
        return events + self._end_turn()

    def _lay(self, move: LayCard) -> list[Event]:
        hand = self.hands[self.turn]
        hand.remove(move.card)
        self.piles[move.pile - 1].append(move.card)
        self.undo_log.append(LaidCard(move.card, move.pile))
        events = [Event(Kind.LAY, self.turn, (move.card,), Hand(self.turn), Pile(move.pile),
                        text=_("{name} lays the {card} on pile {pile}.", name=self.names[self.turn],
                               card=card_name(move.card), pile=move.pile))]
        if not hand:
            return events + self._end_round(self.turn)
        return events

    def _move_pile(self, move: MovePile) -> list[Event]:
        cards = self.piles[move.src - 1]
        self.piles[move.src - 1] = []
        self.piles[move.dst - 1].extend(cards)
        self.undo_log.append(MovedPile(move.src, move.dst, len(cards)))
        return [Event(Kind.MOVE_PILE, self.turn, tuple(cards), Pile(move.src), Pile(move.dst),
                      text=_("{name} moves pile {src} onto pile {dst}.", name=self.names[self.turn],
                              src=move.src, dst=move.dst))]

    def _undo(self) -> list[Event]:
        step = self.undo_log.pop()
        who = self.names[self.turn]
        if isinstance(step, LaidCard):
            card, pile_no = step.card, step.pile
            self.piles[pile_no - 1].pop()
            hand = self.hands[self.turn]
            hand.append(card)
            hand.sort(key=hand_sort_key)
            return [Event(Kind.UNDO, self.turn, (card,), Pile(pile_no), Hand(self.turn),
                          text=_("{name} takes back the {card}.", name=who, card=card_name(card)))]
        src, dst, count = step.src, step.dst, step.count
        cards = self.piles[dst - 1][-count:]
        del self.piles[dst - 1][-count:]
        self.piles[src - 1] = cards
        return [Event(Kind.UNDO, self.turn, tuple(cards), Pile(dst), Pile(src),
                      text=_("{name} moves the pile back to pile {pile}.", name=who, pile=src))]

    def _end_turn(self) -> list[Event]:
        self.undo_log = []
        self.turn = 1 - self.turn
        return [Event(Kind.TURN, self.turn, text=_("{name}'s turn.", name=self.names[self.turn]))]

    def _end_round(self, out: int | None) -> list[Event]:
        """Score the round: penalties for the hands left; the game ends at 25 or more."""
        self.undo_log = []
        if out is None:
            text = _("Both players pass in a row: the round is blocked.")
        else:
            text = _("{name} lays down the last card and wins the round.", name=self.names[out])
        events = [Event(Kind.ROUND_OVER, out, text=text)]
        for seat in (0, 1):
            for card in self.hands[seat]:
                events.append(Event(Kind.PENALTY, seat, (card,), Hand(seat),
                                    amount=penalty(card)))
        round_points = (hand_penalty(self.hands[0]), hand_penalty(self.hands[1]))
        self.rounds.append(RoundResult(out, round_points,
                                       (tuple(self.hands[0]), tuple(self.hands[1]))))
        for seat in (0, 1):
            self.penalties[seat] += round_points[seat]
            events.append(Event(Kind.SCORE, seat, amount=self.penalties[seat],
                                text=n_("{name}: {n} penalty point, {total} in all.",
                                        "{name}: {n} penalty points, {total} in all.", round_points[seat],
                                        name=self.names[seat], total=self.penalties[seat])))
        self.turn = self.dealer  # the dealer of this round plays first in the next
        if max(self.penalties) >= TARGET:
            self.phase = Phase.GAME_OVER
            winners = self.result()["winners"]
            won = _("The game is a tie.") if len(winners) == 2 else \
                _("{name} wins the game.", name=self.names[winners[0]])
            events.append(Event(Kind.GAME_OVER, winners[0] if len(winners) == 1 else None, text=won))
        else:
            self.phase = Phase.ROUND_OVER
        return events

    def result(self) -> dict:
        """Penalties (lower is better); at 25 the other player wins; both over: fewer wins."""
        low = min(self.penalties)
        winners = [s for s in (0, 1) if self.penalties[s] == low]
        if self.phase == Phase.GAME_OVER and max(self.penalties) < TARGET:
            winners = []  # never reached: the game ends only at the target
        return {"scores": list(self.penalties), "penalties": list(self.penalties),
                "winners": winners, "rounds": len(self.rounds), "names": list(self.names)}

    def view(self, player: int | None) -> KingsCornerView:
        """What `player` may know; None is the public view (no hand while a round is played)."""
        shown = None
        if self.phase != Phase.PLAY:
            shown = (tuple(self.hands[0]), tuple(self.hands[1]))
        return KingsCornerView(
            player=player, names=(self.names[0], self.names[1]), phase=self.phase,
            current_player=self.turn, dealer=self.dealer,
            hand=() if player is None else tuple(self.hands[player]),
            hand_counts=(len(self.hands[0]), len(self.hands[1])),
            piles=tuple(tuple(p) for p in self.piles), draw_count=len(self.draw_pile),
            penalties=(self.penalties[0], self.penalties[1]), rounds=tuple(self.rounds),
            moves_this_turn=len(self.undo_log), passes=self.passes,
            game_number=self.game_number, round_number=self.round_number, hands=shown,
            legal_moves=tuple(self.legal_moves()) if player == self.turn and self.phase == Phase.PLAY else ())

    def to_dict(self) -> dict:
        """Everything needed to resume exactly, the random generator included."""
        return {
            "game": NAME, "version": VERSION, "names": list(self.names),
            "rng": rng_to_json(self.rng), "dealer": self.dealer, "turn": self.turn,
            "game_number": self.game_number, "phase": self.phase,
            "hands": [cards_to_json(h) for h in self.hands],
            "piles": [cards_to_json(p) for p in self.piles],
            "draw_pile": cards_to_json(self.draw_pile),
            "penalties": list(self.penalties), "passes": self.passes,
            "rounds": [{"out": r.out, "penalties": list(r.penalties),
                        "left": [cards_to_json(h) for h in r.left]} for r in self.rounds],
            "undo_log": [["lay", s.card.to_json(), s.pile] if isinstance(s, LaidCard)
                         else ["move", s.src, s.dst, s.count] for s in self.undo_log],
        }

    def play_again(self) -> KingsCornerGame:
        """A new game for the same players: penalties reset, the other player deals first."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        game = KingsCornerGame(self.names, rng, 1 - self.dealer, self.game_number + 1)
        game.deal()
        return game

    @property
    def round_number(self) -> int:
        return len(self.rounds) + (1 if self.phase == Phase.PLAY else 0)

    def all_cards(self) -> list[Card]:
        return [*self.hands[0], *self.hands[1], *self.draw_pile,
                *(c for pile in self.piles for c in pile)]

    def check_invariants(self) -> None:
        cards = self.all_cards()
        assert len(cards) == 52 and set(cards) == FULL_DECK, "52 distinct cards"
        for pile_no, pile in zip(PILE_NUMBERS, self.piles, strict=True):
            assert pile_is_valid(pile_no, pile), f"pile {pile_no} breaks the rules"
        assert self.penalties == [sum(r.penalties[s] for r in self.rounds) for s in (0, 1)]
        assert self.phase in (Phase.PLAY, Phase.ROUND_OVER, Phase.GAME_OVER)
        assert (self.phase == Phase.GAME_OVER) == (max(self.penalties) >= TARGET)
        assert 0 <= self.passes <= 1 or self.phase != Phase.PLAY
        assert not self.undo_log or self.phase == Phase.PLAY
        if self.phase == Phase.PLAY:
            assert all(self.hands), "an empty hand ends the round"
        for hand in self.hands:
            assert hand == sorted(hand, key=hand_sort_key), "hands are kept sorted"


def _name(card: Any) -> str:
    return card_name(card) if isinstance(card, Card) and card.rank in range(1, 14) else str(card)

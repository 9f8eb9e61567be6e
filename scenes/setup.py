"""The setup screen shared by every game: seats (name, human or computer), options, a seed."""
from __future__ import annotations

import random
import zlib

from game.registry import game_info
from scenes.base import Scene
from scenes.plugins import game_scenes
from scenes.seats import MAX_NAME, Seat, clean_name
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import CREAM, GOLD, PANEL, TEXT_DIM
from sprites.widgets import Button, Choice, TextField

ROW_H, ROW_GAP, SEATS_TOP = 50, 8, 190
SEATS_BOTTOM = 612  # the seats' rows end inside their panel, above Start (8 seats get lower rows)
DEFAULT_NAMES = ("Amina", "Youssef", "Hafsa", "Omar", "Lina", "Karim", "Sara", "Nabil")


def seed_from_text(text: str, rng: random.Random) -> int:
    """Digits are the seed; any other word is hashed to one; empty means a random deal."""
    text = text.strip()
    if not text:
        return rng.randrange(1, 10 ** 6)
    if text.isdigit():
        return int(text[:18])
    return zlib.crc32(text.encode("utf-8"))


class SetupScene(WidgetScene):
    """Seats, options and seed of a new game, read from the game's description; Start replaces
    this scene with the table its scenes package starts."""

    def __init__(self, app, game_name: str) -> None:
        super().__init__(app)
        info, scenes = game_info(game_name), game_scenes(game_name)
        self.game_name = game_name
        self.title = info.title
        self.start_game = scenes.start
        self.seat_range = (info.min_players, info.max_players)
        self.kinds = [("human", "normal")] + [("computer", lv) for lv in info.levels]
        self.kind_labels = ["Human"] + [f"Computer ({lv})" if info.decisions else "Computer"
                                        for _, lv in self.kinds[1:]]
        seats = list(scenes.default_seats)
        self.names = [s.name for s in seats] + list(DEFAULT_NAMES[len(seats):])
        added = ("computer", info.default_level)  # a seat added here is a computer of the default level
        added_index = self.kinds.index(added) if added in self.kinds else min(1, len(self.kinds) - 1)
        self.kind_index = [self._kind_of(s) for s in seats] + [added_index] * (8 - len(seats))
        self.count = max(self.seat_range[0], min(len(seats), self.seat_range[1]))
        self.options = list(info.options)
        self.option_index = {o.key: o.default for o in self.options}
        self.seed_text = ""
        self.rng = random.Random()
        self.error = ""
        self.build()

    def _kind_of(self, seat: Seat) -> int:
        key = (seat.kind, seat.level if seat.kind == "computer" else "normal")
        return self.kinds.index(key) if key in self.kinds else 0

    def build(self) -> None:
        widgets = []
        lo, hi = self.seat_range
        if hi > lo:
            counts = [str(n) for n in range(lo, hi + 1)]
            widgets.append(Choice((90, 120, 540, ROW_H), "Players", counts, self.count - lo, self.set_count))
        pitch = min(ROW_H + ROW_GAP, (SEATS_BOTTOM - SEATS_TOP + ROW_GAP) / max(1, self.count))
        for i in range(self.count):
            y = SEATS_TOP + i * pitch
            widgets.append(TextField((90, y, 290, pitch - ROW_GAP), f"{i + 1}.", self.names[i], MAX_NAME,
                                     self._namer(i)))
            widgets.append(Choice((390, y, 240, pitch - ROW_GAP), "", self.kind_labels, self.kind_index[i],
                                  self._kinder(i), size=22))
        for j, option in enumerate(self.options):
            widgets.append(Choice((680, 120 + j * (ROW_H + ROW_GAP), 510, ROW_H), option.label, option.labels,
                                  self.option_index[option.key], self._optioner(option.key)))
        seed_y = 120 + len(self.options) * (ROW_H + ROW_GAP)
        widgets.append(TextField((680, seed_y, 510, ROW_H), "Seed", self.seed_text, 18, self._set_seed))
        widgets.append(Button((440, 634, 200, 56), "Start", self.start, accent=(40, 120, 70)))
        widgets.append(Button((660, 634, 180, 56), "Back", self.back))
        focus = self.group.focus
        self.group.widgets = widgets
        self.group.focus = min(focus, len(widgets) - 1)

    def set_count(self, index: int) -> None:
        self.count = self.seat_range[0] + index
        self.build()

    def _namer(self, i: int):
        def set_name(text: str) -> None:
            self.names[i] = text
        return set_name

    def _kinder(self, i: int):
        def set_kind(index: int) -> None:
            self.kind_index[i] = index
        return set_kind

    def _optioner(self, key: str):
        def set_option(index: int) -> None:
            self.option_index[key] = index
        return set_option

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def seats(self) -> list[Seat]:
        result = []
        for i in range(self.count):
            kind, level = self.kinds[self.kind_index[i]]
            result.append(Seat(clean_name(self.names[i], f"Player {i + 1}"), kind, level))
        return result

    def chosen_options(self) -> dict:
        return {o.key: o.values[self.option_index[o.key]] for o in self.options}

    def start(self) -> None:
        seats = self.seats()
        names = [s.name for s in seats]
        if len(set(names)) < len(names):
            self.error = "Two seats have the same name: give each player their own."
            self.app.sounds.play("illegal")
            return
        self.app.sounds.play("shuffle")
        seed = seed_from_text(self.seed_text, self.rng)
        self.app.replace(self.start_game(self.app, seats, self.chosen_options(), seed))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        canvas.text(f"{self.title}: new game", (640, 56), 56, GOLD, bold=True, shadow=True)
        canvas.box(PANEL, (70, 105, 580, 520), radius=16)
        canvas.box(PANEL, (660, 105, 550, 520), radius=16)
        if self.seat_range[1] == self.seat_range[0]:
            canvas.text("Seats", (90, 178), 22, TEXT_DIM, anchor="bottomleft")
        canvas.text("Empty seed: a new deal. The same seed deals the same game again.", (935, 600), 19, TEXT_DIM)
        super().draw(canvas)
        if self.error:
            canvas.text(self.error, (640, 622), 22, (255, 140, 120))
        canvas.text("Tab/Up/Down move - Left/Right change - type names - Enter starts from Start", (640, 708),
                    19, CREAM)


def setup_scene(app, name: str) -> Scene:
    """The screen that starts a new game of `name`: the game's own, or the shared one."""
    scenes = game_scenes(name)
    return scenes.setup(app) if scenes.setup is not None else SetupScene(app, name)

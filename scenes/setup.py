"""The setup screen shared by every game: seats (name, human or computer), options, a seed."""
from __future__ import annotations

import random
import zlib

import pygame

from game.registry import GameInfo, game_info
from game.seats import MAX_NAME, Seat, clean_name
from lang import N_, _, n_
from scenes.base import Host, Scene
from scenes.plugins import game_scenes
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.theme import (
    BODY_SIZE,
    BUTTON_H,
    BUTTON_W,
    CAPTION_SIZE,
    CREAM,
    GOLD,
    LINE_SPACING,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
)
from sprites.widgets import Button, Choice, TextField, Widget, draw_panel, place_row

ROW_H, ROW_GAP = 50, 8
TITLE_Y, PANEL_TOP = 52, 96
SEATS_BOTTOM = 580  # the seats' rows end here, above Start (8 seats get lower rows)
FOOT_Y = 680  # the help line's band starts here
LEFT_X, LEFT_W, NAME_W = 90, 540, 290
RIGHT_X, RIGHT_W = 690, 500
SEED_NOTE = N_("Empty seed: a new deal. The same seed deals the same game again.")
ONLINE_SEED_NOTE = N_("Empty seed: a new deal. A seed replays a game here; online deals stay secret.")
HELP = N_("Tab/Up/Down move  -  Left/Right change  -  type names  -  Enter starts from Start  -  F1 rules")
ABOUT_TITLE = N_("This game")
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("hard"))  # the computer levels the games name, for the catalogue
SAME_NAME = N_("Two seats have the same name: give each player their own.")
TURN_TIMES = (0, 30, 60, 90, 120, 300)  # the turn times a host online may choose, in seconds (0: none)
TURN_LABELS = (N_("Off"), N_("30 s"), N_("60 s"), N_("90 s"), N_("2 min"), N_("5 min"))
DEFAULT_TURN = TURN_TIMES.index(90)  # the server's own default
DEFAULT_NAMES = ("Amina", "Youssef", "Hafsa", "Omar", "Lina", "Karim", "Sara", "Nabil")


def seed_from_text(text: str, rng: random.Random) -> int:
    """ASCII digits are the seed; any other word (other digits too: "²", "①") is hashed to one;
    empty means a random deal."""
    text = text.strip()
    if not text:
        return rng.randrange(1, 10 ** 6)
    if text.isascii() and text.isdigit():
        return int(text[:18])
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


NOTE_H = CAPTION_SIZE * LINE_SPACING * 2  # a note of two lines of small print
ABOUT_LINE_H = BODY_SIZE * LINE_SPACING


def about_lines(info: GameInfo) -> list[str]:
    """What a game's description says of it, for a setup screen that has no options to show."""
    lo, hi = info.min_players, info.max_players
    if lo == hi:
        players = (n_("{n} player, played in rounds", "{n} players, played in rounds", lo) if info.rounds
                   else n_("{n} player", "{n} players", lo))
    else:
        players = (_("{low} to {high} players, played in rounds", low=lo, high=hi) if info.rounds
                   else _("{low} to {high} players", low=lo, high=hi))
    lines = [players]
    if info.decisions and info.levels:
        lines.append(_("Computer levels: {levels}", levels=_(", ").join(_(level) for level in info.levels)))
    lines.append(_(info.score.goal))
    return lines


class SetupScene(WidgetScene):
    """Seats, options and seed of a new game, read from the game's description; Start replaces
    this scene with the table its scenes package starts. Its title, panels and buttons stand where they
    stand for every game and every number of players. A game's own screen may add a note under the
    seats (SEATS_NOTE) and widgets under the seed (room for them: `extra_height`, from `extra_top`);
    a game without options shows what its description says of it in their place. A game played online
    has a last row, the turn time of a table hosted online."""

    SEATS_NOTE = ""

    def __init__(self, app: Host, game_name: str) -> None:
        super().__init__(app)
        info, scenes = game_info(game_name), game_scenes(game_name)
        self.game_name = game_name
        self.title = info.title
        self.start_game = scenes.start
        self.seat_range = (info.min_players, info.max_players)
        self.kinds = [("human", "normal")] + [("computer", lv) for lv in info.levels]
        self.decisions = info.decisions
        self.kind_labels = self.kind_words()
        seats = list(scenes.default_seats)
        self.names = [s.name for s in seats] + list(DEFAULT_NAMES[len(seats):])
        added = ("computer", info.default_level)  # a seat added here is a computer of the default level
        added_index = self.kinds.index(added) if added in self.kinds else min(1, len(self.kinds) - 1)
        self.kind_index = [self._kind_of(s) for s in seats] + [added_index] * (8 - len(seats))
        self.count = max(self.seat_range[0], min(len(seats), self.seat_range[1]))
        self.options = list(info.options)
        self.option_index = {o.key: o.default for o in self.options}
        self.seed_text = ""
        self.online = scenes.online is not None
        self.turn_index = DEFAULT_TURN
        self.rng = random.Random()
        self.error = ""
        self.about = [] if self.options else about_lines(info)
        self.recall(app.settings.setups.get(game_name) or {})
        self.build()

    def kind_words(self) -> list[str]:
        """What each seat may be, in the current language: Human, Computer (easy)..."""
        return [_("Human")] + [_("Computer ({level})", level=_(lv)) if self.decisions else _("Computer")
                               for __, lv in self.kinds[1:]]

    def relabel(self) -> None:
        self.kind_labels = self.kind_words()
        self.about = [] if self.options else about_lines(game_info(self.game_name))
        self.build()

    def recall(self, last: dict) -> None:
        """Start from the last setup of this game (names, seat kinds and levels, the number of
        players, options), kept in the settings; what no longer fits the game is left as it was."""
        for i, name in enumerate(last.get("names", [])[:len(self.names)]):
            self.names[i] = clean_name(name, self.names[i])
        for i, (kind, level) in enumerate(last.get("seats", [])[:len(self.kind_index)]):
            if (kind, level) in self.kinds:
                self.kind_index[i] = self.kinds.index((kind, level))
        count = last.get("count")
        if isinstance(count, int) and self.seat_range[0] <= count <= self.seat_range[1]:
            self.count = count
        options = last.get("options", {})
        for option in self.options:
            value = options.get(option.key)
            matches = [i for i, v in enumerate(option.values) if v == value and type(v) is type(value)]
            if matches:
                self.option_index[option.key] = matches[0]
        if last.get("turn_s") in TURN_TIMES:
            self.turn_index = TURN_TIMES.index(last["turn_s"])

    def remember(self) -> None:
        """Keep this setup in the settings (written at once) for the next new game of this game."""
        self.app.settings.setups[self.game_name] = {
            "names": [clean_name(n, f"Player {i + 1}") for i, n in enumerate(self.names)],
            "seats": [list(self.kinds[k]) for k in self.kind_index], "count": self.count,
            "options": self.chosen_options(), "turn_s": self.turn_s()}
        self.app.apply_settings()

    def _kind_of(self, seat: Seat) -> int:
        key = (seat.kind, seat.level if seat.kind == "computer" else "normal")
        return self.kinds.index(key) if key in self.kinds else 0

    def seat_pitch(self, count: int) -> tuple[float, float]:
        """Where the seats' rows start and how far apart they are for `count` seats."""
        seats_top = PANEL_TOP + SPACE * 1.5 + ROW_H + SPACE
        return seats_top, min(ROW_H + ROW_GAP, (SEATS_BOTTOM - seats_top + ROW_GAP) / max(1, count))

    def panel_bottom_for(self, count: int) -> float:
        """The panels' bottom with `count` seats: under the taller of the seats and the options."""
        seats_top, pitch = self.seat_pitch(count)
        seed_y = self.seed_top()
        right_bottom = seed_y + ROW_H + SPACE + NOTE_H + self.extra_height() + (ROW_H + SPACE if self.online else 0)
        left_bottom = seats_top + count * pitch - ROW_GAP + (SPACE + NOTE_H if self.SEATS_NOTE else 0)
        return max(left_bottom, right_bottom) + SPACE * 1.5

    def seed_top(self) -> float:
        """Where the seed's row starts: under the options, or under what the game says of itself."""
        top = PANEL_TOP + SPACE * 1.5
        if self.about:
            return top + ABOUT_LINE_H * (len(self.about) + 1) + SPACE * 1.5
        return top + len(self.options) * (ROW_H + ROW_GAP)

    def extra_height(self) -> float:
        """The room a game's own widgets take in the right panel, under the seed's note."""
        return 0.0

    def build(self) -> None:
        """Lay the widgets out: seats in the left panel, options and seed in the right, both panels as
        tall as the taller content with the most seats, Start, Rules and Back under them."""
        widgets: list[Widget] = []
        lo, hi = self.seat_range
        top = PANEL_TOP + SPACE * 1.5
        if hi > lo:
            counts = [str(n) for n in range(lo, hi + 1)]
            widgets.append(Choice((LEFT_X, top, LEFT_W, ROW_H), _("Players"), counts, self.count - lo, self.set_count))
        seats_top, pitch = self.seat_pitch(self.count)
        for i in range(self.count):
            y = seats_top + i * pitch
            widgets.append(TextField((LEFT_X, y, NAME_W, pitch - ROW_GAP), f"{i + 1}.", self.names[i], MAX_NAME,
                                     self._namer(i)))
            widgets.append(Choice((LEFT_X + NAME_W + ROW_GAP, y, LEFT_W - NAME_W - ROW_GAP, pitch - ROW_GAP), "",
                                  self.kind_labels, self.kind_index[i], self._kinder(i)))
        for j, option in enumerate(self.options):
            widgets.append(Choice((RIGHT_X, top + j * (ROW_H + ROW_GAP), RIGHT_W, ROW_H), _(option.label),
                                  [_(label) for label in option.labels],
                                  self.option_index[option.key], self._optioner(option.key)))
        seed_y = self.seed_top()
        widgets.append(TextField((RIGHT_X, seed_y, RIGHT_W, ROW_H), _("Seed"), self.seed_text, 18, self._set_seed))
        self.seed_note_y = seed_y + ROW_H + SPACE
        self.extra_top = self.seed_note_y + NOTE_H + SPACE
        if self.online:
            widgets.append(Choice((RIGHT_X, self.extra_top + self.extra_height(), RIGHT_W, ROW_H),
                                  _("Turn time online"), [_(label) for label in TURN_LABELS], self.turn_index,
                                  self._set_turn))
        self.seats_bottom = seats_top + self.count * pitch - ROW_GAP
        self.panel_bottom = self.panel_bottom_for(hi)  # Start stays under the pointer as players come and go
        buttons: list[Widget] = [Button((0, 0, BUTTON_W, BUTTON_H), _("Start"), self.start, accent=(40, 120, 70))]
        if self.online:
            buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Host online"), self.host))
        buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("How to play"), self.how_to_play))
        buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Rules"), self.open_rules))
        buttons.append(Button((0, 0, BUTTON_W, BUTTON_H), _("Back"), self.back))
        place_row(buttons, 640, self.panel_bottom + SPACE)
        focus = self.group.focus
        self.button_count = len(buttons)  # the row under the panels ends the widgets
        self.group.widgets = widgets + buttons
        self.group.focus = min(focus, len(self.group.widgets) - 1)

    def handle_event(self, event: pygame.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        super().handle_event(event)

    def open_rules(self) -> None:
        """This game's rules page over the setup screen."""
        from scenes.rules_page import RulesScene

        self.app.sounds.play("button")
        self.app.push(RulesScene(self.app, self.game_name))

    def how_to_play(self) -> None:
        """This game's first turn worked step by step, over the setup screen."""
        from scenes.how_to_play import HowToPlayScene

        self.app.sounds.play("button")
        self.app.push(HowToPlayScene(self.app, self.game_name))

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

    def _set_turn(self, index: int) -> None:
        self.turn_index = index

    def turn_s(self) -> int:
        """The turn time chosen for a table hosted online (0: none)."""
        return TURN_TIMES[self.turn_index]

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
            self.error = SAME_NAME
            self.app.sounds.play("illegal")
            return
        self.app.sounds.play("shuffle")
        self.remember()
        seed = seed_from_text(self.seed_text, self.rng)
        self.app.replace(self.start_game(self.app, seats, self.chosen_options(), seed))

    def host(self) -> None:
        """Host this game for friends on other machines: the first human seat is this window's, the
        other human seats are open for friends, the computers stay (the lobby opens)."""
        from scenes.online.lobby import host_lobby

        self.app.sounds.play("button")
        self.remember()
        self.app.replace(host_lobby(self.app, self.game_name, self.seats(), self.chosen_options(), self.turn_s()))

    def draw(self, canvas: Canvas) -> None:
        canvas.felt()
        top = PANEL_TOP
        canvas.text(_("{game}: new game", game=_(self.title)), (640, TITLE_Y), TITLE_SIZE, GOLD, bold=True, shadow=True)
        height = self.panel_bottom - top
        draw_panel(canvas, (LEFT_X - SPACE * 1.25, top, LEFT_W + SPACE * 2.5, height), shade=False)
        draw_panel(canvas, (RIGHT_X - SPACE * 1.25, top, RIGHT_W + SPACE * 2.5, height), shade=False)
        if self.seat_range[1] == self.seat_range[0]:
            canvas.text(_("Seats"), (canvas.line_start(LEFT_X, LEFT_X + LEFT_W), top + SPACE * 1.5 + ROW_H / 2),
                        BODY_SIZE, TEXT_DIM, anchor=canvas.start_anchor("midleft"))
        self.draw_about(canvas)
        start = canvas.start_anchor("topleft")  # the notes begin where reading starts in their panel
        for i, line in enumerate(canvas.wrap(_(ONLINE_SEED_NOTE if self.online else SEED_NOTE), CAPTION_SIZE, RIGHT_W)):
            canvas.text(line, (canvas.line_start(RIGHT_X, RIGHT_X + RIGHT_W),
                               self.seed_note_y + i * CAPTION_SIZE * LINE_SPACING), CAPTION_SIZE, TEXT_DIM,
                        anchor=start)
        for i, line in enumerate(canvas.wrap(_(self.SEATS_NOTE), CAPTION_SIZE, LEFT_W) if self.SEATS_NOTE else []):
            canvas.text(line, (canvas.line_start(LEFT_X, LEFT_X + LEFT_W),
                               self.seats_bottom + SPACE + i * CAPTION_SIZE * LINE_SPACING), CAPTION_SIZE, TEXT_DIM,
                        anchor=start)
        super().draw(canvas)
        foot = FOOT_Y + (720 - FOOT_Y) / 2
        if self.error:  # in the help line's place: under Start whatever the seats
            canvas.text(_(self.error), (640, foot), BODY_SIZE, (255, 140, 120))
        else:
            canvas.text(_(HELP), (640, foot), CAPTION_SIZE, TEXT_DIM)

    def draw_about(self, canvas: Canvas) -> None:
        """What the game's description says of it, where another game shows its options."""
        if not self.about:
            return
        top = PANEL_TOP + SPACE * 1.5
        x, anchor = canvas.line_start(RIGHT_X, RIGHT_X + RIGHT_W), canvas.start_anchor("midleft")
        for i, line in enumerate([_(ABOUT_TITLE), *self.about]):
            canvas.text(line, (x, top + ABOUT_LINE_H * (i + 0.5)), BODY_SIZE, GOLD if i == 0 else CREAM,
                        anchor=anchor, bold=i == 0)


def setup_scene(app: Host, name: str) -> Scene:
    """The screen that starts a new game of `name`: the game's own, or the shared one."""
    scenes = game_scenes(name)
    return scenes.setup(app) if scenes.setup is not None else SetupScene(app, name)

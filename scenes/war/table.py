"""The War table: the shared table with War's parts (two facing stacks, animated battles and wars,
start/pause/step, speeds)."""
from __future__ import annotations

import random

from game.match import Match, saved_line
from game.record import MoveRecord
from game.seats import Seat
from game.war import Battle, WarGame, WarView
from game.war.text import game_over_words, result_lines, result_title
from lang import N_, _
from lang.words import Line
from scenes.base import Host, Scene
from scenes.result import ResultScene, celebrates
from scenes.table import Table
from scenes.table_parts import Button, Ending, GameParts, TableHost, TableSettings
from scenes.war.draw import WarDrawer, Watch
from scenes.war.input import WarInput
from scenes.war.layout import BATTLE_W, HISTORY_RECT, SPEEDS, VERDICT_Y
from scenes.war.show import BattleShow
from scenes.war.stats import WarStatsScene

BATTLE_GAP = 0.25  # between two battles while running
INSTANT_BATTLES_PER_FRAME = 300  # "to the end" plays this many per frame, staying responsive
SETTINGS = TableSettings(
    game="war", deck="",  # no card sprite of the shared layer: the battles make their own
    face_widths=(BATTLE_W,),  # the battle's cards
    input_while_moving="act",  # Space, the speeds and Tab leave a battle playing on
    history_rect=HISTORY_RECT,
    message_pos=(640.0, VERDICT_Y),  # who won a battle is written under it
)


def war_table(app: Host, match: Match[WarGame]) -> Table:
    """The table of a War match."""
    return Table(app, match, WarParts)


def start_table(app: Host, seats: list[Seat], options: dict, seed: int) -> Table:
    """A new deal for these seats and options (what the setup screen starts)."""
    return war_table(app, Match.new("war", seats, options, seed))


def resume_table(app: Host, match: Match) -> Table:
    """The table of a saved match."""
    if not isinstance(match.rules, WarGame):
        raise ValueError("not a War save")
    return war_table(app, match)


def seconds_from_save(value: object) -> float:
    """Seconds kept in a save; anything but a number >= 0 counts as none."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 10 ** 9:
        return 0.0
    return float(value)


class WarParts(GameParts):
    """War is watched: the table fights battles when running, or one per step. A battle's line
    (who won it, in words) is said and joins the history when the battle has been shown."""

    settings = SETTINGS
    input: WarInput

    def __init__(self, host: TableHost) -> None:
        super().__init__(host)
        match = host.match
        extra = match.table_extra  # the pace and watched time are taken out: a save writes table_extra
        speed = extra.pop("speed_index", 0)  # over save_extra(), which holds them as they are now
        self.speed_index = speed if isinstance(speed, int) and 0 <= speed < len(SPEEDS) else 0
        host.pace = self.speed  # the table plays War's moves this many times faster
        self.running = False
        self.to_end = False
        self.gap = 0.0
        view: WarView = match.view(None)  # War's view is the same for every seat
        self.show = BattleShow(host, view, lambda: self.speed)
        self.player = host.humans[0] if host.humans else 0  # whose statistics and hand rating
        self.rating = view.ratings[self.player]
        self.watched = seconds_from_save(extra.pop("watched_s", None))  # seconds battles played on screen
        unseen = extra.pop("unseen", None)  # earlier versions saved a battle's line not shown yet here
        if isinstance(unseen, str) and unseen:
            match.note(saved_line(unseen))  # ValueError if damaged: the save is set aside
        self.unseen: Line = ""  # the newest history line, held back (`host.held_lines`) until its battle has been shown
        self.input = WarInput(host, self)
        self.kept_focus = extra.pop("focus", None)  # the keyboard focus of a resumed game, for begin()
        self.drawer = WarDrawer(self.watch)
        self.ending = WarEnding(self)

    def begin(self) -> None:
        """Laid out as by default; a resumed game's keyboard focus comes back as it was saved."""
        super().begin()
        self.input.restore_focus(self.kept_focus)

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def names(self) -> list[str]:
        return [s.name for s in self.host.seats]

    def watch(self) -> Watch:
        """What the drawer reads beside the view."""
        show, controls = self.show, self.input
        return Watch(self.player, show.shown_counts, show.tally, show.in_play, show.banner, self.running,
                     self.to_end, self.host.finished, self.speed, controls.controls, controls.focus, controls.hovered)

    # -- the loop --------------------------------------------------------------------------
    def scale(self) -> float:
        """Seconds at 1x become this many: the speed setting's scale, divided by the pace."""
        return self.host.app.settings.animation_scale / self.speed

    def tick(self, dt: float) -> None:
        """Fight the next battle when running and the last one has been shown; the table then
        finishes the game once nothing moves."""
        host = self.host
        if self.running or host.animator.busy:
            self.watched += dt
        if self.to_end and self.running and not host.match.rules.is_over:
            self.play_to_end_slice()
            return
        if host.animator.busy:
            return
        self.settle()
        if host.match.rules.is_over:
            self.running = self.to_end = False
        elif self.running:
            self.gap -= dt
            if self.gap <= 0:
                self.fight()

    def moving(self) -> bool:
        """The battles run (the gap between two is timed here, not by the animator)."""
        return self.running and not self.host.match.rules.is_over

    def reveal(self) -> None:
        """Back from the pause menu (or any screen over the table): the battles go on as they were,
        running or paused (while the screen was over the table, the table got no updates)."""
        self.gap = min(self.gap, BATTLE_GAP * self.scale())

    def settle(self) -> None:
        """Between battles: what is shown is exactly the view."""
        self.show_battle_line()
        self.show.settle(self.host.view())

    def fight(self) -> None:
        """Play one battle (a whole war included) and animate it."""
        self.gap = BATTLE_GAP * self.scale()
        self.host.play(Battle())

    def play_to_end_slice(self) -> None:
        host = self.host
        host.animator.finish_all()
        host.quiet = True  # no battle of the slice is animated or saved on its own
        for _battle in range(INSTANT_BATTLES_PER_FRAME):
            if host.match.rules.is_over:
                break
            host.match.play(Battle())
        host.quiet = False
        host.save_soon()
        self.settle()
        if host.match.rules.is_over:
            self.to_end = self.running = False
            host.say(game_over_words(host.view(), self.names()), 6)

    # -- what the controls do (scenes/war/input.py) ------------------------------------------
    def toggle(self) -> None:
        """Start or pause the battles."""
        self.running = not self.running
        if not self.running:
            self.to_end = False
        self.gap = 0.0
        self.host.say(_("Running") if self.running else _("Paused"), 1.2)
        if not self.running and not self.host.finished:
            self.host.save()  # the time watched since the last battle is kept

    def step(self) -> None:
        """Pause, finish what is moving, and fight exactly one battle."""
        self.running = self.to_end = False
        if self.host.animator.busy:
            self.host.animator.finish_all()
        self.settle()
        if not self.host.match.rules.is_over:
            self.fight()

    def set_speed(self, index: int) -> None:
        """Change the pace (and leave 'to the end'); running or paused stays as it was."""
        self.speed_index = index
        self.host.pace = self.speed
        self.to_end = False
        self.host.say(_("Speed {speed}x", speed=self.speed), 1.2)
        if not self.host.finished:
            self.host.save()  # a resumed table keeps the pace chosen, battle or not

    def play_to_end(self) -> None:
        self.to_end = self.running = True
        self.host.say(_("Playing to the end..."), 2)

    # -- animation -------------------------------------------------------------------------
    def hold_line(self, line: Line) -> None:
        """The battle being shown keeps its line back from the history: it would tell the end of a
        war before its banner."""
        self.unseen = line
        self.host.held_lines = 1 if line else 0

    def show_battle_line(self) -> None:
        """The battle just shown: say who won it and add it to the history."""
        if self.unseen:
            self.host.say(self.unseen, 6 if self.host.match.rules.is_over else 3.5)
            self.hold_line("")

    def animate(self, record: MoveRecord) -> None:
        """The last battle's line is told, this one's held back while its cards are shown."""
        self.show_battle_line()
        self.hold_line(record.words)
        self.show.animate(record.events, self.show_battle_line, self.settle)

    # -- the end ---------------------------------------------------------------------------
    def stats_details(self) -> dict:
        view = self.host.view()
        return {"seed": self.host.match.seed, "seat": self.player, "players": self.names(),
                "options": view.options.to_dict(), "hand": self.rating, **view.stats(self.player)}

    def save_extra(self) -> dict:
        return {"speed_index": self.speed_index, "watched_s": round(self.watched, 2), "focus": self.input.saved_focus()}

    def result_lines(self) -> list[str]:
        return result_lines(self.host.view(), self.names(), self.player, self.watched)

    def new_table(self) -> Scene:
        options = self.host.view().options.to_dict()
        if options["deck"] == "custom":
            options["deck"] = "shuffled"
        seed = random.Random(self.host.match.seed).randrange(1, 10 ** 6)
        return start_table(self.host.app, self.host.seats, options, seed)


class WarEnding(Ending):
    """A win names the winner, a draw says why; Statistics opens War's statistics page."""

    parts: WarParts

    def scene(self, buttons: list[Button]) -> Scene:
        host = self.host
        winners = host.match.rules.result()["winners"]
        title, lines = self.words()
        return ResultScene(host.app, title, lines, buttons, celebrates(winners, host.humans), host.match.info.deck(),
                           words=self.words)

    def words(self) -> tuple[str, list[str]]:
        """The result's title and lines in the current language (again after a language switch)."""
        return result_title(self.host.view(), self.parts.names()), self.parts.result_lines()

    def buttons(self) -> list[Button]:
        again, menu = super().buttons()
        app = self.host.app
        return [again, (N_("Statistics"), lambda: app.push(WarStatsScene(app))), menu]

"""The winner's celebration: a cascade of cards behind the result, never over its words or buttons;
for a window whose player won, shorter in reduced motion, none for a loss, a tie or a watcher."""
import pygame
import pytest

from game.cards import french_deck
from game.match import Match
from game.seats import Seat
from harness.driver import DT
from scenes.base import Scene
from scenes.result import ResultScene, celebrates
from scenes.sota.table import sota_table
from sprites.cascade import CARD_W, CASCADE_SECONDS, REDUCED_SECONDS, Cascade
from sprites.drawn import FRAME, TEXT
from sprites.theme import CARD_ASPECT
from tests.game.sota.helpers import c, cs, from_layout
from tests.matrix import first_fast

BUTTONS = [("Play again", lambda: None), ("Menu", lambda: None), ("View table", lambda: None)]
LINES = ["Amina: 0 cards left", "Hafsa: 4 cards left", "The game took 3 min 12 s"]


class Felt(Scene):
    """A still table under the result."""

    def draw(self, canvas) -> None:
        canvas.felt()


def result(driver, celebrate: bool) -> ResultScene:
    scene = ResultScene(driver.app, "Amina wins!", LINES, BUTTONS, celebrate, french_deck())
    driver.app.push(scene, transition=False)
    return scene


def guarded_rects(drawn) -> list[pygame.Rect]:
    """The result's words and buttons, and its panel but for the rounded corners."""
    mine = [d for d in drawn if d.layer[0] != "Felt" and d.kind in (TEXT, FRAME)]  # drawn over its shade
    panel = max((d.rect for d in mine if d.kind == FRAME), key=lambda r: r.w * r.h)
    return [d.rect for d in mine if d.rect != panel] + [panel.inflate(-48, -48)]


@pytest.mark.parametrize("size", first_fast([(800, 600), (1280, 720), (1920, 1080)]))  # the others in the full suite
def test_no_pixel_of_the_cascade_lies_over_the_results_words_or_buttons(driver, size):
    app = driver.app
    app.resize(size)
    app.push(Felt(app), transition=False)
    plain = result(driver, celebrate=False)
    app.canvas.inspect()
    driver.frames(2)
    rects = guarded_rects(app.canvas.drawn)
    reference = app.canvas.window.copy()
    plain.close()
    scene = result(driver, celebrate=True)
    assert scene.cascade is not None
    behind = frames = 0
    while not scene.cascade.over:
        driver.frames()
        frames += 1
        window = app.canvas.window
        for rect in rects:
            assert pixels(window, rect) == pixels(reference, rect), (
                f"the cascade drew over the result at {tuple(rect)} after {frames} frames")
        behind += any(app.canvas.rect(flight_rect(f)).colliderect(r) for f in scene.cascade.flights for r in rects)
    assert behind > 10, "cards passed behind the result's words and buttons"
    assert frames * DT <= CASCADE_SECONDS


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def flight_rect(flight) -> pygame.FRect:
    rect = pygame.FRect(0, 0, CARD_W, CARD_W / CARD_ASPECT)
    rect.center = (flight.x, flight.y)
    return rect


def test_the_cascade_shows_outside_the_result(driver):
    app = driver.app
    app.push(Felt(app), transition=False)
    driver.frames()
    bare = app.canvas.window.copy()
    scene = result(driver, celebrate=True)
    driver.run(1.0)
    assert scene.cascade is not None and scene.cascade.flights
    flight = scene.cascade.flights[0]
    x, y = app.canvas.to_screen((flight.x, flight.y))
    assert app.canvas.window.get_at((x, y)) != bare.get_at((x, y)), "a card is drawn where it flies"


def run_out(cascade: Cascade) -> float:
    """Seconds until the cascade is over, stepped as the loop steps it."""
    while not cascade.over:
        cascade.update(DT)
    return cascade.time


def test_every_card_leaves_the_picture_before_the_end_and_reduced_motion_is_shorter():
    full = Cascade(french_deck(), reduced=False, seed=3)
    short = Cascade(french_deck(), reduced=True, seed=3)
    assert run_out(full) < CASCADE_SECONDS, "the last card left by itself, none vanished in flight"
    assert run_out(short) < REDUCED_SECONDS < CASCADE_SECONDS
    assert len(short.cards) < len(full.cards)


def test_a_card_bounces_along_the_foot_of_the_table_and_leaves_a_trail():
    cascade = Cascade(french_deck(), seed=1)
    lowest, trail = 0.0, 0
    while not cascade.over:
        cascade.update(DT)
        for flight in cascade.flights:
            lowest = max(lowest, flight.y)
            trail = max(trail, len(flight.trail))
            assert flight.y <= cascade.floor
    assert lowest == pytest.approx(cascade.floor, abs=1.0), "the cards reach the table's foot"
    assert trail >= 6


def test_the_same_seed_gives_the_same_cascade():
    one, two = Cascade(french_deck(), seed=9), Cascade(french_deck(), seed=9)
    for _ in range(90):
        one.update(DT)
        two.update(DT)
    assert [(f.card, f.x, f.y) for f in one.flights] == [(f.card, f.x, f.y) for f in two.flights]


def test_only_a_window_whose_player_won_celebrates():
    assert celebrates([0], humans=[0])
    assert celebrates([1], humans=[0, 1]), "pass-and-play: one of the players at the screen won"
    assert not celebrates([1], humans=[0]), "a loss"
    assert not celebrates([0, 1], humans=[0, 1]), "a tie"
    assert not celebrates([0], humans=[]), "a table of computers only watched"


@pytest.mark.driver(speed="instant")
@pytest.mark.parametrize(("human", "celebrating"), [(0, True), (1, False)])
def test_the_table_celebrates_its_players_win_and_not_a_loss(driver, human, celebrating):
    seats = [Seat("Amina"), Seat("Hafsa", "computer", "normal")] if human == 0 else [
        Seat("Amina", "computer", "normal"), Seat("Hafsa")]
    rules = from_layout([s.name for s in seats], [cs("5 coins"), cs("6 cups, 4 cups")], [c("3 coins")],
                        cs("9 clubs, 10 clubs"))
    table = sota_table(driver.app, Match(rules, seats, 3))
    driver.app.push(table, transition=False)
    driver.frames(2)
    if human == 0:
        driver.key(pygame.K_RETURN)  # Amina plays her last card
    assert driver.until(lambda: isinstance(driver.app.top, ResultScene), 10)
    assert rules.result()["winners"] == [0]
    assert (driver.app.top.cascade is not None) == celebrating


@pytest.mark.driver(speed="instant")
def test_the_result_shown_again_after_view_table_is_quiet(driver, monkeypatch):
    """Back from View table (or a click at the finished table, or a vote online) the result comes back
    without a second fanfare or cascade."""
    played: list[str] = []
    monkeypatch.setattr(driver.app.sounds, "play", lambda name, *args, **kwargs: played.append(name))
    seats = [Seat("Amina"), Seat("Hafsa", "computer", "normal")]
    rules = from_layout([s.name for s in seats], [cs("5 coins"), cs("6 cups, 4 cups")], [c("3 coins")],
                        cs("9 clubs, 10 clubs"))
    driver.app.push(sota_table(driver.app, Match(rules, seats, 3)), transition=False)
    driver.frames(2)
    driver.key(pygame.K_RETURN)  # Amina plays her last card and wins
    assert driver.until(lambda: isinstance(driver.app.top, ResultScene), 10)
    assert driver.app.top.cascade is not None and played.count("win") == 1
    driver.click(next(w for w in driver.app.top.group.widgets if w.label == "View table").rect.center)
    driver.frames(2)
    driver.key(pygame.K_ESCAPE)  # back to the result
    assert driver.until(lambda: isinstance(driver.app.top, ResultScene), 10)
    assert driver.app.top.cascade is None and played.count("win") == 1

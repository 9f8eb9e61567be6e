"""The rules page scrolls by keys, the wheel and its bar, shows where it is, and reads in sections."""
import pygame
import pytest

from game.registry import all_games
from scenes.rules_page import RulesScene, is_heading
from sprites.theme import GOLD, HEADING_SIZE


@pytest.fixture
def texts(driver, monkeypatch) -> list[str]:
    """Every text drawn on the window, in order."""
    drawn: list[str] = []
    text = driver.app.canvas.text

    def recorded(value, *args, **kwargs):
        drawn.append(value)
        return text(value, *args, **kwargs)

    monkeypatch.setattr(driver.app.canvas, "text", recorded)
    return drawn


@pytest.fixture
def page(driver, texts):
    scene = RulesScene(driver.app, "kings_corner")
    driver.app.push(scene, transition=False)
    driver.frames()
    return scene


def position(texts) -> str:
    """The position the page said last."""
    return next(t for t in reversed(texts) if t.startswith("lines "))


def test_it_opens_at_the_top_and_says_which_lines_show(driver, page, texts):
    shown = len(page.lines[:page.panel.shown_range()[1]])
    assert page.scroll == 0 and page.panel.max_scroll() > 0
    assert position(texts) == f"lines 1-{shown} of {len(page.lines)}"


def test_keys_scroll_it(driver, page, texts):
    driver.key(pygame.K_DOWN)
    assert page.scroll == 1
    _, end = page.panel.shown_range()
    driver.key(pygame.K_PAGEDOWN)
    assert page.scroll == end - 1, "a page on, the last line shown stays in sight"
    assert position(texts).startswith(f"lines {page.scroll + 1}-")
    driver.key(pygame.K_END)
    assert page.scroll == page.panel.max_scroll()
    assert position(texts).endswith(f"-{len(page.lines)} of {len(page.lines)}"), "the last line shows at the end"
    driver.key(pygame.K_UP)
    assert page.scroll == page.panel.max_scroll() - 1
    driver.key(pygame.K_PAGEUP)
    driver.key(pygame.K_HOME)
    assert page.scroll == 0
    driver.key(pygame.K_UP)
    assert page.scroll == 0, "it stops at the top"


def test_the_wheel_scrolls_it(driver, page):
    driver.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    driver.frames()
    assert page.scroll == 6
    driver.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    driver.frames()
    assert page.scroll == 3


def test_dragging_the_bar_scrolls_it(driver, page):
    thumb = page.panel.thumb_rect()
    bar = page.panel.bar_rect()
    driver.drag(thumb.center, (thumb.centerx, bar.bottom + 40))
    assert page.scroll == page.panel.max_scroll()
    assert page.panel.thumb_rect().bottom == pytest.approx(bar.bottom)
    thumb = page.panel.thumb_rect()
    driver.drag(thumb.center, (thumb.centerx, thumb.centery - (bar.h - thumb.h) / 2))
    assert 0 < page.scroll < page.panel.max_scroll(), "halfway up the bar, halfway up the page"
    driver.click((bar.centerx, bar.top + 2))
    assert page.scroll == 0, "a click at the top of the bar goes to the top"
    assert isinstance(driver.top, RulesScene)


def test_escape_and_back_close_it(driver, page):
    driver.key(pygame.K_ESCAPE)
    assert driver.top is not page


def test_sections_have_headings_and_bullets():
    assert is_heading("The table") and is_heading("Computer players:") and is_heading("Options")
    assert not is_heading("- Ace: low (default) or high.")
    assert not is_heading("Kings Corner is played with 52 cards by two players.")
    assert not is_heading("On your turn, play one card of the same rank or the same suit as the top card:")


def test_headings_are_drawn_as_headings_and_bullets_hang(driver, page):
    lines = page.panel.lines
    heads = [line.text for line in lines if line.size == HEADING_SIZE and line.colour == GOLD and line.bold]
    assert heads == ["The table", "Your turn", "Scoring", "Computer levels", "Controls"]
    bullets = [i for i, line in enumerate(lines) if line.marker]
    assert len(bullets) > 20
    wrapped = [i + 1 for i in bullets if i + 1 < len(lines) and not lines[i + 1].marker and lines[i + 1].indent]
    assert wrapped, "a long bullet goes on under its own text"
    assert all(lines[i].indent == lines[i - 1].indent for i in wrapped)
    assert any(line.gap > 0 for line in lines), "space between paragraphs"


@pytest.mark.parametrize("info", [g for g in all_games() if g.decisions], ids=lambda g: g.name)
def test_every_game_with_choices_says_what_each_computer_level_does(info):
    paragraphs = info.rules_text.split("\n")
    start = paragraphs.index("Computer levels") + 1
    named = [line.split()[1].rstrip(":") for line in paragraphs[start:start + len(info.levels)]]
    assert named == [level.capitalize() for level in info.levels], "one bullet a level, weakest first"


@pytest.mark.parametrize("info", all_games(), ids=lambda info: info.name)
def test_a_rules_page_tells_the_game_as_it_is_not_its_history(info):
    text = info.rules_text.casefold()
    for words in ("original", "earlier version", "such a version", "the seed"):
        assert words not in text, f"{info.title}'s rules page speaks of {words!r}"

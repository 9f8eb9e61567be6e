"""The shared scroll panel: which lines fit, how far it scrolls, where it says it is."""
import pygame

from sprites.scroll_panel import Line, ScrollPanel
from sprites.theme import LINE_SPACING


def panel(count: int, gap: float = 0.0, height_lines: float = 10.0) -> ScrollPanel:
    """`count` lines of size 20, each but the first `gap` below the one before; `height_lines` fit."""
    scroll = ScrollPanel((0, 0, 400, 20 * LINE_SPACING * height_lines))
    scroll.set_lines([Line(f"line {i}", 20, gap=gap if i else 0.0) for i in range(count)])
    return scroll


def key(scroll: ScrollPanel, k: int) -> None:
    assert scroll.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))


def test_lines_that_fit_show_and_the_rest_scroll():
    scroll = panel(25)
    assert scroll.shown_range() == (0, 10)
    assert scroll.max_scroll() == 15
    assert scroll.position() == "lines 1-10 of 25"
    key(scroll, pygame.K_END)
    assert scroll.shown_range() == (15, 25) and scroll.position() == "lines 16-25 of 25"
    key(scroll, pygame.K_PAGEUP)
    assert scroll.scroll == 6
    scroll.scroll_to(99)
    assert scroll.scroll == 15 and scroll.at_end()


def test_the_space_above_a_line_counts_except_at_the_top():
    scroll = panel(25, gap=10 * LINE_SPACING - 0.01)  # half a line: 10 lines high holds 7 lines and their 6 gaps
    assert scroll.shown_range() == (0, 7)
    assert scroll.max_scroll() == 18
    scroll.scroll_to(18)
    assert scroll.shown_range() == (18, 25)


def test_a_short_text_does_not_scroll_and_has_no_bar():
    scroll = panel(4)
    key(scroll, pygame.K_PAGEDOWN)
    assert scroll.scroll == 0 and not scroll.scrolls()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scroll.bar_rect().center)
    assert not scroll.handle_event(click), "no bar to drag"


def test_the_thumb_is_as_tall_as_the_share_shown_and_follows_the_scroll():
    scroll = panel(40)
    bar = scroll.bar_rect()
    assert scroll.thumb_rect().h == bar.h / 4 and scroll.thumb_rect().top == bar.top
    scroll.scroll_to(scroll.max_scroll())
    assert scroll.thumb_rect().bottom == bar.bottom

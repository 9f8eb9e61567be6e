"""A game's rules: headings, paragraphs and bullets in a panel that scrolls, with its bar and position."""
from __future__ import annotations

import pygame

from game.registry import game_info
from lang import N_, _
from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.scroll_panel import Line, ScrollPanel, heading, wrap_block
from sprites.theme import BUTTON_H, CAPTION_SIZE, LINE_SPACING, PANEL_PAD, SPACE, TEXT_DIM, TITLE_SIZE
from sprites.widgets import button_row, draw_panel

PANEL_RECT = pygame.FRect(140, 24, 1000, 672)
BULLET_INDENT = 26
HEADING_WORDS = 5  # a line of at most this many words, not ending a sentence, is a heading
HELP = N_("Wheel, arrows, Page keys, Home/End or the bar scroll")


def is_heading(paragraph: str) -> bool:
    """"Options", "Your turn", "Computer players:" head a section; a sentence or a bullet does not."""
    text = paragraph.strip()
    return (bool(text) and not text.startswith("- ") and not text.endswith((".", "!", "?"))
            and len(text.split()) <= HEADING_WORDS)


def rules_lines(canvas: Canvas, text: str, width: float) -> list[Line]:
    """The rules text as lines: headings, paragraphs with space between them, bullets with a
    hanging indent; wrapped to `width` at the canvas's scale."""
    lines: list[Line] = []
    gap = 0.0
    for paragraph in text.strip().split("\n"):
        if not paragraph.strip():
            gap = SPACE
            continue
        if is_heading(paragraph):
            lines += heading(canvas, paragraph.strip().rstrip(":"), width)
        elif paragraph.startswith("- "):
            lines += wrap_block(canvas, paragraph[2:], width, indent=BULLET_INDENT, gap=max(gap, 3.0), marker="\u2022")
        else:
            lines += wrap_block(canvas, paragraph, width, gap=gap)
        gap = 0.0
    return lines


def translated_rules(text: str) -> str:
    """A game's rules text in the current language: each paragraph (parted by a blank line) is a message."""
    return "\n\n".join(_(paragraph) for paragraph in text.strip().split("\n\n"))


class RulesScene(WidgetScene):
    """The rules text of a game's description, over the dimmed screen below."""

    opaque = False

    def __init__(self, app: Host, game_name: str) -> None:
        super().__init__(app)
        info = game_info(game_name)
        self.title, self.text = info.title, info.rules_text
        x, y, w, h = PANEL_RECT
        button_y = y + h - PANEL_PAD / 2 - BUTTON_H
        body_top = y + SPACE * 3 + TITLE_SIZE
        self.panel = ScrollPanel((x + PANEL_PAD, body_top, w - 2 * PANEL_PAD, button_y - SPACE - body_top))
        self.rect = PANEL_RECT
        self.scale = 0.0  # the canvas scale the lines were wrapped at
        self.group.widgets = button_row([(_("Back"), self.back)], x + w / 2, button_y)

    def relabel(self) -> None:
        self.group.widgets[0].label = _("Back")  # type: ignore[attr-defined]
        self.scale = 0.0  # the text wrapped again, in the new language

    @property
    def lines(self) -> list[str]:
        """The text of the lines, as wrapped for the window."""
        return [line.text for line in self.panel.lines]

    @property
    def scroll(self) -> int:
        return self.panel.scroll

    def handle_event(self, event: pygame.Event) -> None:
        if not self.panel.handle_event(event):
            super().handle_event(event)

    def draw(self, canvas: Canvas) -> None:
        if self.scale != canvas.scale:
            self.scale = canvas.scale
            self.panel.set_lines(rules_lines(canvas, translated_rules(self.text), self.panel.text_width))
        draw_panel(canvas, PANEL_RECT, _("{game}: rules", game=_(self.title)))
        self.panel.draw(canvas)
        x, w = PANEL_RECT.x, PANEL_RECT.w
        back = self.group.widgets[0].rect
        if self.panel.scrolls():
            self.draw_help(canvas, x + PANEL_PAD, back.left - SPACE, back.centery)
        self.panel.draw_position(canvas, (x + w - PANEL_PAD, back.centery))
        super().draw(canvas)

    @staticmethod
    def draw_help(canvas: Canvas, left: float, right: float, centre_y: float) -> None:
        """The scroll keys' help between `left` and `right` (the Back button), wrapped to fit: in a
        small window its text is set larger than its logical size."""
        text = _(HELP)
        lines = canvas.wrap(text, CAPTION_SIZE, right - left)
        step = max(CAPTION_SIZE * LINE_SPACING, canvas.text_size(text, CAPTION_SIZE)[1])
        top = centre_y - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            canvas.text(line, (left, top + step * i), CAPTION_SIZE, TEXT_DIM, anchor="midleft")

"""The settings screen: sound, motion, the window and where tables are hosted on the left; the look of
the cards and the table on the right, with a preview of the chosen card back and felt, and the online
server (wss://...; none: Host online opens tables on this window's own server)."""
from __future__ import annotations

import pygame

from game.cards import Card
from lang import LANGUAGES, N_, _, language
from scenes.base import Host
from scenes.widgets_scene import WidgetScene
from sprites.canvas import Canvas
from sprites.card_faces import DECKS
from sprites.card_sprite import CardSprite
from sprites.faces_backs import BACK_LABELS
from sprites.theme import (
    BUTTON_H,
    CAPTION_SIZE,
    FELT_LABELS,
    MARK,
    PANEL_BORDER,
    PANEL_PAD,
    SPACE,
    TEXT_DIM,
    TITLE_SIZE,
    paint_felt,
)
from sprites.widgets import Choice, Slider, TextField, Widget, button_row, draw_panel
from storage.settings import ANIMATION_SPEEDS, CARD_BACKS, DISCOVERY, FELTS, SERVER_TEXT

ON_OFF = (N_("Off"), N_("On"))
SPEEDS = tuple(ANIMATION_SPEEDS)
SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
DISCOVERY_LABELS = (N_("Off"), N_("This computer only"), N_("Local network"))  # hosting and looking for tables
CODES = tuple(LANGUAGES)
COL_W, COL_GAP, ROW_H, ROW_GAP = 520, 32, 50, 6
PREVIEW_CARD_W = 84
PREVIEW_FACE = Card("french", 12, "diamonds")  # blue in four-colour suits
HELP = N_("Left/Right change  -  Up/Down move  -  Esc back")


class SettingsScene(WidgetScene):
    """Every change applies at once and is saved."""

    opaque = False

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.swatch: tuple[tuple[tuple[int, int], str], pygame.Surface] | None = None  # (size and felt, painted)
        self.build()

    def build(self) -> None:
        """The widgets, worded in the current language (built again when it changes)."""
        s = self.app.settings
        row = (0, 0, COL_W, ROW_H)
        on_off = [_(label) for label in ON_OFF]
        left: list[Widget] = [
            Choice(row, _("Language"), list(LANGUAGES.values()), CODES.index(language()) if language() in CODES else 0,
                   lambda i: self.app.set_language(CODES[i])),
            Slider(row, _("Master volume"), s.volume, self.set_volume),
            Choice(row, _("Sound"), (_("On"), _("Muted")), int(s.muted), lambda i: self.set("muted", i == 1)),
            Choice(row, _("Animation speed"), [_(SPEED_LABELS[v]) for v in SPEEDS], SPEEDS.index(s.animation_speed),
                   lambda i: self.set("animation_speed", SPEEDS[i])),
            Choice(row, _("Reduced motion"), on_off, int(s.reduced_motion),
                   lambda i: self.set("reduced_motion", i == 1)),
            Choice(row, _("Fullscreen"), on_off, int(s.fullscreen), self.set_fullscreen),
            Choice(row, _("Mark legal moves"), on_off, int(s.move_marks), lambda i: self.set("move_marks", i == 1)),
            Choice(row, _("Tables on this network"), [_(label) for label in DISCOVERY_LABELS],
                   DISCOVERY.index(s.discovery), lambda i: self.set("discovery", DISCOVERY[i])),
        ]
        right: list[Widget] = [
            Choice(row, _("Card back"), [_(BACK_LABELS[b]) for b in CARD_BACKS], CARD_BACKS.index(s.card_back),
                   lambda i: self.set("card_back", CARD_BACKS[i])),
            Choice(row, _("Felt"), [_(FELT_LABELS[f]) for f in FELTS], FELTS.index(s.felt),
                   lambda i: self.set("felt", FELTS[i])),
            Choice(row, _("Four-colour suits"), on_off, int(s.four_colour), lambda i: self.set("four_colour", i == 1)),
            TextField(row, _("Online server"), s.online_server, SERVER_TEXT,
                      lambda text: self.set("online_server", text)),
        ]
        columns_h = len(left) * (ROW_H + ROW_GAP) - ROW_GAP  # the preview ends level with the left column
        width = 2 * COL_W + COL_GAP + 2 * PANEL_PAD
        height = SPACE * 3 + TITLE_SIZE + columns_h + SPACE + BUTTON_H + SPACE * 1.5 + CAPTION_SIZE + PANEL_PAD
        self.rect = pygame.FRect(640 - width / 2, 360 - height / 2, width, height)
        top = self.rect.y + SPACE * 3 + TITLE_SIZE
        columns = (right, left) if self.app.canvas.rtl else (left, right)  # the first column where reading starts
        xs = (self.rect.x + PANEL_PAD, self.rect.x + PANEL_PAD + COL_W + COL_GAP)
        for x, column in zip(xs, columns, strict=True):
            for i, widget in enumerate(column):
                widget.rect.topleft = (x, top + i * (ROW_H + ROW_GAP))
        preview_top = top + len(right) * (ROW_H + ROW_GAP)
        self.preview = pygame.FRect(right[0].rect.x, preview_top, COL_W, top + columns_h - preview_top)
        self.cards = self._preview_cards()
        self.group.widgets = left + right + button_row([(_("Done"), self.back)], 640, top + columns_h + SPACE)

    def relabel(self) -> None:
        focus = self.group.focus
        self.build()
        self.group.focus = focus

    def _preview_cards(self) -> list[CardSprite]:
        """Each deck's back and one face, in a row across the preview."""
        count = len(DECKS) + 1
        gap = (self.preview.w - count * PREVIEW_CARD_W) / (count + 1)
        xs = [self.preview.x + gap + PREVIEW_CARD_W / 2 + i * (PREVIEW_CARD_W + gap) for i in range(count)]
        y = self.preview.centery
        cards = [CardSprite(None, x, y, width=PREVIEW_CARD_W, deck=deck) for x, deck in zip(xs, DECKS, strict=False)]
        return [*cards, CardSprite(PREVIEW_FACE, xs[-1], y, True, width=PREVIEW_CARD_W)]

    def set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()

    def set_volume(self, value: float) -> None:
        self.set("volume", value)
        self.app.sounds.play("tick")

    def set_fullscreen(self, index: int) -> None:
        self.app.set_fullscreen(index == 1)
        self.app.apply_settings()

    def draw(self, canvas: Canvas) -> None:
        draw_panel(canvas, self.rect, _("Settings"))
        self.draw_preview(canvas)
        super().draw(canvas)
        help_y = self.group.widgets[-1].rect.bottom + SPACE * 1.5 + CAPTION_SIZE / 2
        canvas.text(_(HELP), (640, help_y), CAPTION_SIZE, TEXT_DIM)

    def draw_preview(self, canvas: Canvas) -> None:
        """The chosen felt with every deck's back on it, and a face marked as a legal move if marks are on."""
        where = canvas.rect(self.preview)
        key = (where.size, self.app.settings.felt)
        if self.swatch is None or self.swatch[0] != key:
            self.swatch = (key, paint_felt(where.size, self.app.settings.felt))
        canvas.blit(self.swatch[1], where)
        canvas.box(PANEL_BORDER, self.preview, width=2, radius=4)
        self.cards[-1].mark = MARK if self.app.settings.move_marks else None
        for card in self.cards:
            card.draw(canvas, self.app.painter)

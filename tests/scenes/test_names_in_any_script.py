"""Players named in Arabic, Greek, Cyrillic and accented Latin see their names on a table's name
plates, every letter drawn (none as the missing-glyph box), the Arabic one shaped."""
from __future__ import annotations

import pytest

from sprites.drawn import FRAME, TEXT
from sprites.theme import WHITE
from sprites.typeset import Typeface, pieces
from tests.glyphs import boxed, found_at, unmapped
from tests.scenes.screens import SCRIPT_NAMES, mid_game

pytestmark = pytest.mark.driver(speed="instant")


def test_every_name_shows_on_a_name_plate_without_a_missing_glyph(driver):
    mid_game("sota", names=SCRIPT_NAMES)(driver)
    canvas = driver.app.canvas
    canvas.inspect()
    try:
        driver.app.draw()
        drawn = list(canvas.drawn)
    finally:
        canvas.inspect(False)
    for name in SCRIPT_NAMES:
        plate = next((n for n in drawn if n.kind == FRAME and n.text == f"plate of {name}"), None)
        assert plate is not None, f"{name} has no name plate"
        texts = [n for n in drawn if n.kind == TEXT and name in n.text]  # the plate's, the status's, the moves'
        assert any(plate.rect.contains(n.rect) for n in texts), f"{name} is not on its plate"
        for note in texts:
            for bold in (False, True):  # the note does not say which weight drew it
                typeface = Typeface(round(note.px or 0), bold)
                assert unmapped(typeface, note.text) == [] and boxed(typeface, note.text) == [], note.text


def test_every_name_shows_in_the_lobby_without_a_missing_glyph(driver):
    """The names of the seats as the lobby of an online table lists them (a real server on loopback)."""
    from net import protocol as p
    from net.client import Client
    from scenes.online.join import join_scene
    from scenes.online.lobby import LobbyScene
    from tests.net.clients import loose_server, server_thread, wait_for
    from tests.net.test_window import button, wait

    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        specs = [p.SeatSpec("you")] + [p.SeatSpec("open")] * (len(SCRIPT_NAMES) - 1)
        host = Client(url, p.Create(p.VERSION, SCRIPT_NAMES[0], "skyjo", specs))
        guests: list[Client] = []
        try:
            code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
            for seat, name in enumerate(SCRIPT_NAMES[1:], 1):
                guests.append(Client(url, p.Join(p.VERSION, code, name)))
                wait_for(guests[-1], lambda n: isinstance(n, p.Welcome))
                guests[-1].send(p.TakeSeat(seat))
            app.push(join_scene(app, f"{url}/{code}"), transition=False)
            driver.click(button(driver.top, "Join").rect.center)
            assert wait(driver, lambda: isinstance(driver.top, LobbyScene) and app.online.lobby is not None
                        and [s.name for s in app.online.lobby.seats] == list(SCRIPT_NAMES), 20)
            driver.until(lambda: app.fade == 0, 5)
            canvas = app.canvas
            canvas.inspect()
            try:
                app.draw()
                drawn = list(canvas.drawn)
            finally:
                canvas.inspect(False)
            for name in SCRIPT_NAMES:
                [line] = [n for n in drawn if n.kind == TEXT and name in n.text]
                typeface = Typeface(round(line.px or 0))
                assert unmapped(typeface, line.text) == [] and boxed(typeface, line.text) == [], line.text
        finally:
            for client in (host, *guests):
                client.close()
            app.leave_online()


def test_an_arabic_name_reads_in_its_place_inside_an_english_notice(driver):
    """"أمينة left: ..." drawn over the table: the paragraph is English (left to right), so the name,
    shaped and read from the right, stands first on the left and the English words follow it."""
    mid_game("sota", names=SCRIPT_NAMES)(driver)
    sentence = "أمينة left: a computer plays for her"
    driver.app.notify(sentence)
    canvas = driver.app.canvas
    canvas.inspect()
    try:
        driver.app.draw()
        [line] = [n for n in canvas.drawn if n.kind == TEXT and n.text == sentence]
    finally:
        canvas.inspect(False)
    typeface = Typeface(round(line.px or 0))
    laid = pieces(typeface.paths, sentence, typeface.rtl)
    assert [(piece.text, piece.rtl) for piece in laid] == [("أمينة", True), (" left: a computer plays for her", False)]
    assert unmapped(typeface, sentence) == [] and boxed(typeface, sentence) == []
    drawn, name = typeface.render(sentence, WHITE), typeface.render("أمينة", WHITE)
    at = found_at(drawn, name)
    assert at and at[0] < name.get_width(), "the name is not first, on the left"
    words = typeface.render("left", WHITE)
    assert min(found_at(drawn, words)) > at[0] + name.get_bounding_rect().w - 2, "the English follows the name"

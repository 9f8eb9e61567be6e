"""The quick phrases at a networked table, in the real window (headless) against a server on a
loopback port: a phrase shows as a speech bubble by its sender's seat while the table is on top, and
in the notice band when a menu is over the table or the table has no place for it."""
from __future__ import annotations

import pygame
import pytest

from game.registry import online_games
from net import protocol as p
from scenes.online.session import PHRASE_TIME
from scenes.online.table import is_online_table
from scenes.plugins import game_scenes, playable_games
from sprites.bubble import bubble_rect, bubble_size
from sprites.drawn import FRAME, TEXT
from tests.net.clients import loose_server, server_thread
from tests.net.test_window import started_with_a_friend, wait

ONLINE_GAMES = online_games()


def bubbles(driver) -> dict[str, pygame.Rect]:
    """The speech bubbles the last frame drew, by their frame's name ("phrase of Bilal")."""
    return {d.text: d.rect for d in driver.app.canvas.drawn if d.kind == FRAME and d.text.startswith("phrase of")}


def text_in(driver, text: str, box: pygame.Rect) -> bool:
    return any(d.kind == TEXT and d.text == text and box.contains(d.rect) for d in driver.app.canvas.drawn)


def at_the_table(driver, url: str, game: str = "skyjo"):
    """The window hosts `game` with a friend (tests/net/test_window.py), its table in full view (the
    transition's veil lifted); returns the friend."""
    friend = started_with_a_friend(driver, url, game=game)
    assert wait(driver, lambda: driver.app.fade == 0, 10)
    return friend


def said(driver, seat: int) -> bool:
    return any(phrase.seat == seat for phrase in driver.app.online.phrases)


def expected_bubble(driver, table, seat: int, text: str) -> pygame.Rect:
    """Where the bubble of `seat` saying `text` belongs: at the seat's anchor (in window pixels)."""
    canvas = driver.app.canvas
    anchor = table.game.seat_anchor(seat)
    assert anchor is not None
    return canvas.rect(bubble_rect(anchor, bubble_size(canvas, text)))


def test_the_registrys_online_games_are_those_with_an_online_table():
    """A game with decisions and a view and move the network sends has an online table; War has none."""
    assert [name for name in playable_games() if game_scenes(name).online is not None] == list(ONLINE_GAMES)
    assert "war" not in ONLINE_GAMES and {"skyjo", "sota"} <= set(ONLINE_GAMES)


@pytest.mark.parametrize("game", ONLINE_GAMES)
def test_a_phrase_shows_by_its_senders_seat_and_in_the_band_under_a_menu(driver, game):
    """The friend's "Nice one" and this window's own F1 "Good game!" show as bubbles at their seats'
    anchors, not in the notice band; with the pause menu over the table they are in the band."""
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, _, _):
        friend = at_the_table(driver, url, game)
        table = driver.top
        assert is_online_table(table)
        friend.client.send(p.Phrase(2))
        assert wait(driver, lambda: said(driver, 1), 10)
        driver.key(pygame.K_F1)
        assert wait(driver, lambda: said(driver, 0), 10)
        driver.frames()
        shown = bubbles(driver)
        assert shown == {"phrase of Bilal": expected_bubble(driver, table, 1, "Nice one"),
                         "phrase of Amina": expected_bubble(driver, table, 0, "Good game!")}
        assert text_in(driver, "Nice one", shown["phrase of Bilal"])
        assert text_in(driver, "Good game!", shown["phrase of Amina"])
        assert app.online.notices() == []

        driver.key(pygame.K_ESCAPE)  # the pause menu over the table
        assert wait(driver, lambda: app.fade == 0, 10) and driver.top is not table
        assert app.online.notices() == ["Bilal: Nice one", "Amina: Good game!"]
        assert text_in(driver, "Bilal: Nice one", app.canvas.rect((0, 0, 1280, 720)))
        assert bubbles(driver) == {}
        driver.key(pygame.K_ESCAPE)
        assert wait(driver, lambda: app.fade == 0, 10) and driver.top is table
        assert app.online.notices() == [] and len(bubbles(driver)) == 2
        friend.client.close()


def test_a_newer_phrase_replaces_the_bubble_and_it_goes_after_its_time(driver):
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, _, _):
        friend = at_the_table(driver, url)
        friend.client.send(p.Phrase(2))
        assert wait(driver, lambda: said(driver, 1), 10)
        friend.client.send(p.Phrase(3))
        assert wait(driver, lambda: [ph.text for ph in app.online.phrases] == ["Oops"], 10)
        driver.frames()
        [box] = bubbles(driver).values()
        assert text_in(driver, "Oops", box) and not text_in(driver, "Nice one", box)
        driver.run(PHRASE_TIME)
        assert app.online.phrases == [] and bubbles(driver) == {}
        friend.client.close()


def test_a_seat_the_table_has_no_place_for_says_its_phrase_in_the_band(driver, monkeypatch):
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, _, _):
        friend = at_the_table(driver, url)
        monkeypatch.setattr(driver.top.game, "seat_anchor", lambda seat: None)
        friend.client.send(p.Phrase(1))
        assert wait(driver, lambda: said(driver, 1), 10)
        driver.frames()
        assert app.online.notices() == ["Bilal: Your turn"] and bubbles(driver) == {}
        friend.client.close()


def test_behind_the_pass_screen_a_phrase_is_said_in_the_band(driver):
    """The pass screen hides the table (several players at this screen): no bubble by a hidden seat."""
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, _, _):
        friend = at_the_table(driver, url)
        driver.top.seating.pass_to = 0
        friend.client.send(p.Phrase(3))
        assert wait(driver, lambda: said(driver, 1), 10)
        driver.frames()
        assert app.online.notices() == ["Bilal: Oops"] and bubbles(driver) == {}
        friend.client.close()


def test_one_phrase_ending_of_two_redraws_the_window(driver):
    """The loop draws only when asked: a bubble that ends while another stays asks for a frame."""
    from scenes.online.session import Phrase

    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = at_the_table(driver, url)
        app.online.phrases = [Phrase(0, "Oops", 0.01), Phrase(1, "Nice one", PHRASE_TIME)]
        app.dirty = False
        app.online.poll(0.02)
        assert [ph.seat for ph in app.online.phrases] == [1] and app.dirty
        friend.client.close()

"""The manners of a card room at the table, in the real window (headless) against a server on a
loopback port: the turn clock by the seat to move (counted by the frames, not the wall clock), in a
player's window and a watcher's; name plates marked away, back, lost connection and left; on the
result screen the phrases, the end of autoplay, and Play again as a vote."""
from __future__ import annotations

import time

import pygame

from net import protocol as p
from net.client import Client
from scenes.online.lobby import LobbyScene
from scenes.online.marks import AWAY, BACK, LEFT, LOST
from scenes.online.session import OnlineSession
from scenes.online.table import is_online_table
from scenes.result import ResultScene
from sprites.drawn import FRAME, TEXT
from sprites.turn_timer import clock_text
from tests.net.clients import loose_server, server_thread, wait_for
from tests.net.test_window import Friend, button, wait
from tests.scenes.collisions import overlap

WAIT_S = 10
TURN_S = 30
GAME_S = 120
# as wide as the room right of Bilal's plate at a Skyjo table's top (where it covered his turn clock)
CLOCK_NOTICES = ("Chen lost connection: waiting 0:45 for him to come back again",)


def drawn(driver, kind: str) -> list:
    return [d for d in driver.app.canvas.drawn if d.kind == kind]


def framed(driver, name: str):
    """The box of the frame named `name` the last frame drew, or None."""
    return next((d.rect for d in drawn(driver, FRAME) if d.text == name), None)


def text_in_frame(driver, frame: str) -> list[str]:
    box = framed(driver, frame)
    return [d.text for d in drawn(driver, TEXT) if box is not None and box.contains(d.rect)]


def hosted_with_a_friend(driver, url: str, turn_s: int = TURN_S, game: str = "sota") -> Friend:
    """The window hosts `game` for itself and Bilal (another connection) with a turn time; started."""
    app = driver.app
    app.canvas.inspect()
    specs = [p.SeatSpec("you"), p.SeatSpec("open")]
    app.online = OnlineSession(app, url, p.Create(p.VERSION, "Amina", game, specs, turn_s=turn_s))
    app.push(LobbyScene(app, game), transition=False)
    assert wait(driver, lambda: bool(app.online.code), WAIT_S)
    friend = Friend(url, app.online.code, 1, game)
    assert wait(driver, lambda: app.online.lobby.seats[1].kind == "human", WAIT_S)
    driver.click(button(driver.top, "Start").rect.center)
    assert wait(driver, lambda: is_online_table(driver.top) and driver.app.fade == 0, WAIT_S)
    return friend


def played_to_the_result(driver, table, friend: Friend) -> None:
    """The friend plays his turns (this window's computer plays its own) until the result is on top."""
    deadline = time.monotonic() + GAME_S
    while not (table.match.is_over and isinstance(driver.top, ResultScene)) and time.monotonic() < deadline:
        friend.take()
        driver.frames(3)
    assert table.match.is_over and isinstance(driver.top, ResultScene), "the game did not end in time"


def test_the_turn_clock_shows_by_the_seat_to_move_and_counts_down_with_the_frames(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, server, _):
        hosted_with_a_friend(driver, url)
        table = driver.top
        assert wait(driver, lambda: app.online.turn_left is not None, WAIT_S)
        seat, left = app.online.turn_left
        assert seat == table.match.to_move and TURN_S - 1 < left <= TURN_S
        assert server.tables[app.online.code].turn_s == TURN_S  # the host's choice, not the server's
        name = table.seats[seat].name
        driver.frames()
        assert clock_text(app.online.turn_left[1]) in text_in_frame(driver, f"turn clock of {name}")

        start = app.online.turn_left[1]
        driver.frames(90)  # 1.5 s of frames (harness DT): the clock counts what the frames say
        assert abs(app.online.turn_left[1] - (start - 1.5)) < 1e-6
        assert text_in_frame(driver, f"turn clock of {name}") == [clock_text(start - 1.5)]
        clocks = [d.text for d in drawn(driver, FRAME) if d.text.startswith("turn clock of")]
        assert clocks == [f"turn clock of {name}"]  # one clock: the seat to move's


def test_a_state_of_the_same_position_keeps_the_turn_clock(driver):
    """Bilal leaving sends everyone a State of the same position (a computer plays for him now): the
    clock of Amina's turn goes on."""
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = hosted_with_a_friend(driver, url)
        table = driver.top
        assert wait(driver, lambda: friend.take() or table.match.to_move == 0, WAIT_S)  # (Bilal plays his turn)
        assert wait(driver, lambda: app.online.turn_left is not None and app.online.turn_left[0] == 0, WAIT_S)
        position = table.match.moves_played
        friend.client.send(p.Leave())
        assert wait(driver, lambda: app.online.seat_mark(1) == LEFT, WAIT_S)
        noted = lambda: table.match.history[-1].startswith("Bilal left")  # noqa: E731
        assert wait(driver, lambda: app.online.position == position and noted(), WAIT_S)
        assert app.online.turn_left is not None and app.online.turn_left[0] == 0


def test_a_watchers_window_shows_the_turn_clock_too(driver):
    app = driver.app
    app.canvas.inspect()
    with server_thread(loose_server()) as (url, _, _):
        specs = [p.SeatSpec("you"), p.SeatSpec("computer")]
        host = Client(url, p.Create(p.VERSION, "Amina", "sota", specs, turn_s=TURN_S))
        code = wait_for(host, lambda n: isinstance(n, p.Welcome)).code
        host.send(p.Start())
        wait_for(host, lambda n: isinstance(n, p.State))
        app.online = OnlineSession(app, url, p.Join(p.VERSION, code, "Dana", watch=True))
        app.push(LobbyScene(app, "sota"), transition=False)
        assert wait(driver, lambda: is_online_table(driver.top) and app.fade == 0, WAIT_S)
        assert wait(driver, lambda: app.online.turn_left is not None and app.online.turn_left[0] == 0, WAIT_S)
        driver.frames()
        assert text_in_frame(driver, "turn clock of Amina") == [clock_text(app.online.turn_left[1])]
        host.close()


def test_name_plates_mark_away_back_lost_and_left_at_once(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = hosted_with_a_friend(driver, url, turn_s=0)
        online = app.online
        code, token = online.code, friend.welcome.token

        def marked(mark: str | None) -> bool:
            return online.seat_mark(1) == mark

        friend.client.send(p.Autoplay(True))  # Bilal's window plays for him
        assert wait(driver, lambda: marked(AWAY), WAIT_S)
        driver.frames()
        assert text_in_frame(driver, "mark of Bilal") == [AWAY]
        friend.client.send(p.Autoplay(False))
        assert wait(driver, lambda: marked(BACK), WAIT_S)

        friend.client.close()  # his connection drops
        assert wait(driver, lambda: marked(LOST), WAIT_S)
        driver.frames()
        assert text_in_frame(driver, "mark of Bilal") == [LOST]
        again = Client(url, p.Join(p.VERSION, code, "Bilal", token))
        assert wait(driver, lambda: marked(BACK), WAIT_S)
        driver.frames()
        assert text_in_frame(driver, "mark of Bilal") == [BACK]

        again.send(p.Leave())  # he leaves on purpose
        assert wait(driver, lambda: marked(LEFT), WAIT_S)
        driver.frames()
        assert text_in_frame(driver, "mark of Bilal") == [LEFT]
        assert "Bilal left: a computer plays for them" in online.notices()
        assert not any("lost connection" in line for line in online.notices())


def test_on_the_result_screen_phrases_work_autoplay_ends_and_another_game_deals_once_both_asked(driver):
    app = driver.app
    app.settings.animation_speed = "fast"
    with server_thread(loose_server()) as (url, server, _):
        friend = hosted_with_a_friend(driver, url, turn_s=0)
        table, online = driver.top, app.online
        driver.key(pygame.K_a)  # this window's computer plays Amina's turns
        assert online.autoplay
        assert wait(driver, lambda: server.tables[online.code].places[0].autoplay, WAIT_S)  # Bilal sees Amina away
        played_to_the_result(driver, table, friend)
        assert not online.autoplay  # autoplay ends with the game
        assert wait(driver, lambda: not server.tables[online.code].places[0].autoplay, WAIT_S)

        driver.key(pygame.K_F1)  # "Good game!" on the result screen
        said = wait_for(friend.client, lambda n: isinstance(n, p.Said))
        assert (said.seat, said.phrase) == (0, 0)

        friend.client.send(p.Again())
        assert wait(driver, lambda: "Another game? Bilal asked (1 of 2): Play again to agree" in online.notices(),
                    WAIT_S)
        assert not is_online_table(driver.top)  # no deal until every player asked
        result = driver.top
        driver.click(button(result, "Play again").rect.center)
        assert wait(driver, lambda: is_online_table(driver.top) and driver.top is not table, WAIT_S)
        assert not driver.top.match.is_over and not online.vote_line()


def test_a_player_who_asks_first_keeps_the_result_and_reads_whom_it_waits_for(driver):
    app = driver.app
    app.settings.animation_speed = "fast"
    with server_thread(loose_server()) as (url, _, _):
        friend = hosted_with_a_friend(driver, url, turn_s=0)
        table, online = driver.top, app.online
        online.set_autoplay(True)
        played_to_the_result(driver, table, friend)
        driver.click(button(driver.top, "Play again").rect.center)
        assert wait(driver, lambda: "Another game: you asked (1 of 2), waiting for Bilal" in online.notices(), WAIT_S)
        assert isinstance(driver.top, ResultScene) and driver.top.cascade is None  # the result stays, quiet
        assert app.scenes[-2] is table
        friend.client.send(p.Again())
        assert wait(driver, lambda: is_online_table(driver.top) and driver.top is not table, WAIT_S)
        assert not any(isinstance(scene, ResultScene) for scene in app.scenes)


def test_no_notice_hides_the_turn_clock_or_a_mark_by_a_plate(driver):
    """The host's window with notices along the top (a computer plays for Amina; one as wide as the room
    right of Bilal's plate, where it covered his turn clock): the clock and the marks show whole."""
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = hosted_with_a_friend(driver, url, game="skyjo")
        app.online.set_autoplay(True)  # Amina's turns are played by her window; Bilal's wait for him
        assert wait(driver, lambda: app.online.turn_left is not None and app.online.turn_left[0] == 1, WAIT_S)
        for text in CLOCK_NOTICES:
            app.notify(text)
        driver.frames(2)
        clock = framed(driver, "turn clock of Bilal")
        assert clock is not None and clock.top < 360  # by his plate, at the top of the window
        notices = [d.rect for d in drawn(driver, FRAME) if d.text == "notice"]
        assert len(notices) == len(CLOCK_NOTICES) + 1  # (the autoplay's own line)
        tags = [d.rect for d in drawn(driver, FRAME) if d.text.startswith(("turn clock of", "mark of"))]
        assert not [box for box in notices if any(overlap(box, tag) for tag in tags)]
        friend.client.close()


def test_a_window_on_autoplay_says_so_again_when_its_connection_comes_back(driver):
    app = driver.app
    with server_thread(loose_server()) as (url, server, loop):
        friend = hosted_with_a_friend(driver, url)
        table = server.tables[app.online.code]
        app.online.set_autoplay(True)
        assert wait(driver, lambda: table.places[0].autoplay, WAIT_S)
        dropped = table.places[0].conn
        loop.call_soon_threadsafe(dropped.ws.transport.abort)  # the window's connection breaks
        assert wait(driver, lambda: table.places[0].conn not in (None, dropped), WAIT_S)  # it came back by itself
        assert wait(driver, lambda: table.places[0].autoplay and app.online.lobby.seats[0].autoplay, WAIT_S)
        friend.client.close()

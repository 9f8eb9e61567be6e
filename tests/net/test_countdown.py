"""The lost-connection countdown ticks by itself: with no input at all (App.step given no events, as
`run` gives it when nothing was typed or clicked), the frame after each pass shows the second the
wait is at, never an earlier one. The session's clock is a fake one, moved on with the frames."""
from __future__ import annotations

import types

from scenes.online import session
from sprites.drawn import TEXT
from tests.net.clients import loose_server, server_thread
from tests.net.test_window import started_with_a_friend, wait

DT = 0.05  # seconds a frame
SECONDS = 5.0  # of the countdown watched


class FakeTime:
    """`time` as the session reads it: `monotonic` moved on by hand."""

    def __init__(self, start: float) -> None:
        self.now = start

    def monotonic(self) -> float:
        return self.now


def test_the_lost_connection_countdown_is_drawn_as_each_second_passes_with_no_input(driver, monkeypatch):
    app = driver.app
    with server_thread(loose_server()) as (url, _, _):
        friend = started_with_a_friend(driver, url, wait_s=30)
        clock = FakeTime(1000.25)
        monkeypatch.setattr(session, "time", types.SimpleNamespace(monotonic=clock.monotonic))
        friend.client.close()
        assert wait(driver, lambda: 1 in app.online.lost, 10)
        assert wait(driver, lambda: app.top.next_frame() != 0 and not app.dirty, 10)  # nothing moves
        app.canvas.inspect()
        app.draw()  # the picture at rest, its notes kept
        seconds: set[str] = set()
        try:
            for _ in range(round(SECONDS / DT)):
                clock.now += DT
                app.step(DT, [])  # nothing typed or clicked
                drawn = [n.text for n in app.canvas.drawn  # the notices' (a name plate is marked too)
                         if n.kind == TEXT and n.layer[:1] == ("notices",) and "lost connection" in n.text]
                now = [line for line in app.online.notices() if "lost connection" in line]
                assert drawn == now, f"{clock.now - 1000.25:.2f} s on, the window shows {drawn}, not {now}"
                seconds.update(now)
        finally:
            app.canvas.inspect(False)
        assert len(seconds) >= SECONDS, seconds

"""Hosting again on the same port starts a fresh table: a table abandoned earlier (its host gone to
the menu, its server stopped) is not brought back with it; the Join screen still offers it."""
from __future__ import annotations

import pygame

from game.seats import Seat
from net import protocol as p
from net.client import Client
from scenes.online import lobby
from scenes.online.join import hosted_tables
from scenes.online.table import is_online_table
from tests.net.clients import wait_for
from tests.net.test_friends import free_port
from tests.net.test_window import button, wait

WAIT_S = 30.0
SEATS = [Seat("Amina"), Seat("Omar", "computer", "easy")]


def hosted_table(driver) -> tuple[str, lobby.HostServer]:
    """Host a table of Skyjo and start it; its code and server."""
    app = driver.app
    app.push(lobby.host_lobby(app, "skyjo", SEATS, {}), transition=False)
    assert wait(driver, lambda: app.online is not None and app.online.lobby is not None, WAIT_S)
    driver.click(button(driver.top, "Start").rect.center)
    assert wait(driver, lambda: is_online_table(driver.top), WAIT_S)
    return app.online.code, app.online.server


def test_hosting_again_on_the_same_port_starts_a_fresh_table_not_the_abandoned_one(driver, monkeypatch):
    port = free_port()
    monkeypatch.setattr(lobby, "SERVE_PORT", port)
    app = driver.app
    servers = []
    try:
        old_code, old_server = hosted_table(driver)
        servers.append(old_server)
        app.to_menu()  # the host leaves the game...
        old_server.stop()  # ...and its server ends (nobody was left)
        assert [t.code for t in hosted_tables(app)] == [old_code]  # kept: the Join screen offers it

        code, server = hosted_table(driver)
        servers.append(server)
        assert server.port == port and code != old_code
        asking = Client(server.url, p.Join(p.VERSION, old_code, "Bilal"))
        try:
            refused = wait_for(asking, lambda n: isinstance(n, p.Refused))
            assert old_code in refused.reason  # the new server knows only the new table
        finally:
            asking.close()
        assert old_code in [t.code for t in hosted_tables(app)]  # still offered, to take up on purpose
    finally:
        app.leave_online()
        for server in servers:
            server.stop()
        pygame.event.clear()

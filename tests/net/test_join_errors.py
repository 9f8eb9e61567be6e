"""The Join screen against a real server process on loopback (`main.py --serve`), in the real window
(headless): every kind of address joins or is refused with a sentence, at once and never a hang; a
wrong code is said long before the join's own time runs out; what was typed stays; no exception's
words ever show; after a refusal the next join works (no connection left behind, none dead)."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from lang import ENGLISH, set_language
from lang.words import W_
from net import protocol as p
from net.client import Client, said
from net.server import JOIN_S
from scenes.online import join as join_module
from scenes.online.join import JoinScene
from scenes.online.lobby import LobbyScene
from sprites.drawn import TEXT
from tests.net.clients import server_process, wait_for
from tests.net.test_friends import field, free_port, type_into
from tests.net.test_window import wait
from tests.scenes.collisions import noted_frame

ANSWER_S = 10.0  # a bounded wait, a third of the join's own time (JOIN_S): a refusal comes at once
EXCEPTION_WORDS = ("Errno", "Traceback", "Error", "Exception", "errno", "Connect call failed", "SSL")
assert ANSWER_S < JOIN_S


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, str]]:
    """A server process on a free loopback port, with a table of Skyjo open on it: (url, code)."""
    with server_process() as (_, url):
        host = Client(url, p.Create(p.VERSION, "Amina", "skyjo", [p.SeatSpec("you"), p.SeatSpec("open")]))
        try:
            yield url, wait_for(host, lambda n: isinstance(n, p.Welcome)).code
        finally:
            host.close()


def shown_texts(driver) -> list[str]:
    return [n.text for n in noted_frame(driver.app) if n.kind == TEXT]


def typed_join(driver, code: str, address: str, enter_in: str = "Code") -> JoinScene:
    """The Join screen with `code` and `address` typed in its fields, Enter pressed in the field
    `enter_in` (typed last)."""
    join = JoinScene(driver.app)
    driver.app.push(join, transition=False)
    typed = {"Code": code, "Address": address}
    for label in sorted(typed, key=lambda label: label == enter_in):
        type_into(driver, join, label, typed[label])
    driver.key(pygame.K_RETURN)
    return join


def refused(driver, join: JoinScene) -> str:
    """The sentence the Join screen says, once said (asserted: within ANSWER_S, before JOIN_S)."""
    assert wait(driver, lambda: join.error != "" and join.asking is None, ANSWER_S), "no answer: a hang"
    assert driver.top is join and driver.app.online is None
    shown = shown_texts(driver)
    assert join.error in shown
    assert not [t for t in shown if any(word in t for word in EXCEPTION_WORDS)], shown
    return join.error


@pytest.mark.parametrize("enter_in", ["Code", "Address"])
def test_a_wrong_code_is_said_long_before_the_join_times_out_and_the_typing_stays(driver, server, enter_in):
    url, _ = server
    join = typed_join(driver, "zz zz zz", url, enter_in)
    assert join.group.focused is field(join, enter_in)
    assert refused(driver, join) == "No table with code ZZZZZZ."
    assert (field(join, "Code").text, field(join, "Address").text) == ("zz zz zz", url)


def test_a_port_nothing_answers_at_is_said_in_words(driver):
    port = free_port()
    join = typed_join(driver, "ABC234", f"127.0.0.1:{port}")
    assert refused(driver, join) == (f"Nothing answers at 127.0.0.1:{port}: is the host's game open, "
                                     "and the port forwarded?")


@pytest.mark.parametrize("written", ["{host}:{port}", "ws://{host}:{port}", "http://{host}:{port}/",
                                     "WS://{host}:{port}/", "{host}", "  {host}:{port}  "])
def test_every_way_of_writing_the_address_joins(driver, server, monkeypatch, written):
    url, code = server
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    monkeypatch.setattr(join_module, "SERVE_PORT", int(port))  # a bare address means the usual port
    typed_join(driver, f"{code[:3].lower()} {code[3:]}", written.format(host=host, port=port))
    assert wait(driver, lambda: isinstance(driver.top, LobbyScene), ANSWER_S)
    assert driver.app.online is not None and driver.app.online.code == code
    driver.app.leave_online()


@pytest.mark.parametrize("scheme", ["wss", "https"])
def test_an_encrypted_address_to_a_plain_server_is_refused_in_words_and_the_next_join_works(driver, server, scheme):
    url, code = server
    address = url.replace("ws://", f"{scheme}://")
    join = typed_join(driver, code, address)
    said = refused(driver, join)
    assert said == "The connection was cut while it was being encrypted: the server's address may be ws://, not wss://."
    assert field(join, "Address").text == address
    typed_join(driver, code, url)  # the right address: it joins
    assert wait(driver, lambda: isinstance(driver.top, LobbyScene), ANSWER_S)
    driver.app.leave_online()


@pytest.mark.parametrize("address", ["ftp://127.0.0.1", "127.0.0.1:99999", "my host", "http://", "ws://[::1"])
def test_an_address_that_cannot_be_one_is_refused_at_once_with_a_sentence(driver, address):
    join = typed_join(driver, "ABC234", address)
    assert join.asking is None  # nothing was tried
    said = refused(driver, join)
    assert said.endswith(".") and field(join, "Address").text == address


def test_a_server_refusal_reaches_a_french_window_in_french(driver, server):
    """The server words its refusal as Words (English beside them, for its log and earlier windows):
    a French window says it in French, whatever language the server runs in."""
    url, _ = server
    set_language("fr")
    try:
        join = JoinScene(driver.app)
        driver.app.push(join, transition=False)
        type_into(driver, join, "Adresse", url)
        type_into(driver, join, "Code", "zz zz zz")
        driver.key(pygame.K_RETURN)
        assert refused(driver, join) == "Aucune table avec le code ZZZZZZ."
        join.error = ""
        type_into(driver, join, "Adresse", "wss://")  # typed after the address: not an address
        driver.key(pygame.K_RETURN)
        assert join.error.endswith("n'est pas une adresse : écrivez-la sous la forme hôte, hôte:port, ws://hôte:port "
                                   "ou wss://hôte, le port étant un nombre de 1 à 65535."), join.error  # its own words
    finally:
        set_language(ENGLISH)


def test_the_version_refusal_of_a_server_before_worded_reasons_is_worded_all_the_same():
    """A server of an earlier protocol sends its version refusal without Words: the window words it."""
    earlier = p.Bye("this server runs another version of Card Arcade (protocol 2, yours 3): install the same "
                    "version as its host")
    set_language("de")
    try:
        assert str(said(earlier)) == ("dieser Server läuft mit einer anderen Version von Card Arcade (Protokoll 2, "
                                      "deins 3): installiere dieselbe Version wie der Gastgeber")
        assert str(said(p.Bye("something a newer server says"))) == "something a newer server says"
        assert str(said(p.bye(W_("no table with code {code}", code="ABC234")))) == "kein Tisch mit dem Code ABC234"
    finally:
        set_language(ENGLISH)

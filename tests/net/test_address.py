"""Typed addresses understood or refused with a sentence, failures said in words, invite links."""
from __future__ import annotations

import socket

import pytest

from net import protocol as p
from net.address import AddressError, checked_url, unreachable
from net.client import Client, Ended
from net.invite import Invite, clean_code, invite_line, invite_link, is_link, parse_link
from tests.net.clients import wait_for


@pytest.mark.parametrize(("typed", "url"), [
    ("http://127.0.0.1:8765/", "ws://127.0.0.1:8765/"), ("https://cards.example.org", "wss://cards.example.org"),
    ("ws://127.0.0.1:9", "ws://127.0.0.1:9"), ("WSS://cards.example.org:8443", "wss://cards.example.org:8443"),
    (" 192.0.2.7 ", "ws://192.0.2.7:8765"), ("host.lan:9000", "ws://host.lan:9000"), ("fd00::2", "ws://[fd00::2]:8765")])
def test_every_kind_of_address_is_understood(typed, url):
    assert checked_url(typed, 8765) == url


@pytest.mark.parametrize(("typed", "said"), [
    ("ftp://127.0.0.1", "Card Arcade does not join through ftp:// addresses"),
    ("127.0.0.1:abc", "127.0.0.1:abc is not an address"), ("127.0.0.1:99999", "127.0.0.1:99999 is not an address"),
    ("ws://[::1", "ws://[::1 is not an address"), ("my host", "An address has no spaces"),
    ("http://", "The address has no host")])
def test_an_address_that_cannot_be_one_is_refused_with_a_sentence(typed, said):
    with pytest.raises(AddressError) as refused:
        checked_url(typed, 8765)
    assert str(refused.value).startswith(said) and str(refused.value).endswith(".")


def test_connection_failures_are_said_in_words():
    url = "ws://127.0.0.1:9999"
    assert str(unreachable(ConnectionRefusedError(111, "Connect call failed"), url)) == (
        "Nothing answers at 127.0.0.1:9999: is the host's game open, and the port forwarded?")
    assert str(unreachable(socket.gaierror(-2, "Name or service not known"), "ws://nowhere.invalid:1")) == (
        "No computer is found by the name nowhere.invalid: check the address.")
    assert "Errno" not in str(unreachable(OSError(101, "Network is unreachable"), url))


def test_a_port_out_of_range_ends_the_connection_in_words_not_the_network_thread():
    client = Client("ws://127.0.0.1:99999", p.Join(p.VERSION, "ABC234", "Bilal"))
    try:
        assert str(wait_for(client, lambda n: isinstance(n, Ended)).reason) == "That is not a server address."
    finally:
        client.close()


def test_a_code_ignores_spaces_dashes_and_case():
    assert clean_code(" ab c-23 4 ") == "ABC234"


@pytest.mark.parametrize("server", ["", "ws://203.0.113.5:8765", "wss://cards.example.org", "ws://[fd00::2]:8765"])
def test_an_invite_link_gives_back_its_code_and_server(server):
    invite = Invite("ABC234", server)
    assert parse_link(invite_link(invite)) == invite
    assert invite_link(invite) in invite_line(invite) and "ABC234" in invite_line(invite)


@pytest.mark.parametrize("link", ["cardarcade://join/ABC", "cardarcade://host/ABC234", "cardarcade:join",
                                  "cardarcade://join/ABC234?server=a&server=b"])
def test_a_link_that_is_no_invite_is_refused_with_a_sentence(link):
    with pytest.raises(AddressError, match="That link is not a Card Arcade invite"):
        parse_link(link)


def test_a_link_typed_by_hand_may_have_small_letters_and_escaped_spaces():
    assert parse_link("CardArcade://JOIN/abc%20234?server=ws://127.0.0.1:8765") == Invite("ABC234", "ws://127.0.0.1:8765")


def test_the_whole_invite_line_holds_its_link():
    """A friend pastes the line the host sent, words and all: the link in it is read."""
    invite = Invite("ABC234", "ws://203.0.113.5:8765")
    assert is_link(invite_line(invite)) and parse_link(invite_line(invite)) == invite
    assert not is_link("ws://203.0.113.5:8765")

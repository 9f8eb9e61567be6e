"""A typed server address as a WebSocket URL, or the sentence saying why it is not one; and why
connecting to a server failed, in words a player reads (never Python's)."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from lang.words import MAX_TEXT, W_, Words

SCHEMES = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}  # a typed address's scheme: the URL's
HOW = W_("type it as host, host:port, ws://host:port or wss://host")


class AddressError(ValueError):
    """A typed address that cannot be a server's; its Words (`words`, and its text in the language of
    the moment) are the sentence a player reads."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


def server_url(text: str, port: int) -> str:
    """A typed address as a WebSocket URL: "host", "host:port", a whole ws:// or wss:// URL, or an
    http:// or https:// one (a server behind a web server's encryption: https:// becomes wss://).
    Not checked: see `checked_url`."""
    text = text.strip()
    scheme, _, rest = text.partition("://")
    if rest and scheme.lower() in SCHEMES:
        return f"{SCHEMES[scheme.lower()]}://{rest}"
    if text.count(":") == 1 or text.startswith("["):
        return f"ws://{text}"
    if ":" in text:  # a bare IPv6 address
        return f"ws://[{text}]:{port}"
    return f"ws://{text}:{port}"


def checked_url(text: str, port: int) -> str:
    """`server_url(text, port)` once it is sure to be one; AddressError (a sentence) if it cannot be."""
    text = text.strip()
    scheme, sep, rest = text.partition("://")
    if sep and scheme.lower() not in SCHEMES:
        raise AddressError(W_("Card Arcade does not join through {scheme}:// addresses: {how}.", scheme=scheme[:20],
                              how=HOW))
    if sep and not rest.strip("/"):
        raise AddressError(W_("The address has no host: {how}.", how=HOW))
    if any(ch.isspace() for ch in text):
        raise AddressError(W_("An address has no spaces: {how}.", how=HOW))
    url = server_url(text, port)
    try:
        parts = urlsplit(url)
        number = parts.port
    except ValueError:
        raise AddressError(W_("{text} is not an address: {how}, the port a number from 1 to 65535.", text=text[:100],
                              how=HOW)) from None
    if not parts.hostname:
        raise AddressError(W_("The address has no host: {how}.", how=HOW))
    if number is not None and not 0 < number < 65536:
        raise AddressError(W_("A port is a number from 1 to 65535: {text} is not an address.", text=text[:100]))
    return url


def shown(url: str) -> str:
    """A server URL as a player reads it: host:port for ws://, the whole URL for wss://."""
    parts = urlsplit(url)
    return parts.netloc if parts.scheme == "ws" else url.rstrip("/")


def unreachable(exc: BaseException, url: str) -> Words:
    """Why connecting to `url` failed, as a sentence."""
    where = shown(url)[:MAX_TEXT]
    if isinstance(exc, ConnectionRefusedError):
        return W_("Nothing answers at {address}: is the host's game open, and the port forwarded?", address=where)
    if isinstance(exc, socket.gaierror):
        return W_("No computer is found by the name {name}: check the address.",
                  name=str(urlsplit(url).hostname)[:MAX_TEXT])
    if isinstance(exc, TimeoutError):
        return W_("{address} does not answer: is the host's game open, and the port forwarded?", address=where)
    if isinstance(exc, InvalidHandshake):
        return W_("Something answers at {address}, but not a Card Arcade server: check the address and port.",
                  address=where)
    if isinstance(exc, ConnectionClosed):
        return W_("The connection to {address} was lost.", address=where)
    if isinstance(exc, OSError) and exc.strerror:
        return W_("{address} cannot be reached ({problem}).", address=where, problem=exc.strerror.lower()[:MAX_TEXT])
    return W_("{address} cannot be reached.", address=where)

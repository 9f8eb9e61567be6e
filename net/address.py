"""A typed server address as a WebSocket URL, or the sentence saying why it is not one; and why
connecting to a server failed, in words a player reads (never Python's)."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake

SCHEMES = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}  # a typed address's scheme: the URL's
HOW = "type it as host, host:port, ws://host:port or wss://host"


class AddressError(ValueError):
    """A typed address that cannot be a server's; its text is the sentence a player reads."""


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
        raise AddressError(f"Card Arcade does not join through {scheme}:// addresses: {HOW}.")
    if sep and not rest.strip("/"):
        raise AddressError(f"The address has no host: {HOW}.")
    if any(ch.isspace() for ch in text):
        raise AddressError(f"An address has no spaces: {HOW}.")
    url = server_url(text, port)
    try:
        parts = urlsplit(url)
        number = parts.port
    except ValueError:
        raise AddressError(f"{text} is not an address: {HOW}, the port a number from 1 to 65535.") from None
    if not parts.hostname:
        raise AddressError(f"The address has no host: {HOW}.")
    if number is not None and not 0 < number < 65536:
        raise AddressError(f"A port is a number from 1 to 65535: {text} is not an address.")
    return url


def shown(url: str) -> str:
    """A server URL as a player reads it: host:port for ws://, the whole URL for wss://."""
    parts = urlsplit(url)
    return parts.netloc if parts.scheme == "ws" else url.rstrip("/")


def unreachable(exc: BaseException, url: str) -> str:
    """Why connecting to `url` failed, as a sentence."""
    where = shown(url)
    if isinstance(exc, ConnectionRefusedError):
        return f"Nothing answers at {where}: is the host's game open, and the port forwarded?"
    if isinstance(exc, socket.gaierror):
        return f"No computer is found by the name {urlsplit(url).hostname}: check the address."
    if isinstance(exc, TimeoutError):
        return f"{where} does not answer: is the host's game open, and the port forwarded?"
    if isinstance(exc, InvalidHandshake):
        return f"Something answers at {where}, but not a Card Arcade server: check the address and port."
    if isinstance(exc, ConnectionClosed):
        return f"The connection to {where} was lost."
    return f"{where} cannot be reached ({exc.strerror.lower()})." if isinstance(exc, OSError) and exc.strerror \
        else f"{where} cannot be reached."

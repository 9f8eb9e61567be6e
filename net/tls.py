"""Encrypted connections (wss://): the server's TLS context from a certificate and key, the clients'
context that checks the server's certificate, and the one sentence a player reads when that check fails.

A client trusts the system's certificate authorities (SSL_CERT_FILE and SSL_CERT_DIR change where
those are read from), and also those in the file CA_ENV names: a server with a certificate of its
own making, or a test's.
"""
from __future__ import annotations

import functools
import os
import ssl
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from lang.words import W_, Words
from net.address import unreachable

CA_ENV = "CARD_ARCADE_CA"  # a PEM file of certificate authorities a client trusts as well as the system's
CUT_SHORT = (ssl.SSLEOFError, ssl.SSLZeroReturnError, ssl.SSLSyscallError)  # a handshake cut: try again


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """The server's side: TLS 1.2 or newer with this certificate chain and key (OSError or
    ssl.SSLError if they cannot be read or do not go together)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def client_context() -> ssl.SSLContext:
    """A client's side: the server's certificate must be valid for its name, signed by an authority
    the system trusts or one in CA_ENV's file (OSError or ssl.SSLError if that file cannot be read)."""
    return trusting(os.environ.get(CA_ENV) or None)


@functools.lru_cache(maxsize=4)
def trusting(extra: str | None) -> ssl.SSLContext:
    """One context for every connection trusting the same authorities (reading the system's takes
    milliseconds, and a context may serve many connections)."""
    context = ssl.create_default_context()
    if extra is not None:
        context.load_verify_locations(cafile=extra)
    return context


def connect_options(url: str) -> dict[str, Any]:
    """What `websockets.connect` is given for `url`: client_context() for a wss:// address."""
    return {"ssl": client_context()} if url.lower().startswith("wss://") else {}


def problem(exc: BaseException, url: str) -> Words | None:
    """What a player reads when connecting to `url` failed for a reason that trying again cannot
    cure (a certificate not trusted, an encrypted connection to a server that does not speak it);
    None for any other failure."""
    host = urlsplit(url).netloc or url
    if isinstance(exc, ssl.SSLCertVerificationError):
        return W_("the server at {host} could not prove who it is ({problem}), so Card Arcade did not talk to it",
                  host=host, problem=str(exc.verify_message)[:200])
    if isinstance(exc, ssl.SSLError) and not isinstance(exc, CUT_SHORT):
        return W_("the server at {host} does not answer encrypted connections (wss://): its address may be ws://",
                  host=host)
    return None


def described(exc: BaseException, url: str) -> Words:
    """Why connecting to `url` failed, as a sentence: an encrypted connection cut in its handshake
    (what a server that does not speak wss:// does) is said so."""
    if url.lower().startswith("wss://") and isinstance(exc, ConnectionResetError | ssl.SSLError):
        return W_("The connection was cut while it was being encrypted: the server's address may be ws://, not wss://.")
    return unreachable(exc, url)

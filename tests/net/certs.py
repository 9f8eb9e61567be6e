"""Certificates a test makes for itself (trustme): an authority, the server's certificate for
127.0.0.1 and localhost signed by it, and as the wrong ones, a certificate for another name and one
signed by an authority nobody trusts."""
from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path

import trustme

from net.tls import server_context

NAMES = ("127.0.0.1", "localhost", "::1")  # the names the tests' servers are reached by


@dataclass(frozen=True)
class ServerFiles:
    """A certificate chain and its key, as PEM files."""

    cert: Path
    key: Path

    def context(self) -> ssl.SSLContext:
        return server_context(self.cert, self.key)


@dataclass(frozen=True)
class Certificates:
    ca: Path  # the authority's certificate: what CARD_ARCADE_CA names
    good: ServerFiles  # for NAMES, signed by `ca`
    other_name: ServerFiles  # signed by `ca`, for games.example.org only
    unknown_ca: ServerFiles  # for NAMES, signed by an authority nobody trusts ...
    stranger: Path  # ... whose certificate this is


def issued(ca: trustme.CA, folder: Path, stem: str, *names: str) -> ServerFiles:
    leaf = ca.issue_cert(*names)
    cert, key = folder / f"{stem}.pem", folder / f"{stem}.key"
    leaf.private_key_pem.write_to_path(str(key))
    cert.write_bytes(b"".join(blob.bytes() for blob in leaf.cert_chain_pems))
    return ServerFiles(cert, key)


def make_certificates(folder: Path) -> Certificates:
    ca, stranger = trustme.CA(), trustme.CA()
    ca.cert_pem.write_to_path(str(folder / "ca.pem"))
    stranger.cert_pem.write_to_path(str(folder / "stranger.pem"))
    return Certificates(folder / "ca.pem", issued(ca, folder, "good", *NAMES),
                        issued(ca, folder, "other-name", "games.example.org"),
                        issued(stranger, folder, "unknown-ca", *NAMES), folder / "stranger.pem")

"""The address a player connects from: the connection's peer, or behind a reverse proxy the server
trusts (--trusted-proxy), the address that proxy says it forwards for. Limits per address (tables
joined in a minute, and others) count players, not the proxy."""
from __future__ import annotations

import ipaddress

FORWARDED_FOR = "X-Forwarded-For"


def client_address(peer: str, forwarded_for: str | None, proxies: frozenset[str]) -> str:
    """`peer`, unless it is one of `proxies` and says whom it forwards for: then the last address of
    its X-Forwarded-For (the one the proxy added; those before it are whatever the client sent)."""
    if peer not in proxies or not forwarded_for:
        return peer
    try:
        return str(ipaddress.ip_address(forwarded_for.rsplit(",", 1)[-1].strip()))
    except ValueError:
        return peer

"""What someone running a server looks at: the health check (`GET /healthz`, on the game's own port
and on the operator port) and, on the operator port (--metrics-port), Prometheus metrics: tables by
state, connections, moves, refusals by reason, tables taken over (net/metrics.py counts them), and
the process's memory and CPU. prometheus_client is imported only when the operator port is served.

Both ports answer on the server's own event loop: what a page reads of the tables is never changed
under it by another thread.
"""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from net import metrics

if TYPE_CHECKING:
    from prometheus_client.registry import CollectorRegistry

HEALTH_PATH = "/healthz"
METRICS_PATH = "/metrics"
PREFIX = "card_arcade"


class Watched(Protocol):
    """What the pages read of the server (net.server.Server)."""

    @property
    def tables(self) -> dict[str, Any]: ...
    @property
    def conns(self) -> set[Any]: ...
    @property
    def closing(self) -> bool: ...


def health(server: Watched, connection: ServerConnection, request: Request) -> Response | None:
    """The answer to `GET /healthz`: 200 while serving, 503 once closing (its tables going to other
    processes); None for any other path (a WebSocket's handshake goes on)."""
    if urlsplit(request.path).path != HEALTH_PATH:
        return None
    if server.closing:
        return connection.respond(503, "closing\n")
    return connection.respond(200, "ok\n")


class Collector:
    """The server's metrics, read when Prometheus asks (a prometheus_client custom collector)."""

    def __init__(self, server: Watched) -> None:
        self.server = server

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        counts = metrics.COUNTS
        tables = GaugeMetricFamily(f"{PREFIX}_tables", "Tables this process runs, by state", labels=["state"])
        for state, number in metrics.table_states(self.server.tables.values()).items():
            tables.add_metric([state], number)
        yield tables
        yield GaugeMetricFamily(f"{PREFIX}_connections", "Client connections open now", value=len(self.server.conns))
        yield CounterMetricFamily(f"{PREFIX}_connections_opened", "Client connections opened",
                                  value=counts.connections)
        yield CounterMetricFamily(f"{PREFIX}_moves", "Moves played at this process's tables", value=counts.moves)
        refusals = CounterMetricFamily(f"{PREFIX}_refusals", "Connections closed or requests refused, by reason",
                                       labels=["reason"])
        for reason in metrics.Refusal:
            refusals.add_metric([reason.value], counts.refusals[reason])
        yield refusals
        yield CounterMetricFamily(f"{PREFIX}_takeovers", "Tables taken over from a process that died or gave them up",
                                  value=counts.takeovers)


def registry_for(server: Watched) -> CollectorRegistry:
    """A registry of the server's metrics and the process's (its own: never the global one)."""
    from prometheus_client import CollectorRegistry, ProcessCollector

    registry = CollectorRegistry(auto_describe=True)
    registry.register(Collector(server))
    ProcessCollector(registry=registry)
    return registry


def operator_page(server: Watched, registry: CollectorRegistry, connection: ServerConnection,
                  request: Request) -> Response:
    """The operator port's answer to any request: the metrics (in the format the scraper's Accept
    asks for: Prometheus text, or OpenMetrics), the health check, or 404."""
    from prometheus_client.exposition import choose_encoder

    if urlsplit(request.path).path == METRICS_PATH:
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        response = connection.respond(200, encode(registry).decode())
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = content_type
        return response
    return health(server, connection, request) or connection.respond(404, f"try {METRICS_PATH} or {HEALTH_PATH}\n")


async def no_websocket(connection: ServerConnection) -> None:
    """Never called: the operator port answers every request with a page."""


@contextlib.asynccontextmanager
async def operator_port(server: Watched, host: str, port: int) -> AsyncIterator[int]:
    """Serve the metrics and the health check on host:port for the block; yields the port bound
    (port 0 picks a free one). OSError if it cannot listen there."""
    registry = registry_for(server)
    async with serve(no_websocket, host, port, compression=None,
                     process_request=lambda connection, request: operator_page(server, registry, connection,
                                                                                request)) as pages:
        yield sockets_port(pages.sockets)


def sockets_port(sockets: Iterable[Any]) -> int:
    return int(next(iter(sockets)).getsockname()[1])

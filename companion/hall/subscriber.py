"""The hall listens to every table on the broker (a persistent session: what comes while the hall restarts is kept
for it by the broker, as long as the broker runs)."""

from __future__ import annotations

import logging
import socket

from companion.core import Text
from companion.hall.board import HallBoard
from companion.hall.link import ROOT, TOPICS, Broker, refusal, unreachable

log = logging.getLogger(__name__)


class HallSubscriber:
    def __init__(self, broker: Broker, board: HallBoard, client_id: str | None = None) -> None:
        self.broker = broker
        self.board = board
        self.connected = False
        self.problem: Text | None = None
        self.client = broker.client(client_id or f"companion-hall-{socket.gethostname()}"[:64], clean_session=False)
        self.client.reconnect_delay_set(1, 30)
        self.client.on_connect = self._connected
        self.client.on_connect_fail = lambda client, userdata: self._trouble(
            unreachable(broker, "no answer", hall=True))
        self.client.on_disconnect = self._disconnected
        self.client.on_message = lambda client, userdata, message: board.handle(message.topic, message.payload)

    def start(self) -> None:
        log.info("hall: listening to %s", self.broker.address)
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=30)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self._trouble(refusal(reason_code, self.broker))
            return
        self.connected = True
        client.subscribe([(f"{ROOT}/+/{kind}", 1) for kind in TOPICS])
        if self.problem is not None:
            log.warning("hall: connected again to %s", self.broker.address)
        self.problem = None

    def _disconnected(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected = False
        self._trouble(unreachable(self.broker, f"connection lost: {reason_code}", hall=True))

    def _trouble(self, problem: Text) -> None:
        if self.problem is None:
            log.warning("hall: %s", problem.en)
        self.problem = problem

    def to_json(self) -> dict[str, object]:
        return {"address": self.broker.address, "connected": self.connected,
                "problem": self.problem.to_json() if self.problem else None}

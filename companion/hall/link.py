"""The broker, the topics and the MQTT client shared by the tables and the hall (docs/hall.md).

Topics under ``companion/<table id>/``: ``state`` (retained, the bounded summary), ``events`` (every journal
entry with its journal id, QoS 1), ``verdicts`` (illegal, breach, elimination, win as they happen) and ``status``
(online, or offline as the broker's last will, retained). A consumer that lacks entries (a broker restarted
without persistence forgets every session) asks the table on ``replay`` for them again.
"""

from __future__ import annotations

import os
import re
import ssl
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import unquote, urlsplit

import paho.mqtt.client as mqtt

from companion.core import Text

ROOT = "companion"
TOPICS = ("state", "events", "verdicts", "status")
#: a consumer's request to send again the entries it lacks, to one table
REPLAY = "replay"
DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}


class BrokerError(ValueError):
    """A broker address or password file that cannot be used: said at start, with what to fix."""


def table_id(name: str) -> str:
    """A stable id for a table's display name, fit for a topic level: 'Table 3' -> 'table-3'."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:48]
    if not slug:
        raise BrokerError(f"the table name {name!r} has no letter or digit to make its id from")
    return slug


def topic(table: str, kind: str) -> str:
    return f"{ROOT}/{table}/{kind}"


def topic_parts(name: str) -> tuple[str, str] | None:
    """(table id, kind) of a companion topic, None for any other topic."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] != ROOT or parts[2] not in TOPICS or not parts[1]:
        return None
    return parts[1], parts[2]


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    tls: bool
    username: str = ""
    password: str = ""
    ca_file: str = ""

    @property
    def address(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"

    @classmethod
    def parse(cls, url: str, username: str = "", password: str = "", password_file: str = "",
              ca_file: str = "") -> "Broker":
        """``mqtt://host[:port]`` or ``mqtts://host[:port]``; a user name and password in the address win over the
        others. ``password_file``: a file only the service's user may read (refused when others can)."""
        parts = urlsplit(url.strip())
        if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
            raise BrokerError(f"the broker address {url!r} is not mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")
        try:
            port = parts.port or DEFAULT_PORTS[parts.scheme]
        except ValueError as exc:
            raise BrokerError(f"the broker address {url!r} has a bad port: {exc}") from exc
        if parts.path not in ("", "/"):
            raise BrokerError(f"the broker address {url!r} has a path; topics are chosen by the table's name")
        if password_file and not password:
            password = read_password(Path(os.path.expanduser(password_file)))
        return cls(parts.hostname, port, parts.scheme == "mqtts", unquote(parts.username or "") or username,
                   unquote(parts.password or "") or password, ca_file)

    @classmethod
    def from_hall(cls, hall: Mapping[str, Any]) -> "Broker":
        """The broker a configuration's [hall] section names (its ``broker`` set): the service's and the doctor's."""
        return cls.parse(hall["broker"], hall["username"], hall["password"], hall["password_file"], hall["ca_file"])

    def client(self, client_id: str, clean_session: bool = True) -> mqtt.Client:
        """A paho client for this broker (not connected), reconnecting with back-off from 1 s to ``max_delay``."""
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean_session,
                             protocol=mqtt.MQTTv311)
        if self.username:
            client.username_pw_set(self.username, self.password or None)
        if self.tls:
            client.tls_set(ca_certs=self.ca_file or None, cert_reqs=ssl.CERT_REQUIRED)
        return client


def read_password(path: Path) -> str:
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BrokerError(f"cannot read the broker password file {path}: {exc.strerror or exc}") from exc
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise BrokerError(f"the broker password file {path} can be read by others: chmod 600 {path}")
    return text.strip()


def login_refused(said: str) -> bool:
    """Whether the broker's words refuse a login (a user name or password it does not take)."""
    lowered = said.lower()
    return "user name or password" in lowered or "not authori" in lowered or "bad user" in lowered


def refusal(reason: object, broker: Broker, hall: bool = False) -> Text:
    """Why the broker would not take the table (the hall: ``hall``), in words a club organiser can act on."""
    said = str(reason)
    if login_refused(said) and hall:  # the hall's login comes from its options, not a table's [hall] section
        return Text(f"The broker {broker.address} refused the hall's login ({said}): start companion hall with "
                    f"--username and --password-file.",
                    f"Le broker {broker.address} refuse la connexion de la salle ({said}) : démarrez companion hall "
                    f"avec --username et --password-file.")
    if login_refused(said):
        return Text(f"The hall's broker {broker.address} refused the login ({said}): check [hall] username and "
                    f"the password.",
                    f"Le broker de la salle {broker.address} refuse la connexion ({said}) : vérifiez [hall] "
                    f"username et le mot de passe.")
    return Text(f"The hall's broker {broker.address} refused the table: {said}.",
                f"Le broker de la salle {broker.address} refuse la table : {said}.")


def unreachable(broker: Broker, why: str, hall: bool = False) -> Text:
    if hall:
        return Text(f"The broker {broker.address} cannot be reached ({why}); the hall shows what it has and catches "
                    f"up when the broker is back.",
                    f"Le broker {broker.address} est injoignable ({why}) ; la salle montre ce qu’elle a et se met à "
                    f"jour au retour du broker.")
    return Text(f"The hall's broker {broker.address} cannot be reached ({why}); the table keeps refereeing and "
                f"sends what it missed when the broker is back.",
                f"Le broker de la salle {broker.address} est injoignable ({why}) ; la table continue d’arbitrer "
                f"et enverra ce qui manque au retour du broker.")


def probe(broker: Broker, timeout: float = 5.0) -> tuple[str, Text] | None:
    """Connects once and leaves (``companion doctor``): None when the broker takes the table, else why not
    (``refused`` or ``unreachable``, and in words)."""
    import threading

    answer: dict[str, tuple[str, Text] | None] = {}
    done = threading.Event()

    def connected(client, userdata, flags, reason_code, properties) -> None:
        answer["problem"] = ("refused", refusal(reason_code, broker)) if reason_code.is_failure else None
        done.set()

    client = broker.client(f"companion-doctor-{os.getpid()}")
    client.on_connect = connected
    try:
        client.connect(broker.host, broker.port, keepalive=10)
    except (OSError, ssl.SSLError) as exc:
        return "unreachable", unreachable(broker, getattr(exc, "strerror", None) or str(exc))
    client.loop_start()
    try:
        if not done.wait(timeout):
            return "unreachable", unreachable(broker, f"no answer in {timeout:g} s")
        return answer["problem"]
    finally:
        client.disconnect()
        client.loop_stop()

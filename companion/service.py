"""The running companion: config → journal → table → camera pipeline → panel → phones.

This module only composes the parts; each part can be built and tested alone.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from companion.bus import BusEvent, EventBus
from companion.config import Config
from companion.core import DieReading, Text, Verdict
from companion.game_mat import GameMat
from companion.journal import Journal
from companion.live import CameraStatus, LiveView
from companion.referee.aware import RulesAwareReading
from companion.seat import Seat
from companion.service_panel import ServicePanel
from companion.supervision import Heartbeat, Notifier, WebProbe, watchdog_seconds
from companion.table import Table
from companion.table_memory import CORRECT, UNDO
from companion.vision.profile_store import ProfileStore

if TYPE_CHECKING:
    from companion.panel import DisabledPanel, Panel
    from companion.pipeline import Pipeline
    from companion.tablevision.stage import TableStage
    from companion.vision.profile_learning import TableLearning

log = logging.getLogger(__name__)

#: the pipeline may go this long without finishing a frame or a camera attempt before the watchdog stops
#: feeding systemd (above the longest bounded camera call: opening, 20 s)
STALL_SECONDS = 30.0
#: the person's seat at the simulated table, in the data dir
SEAT_FILE = "simulated-seat.json"


class Service:
    def __init__(self, config: Config, camera: bool = True) -> None:
        self.config = config
        self.journal = Journal(config.data_dir / "journal.sqlite3", repair=True)
        self.notices: list[dict[str, str]] = []  # what every phone shows until the service restarts
        if self.journal.salvage is not None:
            en, fr = self.journal.salvage.describe()
            log.warning(en)
            self.notices.append({"kind": "warning", "message": en, "message_fr": fr})
        self.bus = EventBus()
        self.table = Table(self.journal, self.bus, default_game=config["game"]["default"],
                           aware=RulesAwareReading.from_config(config["vision"]))
        self.live = LiveView()
        # the dice this table's players corrected: kept (and shown, forgotten) even when not learning (vision.profile)
        self.profile_store = ProfileStore(config.data_dir / "profile", most=config["vision"]["profile_size"])
        self._profile: TableLearning | None = None  # its learning: built on first use (``profile``)
        self._profile_lock = threading.Lock()
        self._learns = bool(config["vision"]["profile"])
        if self.profile_store.notice is not None:
            self.notices.append({"kind": "warning", "message": self.profile_store.notice.en,
                                 "message_fr": self.profile_store.notice.fr})
        self.pipeline: Pipeline | None = None
        self._camera_lock = threading.Lock()  # the pipeline is set, or the service stopped, under it
        self._stopped = False
        self._building_since: float | None = None  # time.monotonic() when the pipeline began to be built in a thread
        if camera:  # until its pipeline is built (start): phones say the camera is starting, not that there is none
            self.live.camera = CameraStatus(starting=True)
        # the seat a person took at the SIMULATED table (POST /api/simulated-seat), kept across restarts
        self.simulated_seat = Seat(config.data_dir / SEAT_FILE)
        self._panel = ServicePanel(config, self.table, self.bus, lambda: self._stopped)  # built on first use
        self._camera_wanted = camera
        # the current game's mat for table vision: a bad layout or lens file stops the start here, named
        self.mat = GameMat(config, lambda: self.table.record.game, self.live, retry=self.read_mat_again)
        self.notifier = Notifier()
        self.heartbeat: Heartbeat | None = None
        self.web_probe: WebProbe | None = None
        self.bus.listen(self._to_panel)
        self.bus.listen(self._game_changed)
        self.bus.listen(self._seat_follows_game)
        self.bus.listen(self._correction_to_live)
        if self._learns:
            self.bus.listen(self._teach_profile)
        self.hall = self._make_hall()  # None unless [hall] broker is set

    # -- parts -----------------------------------------------------------------------
    @property
    def profile(self) -> TableLearning:
        """The table profile's learning, built on first use (the camera's reader, a correction, the profile page):
        the first answer after a restart does not wait for it and the modules it loads."""
        with self._profile_lock:
            if self._profile is None:
                from companion.vision.profile_learning import TableLearning

                self._profile = TableLearning(self.profile_store.folder, store=self.profile_store)
            return self._profile

    @property
    def _learning(self) -> TableLearning | None:
        """The profile the camera reads with and learns into, None when [vision] profile is off."""
        return self.profile if self._learns else None

    def _teach_profile(self, event: BusEvent) -> None:
        """An entry naming camera dice by their boxes may teach the profile; one without (a roll typed on a phone)
        cannot, and loads nothing (TableLearning.on_bus sorts the rest)."""
        if event.topic != "entry":
            return
        if _names_camera_dice((event.data.get("event") or {}).get("dice")):
            told = self.profile.on_bus(event, pips_only=tuple(self.table.engine.dice_kinds()) == ("pips",))
            if told is not None:  # what the correction taught the camera, or why nothing: every phone is told
                self.bus.publish("notice", {"kind": "info", "message": told.en, "message_fr": told.fr,
                                            "profile": len(self.profile_store.snapshot())})

    def _make_hall(self):
        """The club's hall (docs/hall.md): the table publishes to its broker from a thread, never in the way."""
        if not self.config["hall"]["broker"]:
            return None  # a table alone: the MQTT client is not even loaded
        from companion.hall.publisher import HallPublisher

        hall = HallPublisher.from_config(self.config, self.journal, lambda: self.table.state(snapshot=False),
                                         self.notices, lambda notice: self.bus.publish("notice", notice))
        if hall is not None:
            self.bus.listen(hall.on_bus)
        return hall

    @property
    def panel(self) -> Panel | DisabledPanel:
        """The LED/buzzer panel, built on first use (``start``, a verdict, the camera's status; ServicePanel).
        Once the service has stopped, a panel that does nothing."""
        return self._panel.get()

    def _make_reader(self):
        """The dice reader for the kinds of dice the current game rolls (pip dice, Hexors' colour die)."""
        from companion.vision import DiceReader
        from companion.vision.colour_die import ColourDieReader
        from companion.vision.kinds import DiceKinds

        vision = self.config["vision"]
        engine = self.table.engine
        reader = DiceKinds({"pips": lambda: DiceReader.from_config(vision, unread=vision["unread_dice"],
                                                                   profile=self._learning),
                            "colour": lambda: ColourDieReader(threads=vision["threads"])}, engine.dice_kinds(),
                           emblem_face=engine.emblem_face())
        self.live.show_reader_error(reader)
        return reader

    @property
    def table_stage(self) -> TableStage | None:
        """The current game's mat (GameMat.stage), None when table vision is off."""
        return self.mat.stage

    @table_stage.setter
    def table_stage(self, stage: TableStage | None) -> None:
        self.mat.stage = stage

    def _game_changed(self, event: BusEvent) -> None:
        """A new game brings the kinds of dice it rolls (and what their emblems stand for), and a game of another
        kind its own mat: the pipeline reads them from the next frame. Called under the table's lock (the change's
        bus listener): the mat is read once the changing thread lets the table go (``read_mat_again``), since a
        failing card can take seconds over ``lens.json`` and every move and phone would wait for it."""
        if event.topic != "game":
            return
        pipeline = self.pipeline
        self._use_dice_kinds(pipeline)
        if self.mat.leave(event.data.get("game")):
            if pipeline is not None:
                pipeline.table = None  # never the last game's mat for this one, while its own is read
            self.table.after_change(self.read_mat_again)

    def _seat_follows_game(self, event: BusEvent) -> None:
        """A new game keeps the person's simulated seat while it has that seat (known once it is set up)."""
        if event.topic in ("game", "entry"):
            self.simulated_seat.follow(self.table.engine)

    def _correction_to_live(self, event: BusEvent) -> None:
        """A roll corrected or an entry undone on a phone, or a camera roll taken (read again by the rules, perhaps):
        the live picture labels the dice lying as the last roll settled as the referee now holds them
        (Pipeline.held): as taken, as corrected, or as read once it holds none of them."""
        entry = (event.data.get("event") or {}) if event.topic == "entry" else {}
        pipeline = self.pipeline
        if pipeline is None:
            return
        if entry.get("type") in (CORRECT, UNDO):
            pipeline.held(self._camera_roll_held(), others="taken out" if entry["type"] == CORRECT else "as read")
        elif _names_camera_dice(entry.get("dice")) and self.table.memory.last == event.data.get("seq"):
            pipeline.held([DieReading.from_json(d) for d in entry["dice"] if isinstance(d, dict)], others="as played")

    def _camera_roll_held(self) -> list[DieReading]:
        """The dice of the newest roll in force that names camera dice (their boxes), as corrected; none when no
        roll kept in memory does (the live picture's dice are then held by no roll)."""
        with self.table.lock:
            accepted = list(self.table.memory.accepted)
        for _, event in reversed(accepted):
            if _names_camera_dice(event.get("dice")):
                return [DieReading.from_json(d) for d in event["dice"] if isinstance(d, dict)]
        return []

    def _make_pipeline(self) -> Pipeline:
        from companion.capture.factory import open_source
        from companion.capture.retry import RetryingSource
        from companion.capture.simulated import SimulatedTable
        from companion.capture.simulated_game import SimulatedTableForGames
        from companion.pipeline import Pipeline
        from companion.vision import RollSettler

        camera = self.config["camera"]
        frames = open_source(self.config)
        if isinstance(frames, SimulatedTable):  # the simulated camera plays the current game on its mat
            frames = SimulatedTableForGames(self.table, fps=frames.fps, size=(frames.width, frames.height),
                                            seed=frames.seed, pace=camera["simulated_pace"],
                                            seat=self.simulated_seat)
        source = RetryingSource(frames, on_status=self._camera_status,
                                max_delay=max(0.5, camera["retry_max_seconds"]), frame_timeout=camera["frame_timeout"])
        self.live.camera = CameraStatus(True, "", source.description, simulated=source.simulated,
                                        source_fr=source.description_fr, starting=True)  # until a picture comes
        if source.simulated:
            log.warning("camera: the SIMULATED table — dice are drawn, not seen; every phone shows it")
        return Pipeline(
            source=source,
            reader=self._make_reader(),
            settler=RollSettler(stable_frames=self.config["vision"]["settle_frames"]),
            on_settled=self.table.observe,
            live=self.live,
            fps=self.config["camera"]["fps"],
            on_frame=self._frame_seen,
            table=self.table_stage,
            on_stall=lambda live: self.bus.publish("live", live.to_json()),  # no frame, no live event: say it
            blur_limit_px=self.config["vision"]["blur_limit_px"],
        )

    # -- callbacks -----------------------------------------------------------------
    def _camera_status(self, ok: bool, text: Text) -> None:
        was = self.live.camera
        self.live.camera = CameraStatus(ok, text.en, was.source, was.simulated, message_fr=text.fr,
                                        source_fr=was.source_fr)
        (log.info if ok else log.warning)("camera: %s", text.en or ("back" if ok else "lost"))
        self.panel.camera_problem(not ok)
        self.bus.publish("camera", self.live.camera.to_json())

    def _frame_seen(self, live: LiveView) -> None:
        frame = live.frame
        if frame is not None and frame.index % 4 == 0:  # phones redraw a few times a second at most
            self.bus.publish("live", live.to_json())

    def remeasure_light(self) -> bool:
        """Measure exposure and white balance again at the next frame (False: this camera has nothing to measure)."""
        pipeline = self.pipeline
        return bool(pipeline is not None and pipeline.source.request_relock())

    def _to_panel(self, event: BusEvent) -> None:
        if event.topic == "game":  # a new game: the evening's light is not the light at boot
            if self.remeasure_light():
                log.info("new game: exposure and white balance will be measured again")
        if event.topic == "entry":
            verdicts = [Verdict.from_json(v) for v in event.data.get("verdicts", [])]
            if verdicts:
                self.panel.show(verdicts)

    # -- life cycle ------------------------------------------------------------------
    def start(self, web_address: tuple[str, int] | None = None, camera_later: bool = False) -> None:
        """``web_address``: where the web server listens; under a systemd watchdog the heartbeat then also needs it
        to answer a request. ``camera_later``: build the camera pipeline, then the LED panel, in a thread (the
        models take a second or more to load, gpiozero a fraction), so that a restart answers the phones first;
        they are told the camera is starting. One after the other: the panel is built under
        warnings.catch_warnings, which is not thread-safe, and the camera's libraries import meanwhile."""
        if camera_later:
            if self._camera_wanted:
                self._building_since = time.monotonic()
            threading.Thread(target=self._start_later, name="camera-start", daemon=True).start()
        else:
            if self._camera_wanted:
                self._start_camera(True)
            self._panel.start()
        if self.hall is not None:
            self.hall.start()
        self.notifier.notify(f"READY=1\nSTATUS=serving; camera: {self.live.camera.source or 'none'}")
        period = watchdog_seconds()
        if period:
            web_answers = None
            if web_address is not None:
                every = min(period / 2, 5.0)
                timeout = min(5.0, max(every, 1.0))
                self.web_probe = WebProbe(*web_address, every=every, timeout=timeout,
                                          fresh=max(period, 3 * every + timeout))
                self.web_probe.start()
                web_answers = self.web_probe.answering
            self.heartbeat = Heartbeat(self.notifier, period, self.is_progressing, web_answers)
            self.heartbeat.start()

    def _start_later(self) -> None:
        if self._camera_wanted:
            self._start_camera(False)
        self._panel.start()

    def _start_camera(self, raising: bool) -> None:
        """Build the pipeline and start it, unless the service stopped meanwhile. Built in a thread (``raising``
        False), a failure is logged and shown on the phones; the table goes on without the camera."""
        try:
            pipeline = self._make_pipeline()
        except Exception as exc:
            if raising:
                raise
            self._building_since = None
            log.exception("the camera could not be started")
            self._camera_status(False, Text(f"could not be started ({exc}); see the service log",
                                            f"n’a pas pu démarrer ({exc}) ; voir le journal du service"))
            return
        with self._camera_lock:
            if self._stopped:
                pipeline.source.close()
                return
            self.pipeline = pipeline
            self._follow_game(pipeline, self.table.record.game)  # a game started while it was being built
            pipeline.start()
            self._building_since = None

    def _follow_game(self, pipeline: Pipeline, game: str | None) -> None:
        """The table's ``game`` for a pipeline just built: its dice kinds and, for a game of another kind, its mat."""
        self._use_dice_kinds(pipeline)
        pipeline.table = self.mat.follow(game)  # None for a mat that cannot be read: the live view says why

    def _use_dice_kinds(self, pipeline: Pipeline | None) -> None:
        """The current game's kinds of dice for the pipeline's reader (none while it is being built)."""
        reader = pipeline.reader if pipeline is not None else None
        if reader is not None and hasattr(reader, "use"):
            reader.use(self.table.engine.dice_kinds(), self.table.engine.emblem_face())
            self.live.show_reader_error(reader)

    def read_mat_again(self) -> None:
        """The mat read again, with the lens as kept now, for the running pipeline: at a game change, after a
        damaged lens file is forgotten on a phone, or when lens.json is tried again (GameMat). Read outside the
        table's lock (a failing card can take seconds: moves do not wait); under it the camera gets the mat held
        for the game played now: this read, or one that overtook it (a phone's, the next game's), never this
        game's mat after the next game's."""
        reading = self.mat.read()
        with self.table.lock:
            self.mat.take(reading)
            if self.pipeline is not None:
                self.pipeline.table = self.mat.held()

    def is_progressing(self) -> bool:
        """The watchdog's question: is the camera pipeline alive and moving (frames, or camera retries)?"""
        pipeline = self.pipeline
        if pipeline is None:  # no camera wanted, or its pipeline still being built (stuck after STALL_SECONDS)
            building = self._building_since
            return building is None or time.monotonic() - building < STALL_SECONDS
        if getattr(pipeline, "ended", False):
            return True  # a recording played to its end
        if not pipeline.is_alive():
            return False
        last = max(pipeline.last_progress, getattr(pipeline.source, "last_activity", 0.0))
        return time.monotonic() - last < STALL_SECONDS

    def stop(self) -> None:
        """Returns within about 4 s whatever the camera does (systemd waits TimeoutStopSec, then kills)."""
        self.notifier.notify("STOPPING=1")
        if self.heartbeat is not None:
            self.heartbeat.stop()
        if self.web_probe is not None:
            self.web_probe.stop()
        with self._camera_lock:
            self._stopped = True  # a pipeline still being built is not started
        self.mat.close()
        if self.pipeline is not None:
            self.pipeline.stop()  # bounded: the retrying source closes the camera within 2 s
            self.pipeline.join(timeout=1.5)
            if self.pipeline.is_alive():
                log.warning("the camera thread did not stop in time; leaving it behind")
        self._panel.close()  # a panel being built is closed once built; none is built after this
        if self.hall is not None:
            self.hall.stop()  # says offline, within 2 s
        self.journal.close()

    def status(self) -> dict[str, Any]:
        return {"live": self.live.to_json(), "game": self.table.state(snapshot=False)}


def _names_camera_dice(dice: Any) -> bool:
    """Whether an event's dice name dice the camera saw (their boxes on its picture)."""
    return isinstance(dice, list) and any(isinstance(d, dict) and isinstance(d.get("box"), list) for d in dice)

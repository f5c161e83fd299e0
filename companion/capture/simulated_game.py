"""A simulated camera over a game being played: a game's printed mat, its tiles and pieces and dice, rendered in
perspective with light, blur, sensor noise and a hand passing over, while simulated players play legal turns.

Why: with no camera, ``make run`` still shows the whole pipeline — markers, table plane, cells, dice, settling —
refereeing a real game. The players are a ``TableBot`` of the game (``companion/games/<game>/table_bot.py``):
it looks at the referee's state, enters what a player would enter on a phone or the panel (tagged "simulated
player" in the journal), and says what lies on the table next; everything the camera can see is left to the camera.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

import cv2
import numpy as np

from companion.capture.base import Frame, FrameSource, SimulatedSource
from companion.mounting import plan_mount
from companion.seat import Seat
from companion.tablevision.layout import TableLayout
from companion.tablevision.render import CameraPose, DiePlacement, PiecePlacement, render_table

log = logging.getLogger(__name__)


@dataclass
class Scene:
    """What lies on the table."""

    pieces: list[PiecePlacement] = field(default_factory=list)
    dice: list[DiePlacement] = field(default_factory=list)
    thrown: bool = False  # the dice were just thrown: they tumble in before they settle
    discs: list[tuple] = field(default_factory=list)  # counters with no sticker: (centre mm, BGR, radius mm)


def overhead_pose(layout: TableLayout, size: tuple[int, int], tilt: float = 8.0) -> CameraPose:
    """The camera mounted as ``hardware/`` plans it (``mounting.plan_mount``: a Camera Module 3 high enough to see
    the whole mat with a margin, at that picture size's field of view), the mat's long side across the picture (a
    portrait mat, Hexors' arena, lies turned)."""
    plan = plan_mount(layout.size[0], layout.size[1], 16.0, "v3", size[0], size[1])
    return CameraPose(height=plan.height_mm, tilt=tilt, yaw=90.0 if layout.size[1] > layout.size[0] else 0.0,
                      hfov=plan.camera.fov_for(*size)[0], size=size)


def players_named(table: Any, own: tuple[str, ...], most: int | None = None) -> list[str]:
    """Who the simulated players are: the names the game was started with on the phone, when the mat has a side for
    each (``own``'s count, or from 2 to ``most`` where the game seats more), else the players' own names."""
    given = [str(p) for p in (table.record.players or []) if str(p).strip()]
    fits = len(given) == len(own) if most is None else 2 <= len(given) <= most
    return given if fits and len(set(given)) == len(given) else list(own)


class MatPlayers:
    """What a game's simulated players start with: their own random draws (seeded from the camera's) and the game's
    mat, its stickers by name."""

    def __init__(self, rng: np.random.Generator, layout: TableLayout) -> None:
        self.rng = rng
        self.random = random.Random(int(rng.integers(2**31)))
        self.layout = layout
        self.stickers = {p.name: p for p in layout.pieces}


#: who enters what the simulated table does: its camera's readings and its simulated players
SIMULATED_SOURCES = ("simulated", "simulated player")


class TableBot(Protocol):
    def next_scene(self, table: Any) -> Scene:
        """Enter what the players would (through ``table``), and say what lies on the table next."""

    def scene_now(self, table: Any) -> Scene:
        """What lies on the table as the referee has the game now, entering nothing (a person's move, drawn)."""


def bot_for(game: str, rng: np.random.Generator) -> TableBot | None:
    """The game's simulated players, or None for a game without them."""
    from companion.games import game_part

    module = game_part(game, "table_bot")
    return module.TableBot(rng) if module is not None else None


class SimulatedGameTable(SimulatedSource):
    """Hand frames, tumbling frames (when dice were thrown), then still frames of each scene the bot asks for."""

    def __init__(self, layout: TableLayout, bot: TableBot, table: Any, fps: float = 8.0,
                 size: tuple[int, int] = (1280, 960), seed: int = 0, still_seconds: float = 2.0,
                 pose: CameraPose | None = None, seat: Seat | None = None) -> None:
        self.layout, self.bot, self.table = layout, bot, table
        self.seat = seat or Seat()
        self._last = Scene()
        self.fps, self.size = float(fps), size
        self.rng = np.random.default_rng(seed)
        self.pose = pose or overhead_pose(layout, size)
        self.still_frames = max(2, round(still_seconds * fps))
        self.look = int(self.rng.integers(2**31))
        self._script: list[tuple[str, Any]] = []
        self._index = 0
        self.scenes = 0
        self._person_entered = threading.Event()  # a phone's entry was accepted: draw it on the next frame
        if table is not None:
            table.bus.listen(self._entered)

    def _plan(self) -> None:
        if self.table is not None and self.seat.persons_turn(self.table.engine):
            self._draw_the_game()
            return
        self._play()

    def _entered(self, event: Any) -> None:
        if event.topic == "entry" and event.data.get("source") not in SIMULATED_SOURCES and self.seat.number:
            self._person_entered.set()

    def _draw_the_game(self) -> None:
        """The person's turn: they play on the phone, and what they enter is drawn on the table as soon as the
        referee accepts it (the camera then reads it as it reads any move)."""
        self._person_entered.clear()
        with self.table.lock:
            try:
                scene = self.bot.scene_now(self.table)
            except Exception:  # a drawing mistake must not stop the camera
                log.exception("simulated table: the game could not be drawn; the table stays as it is")
                scene = self._last
        self._last = scene
        still = render_table(self.layout, scene.pieces, scene.dice, self.pose, self.rng, look=self.look, noise=0.0,
                             discs=scene.discs)
        self._script = [("still", still.image)] * self.still_frames

    def _play(self) -> None:
        try:
            scene = self.bot.next_scene(self.table)
        except Exception:  # a simulated player's mistake must not stop the camera
            log.exception("simulated players failed; the table stays as it is")
            scene = Scene()
        self.scenes += 1
        self._last = scene
        self._script = [("hand", scene)] * max(1, round(0.3 * self.fps))
        if scene.thrown and scene.dice:
            self._script += [("tumble", scene)] * max(1, round(0.8 * self.fps))
        still = render_table(self.layout, scene.pieces, scene.dice, self.pose, self.rng, look=self.look, noise=0.0,
                             discs=scene.discs)
        self._script += [("still", still.image)] * self.still_frames

    def _tumbling(self, scene: Scene, dice: list[DiePlacement]) -> np.ndarray:
        """Dice in flight, motion-blurred over a table that stays sharp: the tiles' stickers stay readable, as
        they do at a real table (blurring the whole frame made every sticker vanish while the dice rolled)."""
        drawn = render_table(self.layout, scene.pieces, dice, self.pose, self.rng, look=self.look, discs=scene.discs)
        blurred = cv2.GaussianBlur(drawn.image, (0, 0), float(self.rng.uniform(2.0, 3.5)))
        centres = np.array([[d.mm] for d in dice], np.float64)
        edges = np.array([[(d.mm[0] + d.size_mm, d.mm[1])] for d in dice], np.float64)
        mask = np.zeros(drawn.image.shape[:2], np.uint8)
        for (c,), (e,) in zip(cv2.perspectiveTransform(centres, drawn.to_image),
                              cv2.perspectiveTransform(edges, drawn.to_image)):
            cv2.circle(mask, (int(c[0]), int(c[1])), int(0.9 * np.hypot(*(e - c))) + 3, 255, -1)  # the die, smeared
        mask = cv2.GaussianBlur(mask, (0, 0), 3.0)[..., None].astype(np.float32) / 255.0
        return (blurred * mask + drawn.image * (1.0 - mask)).astype(np.uint8)

    def read(self) -> Frame:
        if self._person_entered.is_set():
            self._draw_the_game()  # the person's entry was accepted: the next frame shows it, whoever plays next
        elif not self._script:
            self._plan()
        kind, payload = self._script.pop(0)
        if kind == "still":
            grain = np.empty(payload.shape, np.int16)
            cv2.randn(grain, 0, 2.5)
            image = cv2.add(payload, grain, dtype=cv2.CV_8U)
        elif kind == "hand":  # dice about to be thrown are in the hand; dice left lying stay where they lie
            image = render_table(self.layout, payload.pieces, [] if payload.thrown else payload.dice, self.pose,
                                 self.rng, hand=True, look=self.look, discs=payload.discs).image
        else:
            tumbling = [DiePlacement((d.mm[0] + float(self.rng.normal(0, 25)), d.mm[1] + float(self.rng.normal(0, 12))),
                                     int(self.rng.integers(1, 7)), d.color, d.size_mm) for d in payload.dice]
            image = self._tumbling(payload, tumbling)
        frame = Frame(image=image, timestamp=self._index / self.fps, index=self._index)
        self._index += 1
        return frame


class SimulatedTableForGames(SimulatedSource):
    """The simulated camera ``camera.source = "simulated"`` gives the service: the current game played on its mat
    by its simulated players when the game has them, else dice thrown on a plain table (``SimulatedTable``).
    ``pace``: seconds each step of the simulated players stays on the table (``camera.simulated_pace``)."""

    def __init__(self, table: Any, fps: float = 8.0, size: tuple[int, int] = (1280, 960), seed: int = 0,
                 pace: float = 8.0, seat: Seat | None = None) -> None:
        from companion.capture.simulated import SimulatedTable
        from companion.tablevision.layouts import layout_for

        self.table, self.fps, self.size, self.seed, self.pace = table, fps, size, seed, float(pace)
        self.seat = seat or Seat()
        self._layout_for = layout_for
        self._plain = SimulatedTable(seed=seed, fps=fps, width=size[0], height=size[1])
        self._games: dict[str, SimulatedGameTable | None] = {}
        self._index = 0

    def _source_for(self, game: str) -> FrameSource:
        if game not in self._games:
            bot = bot_for(game, np.random.default_rng([self.seed, len(self._games)]))
            self._games[game] = None if bot is None else SimulatedGameTable(
                self._layout_for(game), bot, self.table, fps=self.fps, size=self.size, seed=self.seed,
                still_seconds=self.pace, seat=self.seat)
        return self._games[game] or self._plain

    def read(self) -> Frame:
        frame = self._source_for(self.table.record.game).read()
        out = Frame(frame.image, self._index / self.fps, self._index)
        self._index += 1
        return out

"""capture → detect → settle → table: the pipeline thread with fake stages around the real settler and table."""

import threading
from dataclasses import replace

import numpy as np

from companion.bus import EventBus
from companion.capture.base import Frame, FrameSource, SourceError
from companion.config import load_config
from companion.core import DieReading
from companion.journal import Journal
from companion.pipeline import LiveView, Pipeline
from companion.service import Service
from companion.table import Table
from companion.vision.settle import RollSettler


class ScriptedSource(FrameSource):
    """Frames whose 'content' is an index into a list of readings; SourceError where the script says."""

    description = "scripted"

    def __init__(self, script):
        self.script = list(script)
        self.i = 0
        self.closed = 0

    def read(self):
        if self.i >= len(self.script):
            return None
        item = self.script[self.i]
        self.i += 1
        if item == "fail":
            raise SourceError("camera unplugged")
        return Frame(np.full((48, 64, 3), self.i % 255, np.uint8), timestamp=self.i / 8, index=self.i)

    def close(self):
        self.closed += 1


class ScriptedReader:
    """Returns the readings the source's script put at this frame; 'boom' raises like a broken model."""

    def __init__(self, source):
        self.source = source

    def read(self, image):
        item = self.source.script[self.source.i - 1]
        if item == "boom":
            raise RuntimeError("bad frame")
        return list(item)


def die(value, x, colour="red"):
    return DieReading(value, colour, (x, 10.0, x + 20.0, 30.0), 0.9)


def make_table(tmp_path):
    return Table(Journal(tmp_path / "j.sqlite3"), EventBus())


def run_pipeline(tmp_path, script):
    source = ScriptedSource(script)
    table = make_table(tmp_path)
    live = LiveView()
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), table.observe, live, fps=0)
    pipe.run()
    return table, live, source


def rolls(table):
    return [[d["value"] for d in e["dice"]] for e in table.history() if e["in_force"] and "dice" in e]


def test_a_roll_is_reported_once_when_settled_not_while_tumbling(tmp_path):
    tumbling = [[die(2, 5)], [die(5, 40)], [die(3, 80), die(1, 120)]]
    still = [[die(4, 100), die(6, 140)]] * 6
    second = [[], [die(1, 30)]] + [[die(1, 60), die(1, 90)]] * 4
    table, live, source = run_pipeline(tmp_path, tumbling + still + second)
    assert rolls(table) == [[4, 6], [1, 1]]
    assert [e["source"] for e in table.history()] == ["camera", "camera"]
    assert live.to_json()["frame"] == len(source.script)
    assert source.closed >= 1


def test_a_settled_roll_reaches_the_referee_with_its_unread_dice_apart(tmp_path):
    """The dice read are played; a die seen but not read goes beside them, never into the roll."""
    seen = DieReading(5, None, (200.0, 10.0, 220.0, 30.0), 0.1, unread=True)
    source = ScriptedSource([[die(4, 100), seen, die(6, 140)]] * 4)
    observed = []
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), observed.append, LiveView(), fps=0)
    pipe.run()
    assert len(observed) == 1
    assert [d.value for d in observed[0].dice] == [4, 6] and observed[0].unread == (seen,)
    assert [d.get("unread", False) for d in pipe.live.to_json()["dice"]] == [False, True, False]


class ReviewingReader(ScriptedReader):
    """A reader with a second look at settled rolls: it reads each unread die as a 2 (or fails, like a bad model)."""

    def __init__(self, source, fails=False):
        super().__init__(source)
        self.fails, self.reviewed = fails, []

    def review_settled(self, image, dice):
        self.reviewed.append((image.shape, [d.value for d in dice]))
        if self.fails:
            raise RuntimeError("arbiter model unreadable")
        return [DieReading(2, d.color, d.box, 0.8) if d.unread else d for d in dice]


def test_a_settled_roll_gets_the_readers_second_look_once_and_a_failing_one_loses_nothing(tmp_path, caplog):
    """The arbiter looks at the roll once it has settled, not at every frame; the die it reads joins the roll. When
    the second look fails, the roll still reaches the referee as the face readers read it."""
    seen = DieReading(5, None, (200.0, 10.0, 220.0, 30.0), 0.1, unread=True)
    for fails, played, unread in ((False, [4, 2, 6], ()), (True, [4, 6], (seen,))):
        source = ScriptedSource([[die(4, 100), seen, die(6, 140)]] * 6)
        observed, reader = [], ReviewingReader(source, fails)
        Pipeline(source, reader, RollSettler(stable_frames=3), observed.append, LiveView(), fps=0).run()
        assert reader.reviewed == [((48, 64, 3), [4, 5, 6])]
        assert len(observed) == 1 and [d.value for d in observed[0].dice] == played and observed[0].unread == unread
    assert "the second look at the settled roll failed" in caplog.text


class ProfileReader(ScriptedReader):
    """A reader whose table profile reads the settled 3 as a 6 and the die at x=200 as not a die."""

    def review_settled(self, image, dice):
        return [replace(d, value=6) if d.value == 3 else d for d in dice if d.box[0] != 200.0]


def test_the_live_picture_labels_a_settled_roll_as_the_referee_got_it(tmp_path):
    """'After the camera learns, a die can show "3" over a roll that says 6': the live picture labelled each frame
    with the shipped readers' values while the referee played the profile's. Once a roll settles, its dice are
    labelled as played (a die the profile took for not a die is not drawn) while they lie as they settled; a die
    read with another face afterwards (turned by hand) shows what is read now."""
    still = [[die(3, 100), die(5, 140), die(4, 200)]] * 5
    turned = [[die(2, 100), die(5, 140), die(4, 200)]]
    source = ScriptedSource(still + turned)
    observed, labels = [], []
    pipe = Pipeline(source, ProfileReader(source), RollSettler(stable_frames=3), observed.append, LiveView(), fps=0)
    pipe.on_frame = lambda live: labels.append([d["value"] for d in live.to_json()["dice"]])
    pipe.run()
    assert [[d.value for d in o.dice] for o in observed] == [[6, 5]]
    assert labels == [[3, 5, 4]] * 2 + [[6, 5]] * 3 + [[2, 5]]


def test_the_live_picture_labels_a_roll_corrected_on_a_phone_as_corrected(tmp_path):
    """'A player who corrected a 3 to a 6 sees "3" over the die': once the settled roll is corrected on a phone (a
    value changed, a die taken out as not a die), the live picture labels its dice as corrected while they lie
    there; corrected to dice lying elsewhere, none of those lying there is held: they are labelled as read."""
    config = load_config(overrides={"service": {"data_dir": str(tmp_path)}})
    service = Service(config, camera=False)
    source = ScriptedSource([[die(3, 100), die(5, 140), die(4, 200)]] * 6)
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), service.table.observe,
                    service.live, fps=0)
    service.pipeline = pipe
    labels = lambda: [d["value"] for d in service.live.to_json()["dice"]]  # noqa: E731
    for _ in range(3):
        pipe.step()
    roll = service.table.history()[-1]
    assert [d["value"] for d in roll["dice"]] == [3, 5, 4] and labels() == [3, 5, 4]
    elsewhere = [dict(d, box=[b + 300 for b in d["box"]]) for d in roll["dice"]]
    service.table.correct(roll["seq"], elsewhere)
    pipe.step()
    assert labels() == [3, 5, 4]
    three, five, _ = roll["dice"]
    service.table.correct(roll["seq"], [dict(three, value=6), five])  # the die at x=200: not a die
    pipe.step()
    assert labels() == [6, 5]
    service.pipeline = None  # never started: nothing to stop
    service.stop()


def settled_as_played(data_dir):
    """A service whose pipeline has settled [3, 5, 4], played as the profile reads it ([6, 5]), after an older roll
    of a die lying elsewhere: (service, pipeline, the live picture's labels, the older roll's seq)."""
    service = Service(load_config(overrides={"service": {"data_dir": str(data_dir)}}), camera=False)
    service.table.submit({"type": "roll", "dice": [{"value": 1, "color": "red", "box": [0, 0, 20, 20]}]})
    older = service.table.history()[-1]["seq"]
    source = ScriptedSource([[die(3, 100), die(5, 140), die(4, 200)]] * 12)
    pipe = Pipeline(source, ProfileReader(source), RollSettler(stable_frames=3), service.table.observe,
                    service.live, fps=0)
    service.pipeline = pipe
    labels = lambda: [d["value"] for d in service.live.to_json()["dice"]]  # noqa: E731
    for _ in range(3):
        pipe.step()
    assert [d["value"] for d in service.table.history()[-1]["dice"]] == [6, 5] and labels() == [6, 5]
    return service, pipe, labels, older


def test_the_live_picture_labels_a_roll_undone_or_corrected_without_its_dice_as_read(tmp_path):
    """A settled roll labelled as played (the profile's 6 over the camera's 3, a die left out) is labelled as read
    once the players undo it, or correct it to faces typed without the camera's dice: the referee holds none of it
    any more. A correction of an older roll leaves the labels of the roll lying there as they were."""
    service, pipe, labels, older = settled_as_played(tmp_path / "undone")
    service.table.correct(older, [{"value": 2, "color": "red", "box": [0, 0, 20, 20]}])
    pipe.step()
    assert labels() == [6, 5]  # another roll's correction
    service.table.undo()
    pipe.step()
    assert labels() == [3, 5, 4]  # the roll undone: as read
    pipe.step()
    assert labels() == [3, 5, 4] and service.table.history()[-1]["event"]["type"] == "undo"  # no new roll
    service.pipeline = None  # never started: nothing to stop
    service.stop()
    service, pipe, labels, _ = settled_as_played(tmp_path / "typed")
    service.table.correct(service.table.history()[-1]["seq"], [{"value": 6}, {"value": 5}])  # no camera die named
    pipe.step()
    assert labels() == [3, 5, 4]
    service.pipeline = None
    service.stop()


def test_the_live_picture_labels_a_roll_read_again_by_the_rules_as_the_referee_took_it(tmp_path):
    """A camera roll the rules refuse is read again from the reader's second-best faces (rules-aware reading): the
    referee takes the kept 1 the camera read as a 6 (0.3 for a 1), and the live picture labels it 1 as taken, not
    the 6 first read."""
    from tests.conftest import NK_TWO_KEEPERS

    config = load_config(overrides={"service": {"data_dir": str(tmp_path)}, "game": {"default": "nexus-keepers"}})
    service = Service(config, camera=False)
    service.table.submit(NK_TWO_KEEPERS)
    service.table.submit({"type": "roll", "dice": [1, 3, 3, 5, 6]})  # A keeps the 1, rerolls the two 3s
    doubtful = replace(die(6, 100), probabilities=(0.3, 0, 0, 0, 0, 0.7))  # the kept 1, read as a 6
    rolled = [doubtful, die(4, 140), die(2, 180), die(5, 220), die(6, 260)]
    source = ScriptedSource([rolled] * 4)
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), service.table.observe,
                    service.live, fps=0)
    service.pipeline = pipe
    for _ in range(4):
        pipe.step()
    taken = service.table.history()[-1]
    assert [d["value"] for d in taken["dice"]] == [1, 4, 2, 5, 6], taken
    assert [d["value"] for d in service.live.to_json()["dice"]] == [1, 4, 2, 5, 6]
    service.pipeline = None  # never started: nothing to stop
    service.stop()


def test_a_failing_camera_and_a_broken_frame_do_not_stop_the_table(tmp_path, monkeypatch):
    monkeypatch.setattr(threading.Event, "wait", lambda self, timeout=None: self.is_set())
    script = ["boom", "fail"] + [[die(3, 50)]] * 4
    table, live, _ = run_pipeline(tmp_path, script)
    assert rolls(table) == [[3]]
    assert live.camera.ok is False and "unplugged" in live.camera.message
    assert live.vision_error == ""  # cleared by the next good frame


class ReopenedSource(ScriptedSource):
    """After "reopen" in its script, its timestamps begin again from 0, as a folder or video played again does."""

    def read(self):
        if self.i < len(self.script) and self.script[self.i] == "reopen":
            self.script[self.i:self.i + 1] = []
            self.restart = self.i
        frame = super().read()
        if frame is not None and getattr(self, "restart", None) is not None:
            frame = Frame(frame.image, timestamp=(self.i - self.restart) / 8, index=frame.index)
        return frame


def test_a_camera_whose_clock_begins_again_after_an_outage_keeps_the_table_read_and_plays_no_roll_twice(tmp_path):
    """A folder of frames taken away and put back starts again at time 0 (benchmarks/evening.py does it): the
    pipeline reads on through the outage, every frame after it read; the dice still lying there were settled before
    it, so they are no new roll, and the next roll is read."""
    still = [[die(4, 100), die(6, 140)]] * 5
    after = [[die(4, 100), die(6, 140)]] * 5 + [[]] + [[die(2, 60)]] * 4
    source = ReopenedSource(still + ["reopen"] + after)
    table = make_table(tmp_path)
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), table.observe, LiveView(), fps=0)
    pipe.run()
    assert pipe.frames == len(still) + len(after), "every frame after the outage was read"
    assert rolls(table) == [[4, 6], [2]]


def test_live_view_serves_the_latest_frame_as_jpeg_once_per_frame():
    live = LiveView()
    assert live.jpeg() is None
    live.update(Frame(np.zeros((20, 30, 3), np.uint8), 1.0, 7), [die(5, 1)])
    first = live.jpeg()
    assert first[:2] == b"\xff\xd8" and live.jpeg() is first
    assert live.to_json()["size"] == [30, 20] and live.to_json()["dice"][0]["value"] == 5


def test_service_wires_the_end_turn_button_and_verdicts_to_the_panel(tmp_path):
    config = load_config(overrides={"service": {"data_dir": str(tmp_path)}})
    service = Service(config, camera=False)
    shown = []
    service.panel.show = lambda verdicts: shown.append([v.kind.value for v in verdicts])
    service.table.submit({"type": "roll", "dice": [{"value": 6, "color": "red"}]})
    assert shown == [["info"]]
    notices = []
    service.bus.listen(lambda e: notices.append(e) if e.topic == "notice" else None)
    service.panel.when_end_turn()  # free-roll has no turns: a notice, not a crash
    assert notices and "end_turn" in notices[0].data["message"]
    service.stop()


def test_a_referee_exception_is_reported_and_the_camera_reads_on(tmp_path, caplog):
    """An exception from the referee call is logged and shown (English and French) and the camera thread reads on:
    the next roll is refereed, and the message is cleared by it."""
    source = ScriptedSource([[die(4, 50)]] * 4 + [[]] + [[die(2, 80)]] * 4)
    table = make_table(tmp_path)
    calls = []

    def referee(observation):
        calls.append([d.value for d in observation.dice])
        if len(calls) == 1:
            raise KeyError("a bug in some game's engine")
        return table.observe(observation)

    live = LiveView()
    pipe = Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), referee, live, fps=0)
    errors_seen = []
    pipe.on_frame = lambda view: errors_seen.append((view.referee_error, view.referee_error_fr))
    with caplog.at_level("ERROR", logger="companion.pipeline"):
        pipe.run()  # returns at the end of the script: it did not die on the first roll
    assert calls == [[4], [2]]
    assert rolls(table) == [[2]]
    assert any("KeyError" in e and "goes on reading" in e and "KeyError" in fr and "la caméra continue de lire" in fr
               for e, fr in errors_seen), errors_seen
    assert live.to_json()["referee_error"] == live.to_json()["referee_error_fr"] == "", \
        "cleared by the next roll the referee took"
    assert "the referee failed" in caplog.text and "a bug in some game's engine" in caplog.text


def test_rolls_from_the_simulated_table_are_journaled_as_simulated(tmp_path):
    """Dice drawn by the simulated table are journaled as "simulated", never as camera rolls."""
    source = ScriptedSource([[die(5, 50)]] * 4)
    source.simulated = True
    table = make_table(tmp_path)
    Pipeline(source, ScriptedReader(source), RollSettler(stable_frames=3), table.observe, LiveView(), fps=0).run()
    assert [e["source"] for e in table.history()] == ["simulated"]


def test_the_settler_is_told_where_the_table_moved_near_a_die():
    """A hand moving a piece across the board is motion, but not near the dice in the tray: the settler may keep
    their roll when a face is read anew (companion/vision/settle.py); a hand at a die, or a first picture, is."""
    from companion.pipeline import _moved_near
    from companion.tablevision.motion import MotionWatch

    motion = MotionWatch()
    table = np.full((480, 640, 3), 120, np.uint8)
    motion.update(table)
    assert _moved_near(motion)((100, 100, 140, 140))  # nothing to compare the first picture with
    hand = table.copy()
    hand[300:420, 400:560] = 30
    motion.update(hand)
    near = _moved_near(motion)
    assert motion.moving and not near((100, 100, 140, 140)) and near((380, 280, 420, 320))
    assert _moved_near(None) is None

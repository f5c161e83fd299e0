"""The table profile through the phones: corrections made on the phone teach it, the next roll of the corrected kind
is read as the players said, and the settings list, show, remove and reset what it learnt (issue 55)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.capture.base import Frame, FrameSource
from companion.pipeline import Pipeline
from companion.vision import DiceReader, RollSettler
from companion.vision.render import draw_die, random_background, random_die_spec
from webhelpers import check_response

BACKGROUND = random_background(np.random.default_rng(1), 480, 640)
# The table's red die with its maker's emblem where the 1 is: one die, so one body colour and one emblem; it lies
# flat (no side in sight), so drawing it with the same generator draws the same emblem each time.
RED_EMBLEM_DIE = random_die_spec(np.random.default_rng(5), (0, 0), 44, color="red", value=1, emblem=True,
                                 max_tilt=0.0)


def table_photo(seed: int):
    """One roll on the simulated table: the red emblem die (the table's setting says an emblem is a 6), a white 6
    and a blue die; the same dice each time, in new places and turns, under the same light."""
    rng = np.random.default_rng(seed)
    red = replace(RED_EMBLEM_DIE, centre=(rng.uniform(100, 200), rng.uniform(100, 380)),
                  angle=float(rng.uniform(0, np.pi / 2)))
    others = [random_die_spec(rng, (rng.uniform(300, 380), rng.uniform(100, 380)), 44, color="white", value=6,
                              max_tilt=0.1),
              random_die_spec(rng, (rng.uniform(460, 560), rng.uniform(100, 380)), 44, color="blue",
                              value=int(rng.integers(1, 7)), max_tilt=0.1)]
    image = BACKGROUND.astype(np.float32).copy()
    draw_die(image, red, np.random.default_rng(7))
    for spec in others:
        draw_die(image, spec, rng)
    return np.clip(cv2.GaussianBlur(image, (0, 0), 0.7), 0, 255).astype(np.uint8)


class Rolls(FrameSource):
    """The simulated camera: each roll's photo for a few frames, as dice lie still after a throw."""

    simulated = True

    def __init__(self, photos, frames_each: int = 3):
        self.frames = [photo for photo in photos for _ in range(frames_each)]
        self.index = 0

    def read(self):
        if self.index >= len(self.frames):
            return None
        self.index += 1
        return Frame(self.frames[self.index - 1], float(self.index), self.index)


def play(service, seeds) -> None:
    """Throw the rolls on the simulated table: camera → reader → settling → profile → referee."""
    reader = DiceReader(unread=True, arbiter=False, profile=service.profile)
    pipeline = Pipeline(Rolls([table_photo(s) for s in seeds]), reader, RollSettler(stable_frames=2),
                        service.table.observe, service.live, fps=0)
    while pipeline.step():
        pass


def last_roll(player) -> dict:
    return [e for e in player.history() if e["event"]["type"] == "roll" and e["in_force"]][-1]


def sent(dice) -> list[dict]:
    """The dice as the phone's correction sends them back (web/js/views/die-dialog.js requestDie)."""
    return [{key: d[key] for key in ("value", "color", "box", "confidence") if key in d} for d in dice]


def red(dice) -> dict:
    return next(d for d in dice if d["color"] == "red")


def test_corrections_on_the_phone_teach_the_camera_the_tables_dice(service, player):
    corrected = 0
    for seed in (10, 11, 12, 13):
        play(service, [seed])
        roll = last_roll(player)
        if red(roll["dice"])["value"] == 1:
            continue  # read right already: nothing to correct
        dice = [{**d, "value": 1} if d["color"] == "red" else d for d in roll["dice"]]
        answer = player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"], "dice": sent(dice)})
        assert answer.status_code == 200, answer.get_json()
        corrected += 1
    profile = player.get("/api/profile").get_json()
    assert corrected >= 2 and profile["examples"] == corrected
    assert {(e["label"], e["how"], e["colour"], e["game"]) for e in profile["list"]} == {
        (1, "corrected", "red", "free-roll")}
    assert profile["list"][0]["game_title"] == {"en": "Free roll", "fr": "Lancer libre"}

    for seed in (21, 22):  # the next rolls of that die are read as the players said; the others as before
        play(service, [seed])
        dice = last_roll(player)["dice"]
        assert red(dice)["value"] == 1
        assert next(d for d in dice if d["color"] == "white")["value"] == 6


def test_the_profile_is_read_without_corrections_as_the_reader_alone(service, player):
    """No correction, no change: the settled roll is the reader's own reading."""
    play(service, [21])
    dice = last_roll(player)["dice"]
    reader = DiceReader(unread=True, arbiter=False)
    alone = [d for d in reader.read(table_photo(21)) if not d.unread]
    assert sorted((d["value"], d["color"]) for d in dice) == sorted((d.value, d.color) for d in alone)
    assert red(dice)["value"] == 6  # the emblem read as the setting says, until the players say otherwise


def test_not_a_die_is_learnt_with_its_neighbourhood_and_shown_removed_and_reset(service, player):
    play(service, [10])
    roll = last_roll(player)
    dice = [d for d in roll["dice"] if d["color"] != "blue"]  # the players take the blue one out of the roll
    assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                            "dice": sent(dice)}).status_code == 200
    profile = player.get("/api/profile").get_json()
    (example,) = profile["list"]
    assert (example["label"], example["how"], example["colour"]) == (0, "not a die", "blue")
    picture = player.get(f"/api/profile/pictures/{example['id']}.png")
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    shown = cv2.imdecode(np.frombuffer(picture.data, np.uint8), cv2.IMREAD_COLOR)
    assert shown.shape[:2] == (96, 96)  # the neighbourhood, not the 48-pixel crop

    answer = player.client.delete(f"/api/profile/{example['id']}", headers={"X-CSRF-Token": player.csrf})
    check_response("DELETE", f"/api/profile/{example['id']}", answer)
    assert answer.status_code == 200 and answer.get_json()["examples"] == 0
    assert player.get(f"/api/profile/pictures/{example['id']}.png", check=False).status_code == 404

    play(service, [11])
    roll = last_roll(player)
    dice = [{**d, "value": 1} if d["color"] == "red" else d for d in roll["dice"]]
    dice[0] = {**dice[0], "value": dice[0]["value"] % 6 + 1}  # one more die said to be another face
    player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"], "dice": sent(dice)})
    assert player.get("/api/profile").get_json()["examples"] >= 1
    assert list(service.profile.store.folder.glob("*.png"))  # its pictures are where the reset must clear them
    answer = player.client.delete("/api/profile", headers={"X-CSRF-Token": player.csrf})
    check_response("DELETE", "/api/profile", answer)
    assert answer.get_json() == {"examples": 0, "learning": True, "most": service.profile.store.most, "list": []}
    assert not list(service.profile.store.folder.glob("*.png"))


def test_changing_the_profile_needs_the_pin(service, phone):
    answer = phone.client.delete("/api/profile", headers={"X-CSRF-Token": phone.csrf})
    assert answer.status_code == 401


def test_a_damaged_profile_is_set_aside_and_every_phone_told(data_dir, pin_file):
    from companion.web import create_app
    from webhelpers import Phone, make_service

    (data_dir / "profile").mkdir()
    (data_dir / "profile" / "index.json").write_text('{"examples": [{"id": "../x", "label": 9}]}')
    service = make_service(data_dir)
    try:
        (service.config.data_dir / "pin.json").write_bytes(pin_file)
        notices = Phone(create_app(service, testing=True)).get("/api/info").get_json()["notices"]
        (notice,) = [n for n in notices if "table profile" in n["message"]]
        assert "index.damaged-" in notice["message"] and "profil de la table" in notice["message_fr"]
        assert service.profile.store.snapshot() == [] and list((data_dir / "profile").glob("index.damaged-*.json"))
    finally:
        service.stop()


def test_with_learning_off_corrections_teach_nothing_and_rolls_are_read_as_shipped(data_dir, pin_file):
    from companion.config import load_config
    from companion.service import Service
    from companion.web import create_app
    from webhelpers import Phone

    config = load_config(None, overrides={"service": {"data_dir": str(data_dir)}, "vision": {"profile": False}})
    service = Service(config, camera=False)
    service.start()
    try:
        (data_dir / "pin.json").write_bytes(pin_file)
        player = Phone(create_app(service, testing=True))
        player.login()
        reader = DiceReader(unread=True, arbiter=False, profile=service._learning)
        pipeline = Pipeline(Rolls([table_photo(10)]), reader, RollSettler(stable_frames=2), service.table.observe,
                            service.live, fps=0)
        while pipeline.step():
            pass
        roll = last_roll(player)
        dice = [{**d, "value": 1} if d["color"] == "red" else d for d in roll["dice"]]
        assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                                "dice": sent(dice)}).status_code == 200
        assert player.get("/api/profile").get_json()["examples"] == 0
        assert player.get("/api/profile").get_json()["learning"] is False  # the phones say corrections teach nothing
        assert not list((data_dir / "profile").glob("*.png"))
    finally:
        service.stop()


def notices_after(service, last_id: int) -> list[dict]:
    return [e.data for e in service.bus.since(last_id)[0] if e.topic == "notice"]


def test_every_phone_is_told_what_a_correction_taught_the_camera_or_that_it_taught_nothing(service, player):
    play(service, [10])
    roll = last_roll(player)
    dice = [{**d, "value": red(roll["dice"])["value"] % 6 + 1} if d["color"] == "red" else d for d in roll["dice"]]
    dice = [d for d in dice if d["color"] != "blue"]  # the blue one taken out of the roll
    before = service.bus.last_id
    assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                            "dice": sent(dice)}).status_code == 200
    (told,) = notices_after(service, before)
    face = red(dice)["value"]
    assert told["message"] == (f"The camera learnt: a {face}, not a die. "
                               "It has learnt from 2 dice at this table.")
    assert told["message_fr"] == (f"La caméra a appris : un {face}, pas un dé. "
                                  "Elle a appris de 2 dés à cette table.")
    assert told["profile"] == player.get("/api/profile").get_json()["examples"] == 2

    before = service.bus.last_id  # the same roll again after a restart: its pictures are gone
    service.profile._rolls.clear()
    roll = last_roll(player)
    dice = [{**d, "value": d["value"] % 6 + 1} for d in roll["dice"]]
    assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                            "dice": sent(dice)}).status_code == 200
    (told,) = notices_after(service, before)
    assert told["message"] == ("The camera learnt nothing from this: it does not hold this roll's pictures (it keeps "
                               "those of its last 8 rolls, until a restart).")
    assert told["message_fr"].startswith("La caméra n’en a rien appris")
    assert player.get("/api/profile").get_json()["examples"] == 2


def test_a_full_profile_says_the_oldest_correction_was_forgotten(service, player):
    service.profile.store.most = 2
    play(service, [10])
    roll = last_roll(player)
    dice = [{**d, "value": d["value"] % 6 + 1} for d in roll["dice"]]  # all three dice said to be other faces
    before = service.bus.last_id
    assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                            "dice": sent(dice)}).status_code == 200
    (told,) = notices_after(service, before)
    assert told["message"].endswith("It has learnt from 2 dice at this table. It keeps 2 dice: the oldest was "
                                    "forgotten.")
    assert told["message_fr"].endswith("Elle en garde 2 : le plus ancien a été oublié.")


def test_a_die_said_again_teaches_nothing_new_and_a_mistaken_correction_taken_back_is_forgotten(service, player):
    play(service, [10])
    read = last_roll(player)
    white = next(d for d in read["dice"] if d["color"] == "white")

    def correct(faces: dict) -> dict:
        roll = last_roll(player)
        dice = [{**d, "value": faces.get(d["color"], d["value"])} for d in read["dice"]]
        before = service.bus.last_id
        assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                                "dice": sent(dice)}).status_code == 200
        (told,) = notices_after(service, before)
        return told

    wrong = white["value"] % 6 + 1  # a mistaken tap on the white die
    assert correct({"white": wrong})["message"].startswith(f"The camera learnt: a {wrong}. It has learnt from 1 ")
    (example,) = player.get("/api/profile").get_json()["list"]
    assert (example["label"], example["read"]) == (wrong, white["value"])  # what the camera had read, to judge by
    told = correct({"white": wrong, "red": 1})  # a second die corrected: the white one is not taught again
    assert told["message"] == "The camera learnt: a 1. It has learnt from 2 dice at this table."
    told = correct({"red": 1})  # the white die said back to the face read: its mistaken lesson goes
    # counted in dice, as the count after it (it said « forgot a correction taken back », « learnt from 1 die »)
    assert told["message"] == ("The camera forgot 1 die whose correction was taken back. "
                               "It has learnt from 1 die at this table.")
    assert told["message_fr"] == ("La caméra a oublié un dé dont la correction a été reprise. "
                                  "Elle a appris d’un dé à cette table.")
    assert [(e["label"], e["colour"]) for e in player.get("/api/profile").get_json()["list"]] == [(1, "red")]


def test_a_correction_in_a_game_with_a_colour_die_says_the_camera_learns_pip_dice_only(service, player, monkeypatch):
    """Hexors read with its colour die (die_reading = color) reads settled rolls without the profile: a correction
    there says why it taught nothing, not that its roll is too old."""
    play(service, [10])
    roll = last_roll(player)
    monkeypatch.setattr(type(service.table.engine), "dice_kinds", lambda engine: ("colour",))
    service.profile._rolls.clear()  # as such a game keeps no roll's crops
    dice = [{**d, "value": d["value"] % 6 + 1} for d in roll["dice"]]
    before = service.bus.last_id
    assert player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"],
                                            "dice": sent(dice)}).status_code == 200
    (told,) = notices_after(service, before)
    assert told["message"] == ("The camera learns from corrections of pip dice only: this game's colour die is read "
                               "as shipped.")
    assert told["message_fr"].startswith("La caméra n’apprend que des corrections de dés à points")


def test_a_correction_the_card_cannot_keep_is_said_and_the_game_goes_on(service, player, monkeypatch):
    play(service, [10])
    roll = last_roll(player)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(service.profile.store, "add", full)
    dice = [{**d, "value": d["value"] % 6 + 1} for d in roll["dice"]]
    before = service.bus.last_id
    answer = player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"], "dice": sent(dice)})
    assert answer.status_code == 200  # the correction is played
    (told,) = notices_after(service, before)
    assert told["message"].startswith("The camera could not keep what this correction taught it")
    assert told["message_fr"].startswith("La caméra n’a pas pu garder")


def test_a_profile_the_card_cannot_write_is_said_and_nothing_is_forgotten(service, player, monkeypatch):
    """Removing one correction or all on a full card: a clear 'cannot be written' (503), not the unexpected error's
    500, and the corrections are all still there."""
    store = service.profile.store
    kept = store.add(np.full((48, 48, 3), 128, np.uint8), 4)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("companion.vision.profile_store.write_atomically", full)
    for path in (f"/api/profile/{kept.id}", "/api/profile"):
        answer = player.client.delete(path, headers={"X-CSRF-Token": player.csrf})
        check_response("DELETE", path, answer)
        assert answer.status_code == 503 and answer.get_json()["error"] == "cannot_save"
        assert "No space left on device" in answer.get_json()["message"]
        assert player.get("/api/profile").get_json()["examples"] == 1 and store.snapshot() == [kept]


def test_a_roll_confirmed_as_read_is_counted_as_the_dice_it_taught_in_the_notice_and_the_settings(service, player):
    """A roll sent as read after the camera's doubt teaches each of its dice: the notice and the settings count
    3 dice learnt from, not "3 corrections", for one roll confirmed."""
    play(service, [10])
    roll = last_roll(player)
    player.post("/api/undo", {"seq": roll["seq"]})
    before = service.bus.last_id
    assert player.post("/api/roll", {"dice": sent(roll["dice"])}).status_code == 200  # the players' own roll
    (told,) = notices_after(service, before)
    assert told["message"].startswith("The camera learnt: a ") and told["message"].count(" as read") == 3
    assert told["message"].endswith(" as read. It has learnt from 3 dice at this table.")
    assert told["message_fr"].endswith(" tel que lu. Elle a appris de 3 dés à cette table.")
    assert told["profile"] == player.get("/api/profile").get_json()["examples"] == 3


def test_a_card_failing_halfway_through_a_correction_says_how_many_dice_were_kept(service, player, monkeypatch):
    """The first die kept and the next refused: the notice names the die learnt and how many the card refused,
    not "could not keep what this correction taught"."""
    play(service, [10])
    roll = last_roll(player)
    store = service.profile.store
    real_add, calls = store.add, []

    def fills_up(*args, **kwargs):
        calls.append(1)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        return real_add(*args, **kwargs)

    monkeypatch.setattr(store, "add", fills_up)
    dice = [{**d, "value": d["value"] % 6 + 1} for d in roll["dice"]]  # all three dice said to be other faces
    before = service.bus.last_id
    answer = player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"], "dice": sent(dice)})
    assert answer.status_code == 200  # the correction is played
    (told,) = notices_after(service, before)
    (kept,) = store.snapshot()
    assert told["message"] == (f"The camera learnt: a {kept.label}. The companion's card could not be written: 2 "
                               "dice of this correction were not kept. It has learnt from 1 die at this table.")
    assert told["message_fr"] == (f"La caméra a appris : un {kept.label}. La carte du compagnon n’a pas pu "
                                  "être écrite : 2 dés de cette correction n’ont pas été gardés. Elle a appris "
                                  "d’un dé à cette table.")
    assert told["profile"] == player.get("/api/profile").get_json()["examples"] == 1

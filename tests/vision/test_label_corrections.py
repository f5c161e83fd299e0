"""Our corrections to the shared labels: dice a training photo shows but its label file lacks, and values it gives
plainly wrong. They apply to training photos, never to held-out ones."""

import json

import cv2
import numpy as np
import pytest

from companion.vision import labels
from companion.vision.labels import (audit_for, is_heldout, load_audit, load_labelled, load_missing_dice,
                                     load_value_fixes, missing_dice_for, value_fixes_for)
from tests.conftest import SHARED

BYLER = SHARED / "data" / "dice-real" / "byler-d6"


def _name(heldout: bool) -> str:
    return next(f"p{i}.jpg" for i in range(1000) if is_heldout(f"p{i}.jpg") == heldout)


def _fake_set(tmp_path, names):
    """A set laid out as images/ + labels/: each photo with one labelled die (a 2 at the top left)."""
    folder = tmp_path / "fakeset"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    for name in names:
        cv2.imwrite(str(folder / "images" / name), np.zeros((100, 200, 3), np.uint8))
        (folder / "labels" / (name[:-4] + ".txt")).write_text("1 0.1 0.1 0.1 0.2\n")
    return folder


def test_listed_dice_join_training_photos_only(tmp_path, monkeypatch):
    train, held = _name(False), _name(True)
    folder = _fake_set(tmp_path, [train, held])
    lists = tmp_path / "lists"
    lists.mkdir()
    die = {"value": 5, "box": [120, 40, 150, 70]}
    (lists / "fakeset-missing.json").write_text(json.dumps({"images": {train: [die], held: [die]}}))
    monkeypatch.setattr(labels, "MISSING_DICE", lists)

    given = {item.path.name: item.dice for item in load_labelled(folder)}
    added = {item.path.name: item.dice for item in load_labelled(folder, add_missing=True)}
    assert [d.value for d in given[train]] == [2] and given[held] == added[held]
    assert [d.value for d in added[train]] == [2, 5] and added[train][0] == given[train][0]
    assert added[train][1].box == (120.0, 40.0, 150.0, 70.0)


def test_a_set_without_a_list_loads_as_given(tmp_path, monkeypatch):
    folder = _fake_set(tmp_path, [_name(False)])
    monkeypatch.setattr(labels, "MISSING_DICE", tmp_path)
    assert missing_dice_for(folder) is None
    assert load_labelled(folder, add_missing=True) == load_labelled(folder)


@pytest.mark.parametrize("die, problem", [({"value": 7, "box": [0, 0, 9, 9]}, "value 7"),
                                          ({"value": 3, "box": [9, 0, 0, 9]}, "box")])
def test_a_malformed_list_is_refused(tmp_path, die, problem):
    bad = tmp_path / "x-missing.json"
    bad.write_text(json.dumps({"images": {"a.jpg": [die]}}))
    with pytest.raises(ValueError, match=problem):
        load_missing_dice(bad)


def test_the_byler_list_adds_new_dice_to_training_photos():
    """Each listed die is on a training photo of the set, inside the photo, and is no die already labelled."""
    listed = load_missing_dice(missing_dice_for(BYLER))
    assert len(listed) == 4 and not any(is_heldout(name) for name in listed)
    given = {item.path.name: item for item in load_labelled(BYLER, "train")}
    for name, dice in listed.items():
        image = cv2.imread(str(given[name].path))
        h, w = image.shape[:2]
        assert all(0 <= d.box[0] < d.box[2] <= w and 0 <= d.box[1] < d.box[3] <= h for d in dice)
        for die in dice:  # neither centre inside the other's box (touching neighbours are fine)
            assert not any(_inside(_centre(die.box), d.box) or _inside(_centre(d.box), die.box)
                           for d in given[name].dice), name


def _centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _inside(point, box):
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def test_listed_values_are_corrected_on_training_photos_only(tmp_path, monkeypatch):
    train, held = _name(False), _name(True)
    folder = _fake_set(tmp_path, [train, held])
    lists = tmp_path / "lists"
    lists.mkdir()
    fix = {"line": 1, "labelled": 2, "value": 3}
    (lists / "fakeset-values.json").write_text(json.dumps({"images": {train: [fix], held: [fix]}}))
    monkeypatch.setattr(labels, "VALUE_FIXES", lists)

    given = {item.path.name: item.dice for item in load_labelled(folder)}
    fixed = {item.path.name: item.dice for item in load_labelled(folder, fix_values=True)}
    assert [d.value for d in fixed[train]] == [3] and fixed[train][0].box == given[train][0].box
    assert [d.value for d in fixed[held]] == [2]


@pytest.mark.parametrize("fix", [{"line": 1, "labelled": 4, "value": 3}, {"line": 2, "labelled": 2, "value": 3}])
def test_a_value_list_that_no_longer_fits_the_labels_is_refused(tmp_path, monkeypatch, fix):
    """A label file changed since the list was made: the list names a line that is not there or not that value."""
    train = _name(False)
    folder = _fake_set(tmp_path, [train])
    (tmp_path / "fakeset-values.json").write_text(json.dumps({"images": {train: [fix]}}))
    monkeypatch.setattr(labels, "VALUE_FIXES", tmp_path)
    with pytest.raises(ValueError, match=f"line {fix['line']} is not a {fix['labelled']}"):
        load_labelled(folder, fix_values=True)


@pytest.mark.parametrize("fix", [{"line": 0, "labelled": 2, "value": 3}, {"line": 1, "labelled": 2, "value": 7},
                                 {"line": 1, "labelled": 2, "value": 2}])
def test_a_malformed_value_list_is_refused(tmp_path, fix):
    bad = tmp_path / "x-values.json"
    bad.write_text(json.dumps({"images": {"a.jpg": [fix]}}))
    with pytest.raises(ValueError, match="cannot change value"):
        load_value_fixes(bad)


def test_a_value_list_naming_a_line_twice_is_refused(tmp_path):
    bad = tmp_path / "x-values.json"
    bad.write_text(json.dumps({"images": {"a.jpg": [{"line": 2, "labelled": 2, "value": 3},
                                                    {"line": 2, "labelled": 2, "value": 4}]}}))
    with pytest.raises(ValueError, match="line 2 is listed twice"):
        load_value_fixes(bad)


def test_the_byler_value_list_fits_its_training_labels():
    """Four training dice change value, each to another one; nothing else in the set changes."""
    fixes = load_value_fixes(value_fixes_for(BYLER))
    assert sum(len(f) for f in fixes.values()) == 4 and not any(is_heldout(name) for name in fixes)
    given = {item.path.name: item.dice for item in load_labelled(BYLER)}
    fixed = {item.path.name: item.dice for item in load_labelled(BYLER, fix_values=True)}
    changed = {(name, k + 1): (a.value, b.value) for name in given
               for k, (a, b) in enumerate(zip(given[name], fixed[name])) if a != b}
    assert changed == {(name, line): pair for name, lines in fixes.items() for line, pair in lines.items()}


def test_an_audit_changes_held_out_photos_only_and_only_when_asked(tmp_path, monkeypatch):
    """The audit of held-out values is for the benchmark's second reading; training and the default never see it."""
    train, held = _name(False), _name(True)
    folder = _fake_set(tmp_path, [train, held])
    fix = {"line": 1, "labelled": 2, "value": 3}
    (tmp_path / "fakeset-audit.json").write_text(json.dumps({"images": {held: [fix]}}))
    monkeypatch.setattr(labels, "AUDITS", tmp_path)
    given = {item.path.name: [d.value for d in item.dice] for item in load_labelled(folder)}
    audited = {item.path.name: [d.value for d in item.dice] for item in load_labelled(folder, audited=True)}
    assert given == {train: [2], held: [2]} and audited == {train: [2], held: [3]}
    trained = {item.path.name: [d.value for d in item.dice]
               for item in load_labelled(folder, add_missing=True, fix_values=True)}
    assert trained == given


def test_an_audit_naming_a_training_photo_is_refused(tmp_path):
    train = _name(False)
    bad = tmp_path / "x-audit.json"
    bad.write_text(json.dumps({"images": {train: [{"line": 1, "labelled": 2, "value": 3}]}}))
    with pytest.raises(ValueError, match="training photos"):
        load_audit(bad)


def test_the_held_out_audits_fit_their_labels_and_change_only_what_they_list():
    """Two byler held-out dice both blind looks counted 3 change value; penlington's and epanemu's audits found
    nothing."""
    audit = load_audit(audit_for(BYLER))
    assert {(name, line): pair for name, lines in audit.items() for line, pair in lines.items()} == {
        ("IMG_20191208_111246.jpg", 1): (2, 3), ("IMG_20191209_095421.jpg", 4): (2, 3)}
    given = {item.path.name: item.dice for item in load_labelled(BYLER, "heldout")}
    audited = {item.path.name: item.dice for item in load_labelled(BYLER, "heldout", audited=True)}
    changed = {(name, k + 1) for name in given for k, (a, b) in enumerate(zip(given[name], audited[name])) if a != b}
    assert changed == {("IMG_20191208_111246.jpg", 1), ("IMG_20191209_095421.jpg", 4)}
    for name in ("penlington-wood", "epanemu-dice"):
        assert load_audit(audit_for(SHARED / "data" / "dice-real" / name)) == {}

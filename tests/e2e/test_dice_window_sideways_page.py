"""The camera's pictures on a phone turned sideways: the dice window seen whole, its dice still tapped where they
lie (upright it stays as wide as the page), and the camera alignment's mat seen whole. One SIMULATED table serves
the module."""

from __future__ import annotations

import pytest

from boardhelpers import PIN, REDRAWN, tap_die, wait
from browserhelpers import page_errors, phone_browser, served
from companion.config import load_config
from screens import drawn, open_tab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path_factory.mktemp("window")), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "simulated", "fps": 2.0, "width": 640, "height": 480, "simulated_pace": 60.0},
        "panel": {"enabled": False}})
    with served(config, camera=True, pin=PIN, threads=8) as (service, url):
        service.table.new_game("free-roll", {}, [])
        yield service, url


# the picture's box, the dice drawn over it and the figure holding both, and the room on the screen:
# [[figure w, h], [picture w, h], [overlay w, h], [page's width for it], innerHeight]
WINDOW_JS = """const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return [Math.round(r.width), Math.round(r.height)]; };
  return [box('#snapshot'), box('#snapshot-img'), box('#snapshot-overlay'),
    Math.round(document.querySelector('#snapshot').parentElement.clientWidth), innerHeight]"""


def test_the_dice_window_is_seen_whole_sideways_and_its_dice_still_answer_a_tap(table):
    """Held sideways (740 x 360) the dice window fits the window (a 640 x 480 frame as wide as the page would not),
    so the dice at its bottom are in sight with its top, drawn over the picture and answering a tap."""
    service, url = table
    with phone_browser("en-GB", url=url) as phone:
        frame = phone.execute_script("return outerHeight - innerHeight")
        sizes = {}
        for width, height in ((740, 360), (360, 740)):
            phone.set_window_size(width, height + frame)
            drawn(phone, "table", open_tab(phone, "table"))
            wait(phone, lambda d: "has-frame" in d.find_element("id", "snapshot").get_attribute("class")
                 and d.find_elements("css selector", "#snapshot-overlay g.die-box"), timeout=60,
                 message="no picture with its dice")
            sizes[width] = phone.execute_script(WINDOW_JS)
            if width == 740:
                tap_a_die(phone)
        (figure, picture, overlay, page, room) = sizes[740]
        assert figure == picture == overlay, sizes  # the dice drawn over the picture, not beside it
        assert picture[1] <= 0.7 * room + 1 and abs(picture[0] / picture[1] - 640 / 480) < 0.02, sizes
        (figure, picture, overlay, page, room) = sizes[360]
        assert figure == picture == overlay and picture[0] == page, sizes  # upright: as wide as the page
        assert page_errors(phone) == []


def tap_a_die(phone):
    """Tap a die on the picture and close the dialog it opens; a die thrown again meanwhile (the simulated table
    picks its dice up and throws them) is looked for anew."""
    for attempt in range(3):
        found = wait(phone, lambda d: d.find_elements("css selector", "#snapshot-overlay g.die-box"), timeout=60,
                     message="no die on the picture")
        try:
            tap_die(phone, found[0])
        except (AssertionError, *REDRAWN):
            continue
        phone.find_element("id", "die-cancel").click()
        return
    raise AssertionError("no die on the picture answered a tap in three tries")


# the alignment picture: its box, the picture as drawn in it (object-fit: contain), and the screen's height
ALIGNMENT_JS = """const img = document.querySelector('#alignment-img'), r = img.getBoundingClientRect();
  if (!img.naturalWidth) return null;
  const fit = getComputedStyle(img).objectFit === 'contain'
    ? Math.min(r.width / img.naturalWidth, r.height / img.naturalHeight) : null;
  const drawn = fit ? [img.naturalWidth * fit, img.naturalHeight * fit] : [r.width, r.height];
  return [Math.round(r.height), drawn.map(Math.round), r.width / r.height, img.naturalWidth / img.naturalHeight,
    innerHeight]"""


def test_the_camera_alignment_picture_is_seen_whole_sideways(table):
    """« The green lines must sit on the printed ones »: held sideways (740 x 360) the mat seen from above is drawn
    whole and undistorted in the window, every line to check in sight at once."""
    service, url = table
    service.table.new_game("hexors", {}, ["Ana", "Bo"])  # a game on a mat: the mat is found and drawn from above
    try:
        with phone_browser("en-GB", url=url) as phone:
            frame = phone.execute_script("return outerHeight - innerHeight")
            phone.set_window_size(740, 360 + frame)
            drawn(phone, "table", open_tab(phone, "table"))
            toggle = wait(phone, lambda d: (lambda b: b if b.is_displayed() else None)(
                d.find_element("id", "alignment-toggle")), timeout=60, message="no Camera alignment button")
            phone.execute_script("arguments[0].click()", toggle)
            box, (width, height), box_shape, shape, room = wait(
                phone, lambda d: d.execute_script(ALIGNMENT_JS), timeout=60, message="no alignment picture")
            assert box <= 0.7 * room + 1 and height <= box, (box, height, room)
            # drawn whole and undistorted: its own shape, inside its box
            assert abs(width / height - shape) < 0.02 or abs(box_shape - shape) < 0.02, (width, height, shape)
            assert page_errors(phone) == []
    finally:
        service.table.new_game("free-roll", {}, [])

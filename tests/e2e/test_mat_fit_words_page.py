"""The camera screen's word for the table plane's fit at its threshold: a mean anchor-corner error of 1 px or less
is "a close fit", above it "a loose fit" (EN/FR). It names the fit, never the picture's focus: benchmarks/blur.py
measured the fit still under 1 px on frames blurred until the dice read wrong (docs/vision/blur.md)."""

from __future__ import annotations

import pytest
from boardhelpers import open_page, wait

from companion.live import CameraStatus

pytestmark = pytest.mark.browser

STATUS = "#table-vision-status"
WORDS = {"en": ("Mat found: all 4 markers seen, {}", {"close": "a close fit", "loose": "a loose fit"}),
         "fr": ("Tapis trouvé : ses 4 repères vus, {}", {"close": "calage précis", "loose": "calage approximatif"})}


def test_the_fit_is_close_up_to_one_pixel_and_loose_past_it(narrow_table, phone):
    service, url = narrow_table
    service.live.camera = CameraStatus(True, "", "usb camera")
    open_page(phone, url, "#/table")
    try:
        for lang in ("en", "fr"):
            phone.execute_script(f"window.companion.switchLanguage('{lang}')")
            line, fits = WORDS[lang]
            # each reading's words differ from the one before, so each wait sees that reading drawn, not the last
            for reprojection_px, fit in ((1.01, "loose"), (1.0, "close"), (2.4, "loose"), (0.99, "close")):
                service.live.table = {"plane_state": {"state": "estimated", "anchors_seen": [0, 1, 2, 3],
                                                      "reprojection_px": reprojection_px}, "needs_plane": []}
                service.bus.publish("live", service.live.to_json())
                words = line.format(fits[fit])
                wait(phone, lambda d: d.find_element("css selector", STATUS).text == words,
                     message=f"at {reprojection_px} px ({lang}) not said: {words!r}")
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")
        service.live.camera, service.live.table = CameraStatus(), None
        service.bus.publish("live", service.live.to_json())

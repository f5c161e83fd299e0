"""Draw hardware/wiring.png, the panel's wiring, from the default configuration (python hardware/draw_wiring.py).

Pin numbers come from companion.config.SCHEMA, so the picture always matches
the defaults; resistor values are the ones hardware/README.md derives.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.config import SCHEMA  # noqa: E402
from companion.panel.header import GROUND_PINS, POWER_PINS, header_pin, label  # noqa: E402

W, H = 1600, 1000
INK, GREY, WIRE = (30, 30, 30), (150, 150, 150), (60, 60, 60)
COLOURS = {"green": (60, 170, 40), "amber": (0, 160, 250), "red": (40, 40, 220)}
FONT = cv2.FONT_HERSHEY_SIMPLEX
LED_RESISTOR = "330R"
BASE_RESISTOR = "1k"
GND_X = 1460          # the ground rail
V5_Y = 470            # the 5 V rail above the buzzer
V5_PIN = min(p for p, v in POWER_PINS.items() if v == "5V")
GND_PIN = 14 if 14 in GROUND_PINS else GROUND_PINS[0]


def text(img, s, x, y, scale=0.6, colour=INK, thick=1):
    cv2.putText(img, s, (int(x), int(y)), FONT, scale, colour, thick, cv2.LINE_AA)


def wire(img, *points, colour=WIRE, thick=2):
    for a, b in zip(points, points[1:]):
        cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), colour, thick, cv2.LINE_AA)


def dot(img, x, y):
    cv2.circle(img, (int(x), int(y)), 5, WIRE, -1, cv2.LINE_AA)


def resistor(img, x, y, value, length=90):
    """A resistor from (x, y) to (x + length, y), drawn as a box with its value above."""
    cv2.rectangle(img, (x + 20, y - 10), (x + length - 20, y + 10), INK, 2, cv2.LINE_AA)
    wire(img, (x, y), (x + 20, y))
    wire(img, (x + length - 20, y), (x + length, y))
    text(img, value, x + 24, y - 16, 0.55)
    return x + length


def led(img, x, y, colour):
    """An LED pointing right (anode at x), with its light arrows; returns the cathode's x."""
    tri = np.array([[x + 10, y - 16], [x + 10, y + 16], [x + 38, y]], np.int32)
    cv2.fillPoly(img, [tri], colour, cv2.LINE_AA)
    cv2.polylines(img, [tri], True, INK, 2, cv2.LINE_AA)
    wire(img, (x + 38, y - 16), (x + 38, y + 16), colour=INK)
    wire(img, (x, y), (x + 10, y))
    for dx in (14, 26):
        cv2.arrowedLine(img, (x + dx, y - 20), (x + dx + 12, y - 34), colour, 2, cv2.LINE_AA, tipLength=0.4)
    return x + 48


INSET = (60, 110, 19)  # the header inset: left x, top y, row pitch


def inset_centre(pin: int) -> tuple[int, int]:
    """Where a header pin is drawn in the inset."""
    x0, y0, step = INSET
    row, col = (pin - 1) // 2, (pin - 1) % 2
    return x0 + 20 + col * 22, y0 + row * step


def used_pins(panel: dict) -> dict[int, tuple[int, int, int]]:
    """Header pin -> the colour it is drawn in, for the panel's pins, 5 V and the ground wire."""
    used = {header_pin(panel[f"{name}_pin"]): COLOURS[name] for name in ("green", "amber", "red")}
    used[header_pin(panel["buzzer_pin"])] = (140, 60, 140)
    used[header_pin(panel["button_pin"])] = (160, 110, 40)
    used[V5_PIN] = (0, 0, 200)
    used[GND_PIN] = (0, 0, 0)
    return used


def header_inset(img, used: dict[int, tuple[int, int, int]]):
    """The 40-pin header seen from above, pin 1 top left, the panel's pins coloured."""
    x0, y0, step = INSET
    text(img, "40-pin header from above: pin 1 (square) at the end away from the USB ports", x0 - 8, y0 - 45, 0.5)
    text(img, "odd", x0 + 6, y0 - 18, 0.42, GREY)
    text(img, "even", x0 + 36, y0 - 18, 0.42, GREY)
    for pin in range(1, 41):
        col = (pin - 1) % 2
        cx, cy = inset_centre(pin)
        fill = used.get(pin)
        if fill is None:
            fill = (200, 200, 200) if pin not in GROUND_PINS else (120, 120, 120)
        if pin == 1:
            cv2.rectangle(img, (cx - 7, cy - 7), (cx + 7, cy + 7), fill, -1)
        else:
            cv2.circle(img, (cx, cy), 7, fill, -1, cv2.LINE_AA)
        if pin in used:
            side = x0 - 45 if col == 0 else x0 + 80
            text(img, f"{pin}", side, cy + 5, 0.45, INK)


def draw(path: Path) -> Path:
    panel = {k: spec.default for k, spec in SCHEMA["panel"].items()}
    img = np.full((H, W, 3), 255, np.uint8)
    text(img, "Table Companion - LED / buzzer panel wiring (default pins, BCM numbering)", 60, 45, 0.9, INK, 2)

    terminal_x = 330
    rows = []  # (y, header pin, name)
    y = 150
    for name in ("green", "amber", "red"):
        rows.append((y, header_pin(panel[f"{name}_pin"]), name))
        y += 110
    buzzer_y, button_y = 620, 850
    v5_pin, gnd_pin = V5_PIN, GND_PIN
    header_inset(img, used_pins(panel))

    # The header as a connector: one terminal per used pin.
    cv2.rectangle(img, (230, 110), (terminal_x, 930), INK, 2)
    text(img, "Pi", 260, 520, 1.0, INK, 2)

    def terminal(y, pin):
        dot(img, terminal_x, y)
        text(img, f"pin {pin}  {label(pin)}", terminal_x + 12, y - 10, 0.55)

    # Ground rail down the right, joined to the header's ground pin at the bottom.
    wire(img, (GND_X, 130), (GND_X, 960), thick=3)
    text(img, "GND", GND_X + 12, 140, 0.7, INK, 2)
    terminal(960 - 20, gnd_pin)
    wire(img, (terminal_x, 940), (terminal_x + 40, 940), (terminal_x + 40, 960), (GND_X, 960), thick=3)

    for y, pin, name in rows:
        terminal(y, pin)
        end_of_resistor = resistor(img, terminal_x + 250, y, LED_RESISTOR)
        wire(img, (terminal_x, y), (terminal_x + 250, y))
        wire(img, (end_of_resistor, y), (end_of_resistor + 30, y))
        x = led(img, end_of_resistor + 30, y, COLOURS[name])
        wire(img, (x - 10, y), (GND_X, y))
        dot(img, GND_X, y)
        text(img, f"{name} LED (long leg = anode towards the resistor)", x + 30, y + 30, 0.5, GREY)

    # Buzzer: GPIO -> 1k -> NPN base; collector -> buzzer -> 5 V; emitter -> GND; diode across the buzzer.
    bpin = header_pin(panel["buzzer_pin"])
    terminal(buzzer_y, bpin)
    terminal(V5_Y - 20 + 20, v5_pin)
    wire(img, (terminal_x, V5_Y), (1100, V5_Y), thick=3)
    text(img, "+5 V", 1110, V5_Y + 6, 0.7, (0, 0, 200), 2)
    wire(img, (terminal_x, buzzer_y), (terminal_x + 250, buzzer_y))
    x = resistor(img, terminal_x + 250, buzzer_y, BASE_RESISTOR)
    qx = 900  # transistor: base at qx, collector up, emitter down
    wire(img, (x, buzzer_y), (qx, buzzer_y))
    cv2.circle(img, (qx + 30, buzzer_y), 38, INK, 2, cv2.LINE_AA)
    wire(img, (qx + 15, buzzer_y - 22), (qx + 15, buzzer_y + 22), colour=INK, thick=3)
    wire(img, (qx, buzzer_y), (qx + 15, buzzer_y))
    wire(img, (qx + 15, buzzer_y - 8), (qx + 45, buzzer_y - 30), (qx + 45, buzzer_y - 60))
    wire(img, (qx + 15, buzzer_y + 8), (qx + 45, buzzer_y + 30), (qx + 45, buzzer_y + 60))
    cv2.arrowedLine(img, (qx + 28, buzzer_y + 18), (qx + 42, buzzer_y + 28), INK, 2, cv2.LINE_AA, tipLength=0.6)
    text(img, "NPN (BC337 / 2N2222)", qx + 80, buzzer_y + 6, 0.55)
    text(img, "B", qx - 5, buzzer_y - 12, 0.45, GREY)
    text(img, "C", qx + 52, buzzer_y - 45, 0.45, GREY)
    text(img, "E", qx + 52, buzzer_y + 55, 0.45, GREY)
    # buzzer between the collector and +5 V
    bz_top, bz_bot = V5_Y + 25, buzzer_y - 85
    wire(img, (qx + 45, buzzer_y - 60), (qx + 45, bz_bot))
    cv2.rectangle(img, (qx + 20, bz_top), (qx + 70, bz_bot), (140, 60, 140), -1)
    cv2.rectangle(img, (qx + 20, bz_top), (qx + 70, bz_bot), INK, 2)
    text(img, "+", qx + 26, bz_top + 18, 0.5, (255, 255, 255), 2)
    wire(img, (qx + 45, V5_Y), (qx + 45, bz_top))
    dot(img, qx + 45, V5_Y)
    text(img, "buzzer", qx + 80, bz_top + 22, 0.55)
    # flyback diode, cathode to +5 V
    dx = qx - 60
    wire(img, (dx, V5_Y), (dx, bz_top - 5))
    tri = np.array([[dx - 14, bz_bot - 5], [dx + 14, bz_bot - 5], [dx, bz_top + 10]], np.int32)
    cv2.polylines(img, [tri], True, INK, 2, cv2.LINE_AA)
    wire(img, (dx - 14, bz_top + 8), (dx + 14, bz_top + 8), colour=INK, thick=3)
    wire(img, (dx, bz_top - 5), (dx, bz_top + 8))
    wire(img, (dx, bz_bot - 5), (dx, buzzer_y - 72), (qx + 45, buzzer_y - 72))
    dot(img, dx, V5_Y)
    dot(img, qx + 45, buzzer_y - 72)
    text(img, "1N4148", dx - 95, (bz_top + bz_bot) // 2 + 5, 0.5)
    wire(img, (qx + 45, buzzer_y + 60), (qx + 45, buzzer_y + 90), (GND_X, buzzer_y + 90))
    dot(img, GND_X, buzzer_y + 90)

    # Button to ground (the internal pull-up holds the pin high).
    kpin = header_pin(panel["button_pin"])
    terminal(button_y, kpin)
    wire(img, (terminal_x, button_y), (800, button_y))
    dot(img, 800, button_y)
    dot(img, 880, button_y)
    wire(img, (795, button_y - 22), (885, button_y - 22), colour=INK, thick=3)
    wire(img, (840, button_y - 22), (840, button_y - 40), colour=INK, thick=3)
    wire(img, (880, button_y), (GND_X, button_y))
    dot(img, GND_X, button_y)
    text(img, "push button: end of turn / silence (hold: sound on/off)", 900, button_y - 30, 0.55)

    text(img, "LEDs: 5 mm, 20 mA max; 330R gives 3-4 mA (enough indoors, kind to the Pi's 3.3 V pins). "
              "Buzzer: 5 V active or passive, through the transistor.", 60, 990, 0.5, GREY)
    cv2.imwrite(str(path), img)
    return path


if __name__ == "__main__":
    out = draw(Path(__file__).resolve().parent / "wiring.png")
    print(f"wrote {out}")

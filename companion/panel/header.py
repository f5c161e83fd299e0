"""The Raspberry Pi 40-pin header: which physical pin carries which BCM GPIO (Pi 2 and later, Pi 4, Pi 5)."""

from __future__ import annotations

BCM_TO_HEADER: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31, 13: 33, 19: 35, 26: 37,
    14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 1: 28, 12: 32, 16: 36, 20: 38, 21: 40,
}
POWER_PINS: dict[int, str] = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND_PINS: tuple[int, ...] = (6, 9, 14, 20, 25, 30, 34, 39)


def header_pin(bcm: int) -> int:
    """Physical header pin of a BCM GPIO number; ValueError for a number the header does not carry."""
    try:
        return BCM_TO_HEADER[bcm]
    except KeyError:
        raise ValueError(f"GPIO{bcm} is not on the 40-pin header (valid: 0-27)") from None


def label(pin: int) -> str:
    """What a physical pin is: 'GPIO17', 'GND', '3V3' or '5V'."""
    if pin in GROUND_PINS:
        return "GND"
    if pin in POWER_PINS:
        return POWER_PINS[pin]
    for bcm, physical in BCM_TO_HEADER.items():
        if physical == pin:
            return f"GPIO{bcm}"
    raise ValueError(f"the header has pins 1-40, not {pin}")

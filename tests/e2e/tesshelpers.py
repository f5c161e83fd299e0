"""Tesseract's effects composer as a finger drives it: a keyword tapped, the list of effects read."""

from __future__ import annotations

from boardhelpers import tap, wait

EFFECTS = "return [...document.querySelectorAll('#tess-fx-list .tess-fx-text')].map(text => text.textContent)"


def keyword(phone, op):
    tap(phone, f".tess-fx-keywords [data-value='{op}']")
    wait(phone, lambda d: d.find_elements("id", "tess-fx-ask"), message=f"{op} asked for nothing")


def listed(phone, n):
    """The composer's effects once it lists ``n`` of them."""
    return wait(phone, lambda d: len(d.execute_script(EFFECTS)) == n and d.execute_script(EFFECTS),
                message=f"the list never held {n} effects")

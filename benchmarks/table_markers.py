"""Section 1 of ``benchmarks/table.py``: the product's marker finder against OpenCV's default detector on real
photographs of printed markers (../shared/data/markers-real/, each folder's own dictionary), full and half size.
"""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

import cv2

from companion.tablevision import MarkerFinder

MARKERS = Path(__file__).resolve().parents[2] / "shared" / "data" / "markers-real"


def real_photos(tries: int = 3) -> None:
    """Print the section; ``tries``: runs of each finder on each image, the fastest timed."""
    print("1. Real photographs of printed markers (each folder's own dictionary), at full and half size (INTER_AREA)")
    print(f"{'folder':46s} {'detector':18s} {'found':>9s} {'rate':>8s} {'wrong ids':>9s} {'ms/image':>9s}")
    for size, scale in (("", 1.0), (" (half size)", 0.5)):
        totals: dict[str, Counter] = defaultdict(Counter)
        times: dict[str, list[float]] = defaultdict(list)
        for folder in sorted(p for p in MARKERS.iterdir() if (p / "labels.json").is_file()):
            labels = json.loads((folder / "labels.json").read_text())
            name = labels["dictionary"]
            dictionary = f"custom:{folder / name.split(':', 1)[1]}" if name.startswith("custom:") else name
            finders = {"product": MarkerFinder(dictionary),
                       "OpenCV default": MarkerFinder(dictionary, cv2.aruco.DetectorParameters())}
            counts: dict[str, Counter] = defaultdict(Counter)
            folder_times: dict[str, list[float]] = defaultdict(list)
            for image_name, truth in labels["images"].items():
                image = cv2.imread(str(folder / "images" / image_name))
                if scale != 1.0:
                    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
                expected = Counter(truth["ids"])
                for label, finder in finders.items():  # both detectors on each image in turn, best of `tries` runs
                    best = float("inf")
                    for _ in range(tries):
                        start = time.perf_counter()
                        seen = Counter(m.id for m in finder.find(image))
                        best = min(best, (time.perf_counter() - start) * 1000)
                    folder_times[label].append(best)
                    counts[label].update(found=sum((seen & expected).values()), wrong=sum((seen - expected).values()),
                                         labelled=sum(expected.values()))
            for label, c in counts.items():
                totals[label].update(c)
                times[label].extend(folder_times[label])
                median = statistics.median(folder_times[label])
                print(f"{folder.name + size:46s} {label:18s} {c['found']:4d}/{c['labelled']:<4d} "
                      f"{100 * c['found'] / c['labelled']:7.2f}% {c['wrong']:9d} {median:9.2f}")
        for label, t in totals.items():
            print(f"{'all folders' + size:46s} {label:18s} {t['found']:4d}/{t['labelled']:<4d} "
                  f"{100 * t['found'] / t['labelled']:7.2f}% {t['wrong']:9d} {statistics.median(times[label]):9.2f}")
        ratio = statistics.median(times["product"]) / statistics.median(times["OpenCV default"])
        print(f"speed ratio product/OpenCV default{size} (median ms per image, same images, best of {tries}, 1 thread): "
              f"{ratio:.2f}")
    print()

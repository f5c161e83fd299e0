"""Rules-aware reading: false illegal verdicts avoided and true ones kept, with misreads as real photos make them.

    python benchmarks/aware.py --data ../shared/data/dice-real/byler-d6 ../shared/data/dice-real/epanemu-dice

1. The shipped reader reads each set's held-out photos (``--split validation``: the photos settings are chosen
   on) as the referee gets a settled roll: read, then its unsure dice read again by the arbiter (``--per-frame``:
   as every frame is read, the arbiter's look left out); every die matched to a label (centre matching, as in
   benchmarks/dice.py) is kept with its true value and the six face probabilities the reader gave it. A set's
   misread rate is its share of matched dice read wrong.
2. Nexus Keepers camera rolls are played (seeded): a turn's first roll, or a reroll of a rolled pool. Players
   mostly follow the rules; some rolls break them on purpose (« vous ne pouvez pas relancer les résultats de 1 », a
   reroll of a single die, a wrong number of dice). Each die the camera sees is given a real reading of that
   value: a misread one (at the set's rate) from the photos' misreads of that value, pooled over the sets,
   a right one from the set's right readings of that value, so a doubtful right reading is as common as on
   the photos and a misread's second-best is the true value exactly as often as it was there.
3. Each roll is refereed as read and through the rules-aware reading (companion/referee/aware.py), against
   the verdict the true dice get. Nexus Keepers is the game whose camera rolls can be illegal; the others'
   camera readings give warnings at most.
4. ``--miscount``: dice are also lost and imagined as on the photos. A labelled die the reader did not read is, at
   the set's rates, seen unread (an unread reading lies on it, vision.unread_dice) or not seen at all; a die read
   where none lies is added to a roll at the set's rate a photo, a real such reading pooled over the sets; so is a
   die seen unread where none lies (board art, a shadow), counted in the roll's zones (photos have none). Rolls
   are refereed as read, through the rules-aware reading with the unread dice dropped and ``sure_die`` 0 (as
   before either existed), with both but ``vision.missed_die_unsure`` off (row "aware+count"), and as shipped
   (row "aware+missed": a roll short of a die nobody saw is unsure too). ``--sweep`` adds lines for other
   ``sure_die`` (missed dice off).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.core import DieReading, Observation, VerdictKind  # noqa: E402
from companion.referee import EventError, create_game  # noqa: E402
from companion.referee.aware import READ_AGAIN, UNSURE, RulesAwareReading  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.scoring import match, unread_on_missed  # noqa: E402

#: (floor, ratio, sure, doubt) tried with --sweep
SWEEP = ((0.05, 0.0, 0.9, 0.05), (0.05, 0.0, 0.9, 0.0), (0.05, 0.0, 0.8, 0.02), (0.1, 0.0, 0.8, 0.02),
         (0.05, 0.05, 0.8, 0.02), (0.02, 0.15, 0.8, 0.02),
         (0.05, 0.1, 0.8, 0.02), (0.05, 0.15, 0.8, 0.02), (0.05, 0.2, 0.8, 0.02), (0.05, 0.15, 0.9, 0.02),
         (0.05, 0.15, 0.8, 0.01), (0.1, 0.15, 0.8, 0.02))
SURE_DIE_SWEEP = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
CARDS = ["example-ember-warden", "example-tide-runner"]
CUBES = [{"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"}]


@dataclass
class Readings:
    """Real readings of one photo set: (true value, probabilities) of the dice read right and read wrong."""

    right: dict[int, list[tuple[float, ...]]] = field(default_factory=lambda: defaultdict(list))
    wrong: dict[int, list[tuple[float, ...]]] = field(default_factory=lambda: defaultdict(list))
    right_sure: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))  # each one's confidence
    wrong_sure: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    labelled: int = 0
    unread: int = 0  # labelled dice not read, with an unread reading on them
    lost: int = 0  # labelled dice neither read nor seen
    unread_phantoms: int = 0  # unread readings where no die is labelled
    photos: int = 0
    phantoms: list[tuple[float, tuple[float, ...]]] = field(default_factory=list)  # dice read where none lies

    @property
    def phantom_rate(self) -> float:
        return len(self.phantoms) / max(1, self.photos)

    @property
    def unread_phantom_rate(self) -> float:
        return self.unread_phantoms / max(1, self.photos)

    @property
    def unread_rate(self) -> float:
        return self.unread / max(1, self.labelled)

    @property
    def lost_rate(self) -> float:
        return self.lost / max(1, self.labelled)

    @property
    def rate(self) -> float:
        wrong = sum(len(v) for v in self.wrong.values())
        return wrong / max(1, wrong + sum(len(v) for v in self.right.values()))


def read_set(reader: DiceReader, folder: str, split: str = "heldout", settled: bool = True) -> Readings:
    """Each photo read as the referee gets a settled roll (``settled``: its unsure dice read again by the arbiter,
    companion/vision/arbiter.py), or as every frame is read."""
    out = Readings()
    for item in load_labelled(folder, split):
        image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
        everything = reader.read(image)
        everything = reader.review_settled(image, everything) if settled else everything
        found = [r for r in everything if not r.unread]
        labels = [(d.value, d.box) for d in item.dice]
        pairs = match([(r.value, r.box) for r in found], labels)
        for i, j in pairs:
            true = labels[j][0]
            (out.right if found[i].value == true else out.wrong)[true].append(found[i].probabilities)
            (out.right_sure if found[i].value == true else out.wrong_sure)[true].append(found[i].confidence)
        paired = {i for i, _ in pairs}
        out.phantoms += [(r.confidence, r.probabilities) for i, r in enumerate(found) if i not in paired]
        out.photos += 1
        missed, unread, where_none = unread_on_missed(pairs, [(r.value, r.box) for r in everything if r.unread],
                                                      labels)
        out.labelled += len(labels)
        out.unread += unread
        out.lost += missed - unread
        out.unread_phantoms += where_none
    return out


def new_game():
    engine = create_game("nexus-keepers")
    engine.apply({"type": "setup", "players": [{"id": p, "card": c, "cube": cube}
                                              for p, c, cube in zip("AB", CARDS, CUBES)]})
    return engine


def at_turn(engine, phase: str, pool: list[int], dice_allowed: int):
    state = engine.state_json()
    state["turn"].update(player="A", phase=phase, pool=list(pool), dice_allowed=dice_allowed, rerolls_done=0,
                         acted=False, used=[0, 0, 0], reserved_die=None)
    engine.load_state_json(state)
    return engine


def scenario(rng: random.Random) -> tuple[object, list[int], bool]:
    """A Nexus Keepers position and the dice that then lie in the dice zone; whether the player broke a rule."""
    engine = new_game()
    allowed = rng.choice([5, 6, 6, 6, 7])
    if rng.random() < 0.4:  # the turn's first roll
        at_turn(engine, "start", [], allowed)
        broken = rng.random() < 0.05  # « ils lancent 6 dés »: one die too many or too few
        count = allowed + rng.choice([-1, 1]) if broken else allowed
        return engine, [rng.randint(1, 6) for _ in range(count)], broken
    pool = [rng.randint(1, 6) for _ in range(allowed)]
    at_turn(engine, "rolling", pool, allowed)
    others = [k for k, v in enumerate(pool) if v != 1]
    ones = [k for k, v in enumerate(pool) if v == 1]
    broken = rng.random() < 0.1
    if broken and ones and rng.random() < 0.7:  # rerolls a 1 with another die
        picked = [rng.choice(ones)] + rng.sample(others, min(len(others), 1))
    elif broken and others:  # rerolls a single die
        picked = [rng.choice(others)]
    else:
        broken = False
        if len(others) < 2:
            return engine, list(pool), False  # nothing to reroll: the dice lie still (the camera sees the same)
        picked = rng.sample(others, rng.randint(2, len(others)))
    after = list(pool)
    for k in picked:
        after[k] = rng.randint(1, 6)
    return engine, after, broken


def seen(values: list[int], readings: Readings, pooled_wrong: dict, rate: float, rng: random.Random,
         imagined: list | None = None) -> tuple[list[DieReading], list[DieReading]]:
    """The camera's dice for these true values: each a real reading of its value, misread at ``rate``; with
    ``imagined`` (the pooled dice read where none lies: dice miscounted), dice first dropped or seen unread at the
    set's rates, and one imagined at its rate. The dice read, and those seen unread."""
    dice, unread = [], []
    if imagined and rng.random() < readings.phantom_rate:
        confidence, probs = rng.choice(imagined)
        read = max(range(6), key=lambda k: probs[k]) + 1
        dice.append(DieReading(read, "white", confidence=confidence, probabilities=probs))
    for v in values:
        if imagined is not None:
            draw = rng.random()
            if draw < readings.lost_rate:
                continue
            if draw < readings.lost_rate + readings.unread_rate:
                unread.append(DieReading(v, "white", confidence=0.1, unread=True))  # its guess is never used
                continue
        pool = pooled_wrong[v] if rng.random() < rate and pooled_wrong[v] else list(zip(readings.right[v],
                                                                                         readings.right_sure[v]))
        probs, confidence = rng.choice(pool)
        read = max(range(6), key=lambda k: probs[k]) + 1
        dice.append(DieReading(read, "white", confidence=confidence, probabilities=probs))
    return dice, unread


def with_sure_die(aware: RulesAwareReading, sure_die: float, missed_die: bool | None = None) -> RulesAwareReading:
    return RulesAwareReading(floor=aware.floor, ratio=aware.ratio, sure=aware.sure, doubt=aware.doubt,
                             max_changes=aware.max_changes, max_tries=aware.max_tries, sure_die=sure_die,
                             missed_die=aware.missed_die if missed_die is None else missed_die)


def verdict_of(engine, observation: Observation) -> str:
    """"illegal", "legal" or "nothing" (the referee ignores it, or cannot use it)."""
    try:
        event = engine.observation_event(observation)
        if event is None:
            return "nothing"
        refused = any(v.kind is VerdictKind.ILLEGAL for v in engine.legal(event))
    except EventError:
        return "nothing"
    return "illegal" if refused else "legal"


def play(readings: Readings, pooled_wrong: dict, rate: float, rolls: int, seed: int, aware: RulesAwareReading,
         imagined: list | None = None):
    """Counts of the verdicts on ``rolls`` seeded camera rolls; with ``imagined``, dice miscounted too."""
    rng, unread_rng = random.Random(seed), random.Random(seed + 1)
    counts = defaultdict(int)
    miscount = imagined is not None
    before = with_sure_die(aware, 0.0, missed_die=False) if miscount else aware  # values re-read, counts as read
    counting = with_sure_die(aware, aware.sure_die, missed_die=False)  # unread dice and sure_die, not missed dice
    missed = with_sure_die(aware, aware.sure_die, missed_die=True)  # and a roll short of an unseen die unsure too
    for _ in range(rolls):
        engine, values, broken = scenario(rng)
        truth = Observation(dice=tuple(DieReading(v) for v in values))
        dice, unread = seen(values, readings, pooled_wrong, rate, rng, imagined)
        if miscount and unread_rng.random() < readings.unread_phantom_rate:  # its own draws: the others unchanged
            unread.append(DieReading(1, "white", confidence=0.1, unread=True))  # where none lies; its guess unused
            counts["rolls with a die seen unread where none lies"] += 1
        read = Observation(dice=tuple(dice))
        true_verdict = verdict_of(engine, truth)
        misread = [d.value for d in read.dice] != values
        counts["rolls"] += 1
        counts["misread rolls"] += misread
        counts["rolls short of a die"] += len(dice) < len(values)
        counts["rolls with a die too many"] += len(dice) > len(values)
        counts["truly illegal"] += true_verdict == "illegal"
        counts["broken on purpose"] += broken
        plain = verdict_of(engine, read)
        judged = before.judge(read, engine)
        smart = "unsure" if judged.kind == UNSURE else verdict_of(engine, judged.observation)
        verdicts = [("as read", plain), ("aware", smart)]
        if miscount:
            seen_roll = Observation(dice=tuple(dice), unread=tuple(unread))
            for name, judge in (("aware+count", counting), ("aware+missed", missed)):
                counted = judge.judge(seen_roll, engine)
                verdicts.append((name, "unsure" if counted.kind == UNSURE else verdict_of(engine, counted.observation)))
        for name, got in verdicts:
            if got == "illegal" and true_verdict != "illegal":
                counts[f"{name}: false illegal"] += 1
            if got == "illegal" and true_verdict == "illegal":
                counts[f"{name}: true illegal kept"] += 1
            if got == "unsure":
                counts[f"{name}: unsure"] += 1
                counts[f"{name}: unsure on a truly illegal roll"] += true_verdict == "illegal"
            if got == "legal" and misread and true_verdict != "illegal":
                counts[f"{name}: misread accepted as legal"] += 1
            if got == "legal" and true_verdict == "illegal":
                counts[f"{name}: illegal roll accepted"] += 1
        if judged.kind == READ_AGAIN:
            counts["read again"] += 1
            counts["read again to the true dice"] += [d.value for d in judged.observation.dice] == values
    return counts


def report(name: str, rate: float, counts: dict, readings: Readings | None = None) -> None:
    true_illegal = counts["truly illegal"]
    print(f"\n{name}: misread rate {100 * rate:.2f}% of dice, {counts['rolls']} rolls, "
          f"{counts['misread rolls']} with a misread {'or miscounted ' if readings is not None else ''}die, "
          f"{true_illegal} truly illegal "
          f"({counts['broken on purpose']} broken on purpose)")
    if readings is not None:
        print(f"dice lost as on the photos: seen unread {100 * readings.unread_rate:.2f}%, not seen "
              f"{100 * readings.lost_rate:.2f}% of labelled dice; "
              f"{counts['rolls short of a die']} rolls short of a die; "
              f"dice imagined {readings.phantom_rate:.3f} a photo: {counts['rolls with a die too many']} rolls; "
              f"seen unread where none lies {readings.unread_phantom_rate:.3f} a photo: "
              f"{counts['rolls with a die seen unread where none lies']} rolls")
    width = 12 if readings is not None else 8
    print(f"{'':{width}} {'false illegal':>13} {'true illegal kept':>17} {'camera unsure':>22} "
          f"{'misread taken as legal':>22} {'illegal taken as legal':>22}")
    for label in ("as read", "aware") + (("aware+count", "aware+missed") if readings is not None else ()):
        got = {key[len(label) + 2:]: n for key, n in counts.items() if key.startswith(label + ": ")}
        kept = f"{got.get('true illegal kept', 0)}/{true_illegal}"
        unsure = f"{got.get('unsure', 0)} ({got.get('unsure on a truly illegal roll', 0)} truly illegal)"
        print(f"{label:{width}} {got.get('false illegal', 0):>13} {kept:>17} {unsure:>22} "
              f"{got.get('misread accepted as legal', 0):>22} {got.get('illegal roll accepted', 0):>22}")
    print(f"read again: {counts['read again']} rolls, {counts['read again to the true dice']} of them to the true dice")


def main(argv=None) -> int:
    vision = load_config(None)["vision"]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", nargs="+", required=True, help="labelled photo folders (images/ + labels/)")
    parser.add_argument("--rolls", type=int, default=5000, help="camera rolls played per set")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--floor", type=float, default=vision["reread_floor"])
    parser.add_argument("--ratio", type=float, default=vision["reread_ratio"])
    parser.add_argument("--sure", type=float, default=vision["sure_reading"])
    parser.add_argument("--doubt", type=float, default=vision["unsure_doubt"])
    parser.add_argument("--sweep", action="store_true", help="also try a few floor / sure settings")
    parser.add_argument("--miscount", action="store_true", help="also lose and imagine dice as the photos do "
                                                                 "(point 4 above)")
    parser.add_argument("--sure-die", type=float, default=vision["sure_die"])
    parser.add_argument("--split", default="heldout", choices=("heldout", "validation"),
                        help="the photos whose readings are injected: validation to choose settings, held-out to "
                             "report them")
    parser.add_argument("--per-frame", action="store_true",
                        help="inject every frame's readings, not a settled roll's (the arbiter's second look off)")
    args = parser.parse_args(argv)

    reader = DiceReader.from_config(vision, threads=1, unread=True)  # the read dice are the same without it
    sets = {Path(folder).name: read_set(reader, folder, args.split, not args.per_frame) for folder in args.data}
    pooled_wrong: dict[int, list] = defaultdict(list)
    for readings in sets.values():
        for value, probs in readings.wrong.items():
            pooled_wrong[value] += zip(probs, readings.wrong_sure[value])
    photos = "held-out" if args.split == "heldout" else args.split
    how = "every frame's readings" if args.per_frame or reader.arbiter is None else "as settled rolls (arbiter)"
    print(f"reader {reader.model_path.name}, {photos} photos {how}; misreads pooled over the sets, by true value: "
          + ", ".join(f"{v}: {len(pooled_wrong[v])}" for v in range(1, 7)))
    plausible = sum(1 for v, wrong in pooled_wrong.items() for probs, _ in wrong if probs[v - 1] >= args.floor)
    print(f"misreads whose true value got at least {args.floor} from the reader: {plausible} of "
          f"{sum(len(p) for p in pooled_wrong.values())}")
    aware = RulesAwareReading(floor=args.floor, ratio=args.ratio, sure=args.sure, doubt=args.doubt,
                              sure_die=args.sure_die)
    imagined = [p for readings in sets.values() for p in readings.phantoms]
    print(f"rules-aware reading: floor {args.floor}, ratio {args.ratio}, sure {args.sure}, doubt {args.doubt}; "
          f"seed {args.seed}")
    for name, readings in sets.items():
        if readings.rate == 0:
            print(f"\n{name}: no misread among its {photos} dice: nothing to inject")
            continue
        report(name, readings.rate, play(readings, pooled_wrong, readings.rate, args.rolls, args.seed, aware))
        if args.miscount:
            report(f"{name}, dice lost and imagined as on the photos", readings.rate,
                   play(readings, pooled_wrong, readings.rate, args.rolls, args.seed, aware, imagined), readings)
    if args.sweep:
        print("\nsettings, per set with misreads (missed dice off): floor ratio sure doubt -> false illegal, true "
              "illegal kept, unsure")
        for floor_, ratio, sure, doubt in SWEEP:
            line = []
            for name, readings in sets.items():
                if readings.rate:
                    c = play(readings, pooled_wrong, readings.rate, args.rolls, args.seed,
                             RulesAwareReading(floor=floor_, ratio=ratio, sure=sure, doubt=doubt,
                                               sure_die=args.sure_die, missed_die=False))
                    line.append(f"{name} {c['aware: false illegal']}, {c['aware: true illegal kept']}/"
                                f"{c['truly illegal']}, {c['aware: unsure']}")
            print(f"  {floor_:.2f} {ratio:.2f} {sure:.2f} {doubt:.3f} -> " + "; ".join(line))
        if args.miscount:
            print("sure_die, dice lost and imagined (aware+count) -> false illegal, true illegal kept, unsure")
            for sure_die in SURE_DIE_SWEEP:
                line = []
                for name, readings in sets.items():
                    if readings.rate:
                        c = play(readings, pooled_wrong, readings.rate, args.rolls, args.seed,
                                 with_sure_die(aware, sure_die), imagined)
                        line.append(f"{name} {c['aware+count: false illegal']}, {c['aware+count: true illegal kept']}/"
                                    f"{c['truly illegal']}, {c['aware+count: unsure']}")
                print(f"  {sure_die:.2f} -> " + "; ".join(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

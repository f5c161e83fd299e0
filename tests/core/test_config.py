"""Configuration: documented defaults, origins, lookup order, and strict refusal of mistakes."""

import subprocess
import sys

import pytest

from companion.cli import main
from companion.config import SCHEMA, ConfigError, load_config


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_every_key_has_a_default_and_a_doc():
    for section, keys in SCHEMA.items():
        for key, spec in keys.items():
            assert spec.doc.strip(), f"{section}.{key} has no documentation"
            assert spec.default is not None


def test_file_values_win_over_defaults_and_origins_say_so(tmp_path):
    path = write(tmp_path / "c.toml", "[service]\nport = 9000\n")
    config = load_config(path)
    assert config["service"]["port"] == 9000
    assert config.origins["service.port"] == str(path)
    assert config.origins["service.host"] == "default"


def test_float_keys_accept_integers(tmp_path):
    config = load_config(write(tmp_path / "c.toml", "[camera]\nfps = 5\n"))
    assert config["camera"]["fps"] == 5.0 and isinstance(config["camera"]["fps"], float)


@pytest.mark.parametrize(
    "text, named",
    [
        ("[service]\nprot = 9000\n", "service.prot"),
        ("[servce]\nport = 9000\n", "servce"),
        ('[service]\nport = "9000"\n', "service.port"),
        ("[vision]\nthreads = true\n", "vision.threads"),
        ('[camera]\nsource = "webcam"\n', "camera.source"),
        ("[service\nport = 1\n", "not valid TOML"),
        ("[vision]\narbiter_temperature = 0\n", "vision.arbiter_temperature must be above 0, got 0.0"),
        ("[vision]\narbiter_below = 2.0\n", "vision.arbiter_below must be at least 0 and at most 1, got 2.0"),
        ("[vision]\nsecond_look = 1\n", "vision.second_look must be at least 0 and under 1"),
        ("[vision]\nreread_floor = 0.9\n", "vision.reread_floor must be above 0 and at most 0.5"),
        ("[camera]\nfps = 0\n", "camera.fps must be above 0"),
        ("[service]\nport = 70000\n", "service.port must be at least 0 and at most 65535"),
        ("[vision]\nreread_floor = 0.03\nunsure_doubt = 0.04\n", "vision.unsure_doubt .0.04. must be at most "
                                                                   "vision.reread_floor"),
    ],
)
def test_mistakes_are_refused_naming_the_key(tmp_path, text, named):
    with pytest.raises(ConfigError, match=named.replace("[", r"\[")):
        load_config(write(tmp_path / "c.toml", text))


def test_every_bounded_default_is_within_its_bounds_and_the_ends_are_as_documented(tmp_path):
    for section, keys in SCHEMA.items():
        for key, spec in keys.items():
            assert spec.within is None or spec.within.admits(spec.default), f"{section}.{key}"
    edges = "[vision]\nsecond_look = 0\narbiter_accept = 1\nconfidence = 1\nunsure_doubt = 0\n[camera]\nfps = 0.5\n"
    config = load_config(write(tmp_path / "c.toml", edges))  # each end the docs call allowed is taken
    assert (config["vision"]["second_look"], config["vision"]["arbiter_accept"], config["camera"]["fps"]) == (0, 1, 0.5)


def test_a_value_the_service_would_fail_on_is_refused_before_it_starts(tmp_path):
    """Rule of the house: bad input gets a clear error. A temperature of 0 (which would stop the arbiter with a
    traceback) is refused before the service starts, with the key's name and the file, as a typo is."""
    path = write(tmp_path / "c.toml", f'[service]\ndata_dir = "{tmp_path}"\n[vision]\narbiter_temperature = 0\n')
    done = subprocess.run([sys.executable, "-m", "companion.cli", "--config", str(path), "serve", "--no-camera"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert f"{path}: vision.arbiter_temperature must be above 0" in done.stderr and "Traceback" not in done.stderr


def test_lookup_order_user_file_then_system(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    user = tmp_path / ".config" / "companion" / "companion.toml"
    user.parent.mkdir(parents=True)
    write(user, "[service]\nport = 8123\n")
    config = load_config()
    assert config.path == user and config["service"]["port"] == 8123


def test_missing_explicit_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.toml")


def test_companion_config_prints_values_and_origins(tmp_path, capsys):
    path = write(tmp_path / "c.toml", '[game]\ndefault = "free-roll"\n[vision]\nthreads = 1\n')
    assert main(["--config", str(path), "config"]) == 0
    out = capsys.readouterr().out
    assert f"threads = 1  # from {path}" in out
    assert "port = 8080  # from default" in out
    assert "# TCP port of the web service (0: any free one) [at least 0 and at most 65535]" in out  # bounds shown


def test_companion_config_refuses_a_bad_file_with_exit_2(tmp_path, capsys):
    path = write(tmp_path / "c.toml", "[vision]\nthread = 1\n")
    assert main(["--config", str(path), "config"]) == 2
    assert "vision.thread" in capsys.readouterr().err


def test_readers_built_without_a_config_take_the_config_defaults():
    # tests and scripts build them with no config; the service from the loaded one: both must read alike
    from companion.referee.aware import RulesAwareReading
    from companion.vision import DiceReader

    vision = load_config(None)["vision"]
    reader = DiceReader()
    for key in ("confidence", "reread_below", "second_opinion", "max_face_looks", "recrop_beyond", "min_crop",
                "recrop_rounds", "inside_die", "pip_boxes", "second_look", "emblem_face"):
        assert getattr(reader, key) == vision[key], key
    aware = RulesAwareReading()
    assert (aware.floor, aware.ratio, aware.sure, aware.doubt, aware.sure_die, aware.missed_die) == (
        vision["reread_floor"], vision["reread_ratio"], vision["sure_reading"], vision["unsure_doubt"],
        vision["sure_die"], vision["missed_die_unsure"])
    configured = RulesAwareReading.from_config(vision)
    assert (configured.floor, configured.sure, configured.sure_die, configured.missed_die) == (
        aware.floor, aware.sure, aware.sure_die, aware.missed_die)

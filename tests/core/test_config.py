"""Configuration: documented defaults, origins, lookup order, and strict refusal of mistakes."""

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
    ],
)
def test_mistakes_are_refused_naming_the_key(tmp_path, text, named):
    with pytest.raises(ConfigError, match=named.replace("[", r"\[")):
        load_config(write(tmp_path / "c.toml", text))


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

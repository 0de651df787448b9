"""The browser box's build (tools/build/web.py), on CPython: fast checks the browser test
relies on."""

import json
import pathlib

import pytest
from hal.board_config import load_config

from tools.build import web as build_web

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("layout", build_web.layouts(), ids=lambda layout: layout["name"])
def test_every_box_the_page_offers_is_a_board_json_the_firmware_takes(tmp_path, layout):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "pico.json").write_text((ROOT / "firmware" / "boards" / "pico.json").read_text())
    (tmp_path / "board.json").write_text(layout["board_json"])
    config, faults = load_config(str(tmp_path) + "/")
    assert faults == []
    assert config["leds"]["count"] == layout["tiles"] * layout["rows"]
    assert config.get("rows", 1) == layout["rows"]


def test_the_folder_holds_the_page_the_wasm_build_and_every_file_it_caches(tmp_path):
    sizes = build_web.build(tmp_path)
    assert {"index.html", "box.mjs", "sw.js", "micropython.mjs", "micropython.wasm", "box.bin",
            "box.json"} <= set(sizes)
    assert sorted(json.loads((tmp_path / "offline.json").read_text())) == sorted(sizes)
    index = json.loads((tmp_path / "box.json").read_text())
    paths = {path for path, _, _ in index["files"]}
    assert {"/main.py", "/boot.py", "/config.json", "/board.json", "/app/core.mpy",
            "/sim/board_sim/browser/page_box.mpy"} <= paths


def test_the_page_is_an_app_whose_worker_caches_each_build_apart(tmp_path):
    sizes = build_web.build(tmp_path / "site")
    manifest = json.loads((tmp_path / "site" / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert {icon["src"] for icon in manifest["icons"]} <= set(sizes)
    assert build_web.WORKER_VERSION not in (tmp_path / "site" / "sw.js").read_text()
    versions = []
    for page in ("one build", "the next build"):
        (tmp_path / "index.html").write_text(page)
        (tmp_path / "sw.js").write_text(build_web.WORKER_VERSION + "\n")
        build_web.stamp_worker(tmp_path, ["index.html", "sw.js"])
        versions.append((tmp_path / "sw.js").read_text())
    assert versions[0] != versions[1]
    (tmp_path / "sw.js").write_text("no version line")
    with pytest.raises(ValueError, match="sw.js has no line"):
        build_web.stamp_worker(tmp_path, ["index.html", "sw.js"])

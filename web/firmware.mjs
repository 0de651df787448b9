// The box's MicroPython: the WebAssembly build with the firmware and board_sim copied into
// its filesystem (box.bin, indexed by box.json, made by tools/build/web.py), powered on as
// board_sim/browser/page_box.py's PageBox.
import { loadMicroPython } from "./micropython.mjs";

const HEAP_BYTES = 8 * 1024 * 1024; // generous: a page is no Pico (the heap also grows)

export async function loadBundle() {
  const [index, blob] = await Promise.all([
    fetch("box.json").then((response) => response.json()),
    fetch("box.bin").then((response) => response.arrayBuffer()),
  ]);
  return { index, bytes: new Uint8Array(blob) };
}

function makeDirs(FS, path) {
  const parts = path.split("/").slice(1, -1);
  let dir = "";
  for (const part of parts) {
    dir += "/" + part;
    if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
  }
}

// Power on: a fresh interpreter (a reset clears RAM), the files of bundle plus `extra`
// ({path: Uint8Array or string}: board.json, config.json, /data/...), then PageBox.
export async function powerOn(bundle, extra, seed, shutFlaps) {
  const mp = await loadMicroPython({
    heapsize: HEAP_BYTES,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  for (const [path, offset, length] of bundle.index.files) {
    makeDirs(mp.FS, path);
    mp.FS.writeFile(path, bundle.bytes.subarray(offset, offset + length));
  }
  for (const [path, data] of Object.entries(extra)) {
    makeDirs(mp.FS, path);
    mp.FS.writeFile(path, data);
  }
  if (!mp.FS.analyzePath("/data").exists) mp.FS.mkdir("/data");
  mp.runPython(
    "import json, os, sys\nos.chdir('/')\nsys.path[:] = ['', '/lib', '/sim']\n" +
    "from board_sim.browser.page_box import PageBox, refusals\n" +
    `box = PageBox(${seed}, ${JSON.stringify(shutFlaps)})`,
  );
  return new Firmware(mp);
}

export class Firmware {
  constructor(mp) {
    this.mp = mp;
    this.box = mp.globals.get("box");
  }

  // The value of a Python expression (evaluated in the page's __main__), through JSON.
  evaluate(expression) {
    this.mp.runPython(`_page_value = json.dumps(eval(${JSON.stringify(expression)}))`);
    return JSON.parse(this.mp.globals.get("_page_value"));
  }

  runUntil(ms) { this.box.run_until(ms); }
  frame() { return JSON.parse(this.box.frame()); }
  setFlap(flap, shut) { this.box.set_flap(flap, shut); }
  hold(button, held) { this.box.hold(button, held); }
  setShaking(shaking) { this.box.shaking = shaking; }
  tilt(x, y, z) { this.box.tilt(x, y, z); }

  // The files under /data and its folders (the match's: /data/play/), {path: Uint8Array}.
  dataFiles(folder = "/data", files = {}) {
    for (const name of this.mp.FS.readdir(folder)) {
      const path = folder + "/" + name;
      if (name === "." || name === "..") continue;
      const mode = this.mp.FS.stat(path).mode;
      if (this.mp.FS.isFile(mode)) files[path] = this.mp.FS.readFile(path);
      else if (this.mp.FS.isDir(mode)) this.dataFiles(path, files);
    }
    return files;
  }

  // The box's own verdict on a config.json text: the faults it would report, and why its
  // game cannot be played on this box ([] when it would play it).
  refusals(configText, tiles, rows) {
    return this.evaluate(`refusals(${JSON.stringify(configText)}, ${tiles}, ${rows})`);
  }
}

// The page: the box (OLED, flaps with their LEDs, shake, select and ok, the buzzer) and its
// files (layout, game, hints, config.json), driving the firmware on the page's MicroPython.
import { Buzzer } from "./buzzer.mjs";
import { loadBundle, powerOn } from "./firmware.mjs";
import { motionAvailable, startMotion } from "./motion.mjs";
import { Oled } from "./oled.mjs";
import * as storage from "./storage.mjs";

const MAX_FRAME_MS = 100; // a slow or hidden tab slows the box's clock instead of jumping it
const KEY_TILES = "123456789abcdefghijklmno"; // tiles 1-24 of the first row, as the terminal's: on any layout
const $ = (id) => document.getElementById(id);

const page = {
  bundle: null,
  firmware: null,
  layout: null,
  flapsShut: [],
  boardMs: 0,
  lastRealMs: null,
  running: false,
  timeToMenuMs: null, // from the page's start to the menu on the OLED
  powerOns: 0,
};
const oled = new Oled($("oled"));
const buzzer = new Buzzer();
let keeper = null;

function seed() {
  const asked = new URLSearchParams(location.search).get("seed");
  if (asked !== null) return parseInt(asked, 10) >>> 0;
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
}

function chosenLayout() {
  const layouts = page.bundle.index.layouts;
  const name = storage.load("layout", layouts[0].name);
  return layouts.find((layout) => layout.name === name) || layouts[0];
}

function defaultConfig() {
  const [, offset, length] = page.bundle.index.files.find(([path]) => path === "/config.json");
  return new TextDecoder().decode(page.bundle.bytes.subarray(offset, offset + length));
}

// --- the flaps ---

function buildFlaps() {
  const { tiles, rows } = page.layout;
  const count = tiles * rows;
  page.flapsShut = storage.load("flaps", []).filter((flap) => flap <= count);
  const holder = $("flaps");
  holder.replaceChildren();
  for (let row = 0; row < rows; row++) {
    const line = document.createElement("div");
    line.className = "flap-row";
    for (let tile = 1; tile <= tiles; tile++) {
      const flap = row * tiles + tile;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "flap";
      button.dataset.flap = flap;
      button.setAttribute("aria-label", `tile ${tile}` + (rows > 1 ? ` of row ${row + 1}` : ""));
      button.setAttribute("aria-pressed", page.flapsShut.includes(flap) ? "true" : "false");
      button.innerHTML = `<span class="face">${tile}</span><span class="led"></span>`;
      button.addEventListener("click", () => flipFlap(flap));
      line.append(button);
    }
    holder.append(line);
  }
}

function flipFlap(flap) {
  buzzer.wake();
  const shut = !page.flapsShut.includes(flap);
  page.flapsShut = shut ? [...page.flapsShut, flap] : page.flapsShut.filter((other) => other !== flap);
  storage.save("flaps", page.flapsShut);
  document.querySelector(`.flap[data-flap="${flap}"]`).setAttribute("aria-pressed", String(shut));
  if (page.firmware !== null) page.firmware.setFlap(flap, shut);
}

function showLeds(hex) {
  const leds = document.querySelectorAll(".flap .led");
  leds.forEach((led, index) => {
    const colour = hex.substr(index * 6, 6);
    if (colour.length < 6) return;
    // The strip runs at a quarter brightness or so: scale it up to be seen on a screen.
    const [r, g, b] = [0, 2, 4].map((at) => Math.min(255, parseInt(colour.substr(at, 2), 16) * 4));
    led.style.background = `rgb(${r}, ${g}, ${b})`;
  });
}

// --- buttons, shake, keys, motion ---

function holdable(element, onHold) {
  const release = () => {
    if (!element.classList.contains("held")) return;
    element.classList.remove("held");
    onHold(false);
  };
  element.addEventListener("pointerdown", (event) => {
    buzzer.wake();
    element.setPointerCapture(event.pointerId);
    element.classList.add("held");
    onHold(true);
  });
  element.addEventListener("pointerup", release);
  element.addEventListener("pointercancel", release);
  element.addEventListener("lostpointercapture", release);
}

const hold = (button) => (held) => page.firmware && page.firmware.hold(button, held);
const shake = (held) => page.firmware && page.firmware.setShaking(held);

function keyAction(event) {
  const key = event.key.toLowerCase();
  if (key === " " || key === "s") return shake;
  if (key === "z") return hold("select");
  if (key === "x" || key === "enter") return hold("ok");
  return null;
}

function wireKeys() {
  const down = new Set();
  window.addEventListener("keydown", (event) => {
    if (event.target.closest("textarea, select, input")) return;
    const tile = KEY_TILES.indexOf(event.key.length === 1 ? event.key.toLowerCase() : "") + 1;
    if (tile && tile <= page.layout.tiles * page.layout.rows && !event.repeat) {
      flipFlap(tile);
      return;
    }
    const action = keyAction(event);
    if (action === null) return;
    event.preventDefault();
    if (!down.has(event.key)) {
      down.add(event.key);
      buzzer.wake();
      action(true);
    }
  });
  window.addEventListener("keyup", (event) => {
    const action = keyAction(event);
    if (action !== null && down.delete(event.key)) action(false);
  });
}

function wireMotion() {
  if (!motionAvailable()) return;
  const button = $("motion");
  button.hidden = false;
  button.addEventListener("click", async () => {
    const granted = await startMotion((x, y, z) => page.firmware && page.firmware.tilt(x, y, z));
    button.textContent = granted ? "Shake the phone to roll" : "Motion not allowed";
    button.disabled = true;
  });
}

// --- the settings: layout, game, hints, config.json ---

function configObject(text) {
  try {
    const config = JSON.parse(text);
    return config !== null && typeof config === "object" && !Array.isArray(config) ? config : null;
  } catch {
    return null;
  }
}

function showConfig(text) {
  $("config").value = text;
  const config = configObject(text);
  const rules = config && config.rules;
  const preset = rules && typeof rules === "object" ? rules.preset || "classic" : "";
  const houseRules = rules && typeof rules === "object" && Object.keys(rules).some((key) => key !== "preset");
  $("preset").value = houseRules ? "" : preset;
  $("hints").checked = Boolean(config && config.hints === true);
}

function editConfig(change) {
  const config = configObject($("config").value) || {};
  change(config);
  showConfig(JSON.stringify(config, null, 2));
}

function wireSettings(presets) {
  const layoutPicker = $("layout");
  for (const layout of page.bundle.index.layouts) layoutPicker.add(new Option(layout.name, layout.name));
  layoutPicker.value = page.layout.name;
  const presetPicker = $("preset");
  presetPicker.add(new Option("house rules (config.json)", ""));
  for (const name of presets) presetPicker.add(new Option(name, name));
  showConfig(storage.load("config", defaultConfig()));
  presetPicker.addEventListener("change", () => {
    if (presetPicker.value) editConfig((config) => { config.rules = { preset: presetPicker.value }; });
  });
  $("hints").addEventListener("change", () => editConfig((config) => { config.hints = $("hints").checked; }));
  $("config").addEventListener("input", () => showConfig($("config").value));
  $("apply").addEventListener("click", apply);
  $("wipe").addEventListener("click", async () => {
    keeper.forget(Object.keys(keeper.kept));
    await restart();
  });
}

async function apply() {
  const text = $("config").value;
  const layout = page.bundle.index.layouts.find((each) => each.name === $("layout").value);
  const refusals = page.firmware.refusals(text, layout.tiles, layout.rows);
  $("refusal").textContent = refusals.join("\n");
  if (refusals.length) return;
  storage.save("config", text);
  storage.save("layout", layout.name);
  keeper.forget(["/data/menu", "/data/match"]); // the new file's game, from the start
  await restart();
}

// --- power and the clock ---

function boxFiles() {
  const files = storage.loadData();
  files["/board.json"] = page.layout.board_json;
  files["/config.json"] = storage.load("config", defaultConfig());
  return files;
}

async function restart() {
  page.running = false;
  page.firmware = null;
  page.layout = chosenLayout();
  buildFlaps();
  $("status").textContent = "Powering on...";
  page.firmware = await powerOn(page.bundle, boxFiles(), seed(), page.flapsShut);
  keeper = new storage.DataKeeper();
  page.powerOns += 1;
  const frame = page.firmware.frame();
  page.boardMs = frame.now_ms;
  show(frame, page.boardMs);
  $("status").textContent = "";
  page.lastRealMs = null;
  if (!page.running) {
    page.running = true;
    requestAnimationFrame(tick);
  }
}

function show(frame, frameStartMs) {
  oled.update(frame.ram, frame.glass);
  showLeds(frame.leds);
  buzzer.play(frame.sounds, frameStartMs);
  if (page.timeToMenuMs === null && oled.glass !== null && oled.glass.lit) {
    page.timeToMenuMs = Math.round(performance.now());
  }
}

function tick(realMs) {
  if (!page.running || page.firmware === null) return;
  const elapsed = page.lastRealMs === null ? 0 : Math.min(realMs - page.lastRealMs, MAX_FRAME_MS);
  page.lastRealMs = realMs;
  const frameStartMs = page.boardMs;
  page.boardMs += elapsed;
  page.firmware.runUntil(Math.floor(page.boardMs));
  show(page.firmware.frame(), frameStartMs);
  keeper.sync(page.firmware.dataFiles());
  requestAnimationFrame(tick);
}

async function main() {
  page.bundle = await loadBundle();
  page.layout = chosenLayout();
  $("mute").checked = storage.load("muted", false);
  buzzer.setMuted($("mute").checked);
  $("mute").addEventListener("change", () => {
    storage.save("muted", $("mute").checked);
    buzzer.setMuted($("mute").checked);
  });
  holdable($("shake"), shake);
  holdable($("select"), hold("select"));
  holdable($("ok"), hold("ok"));
  wireKeys();
  wireMotion();
  await restart();
  wireSettings(page.firmware.evaluate("preset_names()"));
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
}

// For the browser test and the curious: the page's state and its firmware.
window.shutbox = { page, oled, buzzer, ready: main() };

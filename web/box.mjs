// The page: the box (OLED, flaps with their LEDs, shake, select and ok, the buzzer, the keys),
// what it says in words, the scoreboard and rules card, and its files (layout, game,
// config.json), driving the firmware on the page's MicroPython.
import { Buzzer } from "./buzzer.mjs";
import * as firmware from "./firmware.mjs";
import { wireKeys } from "./keys.mjs";
import { lightKind, markOf, wordsOf } from "./lights.mjs";
import { motionAvailable, startMotion } from "./motion.mjs";
import { Oled } from "./oled.mjs";
import { showRules, showScoreboard } from "./scoreboard.mjs";
import * as storage from "./storage.mjs";

const MAX_FRAME_MS = 100; // a slow or hidden tab slows the box's clock instead of jumping it
const FLAP_MIN_PX = 44; // the smallest target a finger hits surely (CSS px)
const STEADY_MS = 300; // the spoken text waits for the display to settle (the dice tumble)
const TURN_PHASES = [1, 2]; // app.core's SETUP and PLAY: the LEDs tell a turn's moves
const TAP_SHAKE_MS = 600; // a tap on Shake shakes the box this long (a roll needs 400 ms)
const $ = (id) => document.getElementById(id);

const page = {
  bundle: null,
  firmware: null,
  layout: null,
  flapsShut: [],
  boardMs: 0,
  lastRealMs: null,
  // A test drives the box's clock (the page opened with ?clock=test): the ms of the box's time
  // the test has given it still to run; null: the box runs on the real clock, as for a visitor.
  testMs: new URLSearchParams(location.search).get("clock") === "test" ? 0 : null,
  running: false,
  timeToMenuMs: null, // from the page's start to the menu on the OLED
  powerOns: 0, // in this tab: a restart of the box reloads the page
  shakeHeld: false,
  shakeUntilMs: null, // a tap's shake goes on until the box's clock reaches this
  inputs: [], // what the player did to the box, in order: [what, which, on]
  game: {}, // the game as page_box.py's game_summary() tells it
  heard: "", // the display's text (and the dice) as last read
  heardAtMs: 0,
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
      button.dataset.name = `tile ${tile}` + (rows > 1 ? ` of row ${row + 1}` : "");
      button.dataset.light = "";
      button.setAttribute("aria-label", button.dataset.name);
      button.setAttribute("aria-pressed", page.flapsShut.includes(flap) ? "true" : "false");
      button.innerHTML = `<span class="face">${tile}</span><span class="led"></span>`;
      button.addEventListener("mousedown", (event) => event.preventDefault()); // keys stay the box's
      button.addEventListener("click", () => flipFlap(flap));
      line.append(button);
    }
    holder.append(line);
  }
  fitFlaps();
}

// A row of flaps in as few lines as fit the width, each flap at least 44 CSS px wide (a
// finger's width), the lines as even as can be: 9 tiles on a phone are 5 and 4.
function fitFlaps() {
  const holder = $("flaps");
  const line = holder.querySelector(".flap-row");
  if (line === null) return;
  const style = getComputedStyle(line);
  const gap = parseFloat(style.columnGap) || 0;
  const fit = Math.max(1, Math.floor((line.clientWidth + gap) / (FLAP_MIN_PX + gap)));
  const lines = Math.ceil(page.layout.tiles / fit);
  holder.style.setProperty("--columns", String(Math.ceil(page.layout.tiles / lines)));
}

function flipFlap(flap) {
  buzzer.wake();
  const shut = !page.flapsShut.includes(flap);
  page.flapsShut = shut ? [...page.flapsShut, flap] : page.flapsShut.filter((other) => other !== flap);
  storage.save("flaps", page.flapsShut);
  document.querySelector(`.flap[data-flap="${flap}"]`).setAttribute("aria-pressed", String(shut));
  page.inputs.push(["flap", flap, shut]);
  if (page.firmware !== null) page.firmware.setFlap(flap, shut);
}

// The LEDs: each one's colour, and in a turn what it means as a mark and in the flap's label.
function showLeds(hex) {
  const inTurn = TURN_PHASES.includes(page.game.phase);
  document.querySelectorAll(".flap").forEach((flap, index) => {
    const colour = hex.substr(index * 6, 6);
    if (colour.length < 6) return;
    const [r, g, b] = [0, 2, 4].map((at) => parseInt(colour.substr(at, 2), 16));
    const led = flap.lastElementChild;
    // The strip runs at a quarter brightness or so: scale it up to be seen on a screen.
    led.style.background = `rgb(${Math.min(255, r * 4)}, ${Math.min(255, g * 4)}, ${Math.min(255, b * 4)})`;
    const kind = inTurn ? lightKind(r, g, b, page.layout.led_full) : "";
    if (flap.dataset.light !== kind) {
      flap.dataset.light = kind;
      led.textContent = markOf(kind);
      flap.setAttribute("aria-label", flap.dataset.name + (kind ? ", " + wordsOf(kind) : ""));
    }
  });
}

// What a player would hear of the box: the display's text, and the dice once thrown; told in
// the live region once it has stayed the same for STEADY_MS.
function say(changed, nowMs) {
  if (changed) {
    const lines = oled.glass !== null && oled.glass.lit ? oled.text(page.bundle.index.glyphs) : [];
    const shown = lines.join(", ");
    // The dice of the turn in play only (game_summary's): a sentence after the display's text.
    const dice = page.game.dice ? (/[.?!]$/.test(shown) ? " " : ". ") + "Dice: " + page.game.dice.join(" and ") : "";
    const text = shown + dice;
    if (text !== page.heard) {
      page.heard = text;
      page.heardAtMs = nowMs;
    }
  }
  const text = page.heard;
  if (text !== $("status").textContent && nowMs - page.heardAtMs >= STEADY_MS) {
    $("status").textContent = text;
  }
}

// --- buttons, shake, keys, motion ---

// A button of the box: held while the pointer is down; a click from the keyboard (Enter or
// space on the focused button) is a short press. A pointer press does not take the focus, so
// the keyboard's keys stay the box's.
function holdable(element, onHold) {
  const release = () => {
    if (!element.classList.contains("held")) return;
    element.classList.remove("held");
    onHold(false);
  };
  element.addEventListener("mousedown", (event) => event.preventDefault());
  element.addEventListener("pointerdown", (event) => {
    buzzer.wake();
    element.setPointerCapture(event.pointerId);
    element.classList.add("held");
    onHold(true);
  });
  element.addEventListener("pointerup", release);
  element.addEventListener("pointercancel", release);
  element.addEventListener("lostpointercapture", release);
  element.addEventListener("click", (event) => {
    if (event.detail !== 0) return; // a pointer's click: its press and release did it
    buzzer.wake();
    onHold(true);
    onHold(false);
  });
}

const hold = (button) => (held) => {
  page.inputs.push([button, button, held]);
  if (page.firmware) page.firmware.hold(button, held);
};

// Shaking: while held, and at least TAP_SHAKE_MS from the press, so a tap rolls too.
function shake(held) {
  page.inputs.push(["shake", "shake", held]);
  if (!page.firmware) return;
  page.shakeHeld = held;
  if (held) {
    page.shakeUntilMs = page.boardMs + TAP_SHAKE_MS;
    page.firmware.setShaking(true);
  }
}

function stopShakeWhenDue() {
  if (!page.shakeHeld && page.shakeUntilMs !== null && page.boardMs >= page.shakeUntilMs) {
    page.shakeUntilMs = null;
    page.firmware.setShaking(false);
  }
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

// Whether the config's rules are house rules (axes beyond a preset), or the text no object.
function houseRules(config) {
  if (config === null) return true;
  const rules = config.rules;
  return rules !== undefined && (rules === null || typeof rules !== "object"
    || Object.keys(rules).some((key) => key !== "preset"));
}

// The editor's text, and the picker on its game: the preset it names, "" for house rules; a
// note while the box and the file shown are not the running box's.
function showConfig(text) {
  if ($("config").value !== text) $("config").value = text;
  const config = configObject(text);
  const picker = $("preset");
  picker.value = houseRules(config) ? "" : (config.rules && config.rules.preset) || "classic";
  if (picker.selectedIndex < 0) picker.value = ""; // a game this box cannot play: Apply says why
  const applied = $("layout").value === page.layout.name && text === storage.load("config", defaultConfig());
  $("unapplied").hidden = applied;
  if (page.game.phase === undefined) showRules(picker.value || "house rules", page.bundle.index.presets, $("rules-card"));
}

// The picker offers the games the box chosen in "Box" can play, and house rules.
function offerPresets() {
  const picker = $("preset");
  picker.replaceChildren(new Option("house rules (config.json)", ""));
  for (const preset of page.bundle.index.presets) {
    if (preset.boxes.includes($("layout").value)) picker.add(new Option(preset.name, preset.name));
  }
  showConfig($("config").value);
}

// A game picked: the config names it, its other settings kept; house rules typed in the
// editor are replaced only if the player says so.
function pickPreset() {
  const name = $("preset").value;
  if (!name) return;
  const config = configObject($("config").value);
  if (houseRules(config) && !confirm(`Replace the house rules in config.json with ${name}?`)) {
    showConfig($("config").value);
    return;
  }
  const kept = config || {};
  kept.rules = { preset: name };
  showConfig(JSON.stringify(kept, null, 2));
}

function wireSettings() {
  const layoutPicker = $("layout");
  for (const layout of page.bundle.index.layouts) layoutPicker.add(new Option(layout.label, layout.name));
  layoutPicker.value = page.layout.name;
  $("config").value = storage.load("config", defaultConfig());
  offerPresets();
  layoutPicker.addEventListener("change", offerPresets);
  $("preset").addEventListener("change", pickPreset);
  $("config").addEventListener("input", () => showConfig($("config").value));
  $("apply").addEventListener("click", apply);
  $("wipe").addEventListener("click", () => {
    if (!confirm("Forget every saved game, the statistics and the menu's choices?")) return;
    powerCycle(() => keeper.forget(Object.keys(keeper.kept)));
  });
}

function apply() {
  const text = $("config").value;
  const layout = page.bundle.index.layouts.find((each) => each.name === $("layout").value);
  const refusals = page.firmware.refusals(text, layout.tiles, layout.rows);
  // Nothing refused is applied: the box plays on as it was, which the last line says.
  const kept = page.game.game ? `Not applied: the box keeps its game, ${page.game.game}, and its settings.`
    : "Not applied: the box keeps its settings.";
  $("refusal").textContent = refusals.length ? [...refusals, kept].join("\n") : "";
  if (refusals.length) return;
  powerCycle(() => {
    storage.save("config", text);
    storage.save("layout", layout.name);
    // the new file's game, from the start: the match in its two slots (and earlier firmware's one file)
    keeper.forget(["/data/menu", "/data/play/match.0", "/data/play/match.1", "/data/play/match", "/data/play/match.new"]);
  });
}

// --- power and the clock ---

function boxFiles() {
  const files = storage.loadData();
  files["/board.json"] = page.layout.board_json;
  files["/config.json"] = storage.load("config", defaultConfig());
  return files;
}

// A restart of the box: stop it, change what it keeps, and reload the page, which powers on
// a fresh interpreter. One interpreter per page life: the WebAssembly build keeps its proxies
// in the page's globals, so a second one beside the first finds them broken (its `os` empty).
function powerCycle(change) {
  page.running = false;
  change();
  location.reload();
}

async function powerOn() {
  buildFlaps();
  page.firmware = await firmware.powerOn(page.bundle, boxFiles(), seed(), page.flapsShut);
  keeper = new storage.DataKeeper();
  page.powerOns = storage.countPowerOn();
  const frame = page.firmware.frame();
  page.boardMs = frame.now_ms;
  show(frame, page.boardMs);
  page.running = true;
  requestAnimationFrame(tick);
}

function show(frame, frameStartMs) {
  if (frame.game !== null) {
    page.game = frame.game;
    showScoreboard(page.game, $("scoreboard"));
    showRules(page.game.game, page.bundle.index.presets, $("rules-card"));
  }
  oled.update(frame.ram, frame.glass);
  showLeds(frame.leds);
  say(frame.ram !== null || frame.glass !== null || frame.game !== null, performance.now());
  buzzer.play(frame.sounds, frameStartMs);
  if (page.timeToMenuMs === null && oled.glass !== null && oled.glass.lit) {
    page.timeToMenuMs = Math.round(performance.now());
  }
}

// A frame runs the box on by the real time since the last one; while a test drives its clock,
// by the time the test gave it instead (each frame by no more than MAX_FRAME_MS either way), and
// a frame it gave none (the box standing still: nothing new to show or keep) only tells the
// display's text once it is steady.
function tick(realMs) {
  if (!page.running || page.firmware === null) return;
  let elapsed = page.lastRealMs === null ? 0 : Math.min(realMs - page.lastRealMs, MAX_FRAME_MS);
  page.lastRealMs = realMs;
  if (page.testMs !== null) {
    elapsed = Math.min(page.testMs, MAX_FRAME_MS);
    page.testMs -= elapsed;
  }
  if (page.testMs !== null && elapsed === 0) {
    say(false, performance.now());
  } else {
    const frameStartMs = page.boardMs;
    page.boardMs += elapsed;
    page.firmware.runUntil(Math.floor(page.boardMs));
    stopShakeWhenDue();
    show(page.firmware.frame(), frameStartMs);
    keeper.sync(page.firmware.dataFiles());
  }
  requestAnimationFrame(tick);
}

async function main() {
  page.bundle = await firmware.loadBundle();
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
  const holds = { shake, select: hold("select"), ok: hold("ok") };
  wireKeys({
    flip: (tile) => { if (tile <= page.layout.tiles * page.layout.rows) flipFlap(tile); },
    hold: (name, held) => {
      if (held) buzzer.wake();
      holds[name](held);
    },
  });
  wireMotion();
  new ResizeObserver(fitFlaps).observe($("flaps"));
  await powerOn();
  wireSettings();
  // Installed, then asked for a new build at every load (in the background: sw.js says how).
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").then((worker) => worker.update());
}

// For the browser test and the curious: the page's state and its firmware.
window.shutbox = { page, oled, buzzer, ready: main() };

// The keyboard as the page lists it: 1-9, 0, - and = flip tiles 1-12 (with shift 13-24, by
// place on the keyboard), space or s shakes, z selects, x or Enter is ok; each key acts once
// (its repeats are not presses), and no other key acts. A focused field keeps every key, a
// focused button (or link) its own Enter and space.
const TILE_KEYS = ["Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8",
  "Digit9", "Digit0", "Minus", "Equal"];

// What a key does: {tile} or {hold: "shake", "select" or "ok"}, or null.
function boxKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const place = TILE_KEYS.indexOf(event.code);
  if (place >= 0) return { tile: place + 1 + (event.shiftKey ? TILE_KEYS.length : 0) };
  const key = event.key.toLowerCase();
  if (key === " " || key === "s") return { hold: "shake" };
  if (key === "z") return { hold: "select" };
  if (key === "x" || key === "enter") return { hold: "ok" };
  return null;
}

function keptByFocus(event) {
  if (event.target.closest("textarea, select, input")) return true;
  return Boolean(event.target.closest("button, a, summary")) && (event.key === " " || event.key === "Enter");
}

// box: {flip(tile), hold(name, held)}: called once per press of a tile's key, and on the press
// and the release of a held one (all released when the window loses the focus).
export function wireKeys(box) {
  const down = new Map(); // event.code of a key held: the name of what it holds
  window.addEventListener("keydown", (event) => {
    if (keptByFocus(event)) return;
    const what = boxKey(event);
    if (what === null) return;
    event.preventDefault();
    if (event.repeat) return;
    if (what.tile !== undefined) {
      box.flip(what.tile);
    } else if (!down.has(event.code)) {
      down.set(event.code, what.hold);
      box.hold(what.hold, true);
    }
  });
  window.addEventListener("keyup", (event) => {
    const name = down.get(event.code);
    if (name === undefined) return;
    down.delete(event.code);
    box.hold(name, false);
  });
  window.addEventListener("blur", () => {
    for (const name of down.values()) box.hold(name, false);
    down.clear();
  });
}

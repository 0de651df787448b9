// The keyboard as the page lists it: 1-9 flip tiles 1-9 (by place on the keyboard, so on any
// layout), a-o tiles 10-24 (by the letter typed), as in the terminal simulator; space or s
// shakes, z selects, x or Enter is ok; each key acts once (its repeats are not presses), and no
// other key acts. A focused field keeps every key, a focused button (or link) its own Enter and
// space.
const DIGIT_KEYS = ["Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8",
  "Digit9"];
const LETTER_TILES = "abcdefghijklmno"; // tiles 10-24

// What a key does: {tile} or {hold: "shake", "select" or "ok"}, or null.
function boxKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const place = DIGIT_KEYS.indexOf(event.code);
  if (place >= 0) return { tile: place + 1 };
  const key = event.key.toLowerCase();
  const letter = key.length === 1 ? LETTER_TILES.indexOf(key) : -1;
  if (letter >= 0) return { tile: DIGIT_KEYS.length + 1 + letter };
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

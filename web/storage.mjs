// What the page keeps in this browser (localStorage), so a reload is a power cut: the box's
// /data/ files, its config.json and board layout, where the flaps were left, the mute switch;
// and for the tab (sessionStorage) how many times the box has powered on in it.
const PREFIX = "shutbox:";
const DATA = PREFIX + "data:";

function toBase64(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text) {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function load(name, fallback) {
  const text = localStorage.getItem(PREFIX + name);
  return text === null ? fallback : JSON.parse(text);
}

export function save(name, value) {
  localStorage.setItem(PREFIX + name, JSON.stringify(value));
}

// {path: Uint8Array} of the saved /data files.
export function loadData() {
  const files = {};
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key.startsWith(DATA)) files[key.slice(DATA.length)] = fromBase64(localStorage.getItem(key));
  }
  return files;
}

// Keep exactly these /data files ({path: Uint8Array}); writes only what changed.
export class DataKeeper {
  constructor() {
    this.kept = {};
    for (const [path, bytes] of Object.entries(loadData())) this.kept[path] = toBase64(bytes);
  }

  sync(files) {
    for (const [path, bytes] of Object.entries(files)) {
      const text = toBase64(bytes);
      if (this.kept[path] !== text) {
        localStorage.setItem(DATA + path, text);
        this.kept[path] = text;
      }
    }
    for (const path of Object.keys(this.kept)) {
      if (!(path in files)) {
        localStorage.removeItem(DATA + path);
        delete this.kept[path];
      }
    }
  }

  forget(paths) {
    for (const path of paths) {
      localStorage.removeItem(DATA + path);
      delete this.kept[path];
    }
  }
}

// The box's power-ons in this tab (each a page load), counting this one.
export function countPowerOn() {
  const count = Number(sessionStorage.getItem(PREFIX + "powerOns") || 0) + 1;
  sessionStorage.setItem(PREFIX + "powerOns", String(count));
  return count;
}

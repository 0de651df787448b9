// The 128x64 OLED on a canvas, pixel for pixel from the simulated SSD1306's memory (its
// 1024 bytes) and its glass map (board_sim/browser/page_box.py's glass_map).
const LIT = [0x9f, 0xdf, 0xff]; // the panel's blue-white
const WIDTH = 128;
const CELL = 8; // the firmware's text sits on a grid of 8x8 cells: 16 columns, 8 rows

export class Oled {
  constructor(canvas) {
    this.context = canvas.getContext("2d");
    this.image = this.context.createImageData(canvas.width, canvas.height);
    this.ram = new Uint8Array(1024);
    this.glass = null;
  }

  // Take a frame's changes (null: unchanged) and redraw if anything changed.
  update(ramHex, glass) {
    if (ramHex === null && glass === null) return;
    if (ramHex !== null) {
      for (let index = 0; index < this.ram.length; index++) {
        this.ram[index] = parseInt(ramHex.substr(index * 2, 2), 16);
      }
    }
    if (glass !== null) this.glass = glass;
    this.draw();
  }

  // The text on the display, a line per row of cells with text (trimmed, runs of blanks one
  // space): each cell read against glyphs ({8 memory bytes as hex: character}), lit on dark or
  // dark on lit; a cell that is no character (a die's pips, a blank) reads as a space.
  text(glyphs) {
    const lines = [];
    for (let row = 0; row < this.ram.length / WIDTH; row++) {
      let line = "";
      for (let column = 0; column < WIDTH / CELL; column++) {
        const cell = this.ram.subarray(row * WIDTH + column * CELL, row * WIDTH + column * CELL + CELL);
        let hex = "";
        let inverse = "";
        for (const byte of cell) {
          hex += byte.toString(16).padStart(2, "0");
          inverse += (byte ^ 0xff).toString(16).padStart(2, "0");
        }
        line += glyphs[hex] || glyphs[inverse] || " ";
      }
      line = line.trim().replace(/ {2,}/g, " ");
      if (line) lines.push(line);
    }
    return lines;
  }

  // Whether the glass pixel (x, y) is lit, as the panel's visible_pixels() says.
  lit(x, y) {
    const glass = this.glass;
    if (glass === null || !glass.lit) return 0;
    const row = glass.rows[y];
    if (row < 0) return 0;
    const bit = glass.entire_on ? 1 : (this.ram[(row >> 3) * WIDTH + glass.columns[x]] >> (row & 7)) & 1;
    return glass.inverted ? bit ^ 1 : bit;
  }

  draw() {
    const { data, width, height } = this.image;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        const on = this.lit(x, y);
        data[at] = on ? LIT[0] : 0;
        data[at + 1] = on ? LIT[1] : 0;
        data[at + 2] = on ? LIT[2] : 0;
        data[at + 3] = 255;
      }
    }
    this.context.putImageData(this.image, 0, 0);
  }
}

// The piezo through WebAudio: each change of its PWM ([time_ms, freq_hz, duty_u16]) starts
// or stops a square wave, at the simulated time's offset from the start of the frame.
const VOLUME = 0.05;

export class Buzzer {
  constructor() {
    this.audio = null;
    this.oscillator = null;
    this.muted = false;
    this.notes = 0; // notes started, for the curious and the browser test
  }

  // Browsers start audio only from a user's gesture: call this from one.
  wake() {
    if (this.audio === null) {
      const AudioContext = window.AudioContext || window.webkitAudioContext;
      if (!AudioContext) return;
      this.audio = new AudioContext();
      const gain = this.audio.createGain();
      gain.gain.value = VOLUME;
      gain.connect(this.audio.destination);
      this.output = gain;
    }
    if (this.audio.state === "suspended") this.audio.resume();
  }

  play(sounds, frameStartMs) {
    if (this.audio === null) return;
    for (const [timeMs, freqHz, duty] of sounds) {
      const at = this.audio.currentTime + Math.max(0, timeMs - frameStartMs) / 1000;
      const sounding = duty > 0 && duty < 65535 && !this.muted;
      if (this.oscillator !== null) {
        this.oscillator.stop(at);
        this.oscillator = null;
      }
      if (sounding) {
        const oscillator = this.audio.createOscillator();
        oscillator.type = "square";
        oscillator.frequency.value = freqHz;
        oscillator.connect(this.output);
        oscillator.start(at);
        this.oscillator = oscillator;
        this.notes += 1;
      }
    }
  }

  setMuted(muted) {
    this.muted = muted;
    if (muted && this.oscillator !== null) {
      this.oscillator.stop();
      this.oscillator = null;
    }
  }
}

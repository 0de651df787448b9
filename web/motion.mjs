// The phone's own motion as the box's accelerometer feels it: DeviceMotion's acceleration
// with gravity (m/s^2) becomes mg on the box's axes. iOS asks the user first.
const MG_PER_MS2 = 1000 / 9.80665;

export function motionAvailable() {
  return typeof window.DeviceMotionEvent !== "undefined" && "ontouchstart" in window;
}

// Ask (where the browser requires it), then call feel(x_mg, y_mg, z_mg) on every event.
export async function startMotion(feel) {
  const request = window.DeviceMotionEvent.requestPermission;
  if (typeof request === "function" && (await request.call(window.DeviceMotionEvent)) !== "granted") {
    return false;
  }
  window.addEventListener("devicemotion", (event) => {
    const a = event.accelerationIncludingGravity;
    if (a && a.x !== null) {
      feel(Math.round(a.x * MG_PER_MS2), Math.round(a.y * MG_PER_MS2), Math.round(a.z * MG_PER_MS2));
    }
  });
  return true;
}

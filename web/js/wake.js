// Keep the screen on while a game is being played (Screen Wake Lock API, where the browser has it).

let sentinel = null;
let wanted = false;

export async function keepAwake(on) {
  wanted = on;
  if (!("wakeLock" in navigator)) return;
  if (on && !sentinel && document.visibilityState === "visible") {
    try {
      sentinel = await navigator.wakeLock.request("screen");
      sentinel.addEventListener("release", () => { sentinel = null; });
    } catch (_) { sentinel = null; } // refused (battery saver, no user gesture yet): the screen may sleep
  } else if (!on && sentinel) {
    const held = sentinel;
    sentinel = null;
    await held.release();
  }
}

// The browser drops the lock when the page is hidden; take it again on return.
document.addEventListener("visibilitychange", () => {
  if (wanted && document.visibilityState === "visible") keepAwake(true);
});

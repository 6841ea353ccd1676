// The screen stays awake during a game: a Screen Wake Lock, where the browser has one, on
// pages marked data-wake-lock.

let lock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || !document.body.hasAttribute("data-wake-lock")) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    // The browser lets go of the lock when the page is hidden: ask again on return.
    lock.addEventListener("release", function () { lock = null; });
  } catch (error) {
    lock = null; // refused (battery saver, hidden tab): the game works all the same
  }
}

document.addEventListener("visibilitychange", function () {
  if (document.visibilityState === "visible" && lock === null) keepAwake();
});
document.addEventListener("DOMContentLoaded", keepAwake);

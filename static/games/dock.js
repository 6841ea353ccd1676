// What scrolls into view stops above the dock (the entry's names, picker and Save, fixed
// at the bottom of the screen), not behind it, and the page ends with room for it.

export function fitDock() {
  const dock = document.querySelector(".dock");
  const height = dock ? dock.offsetHeight + "px" : "";
  document.documentElement.style.scrollPaddingBottom = height;
  document.documentElement.style.setProperty("--dock-height", height);
}

window.addEventListener("resize", fitDock);
document.addEventListener("DOMContentLoaded", fitDock);
document.addEventListener("htmx:afterSwap", fitDock);

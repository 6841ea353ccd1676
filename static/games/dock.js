// What scrolls into view stops above the dock (the entry's names, picker and Save, fixed
// at the bottom of the screen), not behind it, and the page ends with room for it. The
// dock is watched for its height, which changes with more than the window: a question
// step, the Restore offer, the text size.

export function fitDock() {
  const dock = document.querySelector(".dock");
  const height = dock ? dock.offsetHeight + "px" : "";
  document.documentElement.style.scrollPaddingBottom = height;
  document.documentElement.style.setProperty("--dock-height", height);
}

const watching = new ResizeObserver(fitDock);
function watchDock() {
  watching.disconnect();
  const dock = document.querySelector(".dock");
  if (dock) watching.observe(dock);
  fitDock();
}

document.addEventListener("DOMContentLoaded", watchDock);
document.addEventListener("htmx:afterSwap", watchDock);

// The share link: copied, or handed to the phone's share sheet, where the browser can
// (the clipboard needs a secure page). Either way the link itself is on the page. And the
// shared scoreboard, which asks for news only while it is looked at.

import { phrase } from "./words.js";

function offerSharing() {
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.hidden = !(navigator.clipboard && window.isSecureContext);
  });
  document.querySelectorAll("[data-share]").forEach(function (button) {
    button.hidden = !navigator.share;
  });
}
document.addEventListener("DOMContentLoaded", offerSharing);

document.addEventListener("click", async function (event) {
  const copy = event.target.closest("[data-copy]");
  const share = event.target.closest("[data-share]");
  if (copy) {
    const status = copy.parentElement.querySelector("[role='status']");
    try {
      await navigator.clipboard.writeText(copy.dataset.copy);
      status.textContent = phrase(copy, "copied");
    } catch (error) {
      status.textContent = phrase(copy, "notCopied");
    }
  } else if (share) {
    try {
      await navigator.share({ title: share.dataset.shareTitle, url: share.dataset.share });
    } catch (error) {
      // Closed without sharing: nothing to say.
    }
  }
});

// The live scoreboard asks for news only while it is on screen: a phone in a pocket or
// a hidden tab costs the server nothing, and catches up at once when it is looked at.
document.addEventListener("htmx:beforeRequest", function (event) {
  if (event.target.id === "live" && document.hidden) event.preventDefault();
});
document.addEventListener("visibilitychange", function () {
  const live = document.getElementById("live");
  if (live && !document.hidden && window.htmx) htmx.trigger(live, "refresh");
});

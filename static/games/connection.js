// The connection, next to Save. A save that never reached the server leaves the form as
// it was and goes again by itself when the connection is back, with the same one-time
// token, so a save that did land is not doubled (offline.js). Taps go on while offline
// (they are applied here); their scores come when the server answers again.

import { phrase } from "./words.js";

export function entryForm(event) {
  const elt = event.detail && event.detail.elt;
  return elt && elt.closest ? elt.closest("form.round-entry") : null;
}
export function isSave(event) {
  const config = event.detail.requestConfig;
  const trigger = config && config.triggeringEvent;
  return Boolean(trigger && trigger.submitter && trigger.submitter.name === "save");
}
// `state` names the sentence too, which the page carries; `text` is another one.
export function showState(form, state, text) {
  const shown = form.querySelector(".save-state");
  shown.dataset.state = state;
  shown.textContent = text === undefined ? phrase(shown, state) : text;
}

document.addEventListener("htmx:beforeRequest", function (event) {
  const form = entryForm(event);
  if (form && isSave(event)) showState(form, "saving");
});
document.addEventListener("htmx:afterRequest", function (event) {
  const form = entryForm(event);
  if (!form || !event.detail.successful) return;
  // A save that landed sends the phone on to the game (HX-Redirect); one refused for
  // its cards comes back as a new form, with its own state.
  if (isSave(event) && event.detail.xhr.getResponseHeader("HX-Redirect")) {
    showState(form, "saved");
  }
  else if (form.querySelector(".save-state").dataset.state === "offline") showState(form, "", "");
});
document.addEventListener("htmx:sendError", function (event) {
  const form = entryForm(event);
  // A save is kept on the phone (offline.js).
  if (!form || isSave(event)) return;
  form.dataset.resend = form.dataset.resend || "taps";
  showState(form, "offline");
  // An answer to the hand's first step that cannot reach the server, which says what
  // comes next: the cards come now, on the phone alone (the save checks the answers).
  form.querySelectorAll(".dock-names[hidden], .picker[hidden], button.save[hidden]")
    .forEach(function (waiting) { waiting.hidden = false; });
});
document.addEventListener("htmx:responseError", function (event) {
  const form = entryForm(event);
  if (form && isSave(event)) showState(form, "failed");
});

// After a swap, bring a refused save's message into view: Save sits at the bottom of a
// long page, and the problems are shown next to the players above it.
document.addEventListener("htmx:afterSwap", function (event) {
  if (!isSave(event)) return;
  const alert = document.querySelector("#round-entry [role='alert']:not([hidden])");
  if (alert) alert.scrollIntoView({ block: "center" });
});

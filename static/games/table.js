// At the table: keep the screen awake during a game, and never lose entered cards.
// Loaded as a file (the Content Security Policy forbids inline scripts).
"use strict";

(function () {
  // Screen Wake Lock, where the browser has it, on pages marked data-wake-lock.
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !document.body.hasAttribute("data-wake-lock")) return;
    try {
      lock = await navigator.wakeLock.request("screen");
    } catch (error) {
      lock = null; // refused (battery saver, hidden tab): the game works all the same
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) keepAwake();
  });

  // Local draft of a round being entered: saved on every change, offered back after a
  // reload, cleared once the round is saved.
  function draftKey(form) {
    return "scorekeeper-draft-" + form.dataset.draft;
  }
  function cardInputs(form) {
    return Array.from(form.querySelectorAll("input[name^='cards_']"));
  }
  function saveDraft(form) {
    const values = cardInputs(form).map(function (input) { return input.value; });
    if (values.some(function (value) { return value.trim() !== ""; })) {
      localStorage.setItem(draftKey(form), JSON.stringify(values));
    }
  }
  function offerDraft(form) {
    const stored = localStorage.getItem(draftKey(form));
    const inputs = cardInputs(form);
    if (!stored || inputs.some(function (input) { return input.value.trim() !== ""; })) return;
    const values = JSON.parse(stored);
    const restore = document.createElement("button");
    restore.type = "button";
    restore.className = "button";
    restore.textContent = "Restore the cards entered before the page reloaded";
    restore.addEventListener("click", function () {
      inputs.forEach(function (input, i) { input.value = values[i] || ""; });
      restore.remove();
      form.requestSubmit(form.querySelector("button[name='refresh']"));
    });
    form.prepend(restore);
  }
  function watch(root) {
    root.querySelectorAll("form[data-draft]").forEach(function (form) {
      saveDraft(form);
      form.addEventListener("input", function () { saveDraft(form); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    document.querySelectorAll("form[data-draft]").forEach(offerDraft);
    watch(document);
    // A page that shows a saved game clears the drafts of the rounds it has.
    const saved = document.querySelector("[data-saved-rounds]");
    if (saved) {
      const game = saved.dataset.game;
      for (let n = 1; n <= Number(saved.dataset.savedRounds); n++) {
        localStorage.removeItem("scorekeeper-draft-game-" + game + "-round-" + n);
      }
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) { watch(event.detail.target.parentNode || document); });

  // A save that never reached the server leaves the form as it was; say so, and retry
  // with the same idempotency token so a save that did land is not doubled.
  function showOffline(event) {
    const form = event.target.closest ? event.target.closest("form") : null;
    const note = form && form.querySelector(".offline");
    if (note) note.hidden = false;
  }
  document.addEventListener("htmx:sendError", showOffline);
  document.addEventListener("htmx:responseError", showOffline);
  document.addEventListener("htmx:beforeRequest", function (event) {
    const note = event.target.querySelector && event.target.querySelector(".offline");
    if (note) note.hidden = true;
  });
})();

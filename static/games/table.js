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
      // The browser lets go of the lock when the page is hidden: ask again on return.
      lock.addEventListener("release", function () { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, hidden tab): the game works all the same
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) keepAwake();
  });

  // Local draft of a round being entered: every card and answer, saved on every change,
  // offered back after a reload, cleared once the round is saved.
  const NOT_DRAFTED = ["csrfmiddlewaretoken", "token", "version", "taps", "active"];
  function draftKey(form) {
    return "scorekeeper-draft-" + form.dataset.draft;
  }
  function draftInputs(form) {
    return Array.from(form.querySelectorAll("input[name]")).filter(function (input) {
      return !NOT_DRAFTED.includes(input.name);
    });
  }
  function draftOf(form) {
    const draft = {};
    draftInputs(form).forEach(function (input) {
      if (input.type === "radio") {
        if (input.checked) draft[input.name] = input.value;
      } else if (input.type === "checkbox") {
        draft[input.name] = input.checked;
      } else {
        draft[input.name] = input.value;
      }
    });
    return draft;
  }
  function sameDraft(one, other) {
    return JSON.stringify(one) === JSON.stringify(other);
  }
  function saveDraft(form) {
    const draft = draftOf(form);
    const cards = Object.keys(draft).filter(function (name) { return name.startsWith("cards_"); });
    if (cards.some(function (name) { return draft[name].trim() !== ""; })) {
      localStorage.setItem(draftKey(form), JSON.stringify(draft));
    }
  }
  function restoreDraft(form, draft) {
    draftInputs(form).forEach(function (input) {
      if (!(input.name in draft)) {
        if (input.type === "radio") input.checked = false;
        return;
      }
      if (input.type === "radio") input.checked = draft[input.name] === input.value;
      else if (input.type === "checkbox") input.checked = draft[input.name] === true;
      else input.value = draft[input.name];
    });
  }
  function offerDraft(form) {
    let draft;
    try {
      draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
    } catch (error) {
      draft = null;
    }
    // Nothing to offer when the page already shows what the draft holds.
    if (!draft || typeof draft !== "object" || Array.isArray(draft)) return;
    if (sameDraft(draft, draftOf(form))) return;
    const restore = document.createElement("button");
    restore.type = "button";
    restore.className = "button";
    restore.textContent = "Restore what was entered before the page reloaded";
    restore.addEventListener("click", function () {
      restoreDraft(form, draft);
      restore.remove();
      form.requestSubmit(form.querySelector("button[name='refresh']"));
    });
    form.prepend(restore);
  }
  function watch(root) {
    root.querySelectorAll("form[data-draft]").forEach(function (form) {
      saveDraft(form);
      form.addEventListener("input", function () { saveDraft(form); });
      form.addEventListener("change", function () { saveDraft(form); });
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
  document.addEventListener("htmx:afterSwap", function () { watch(document); });

  // Card picker taps, applied on the phone at once. Without JavaScript every tap posts the
  // form and the server applies it; here the tap changes the form's own fields first, so a
  // quick run of taps never loses one to a request still under way, and the form is then
  // posted without a button (a refresh): the server only recomputes the previews. A newer
  // refresh replaces an older one in flight (hx-sync), so the page ends on the last state.
  const TAPS = "form.round-entry button[name='add'], form.round-entry button[name='drop'], " +
    "form.round-entry button[name='select']";
  function cardsOf(form, seat) {
    return form.querySelector("input[name='cards_" + seat + "']");
  }
  function applyTap(form, button) {
    const active = form.querySelector("input[name='active']");
    if (button.name === "select") {
      active.value = button.value;
      return true;
    }
    if (button.name === "add") {
      const input = cardsOf(form, active.value);
      const cards = input.value.split(/\s+/).filter(Boolean);
      if (cards.length >= Number(form.dataset.maxCards)) return false;
      input.value = cards.concat([button.value]).join(" ");
      const hand = form.querySelector("#player-" + active.value + " .hand");
      const chip = document.createElement("span");
      chip.className = "card in-hand pending " + Array.from(button.classList).filter(function (name) {
        return name.startsWith("suit-");
      }).join(" ");
      chip.textContent = button.textContent;
      hand.querySelectorAll(".muted").forEach(function (hint) { hint.remove(); });
      hand.append(chip);
      return true;
    }
    const parts = button.value.split(":");
    const input = cardsOf(form, parts[0]);
    const cards = input.value.split(/\s+/).filter(Boolean);
    cards.splice(Number(parts[1]), 1);
    input.value = cards.join(" ");
    active.value = parts[0];
    // Later chips of this hand move up one place.
    const hand = button.parentNode;
    button.remove();
    hand.querySelectorAll("button[name='drop']").forEach(function (chip, i) {
      chip.value = parts[0] + ":" + i;
    });
    return true;
  }
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest(TAPS);
    if (!button || !window.htmx) return;
    event.preventDefault();
    const form = button.form;
    if (applyTap(form, button)) {
      if (form.dataset.draft) saveDraft(form);
      // htmx also sends the last button clicked; this tells the server not to apply it again.
      form.querySelector("input[name='taps']").value = "applied";
      htmx.trigger(form, "submit");
    }
  });

  // An answer about the hand (a radio button or a box) is sent at once, like a tap: a
  // preview refresh already under way would otherwise swap in the form as it was before.
  document.addEventListener("change", function (event) {
    const input = event.target;
    const form = input.form;
    if (!form || !form.classList.contains("round-entry") || !window.htmx) return;
    if (input.name.startsWith("cards_")) return;
    htmx.trigger(form, "submit");
  });

  // After a swap, bring a refused save's message into view: Save sits at the bottom of a
  // long page, and the problems are shown next to the players above it.
  document.addEventListener("htmx:afterSwap", function (event) {
    const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (!trigger || !trigger.submitter || trigger.submitter.name !== "save") return;
    const alert = document.querySelector("#round-entry [role='alert']:not([hidden])");
    if (alert) alert.scrollIntoView({ block: "center" });
  });

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

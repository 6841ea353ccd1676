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

  // The share link: copied, or handed to the phone's share sheet, where the browser can
  // (the clipboard needs a secure page). Either way the link itself is on the page.
  function offerSharing() {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      button.hidden = !(navigator.clipboard && window.isSecureContext);
    });
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = !navigator.share;
    });
  }
  document.addEventListener("click", async function (event) {
    const copy = event.target.closest("[data-copy]");
    const share = event.target.closest("[data-share]");
    if (copy) {
      const status = copy.parentElement.querySelector("[role='status']");
      try {
        await navigator.clipboard.writeText(copy.dataset.copy);
        status.textContent = "Link copied.";
      } catch (error) {
        status.textContent = "Could not copy: press and hold the link instead.";
      }
    } else if (share) {
      try {
        await navigator.share({ title: share.dataset.shareTitle, url: share.dataset.share });
      } catch (error) {
        // Closed without sharing: nothing to say.
      }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    offerSharing();
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
  // What scrolls into view stops above the dock, not behind it.
  function fitDock() {
    const dock = document.querySelector(".dock");
    const height = dock ? dock.offsetHeight + "px" : "";
    document.documentElement.style.scrollPaddingBottom = height;
    document.documentElement.style.setProperty("--dock-height", height);
  }
  window.addEventListener("resize", fitDock);
  document.addEventListener("DOMContentLoaded", fitDock);
  document.addEventListener("htmx:afterSwap", function () {
    watch(document);
    fitDock();
  });

  // Card picker taps, applied on the phone at once. Without JavaScript every tap posts the
  // form and the server applies it; here the tap changes the form's own fields first, so a
  // quick run of taps never loses one to a request still under way, and the form is then
  // posted without a button: the server answers with only the previews that changed (it
  // is told the digest of each preview shown) and the cards the picker has no more of,
  // swapped in out of band while the form stays. A newer post replaces an older one in
  // flight (hx-sync), so the page ends on the last state.
  const TAPS = "form.round-entry button[name='add'], form.round-entry button[name='drop'], " +
    "form.round-entry button[name='select']";
  function cardsOf(form, seat) {
    return form.querySelector("input[name='cards_" + seat + "']");
  }
  function activate(form, seat) {
    form.querySelector("input[name='active']").value = seat;
    form.querySelectorAll(".dock-names button[name='select']").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.value === String(seat)));
    });
    form.querySelectorAll("section.player").forEach(function (section) {
      const on = section.id === "player-" + seat;
      section.classList.toggle("active", on);
      const name = section.getAttribute("aria-label");
      section.querySelectorAll(".hand > .muted").forEach(function (hint) {
        hint.textContent = on ? "Tap the cards below." : "Tap " + name + " below to enter cards.";
      });
      if (on) {
        form.querySelector(".picker").setAttribute("aria-label", "Cards for " + name);
        // The cards going in stay in sight above the dock.
        section.scrollIntoView({ block: "nearest" });
      }
    });
  }
  function applyTaken(form) {
    const holder = form.querySelector("#picker-taken");
    if (!holder) return;
    const taken = holder.dataset.cards.split(" ").filter(Boolean);
    form.querySelectorAll(".picker button[name='add']").forEach(function (button) {
      button.disabled = taken.includes(button.value);
      if (button.disabled) button.setAttribute("aria-label", button.textContent + " taken");
      else button.removeAttribute("aria-label");
    });
  }
  function applyTap(form, button) {
    const active = form.querySelector("input[name='active']");
    const note = form.querySelector(".picker .tap-note");
    if (note) note.hidden = true;
    if (button.name === "select") {
      activate(form, button.value);
      return true;
    }
    if (button.name === "add") {
      const input = cardsOf(form, active.value);
      const cards = input.value.split(/\s+/).filter(Boolean);
      const most = Number(form.dataset.maxCards);
      if (cards.length >= most) {
        // The same words the server says without JavaScript (entry.py, _refused_tap).
        const name = form.querySelector("#player-" + active.value).getAttribute("aria-label");
        note.textContent = name + " already has " + most + " cards, the most one player " +
          "shows: tap one of them to take it out.";
        note.hidden = false;
        return false;
      }
      input.value = cards.concat([button.value]).join(" ");
      // The same chip the server draws: tapped, it takes the card out again.
      const hand = form.querySelector("#player-" + active.value + " .hand");
      const chip = document.createElement("button");
      chip.className = "card in-hand " + Array.from(button.classList).filter(function (name) {
        return name.startsWith("suit-");
      }).join(" ");
      chip.type = "submit";
      chip.name = "drop";
      chip.value = active.value + ":" + cards.length;
      chip.title = "Tap to take it out";
      chip.setAttribute("aria-label", "Remove " + button.textContent);
      chip.textContent = button.textContent;
      hand.querySelectorAll(".muted").forEach(function (hint) { hint.remove(); });
      hand.append(chip);
      // A hand the game sizes is complete: the next cards are the next player's, as the
      // server does without JavaScript (entry.py, _complete_seat).
      const seat = Number(active.value);
      const section = form.querySelector("#player-" + seat);
      if (form.querySelector("#player-" + (seat + 1)) &&
          cards.length + 1 === Number(section.dataset.completeAt)) {
        activate(form, String(seat + 1));
      }
      return true;
    }
    const parts = button.value.split(":");
    const input = cardsOf(form, parts[0]);
    const cards = input.value.split(/\s+/).filter(Boolean);
    cards.splice(Number(parts[1]), 1);
    input.value = cards.join(" ");
    activate(form, parts[0]);
    // Later chips of this hand move up one place.
    const hand = button.parentNode;
    button.remove();
    hand.querySelectorAll("button[name='drop']").forEach(function (chip, i) {
      chip.value = parts[0] + ":" + i;
    });
    if (!cards.length) {
      const hint = document.createElement("span");
      hint.className = "muted";
      hint.textContent = "Tap the cards below.";
      hand.append(hint);
    }
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

  // A tap's post says which preview each seat shows, so that only the changed ones come
  // back; the mark goes with that one post (an answer or a typed card wants the whole form,
  // and so does a form showing a refused save's errors, which the next tap clears).
  document.addEventListener("htmx:configRequest", function (event) {
    const form = event.detail.elt;
    const taps = form.querySelector && form.querySelector("input[name='taps']");
    if (!taps || taps.value !== "applied") return;
    taps.value = "";
    if (form.querySelector(".errors")) return;
    form.querySelectorAll(".seat-preview[data-digest]").forEach(function (preview) {
      event.detail.parameters["shown_" + preview.id.replace("preview-", "")] = preview.dataset.digest;
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.target.id === "picker-taken") applyTaken(event.target.closest("form"));
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

  // The live scoreboard asks for news only while it is on screen: a phone in a pocket or
  // a hidden tab costs the server nothing, and catches up at once when it is looked at.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target.id === "live" && document.hidden) event.preventDefault();
  });
  document.addEventListener("visibilitychange", function () {
    const live = document.getElementById("live");
    if (live && !document.hidden && window.htmx) htmx.trigger(live, "refresh");
  });

  // The connection, next to Save. A save that never reached the server leaves the form as
  // it was and goes again by itself when the connection is back, with the same one-time
  // token, so a save that did land is not doubled. Taps go on while offline (they are
  // applied here); their scores come when the server answers again.
  function entryForm(event) {
    const elt = event.detail && event.detail.elt;
    return elt && elt.closest ? elt.closest("form.round-entry") : null;
  }
  function isSave(event) {
    const config = event.detail.requestConfig;
    const trigger = config && config.triggeringEvent;
    return Boolean(trigger && trigger.submitter && trigger.submitter.name === "save");
  }
  function showState(form, state, text) {
    const shown = form.querySelector(".save-state");
    shown.dataset.state = state;
    shown.textContent = text;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = entryForm(event);
    if (form && isSave(event)) showState(form, "saving", "Saving…");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = entryForm(event);
    if (!form || !event.detail.successful) return;
    // A save that landed sends the phone on to the game (HX-Redirect); one refused for
    // its cards comes back as a new form, with its own state.
    if (isSave(event) && event.detail.xhr.getResponseHeader("HX-Redirect")) {
      showState(form, "saved", "Saved.");
    }
    else if (form.querySelector(".save-state").dataset.state === "offline") showState(form, "", "");
  });
  document.addEventListener("htmx:sendError", function (event) {
    const form = entryForm(event);
    if (!form) return;
    if (isSave(event)) {
      form.dataset.resend = "save";
      showState(form, "offline", "Not saved: no connection. Your cards are kept on this " +
        "phone, and the " + form.dataset.word + " is sent again when the connection is back.");
    } else {
      form.dataset.resend = form.dataset.resend || "taps";
      showState(form, "offline", "No connection: the cards are kept, and their scores " +
        "show when the connection is back.");
    }
  });
  document.addEventListener("htmx:responseError", function (event) {
    const form = entryForm(event);
    if (form && isSave(event)) {
      showState(form, "failed", "Not saved: the server could not take it. Your cards are " +
        "kept on this phone; tap Save to try again.");
    }
  });
  window.addEventListener("online", function () {
    const form = document.querySelector("form.round-entry[data-resend]");
    if (!form) return;
    const resend = form.dataset.resend;
    delete form.dataset.resend;
    if (resend === "save") form.requestSubmit(form.querySelector("button[name='save']"));
    else htmx.trigger(form, "submit");
  });
})();

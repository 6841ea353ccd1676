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
  const NOT_DRAFTED = ["csrfmiddlewaretoken", "token", "version", "active"];
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
        // The same words the server says without JavaScript (taps.py, refused_tap).
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
      // Only the previews are asked for (see htmx:configRequest below).
      form.dataset.tapped = "";
      htmx.trigger(form, "submit");
    }
  });

  // The phone applies every tap itself, so the picker's button htmx would send along is
  // never sent to be applied again. A tap asks the tap address for the previews only,
  // saying which preview each seat shows, so that only the changed ones come back; a form
  // showing a refused save's errors posts whole, to have them cleared.
  document.addEventListener("htmx:configRequest", function (event) {
    const form = event.detail.elt;
    if (!form.classList || !form.classList.contains("round-entry")) return;
    ["add", "drop", "select"].forEach(function (name) { delete event.detail.parameters[name]; });
    if (form.dataset.tapped === undefined) return;
    delete form.dataset.tapped;
    if (form.querySelector(".errors")) return;
    event.detail.path = form.dataset.taps;
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
      keepSave(form);
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
  // Back online: the kept saves go first, then the taps' scores come.
  window.addEventListener("online", function () {
    const form = document.querySelector("form.round-entry[data-resend]");
    if (form) delete form.dataset.resend;
    sendKept(true, Boolean(form));
  });

  // Offline (games/offline, static/games/queue.js). The service worker keeps the app's
  // files and the pages of the games opened here. A save made without a connection is
  // kept on the phone with its one-time token and the game version it was entered on,
  // and the form moves on to the next round, which is entered as if the save had landed
  // (its version is the one that save makes). The kept saves go, in order, when the
  // connection is back; their list is shown at the top of every page until then.
  function newToken() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40; // a version 4 UUID, as the server's own
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, function (byte) {
      return byte.toString(16).padStart(2, "0");
    }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20),
      hex.slice(20)].join("-");
  }
  function field(form, name) {
    return form.querySelector("input[name='" + name + "']");
  }
  // A phrase of the game's kind from the page (its words are the server's), filled in.
  function phrase(form, name, values) {
    return form.dataset[name].replace(/\{(\w+)\}/g, function (whole, key) {
      return key in values ? String(values[key]) : whole;
    });
  }
  async function keepSave(form) {
    const number = Number(field(form, "number").value);
    const fields = Array.from(new FormData(form)).filter(function (pair) {
      return pair[0] !== "active";
    }).concat([["save", "1"]]);
    const players = Array.from(form.querySelectorAll("section.player"), function (section) {
      return [section.getAttribute("aria-label"), cardsOf(form, section.id.slice(7)).value];
    });
    await SavesQueue.add({
      url: form.action,
      label: phrase(form, "queued", {number: number, game: form.dataset.gameLabel}),
      number: number,
      version: Number(field(form, "version").value),
      players: players,
      fields: fields,
    });
    localStorage.removeItem(draftKey(form));
    laterSync();
    if (form.hasAttribute("data-editing")) {
      showState(form, "kept", phrase(form, "kept", {number: number}));
    } else {
      nextRound(form, number + 1, Number(field(form, "version").value) + 1);
    }
    showKept();
  }
  // The form as the next round's, blank, on the phone alone: nothing is scored offline.
  function nextRound(form, number, version) {
    const rounds = Number(form.dataset.rounds) || 0;
    const heading = document.querySelector("#round-entry h1");
    if (rounds && number > rounds) {
      heading.textContent = form.dataset.allEntered;
      form.hidden = true;
      return;
    }
    const numbered = phrase(form, "numbered", {number: number});
    heading.textContent = rounds
      ? phrase(form, "numberedOf", {number: number, rounds: rounds})
      : numbered;
    document.title = document.title.replace(/^[^·]+ ·/, numbered + " ·");
    field(form, "number").value = number;
    field(form, "version").value = version;
    field(form, "token").value = newToken();
    form.dataset.draft = form.dataset.draft.replace(/\d+$/, number);
    form.querySelectorAll(".errors, .notice").forEach(function (shown) { shown.remove(); });
    form.querySelectorAll("input[name^='cards_']").forEach(function (input) { input.value = ""; });
    form.querySelectorAll(".question input, .seat-questions input").forEach(function (input) {
      input.checked = false;
    });
    form.querySelectorAll("section.player").forEach(function (section) {
      section.classList.remove("has-error");
      // A hand's size can change from one round to the next (Three Thirteen's does).
      delete section.dataset.completeAt;
      // activate() words the hint for the player who gets the cards and the others.
      const hint = document.createElement("span");
      hint.className = "muted";
      section.querySelector(".hand").replaceChildren(hint);
      section.querySelector(".meld-preview").replaceChildren();
      section.querySelector(".seat-preview").replaceChildren();
    });
    form.querySelector("#picker-taken").dataset.cards = "";
    applyTaken(form);
    form.querySelector("button.save").textContent = phrase(form, "save", {number: number});
    activate(form, "0");
    showState(form, "kept", phrase(form, "keptGoingOn", {number: number - 1, next: number}));
  }
  // A page opened from the phone's copy, with saves kept for its form: the form shows
  // the round after them.
  async function catchUp(form) {
    if (form.hasAttribute("data-editing")) return;
    const kept = (await SavesQueue.all()).filter(function (save) {
      return save.url === form.action;
    });
    const last = kept[kept.length - 1];
    if (last && last.number >= Number(field(form, "number").value)) {
      nextRound(form, last.number + 1, last.version + 1);
      offerDraft(form);
    }
  }
  function laterSync() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register(SavesQueue.SYNC);
    }).catch(function () {
      // No Background Sync: the page sends them when the connection is back.
    });
  }
  async function showKept() {
    const kept = await SavesQueue.all();
    let panel = document.getElementById("kept-saves");
    if (!kept.length) {
      if (panel) panel.remove();
      return;
    }
    if (!panel) {
      panel = document.createElement("section");
      panel.id = "kept-saves";
      panel.className = "kept-saves";
      panel.setAttribute("aria-label", "Kept on this phone");
      document.querySelector("main").prepend(panel);
    }
    const intro = document.createElement("p");
    intro.textContent = "Waiting to be sent, kept on this phone: they go by themselves " +
      "when the connection is back.";
    const list = document.createElement("ul");
    kept.forEach(function (save) {
      const item = document.createElement("li");
      const label = document.createElement("strong");
      label.textContent = save.label;
      const cards = document.createElement("span");
      cards.className = "kept-cards";
      cards.textContent = save.players.map(function (player) {
        return player[0] + ": " + (player[1] || "no cards");
      }).join(" · ");
      item.append(label, " ", cards);
      if (save.state === "refused") {
        const why = document.createElement("p");
        why.className = "problem";
        why.textContent = "Not recorded: the game changed meanwhile (another phone, or " +
          "its end). The ones after it wait.";
        const look = document.createElement("button");
        look.type = "button";
        look.className = "button";
        look.textContent = "Look at it";
        look.addEventListener("click", function () { lookAt(save); });
        const discard = document.createElement("button");
        discard.type = "button";
        discard.className = "button";
        discard.textContent = "Discard it";
        discard.addEventListener("click", async function () {
          await SavesQueue.remove(save.id);
          sendKept(false, false);
        });
        item.append(why, look, " ", discard);
      }
      list.append(item);
    });
    panel.replaceChildren(intro, list);
  }
  // A refused save, posted as the page itself: the server shows it with the game as it is
  // now (another phone's round, the cards to re-enter), as it does for a save made online.
  async function lookAt(save) {
    const form = document.createElement("form");
    form.method = "post";
    form.action = save.url;
    form.hidden = true;
    save.fields.forEach(function (pair) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.append(input);
    });
    document.body.append(form);
    await SavesQueue.remove(save.id);
    form.submit();
  }
  // `back`: the connection has just come back, and a page opened from the phone's copy
  // is brought up to date too; `taps`: taps made offline still wait for their scores.
  async function sendKept(back, taps) {
    if (typeof SavesQueue === "undefined") return;
    const recorded = await SavesQueue.flush();
    await showKept();
    const copy = document.documentElement.dataset.offlineCopy !== undefined;
    if (recorded || taps || (back && copy)) fromServer();
  }
  // The game as the server has it now: the form's scores and next round, or the page.
  function fromServer() {
    const form = document.querySelector("form.round-entry");
    if (form && !form.hidden) {
      htmx.trigger(form, "submit");
      document.querySelectorAll(".offline-copy").forEach(function (note) { note.remove(); });
      delete document.documentElement.dataset.offlineCopy;
    } else {
      location.reload();
    }
  }
  function markOfflineCopy() {
    const fetched = document.documentElement.dataset.offlineCopy;
    if (fetched === undefined) return;
    const when = new Date(fetched);
    const note = document.createElement("p");
    note.className = "notice offline-copy";
    note.setAttribute("role", "status");
    note.textContent = "No connection: this is the copy kept on this phone" +
      (isNaN(when) ? "" : " from " + when.toLocaleString([], {
        dateStyle: "short", timeStyle: "short" })) + ". It may be out of date.";
    document.querySelector("main").prepend(note);
    awaitServer();
  }
  // The connection can come back with no "online" event: it came back while this copy
  // loaded, or the phone never knew it was gone (a Wi-Fi that lost its way out). So the
  // copy asks the server every few seconds, past the service worker (which answers a HEAD
  // with nothing), and is brought up to date once any answer comes.
  function awaitServer() {
    const timer = setInterval(function () {
      if (document.documentElement.dataset.offlineCopy === undefined) {
        clearInterval(timer);
        return;
      }
      fetch(location.href, { method: "HEAD", cache: "no-store" }).then(function () {
        clearInterval(timer);
        sendKept(true, false);
      }, function () {});
    }, 3000);
  }
  // The pages a game needs at the table are kept as they are fetched: this one, the
  // first time the service worker takes the page, and the round entry it leads to.
  // (`first`: this page did not come through the worker, so it is not kept yet.)
  function keepPages(first) {
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    const urls = Array.from(document.querySelectorAll("a[data-keep-offline]"), function (link) {
      return link.href;
    });
    if (first) urls.push(location.href);
    urls.forEach(function (url) { fetch(url).catch(function () {}); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    markOfflineCopy();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(document.documentElement.dataset.serviceWorker)
        .catch(function () {
          // Not here (a page not served securely): the app works online all the same.
        });
      navigator.serviceWorker.addEventListener("controllerchange", function () {
        keepPages(true);
      });
      // Loaded while the worker was being installed, this page is not yet its own.
      navigator.serviceWorker.ready.then(function (registration) {
        if (!navigator.serviceWorker.controller) registration.active.postMessage("claim");
      });
      // The worker may have taken this page while it loaded, before anyone listened for
      // that: a page it did not serve asks for itself to be kept.
      const [navigation] = performance.getEntriesByType("navigation");
      const served = Boolean(navigation && navigation.workerStart > 0);
      if (document.documentElement.dataset.offlineCopy === undefined) keepPages(!served);
    }
    if (typeof SavesQueue === "undefined") return;
    SavesQueue.channel.addEventListener("message", function (event) {
      showKept();
      if (event.data === "recorded") fromServer();
    });
    const form = document.querySelector("form.round-entry");
    (form ? catchUp(form) : Promise.resolve()).then(function () {
      if (navigator.onLine) sendKept(false, false);
      else showKept();
    });
  });
})();

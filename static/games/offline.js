// Offline (games/offline, static/games/queue.js). The service worker keeps the app's
// files and the pages of the games opened here. A save made without a connection is
// kept on the phone with its one-time token and the game version it was entered on,
// and the form moves on to the next round, which is entered as if the save had landed
// (its version is the one that save makes). The kept saves go, in order, when the
// connection is back; their list is shown at the top of every page until then (kept.js).

import { entryForm, isSave, showState } from "./connection.js";
import { draftKey, offerDraft } from "./drafts.js";
import { fromServer, markOfflineCopy, sendKept, showKept } from "./kept.js";
import { activate, applyTaken, cardsOf, countCards } from "./picker.js";
import { phrase } from "./words.js";

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
    label: phrase(form, "queued", { number: number, game: form.dataset.gameLabel }),
    number: number,
    version: Number(field(form, "version").value),
    players: players,
    fields: fields,
  });
  localStorage.removeItem(draftKey(form));
  laterSync();
  if (form.hasAttribute("data-editing")) {
    showState(form, "kept", phrase(form, "kept", { number: number }));
  } else {
    nextRound(form, number + 1, Number(field(form, "version").value) + 1);
  }
  showKept();
}
document.addEventListener("htmx:sendError", function (event) {
  const form = entryForm(event);
  if (form && isSave(event)) keepSave(form);
});

// The form as the next round's, blank, on the phone alone: nothing is scored offline.
function nextRound(form, number, version) {
  const rounds = Number(form.dataset.rounds) || 0;
  const heading = document.querySelector("#round-entry h1");
  if (rounds && number > rounds) {
    heading.textContent = form.dataset.allEntered;
    form.hidden = true;
    return;
  }
  const numbered = phrase(form, "numbered", { number: number });
  heading.textContent = rounds
    ? phrase(form, "numberedOf", { number: number, rounds: rounds })
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
    // A number or words typed for the hand before (Cribbage's pegging) are not the next's.
    if (input.type !== "radio" && input.type !== "checkbox") input.value = "";
  });
  form.querySelectorAll("section.player").forEach(function (section, seat) {
    section.classList.remove("has-error");
    // A hand's size can change from one round to the next (Three Thirteen's does), and
    // who shows no cards comes with the next hand's answers.
    delete section.dataset.completeAt;
    delete section.dataset.bare;
    countCards(form, seat, 0);
    // activate() words the hint for the player who gets the cards and the others.
    const hint = document.createElement("span");
    hint.className = "muted";
    section.querySelector(".hand").replaceChildren(hint);
    section.querySelector(".meld-preview").replaceChildren();
    section.querySelector(".seat-preview").replaceChildren();
  });
  form.querySelector("#picker-taken").dataset.cards = "";
  applyTaken(form);
  form.querySelector("button.save").textContent = phrase(form, "save", { number: number });
  activate(form, "0");
  showState(form, "kept", phrase(form, "keptGoingOn", { number: number - 1, next: number }));
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

// Back online: the kept saves go first, then the taps' scores come.
window.addEventListener("online", function () {
  const form = document.querySelector("form.round-entry[data-resend]");
  if (form) delete form.dataset.resend;
  sendKept(true, Boolean(form));
});

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

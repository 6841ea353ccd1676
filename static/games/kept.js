// The saves kept on this phone (static/games/queue.js): their list at the top of every
// page until they are sent, sending them, and a page that is the phone's copy, brought up
// to date once the server answers again.

import { phrase } from "./words.js";

export async function showKept() {
  const kept = await SavesQueue.all();
  const panel = document.getElementById("kept-saves");
  panel.hidden = !kept.length;
  panel.querySelector("ul").replaceChildren(...kept.map(function (save) {
    const item = document.createElement("li");
    const label = document.createElement("strong");
    label.textContent = save.label;
    const cards = document.createElement("span");
    cards.className = "kept-cards";
    cards.textContent = save.players.map(function (player) {
      return player[0] + ": " + (player[1] || phrase(panel, "noCards"));
    }).join(" · ");
    item.append(label, " ", cards);
    if (save.state === "refused") {
      const why = document.createElement("p");
      why.className = "problem";
      why.textContent = phrase(panel, "refused");
      const look = document.createElement("button");
      look.type = "button";
      look.className = "button";
      look.textContent = phrase(panel, "look");
      look.addEventListener("click", function () { lookAt(save); });
      const discard = document.createElement("button");
      discard.type = "button";
      discard.className = "button";
      discard.textContent = phrase(panel, "discard");
      discard.addEventListener("click", async function () {
        await SavesQueue.remove(save.id);
        sendKept(false, false);
      });
      item.append(why, look, " ", discard);
    }
    return item;
  }));
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

function isCopy() {
  return document.documentElement.dataset.offlineCopy !== undefined;
}

// `back`: the connection has just come back, and a page opened from the phone's copy
// is brought up to date too; `taps`: taps made offline still wait for their scores.
export async function sendKept(back, taps) {
  if (typeof SavesQueue === "undefined") return;
  const recorded = await SavesQueue.flush();
  await showKept();
  if (recorded || taps || (back && isCopy())) fromServer();
}

// The game as the server has it now: the form's scores and next round, or the page.
export function fromServer() {
  const form = document.querySelector("form.round-entry");
  if (form && !form.hidden) {
    htmx.trigger(form, "submit");
    document.querySelector(".offline-copy").hidden = true;
    delete document.documentElement.dataset.offlineCopy;
  } else {
    location.reload();
  }
}

export function markOfflineCopy() {
  if (!isCopy()) return;
  const when = new Date(document.documentElement.dataset.offlineCopy);
  const note = document.querySelector(".offline-copy");
  if (!isNaN(when)) {
    // The date as the page's language writes it, not the phone's.
    const language = document.documentElement.lang;
    note.textContent = phrase(note, "dated", {
      when: when.toLocaleString(language ? [language] : [], { dateStyle: "short", timeStyle: "short" }),
    });
  }
  note.hidden = false;
  awaitServer();
}

// The connection can come back with no "online" event: it came back while this copy
// loaded, or the phone never knew it was gone (a Wi-Fi that lost its way out). So the
// copy asks the server every few seconds, past the service worker (which answers a HEAD
// with nothing), and is brought up to date once any answer comes.
function awaitServer() {
  const timer = setInterval(function () {
    if (!isCopy()) {
      clearInterval(timer);
      return;
    }
    fetch(location.href, { method: "HEAD", cache: "no-store" }).then(function () {
      clearInterval(timer);
      sendKept(true, false);
    }, function () {});
  }, 3000);
}

// Card picker taps, applied on the phone at once. Without JavaScript every tap posts the
// form and the server applies it; here the tap changes the form's own fields first (the
// rule is taps.js), so a quick run of taps never loses one to a request still under way,
// and the form is then posted without a button: the server answers with only the
// previews that changed (it is told the digest of each preview shown) and the cards the
// picker has no more of, swapped in out of band while the form stays. A newer post
// replaces an older one in flight (hx-sync), so the page ends on the last state.

import { fitDock } from "./dock.js";
import { saveDraft } from "./drafts.js";
import { applyTap } from "./taps.js";
import { phrase } from "./words.js";

const TAPS = "form.round-entry button[name='add'], form.round-entry button[name='drop'], " +
  "form.round-entry button[name='select'], form.round-entry button[name='rest']";
const TYPED = "form.round-entry .typed input";
// How long typing pauses before its cards are scored: a card's two or three letters go
// as one post.
const TYPING_PAUSE_MS = 300;

export function cardsOf(form, seat) {
  return form.querySelector("input[name='cards_" + seat + "']");
}
function sectionOf(form, seat) {
  return form.querySelector("#player-" + seat);
}
export function activate(form, seat) {
  form.querySelector("input[name='active']").value = seat;
  form.querySelectorAll(".dock-names button[name='select']").forEach(function (button) {
    button.setAttribute("aria-pressed", String(button.value === String(seat)));
  });
  form.querySelectorAll("section.player").forEach(function (section) {
    const on = section.id === "player-" + seat;
    section.classList.toggle("active", on);
    const name = section.getAttribute("aria-label");
    section.querySelectorAll(".hand > .muted").forEach(function (hint) {
      hint.textContent = on ? phrase(form, "tapCards") : phrase(form, "tapName", { name: name });
    });
    if (on) {
      form.querySelector(".picker").setAttribute("aria-label",
        phrase(form, "cardsFor", { name: name }));
      // The cards going in stay in sight above the dock: the player's whole section where
      // there is room, and their hand where there is not.
      section.scrollIntoView({ block: "nearest" });
      section.querySelector(".hand").scrollIntoView({ block: "nearest" });
    }
  });
}
export function applyTaken(form) {
  const holder = form.querySelector("#picker-taken");
  if (!holder) return;
  const taken = holder.dataset.cards.split(" ").filter(Boolean);
  form.querySelectorAll(".picker button[name='add']").forEach(function (button) {
    button.disabled = taken.includes(button.value);
    if (button.disabled) {
      button.setAttribute("aria-label", phrase(form, "taken", { card: button.textContent }));
    } else {
      button.removeAttribute("aria-label");
    }
  });
}

// The form's fields as the tap rule takes them.
function tableOf(form) {
  const sections = Array.from(form.querySelectorAll("section.player"));
  return {
    hands: sections.map(function (section, seat) {
      return cardsOf(form, seat).value.split(/\s+/).filter(Boolean);
    }),
    active: Number(form.querySelector("input[name='active']").value),
    most: sections.map(function (section) { return Number(section.dataset.most); }),
    completeAt: sections.map(function (section) {
      return section.dataset.completeAt ? Number(section.dataset.completeAt) : null;
    }),
    bare: sections.map(function (section) { return "bare" in section.dataset; }),
    left: form.querySelector("input[name='left']").value,
  };
}

// The chip the server draws for a card in a hand: tapped, it takes the card out again.
function addChip(form, seat, button, position) {
  const hand = sectionOf(form, seat).querySelector(".hand");
  const chip = document.createElement("button");
  chip.className = "card in-hand " + Array.from(button.classList).filter(function (name) {
    return name.startsWith("suit-");
  }).join(" ");
  chip.type = "submit";
  chip.name = "drop";
  chip.value = seat + ":" + position;
  chip.title = phrase(form, "takeOut");
  chip.setAttribute("aria-label", phrase(form, "remove", { card: button.textContent }));
  chip.textContent = button.textContent;
  hand.querySelectorAll(".muted").forEach(function (hint) { hint.remove(); });
  hand.append(chip);
  return chip;
}
function dropChip(form, chip, seat, left) {
  // Later chips of this hand move up one place.
  const hand = chip.parentNode;
  chip.remove();
  hand.querySelectorAll("button[name='drop']").forEach(function (other, i) {
    other.value = seat + ":" + i;
  });
  if (!left) {
    const hint = document.createElement("span");
    hint.className = "muted";
    hint.textContent = phrase(form, "tapCards");
    hand.append(hint);
  }
}

// The count on a player's name in the dock, at once; whether their meld is made, or has
// a problem, comes with the server's answer (offline, it is not known).
export function countCards(form, seat, count) {
  const shown = form.querySelector("#count-" + seat);
  shown.classList.remove("made", "problem");
  shown.firstChild.data = String(count);
  shown.querySelector(".visually-hidden").textContent =
    count === 1 ? shown.dataset.one : shown.dataset.many;
}

// The tap on the form: false when a full hand refused the card. The refusal, or a card
// that took a player past where they looked complete, is said in the picker.
function tapOn(form, button) {
  const note = form.querySelector(".picker .tap-note");
  note.hidden = true;
  const before = tableOf(form);
  const after = applyTap(before, { name: button.name, value: button.value });
  // The seat's own words where it has them (a full hand, or a full pile), else the form's.
  function say(seat, words, values) {
    const section = sectionOf(form, seat);
    const name = section.getAttribute("aria-label");
    const said = words in section.dataset ? section : form;
    note.textContent = phrase(said, words, Object.assign({ name: name }, values));
    note.hidden = false;
    // The card about to be scrolled into view stops above the dock as it is now.
    fitDock();
  }
  if (after.refused !== null) {
    say(after.refused, "full", { most: before.most[after.refused] });
    return false;
  }
  if (after.noted !== null) say(after.noted.seat, "movedOn", { count: after.noted.count });
  form.querySelector("input[name='left']").value = after.left;
  after.hands.forEach(function (cards, seat) {
    if (cards.length === before.hands[seat].length) return;
    cardsOf(form, seat).value = cards.join(" ");
    countCards(form, seat, cards.length);
  });
  if (button.name === "add") {
    const seat = before.active;
    const chip = addChip(form, seat, button, after.hands[seat].length - 1);
    // The card just entered stays in sight above the dock, however long the hand grows.
    if (after.active === seat) chip.scrollIntoView({ block: "nearest" });
  } else if (button.name === "rest") {
    const seat = before.active;
    after.hands[seat].slice(before.hands[seat].length).forEach(function (card, i) {
      const face = form.querySelector(".picker button[name='add'][value='" + card + "']");
      addChip(form, seat, face, before.hands[seat].length + i);
    });
  } else if (button.name === "drop") {
    dropChip(form, button, after.active, after.hands[after.active].length);
  }
  // A card added stays with its player unless it completed their entry.
  if (button.name !== "add" || after.active !== before.active) activate(form, after.active);
  return true;
}

// Only the previews are asked for (see htmx:configRequest below).
function post(form) {
  if (form.dataset.draft) saveDraft(form);
  form.dataset.tapped = "";
  htmx.trigger(form, "submit");
}

document.addEventListener("click", function (event) {
  const button = event.target.closest && event.target.closest(TAPS);
  if (!button || !window.htmx) return;
  event.preventDefault();
  // A chip tapped leaves the form: its form is taken first.
  const form = button.form;
  if (tapOn(form, button)) post(form);
});

// Typed cards are scored as they are typed, like taps, and Enter sends them at once; the
// form stays, so the box stays open, with the cursor in it. The form remembers which
// seats were typed in, and how often, until an answer to a post that carried them comes
// back: it brings their chips, drawn by the server. A post replaced by a newer one, or
// lost, brings nothing, so every post carries them until then; a seat typed in again
// while a post was under way waits for the next.
let typing = null;
const typedSeats = new WeakMap();
const carried = new WeakMap();
function typedIn(box) {
  const seats = typedSeats.get(box.form) || new Map();
  const seat = box.name.slice("cards_".length);
  seats.set(seat, (seats.get(seat) || 0) + 1);
  typedSeats.set(box.form, seats);
}
document.addEventListener("input", function (event) {
  const box = event.target;
  if (!box.matches(TYPED) || !window.htmx) return;
  typedIn(box);
  clearTimeout(typing);
  typing = setTimeout(function () {
    // A form swapped in meanwhile brought the server's chips for what was typed.
    if (box.isConnected) post(box.form);
  }, TYPING_PAUSE_MS);
});
document.addEventListener("keydown", function (event) {
  const box = event.target;
  if (event.key !== "Enter" || !box.matches(TYPED) || !window.htmx) return;
  event.preventDefault();
  clearTimeout(typing);
  typedIn(box);
  post(box.form);
});

// The phone applies every tap itself, so the picker's button htmx would send along is
// never sent to be applied again. A tap asks the tap address for the previews only,
// saying which preview each seat shows, so that only the changed ones come back; a form
// showing a refused save's errors posts whole, to have them cleared. Typed cards always
// go to the tap address, which clears their seats' errors: a whole form swapped in would
// take the box from under the typing.
document.addEventListener("htmx:configRequest", function (event) {
  const form = event.detail.elt;
  if (!form.classList || !form.classList.contains("round-entry")) return;
  ["add", "drop", "select"].forEach(function (name) { delete event.detail.parameters[name]; });
  // Every post carries what was typed: the one typing waits to make would only replace
  // this one in flight (hx-sync), a save among them.
  clearTimeout(typing);
  const typed = typedSeats.get(form) || new Map();
  if (typed.size) {
    carried.set(event.detail, new Map(typed));
    event.detail.parameters.typed = Array.from(typed.keys()).join(" ");
  }
  if (form.dataset.tapped === undefined) return;
  delete form.dataset.tapped;
  if (!typed.size && form.querySelector(".errors")) return;
  event.detail.path = form.dataset.taps;
  form.querySelectorAll(".seat-preview[data-digest]").forEach(function (preview) {
    event.detail.parameters["shown_" + preview.id.replace("preview-", "")] = preview.dataset.digest;
  });
});
document.addEventListener("htmx:afterRequest", function (event) {
  const sent = carried.get(event.detail.requestConfig);
  if (!sent || !event.detail.successful) return;
  const typed = typedSeats.get(event.detail.requestConfig.elt);
  sent.forEach(function (count, seat) {
    if (typed.get(seat) === count) typed.delete(seat);
  });
});
document.addEventListener("htmx:oobAfterSwap", function (event) {
  if (event.target.id === "picker-taken") applyTaken(event.target.closest("form"));
});

// An answer about the hand (a radio button or a box) is sent at once, like a tap: a
// preview refresh already under way would otherwise swap in the form as it was before.
// Not a number or words typed in a box (Cribbage's pegging): the form coming back would
// replace the next box while it is being typed in; they go with the next tap or Save.
// Not a radio button reached with the arrow keys, which check each one they pass: the
// answer would go on to the next step under the keyboard. Enter (or Next) sends it.
const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
let arrowed = null;
document.addEventListener("keydown", function (event) {
  arrowed = ARROWS.includes(event.key) && event.target.type === "radio" ? event.target.name : null;
});
document.addEventListener("pointerdown", function () { arrowed = null; });
document.addEventListener("change", function (event) {
  const input = event.target;
  const form = input.form;
  if (!form || !form.classList.contains("round-entry") || !window.htmx) return;
  if (input.name.startsWith("cards_") || input.name === arrowed) return;
  if (input.type !== "radio" && input.type !== "checkbox") return;
  htmx.trigger(form, "submit");
});

// A local draft of a round being entered: every card and answer, saved on every change,
// offered back after a reload, cleared once the round is saved.

const NOT_DRAFTED = ["csrfmiddlewaretoken", "token", "version", "active"];
// The draft each form offers back, for its Restore button.
const offered = new WeakMap();

export function draftKey(form) {
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
export function saveDraft(form) {
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

// The form's Restore button (in the dock, so that it is seen without scrolling after a
// reload that kept the page scrolled down) is shown when this phone kept a draft the page
// does not show already.
export function offerDraft(form) {
  let draft;
  try {
    draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
  } catch (error) {
    draft = null;
  }
  if (!draft || typeof draft !== "object" || Array.isArray(draft)) return;
  if (sameDraft(draft, draftOf(form))) return;
  offered.set(form, draft);
  form.querySelector("button.restore").hidden = false;
}
document.addEventListener("click", function (event) {
  const restore = event.target.closest("form[data-draft] button.restore");
  if (!restore) return;
  const form = restore.form;
  restoreDraft(form, offered.get(form));
  restore.hidden = true;
  form.requestSubmit(form.querySelector("button[name='refresh']"));
});

// Each form swapped in is watched once.
const watched = new WeakSet();
function watch() {
  document.querySelectorAll("form[data-draft]").forEach(function (form) {
    saveDraft(form);
    if (watched.has(form)) return;
    watched.add(form);
    form.addEventListener("input", function () { saveDraft(form); });
    form.addEventListener("change", function () { saveDraft(form); });
  });
}
document.addEventListener("htmx:afterSwap", watch);

document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("form[data-draft]").forEach(offerDraft);
  watch();
  // A page that shows a saved game clears the drafts of the rounds it has.
  const saved = document.querySelector("[data-saved-rounds]");
  if (saved) {
    const game = saved.dataset.game;
    for (let n = 1; n <= Number(saved.dataset.savedRounds); n++) {
      localStorage.removeItem("scorekeeper-draft-game-" + game + "-round-" + n);
    }
  }
});

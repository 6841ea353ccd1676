// The words the phone shows are the page's: the server writes each sentence into the page
// (a data attribute, or the element the script shows), so the script says nothing itself.

// A phrase with {placeholders}, filled in; a placeholder without a value stays as it is.
export function fill(phrase, values) {
  return phrase.replace(/\{(\w+)\}/g, function (whole, key) {
    return key in values ? String(values[key]) : whole;
  });
}

// The phrase `name` an element carries (`data-<name>`), filled in.
export function phrase(element, name, values = {}) {
  return fill(element.dataset[name], values);
}

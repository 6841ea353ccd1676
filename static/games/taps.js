// The card picker's tap rule, the server's own (games/play/taps.py): plain data in, plain
// data out, no page, so that one table of cases (tests/web/play/taps.json) holds both to it.
//
// `table`: {hands: each seat's cards, like [["KS"], [], …]; active: the seat receiving
// cards; most: the most cards one player shows; completeAt: for each seat, how many cards
// make its whole entry, or null where the game does not say; bare: for each seat, whether
// the hand's answers say it shows no cards (who went out in Rummy)}.
// `button`: the picker's button tapped, {name, value}, as the server gets it: "select"
// with a seat, "add" with a card, "drop" with "<seat>:<position>".
// The answer: {hands, active, refused}, `refused` the seat whose full hand refused the
// card, or null.
export function applyTap(table, button) {
  const hands = table.hands.map(function (cards) { return cards.slice(); });
  const active = table.active;
  if (button.name === "select") {
    return { hands: hands, active: showing(table, Number(button.value)), refused: null };
  }
  if (button.name === "add") {
    const cards = hands[active];
    if (cards.length >= table.most) return { hands: hands, active: active, refused: active };
    cards.push(button.value);
    // A hand the game sizes is complete: the next cards are the next player's who shows
    // some (none after the last).
    let following = active;
    if (cards.length === table.completeAt[active]) {
      following = hands.findIndex(function (_, seat) { return seat > active && !table.bare[seat]; });
      if (following < 0) following = active;
    }
    return { hands: hands, active: following, refused: null };
  }
  const [seat, position] = button.value.split(":").map(Number);
  hands[seat].splice(position, 1);
  return { hands: hands, active: showing(table, seat), refused: null };
}

// The entry goes past a player the answers say shows no cards (who went out in Rummy), to
// the next who does, round the table.
function showing(table, seat) {
  for (let step = 0; step < table.hands.length; step++) {
    const next = (seat + step) % table.hands.length;
    if (!table.bare[next]) return next;
  }
  return seat;
}

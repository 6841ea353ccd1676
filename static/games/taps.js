// The card picker's tap rule, the server's own (games/play/taps.py): plain data in, plain
// data out, no page, so that one table of cases (tests/web/play/taps.json) holds both to it.
//
// `table`: {hands: each seat's cards, like [["KS"], [], …]; active: the seat receiving
// cards; most: for each seat, the most cards it takes (a player, or a pile: Cribbage's crib); completeAt: for each seat, how many cards
// make its whole entry, or null where the game does not say; bare: for each seat, whether
// the hand's answers say it shows no cards (who went out in Rummy); left: how many cards
// each player had when the entry moved on from them, "seat:count" pairs as the form's
// field holds them}.
// `button`: the picker's button tapped, {name, value}, as the server gets it: "select"
// with a seat, "add" with a card, "drop" with "<seat>:<position>", "rest" with the cards
// every hand accounts for (Hearts' penalty cards), of which the ones nobody has go to the
// seat receiving cards.
// The answer: {hands, active, refused, noted, left}: `refused` the seat whose full hand
// refused the card, or null; `noted` {seat, count} when the card took that player past
// the count they had when the entry moved on from them (said once), or null; `left` the
// counts kept after the tap.
export function applyTap(table, button) {
  const hands = table.hands.map(function (cards) { return cards.slice(); });
  // The answers may have just said the player receiving cards shows none.
  const active = showing(table, table.active);
  let following = active;
  if (button.name === "select") {
    following = showing(table, Number(button.value));
  } else if (button.name === "add") {
    const cards = hands[active];
    if (cards.length >= table.most[active]) {
      return { hands: hands, active: active, refused: active, noted: null, left: table.left };
    }
    cards.push(button.value);
    // A hand the game sizes is complete: the next cards are the next player's who shows
    // some (none after the last).
    if (cards.length === table.completeAt[active]) {
      following = hands.findIndex(function (_, seat) { return seat > active && !table.bare[seat]; });
      if (following < 0) following = active;
    }
  } else if (button.name === "rest") {
    const entered = new Set(hands.flat().map(function (card) { return card.toUpperCase(); }));
    const rest = button.value.split(" ").filter(function (card) { return card && !entered.has(card); });
    hands[active].push(...rest.slice(0, Math.max(0, table.most[active] - hands[active].length)));
  } else {
    const [seat, position] = button.value.split(":").map(Number);
    hands[seat].splice(position, 1);
    following = showing(table, seat);
  }
  const left = new Map(table.left.split(" ").filter(Boolean).map(function (pair) {
    return pair.split(":").map(Number);
  }));
  let noted = null;
  if (button.name === "add" && left.has(active) && hands[active].length > left.get(active)) {
    noted = { seat: active, count: left.get(active) };
    left.delete(active);
  }
  if (following !== active && hands[active].length) left.set(active, hands[active].length);
  const kept = Array.from(left.keys()).sort(function (a, b) { return a - b; }).map(function (seat) {
    return seat + ":" + left.get(seat);
  });
  return { hands: hands, active: following, refused: null, noted: noted, left: kept.join(" ") };
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

// Rounds saved without a connection, kept in the browser (IndexedDB) in the order they
// were saved, each with the form's one-time token and the game version it was entered on,
// and sent when the connection is back: by the page (offline.js) on reconnect and on load,
// and by the service worker on Background Sync. The server's token and version checks
// decide: a round sent twice is recorded once, and a round the game has moved past is
// kept, marked for the scorekeeper to look at, with the rounds after it waiting behind.
"use strict";

const SavesQueue = (function () {
  const DB = "scorekeeper";
  const STORE = "saves";
  const SYNC = "scorekeeper-saves";
  // Every page and the service worker hear of a change to the queue.
  const channel = new BroadcastChannel(SYNC);

  function open() {
    return new Promise(function (resolve, reject) {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  async function run(mode, work) {
    const db = await open();
    return new Promise(function (resolve, reject) {
      const transaction = db.transaction(STORE, mode);
      const result = work(transaction.objectStore(STORE));
      transaction.oncomplete = function () {
        db.close();
        resolve(result && "result" in result ? result.result : undefined);
      };
      transaction.onerror = function () { reject(transaction.error); };
    });
  }
  function changed() {
    channel.postMessage("changed");
  }

  // `save`: {url, label, number, version, players: [[name, cards], …], fields: [[name,
  // value], …]}: the fields as the form posts them, its token and version among them.
  async function add(save) {
    await run("readwrite", function (store) {
      return store.add(Object.assign({ state: "waiting" }, save));
    });
    changed();
  }
  function all() {
    return run("readonly", function (store) { return store.getAll(); });
  }
  async function remove(id) {
    await run("readwrite", function (store) { return store.delete(id); });
    changed();
  }

  // One post of a kept save, as htmx would send it. The server marks a save that is
  // recorded (now or before) with X-Round-Saved; any other answer is a refusal.
  async function send(save) {
    const csrf = save.fields.find(function (field) {
      return field[0] === "csrfmiddlewaretoken";
    });
    const response = await fetch(save.url, {
      method: "POST",
      body: new URLSearchParams(save.fields),
      headers: { "HX-Request": "true", "X-CSRFToken": csrf ? csrf[1] : "" },
      credentials: "same-origin",
    });
    // A server too busy for it now (429: this address's minute is used up; 502 to 504:
    // no server behind the proxy, or a request too costly) has said nothing of the round:
    // it waits, as with no connection.
    if (response.status === 429 || (response.status >= 502 && response.status <= 504)) {
      throw new Error("The server is busy: " + response.status); // English: caught, never shown
    }
    return response.headers.has("X-Round-Saved");
  }

  // Sends what waits, in order, stopping at the first refusal or when the connection
  // fails again. One sender at a time (Web Locks), page or service worker. The number of
  // rounds recorded.
  async function flush() {
    const sendAll = async function () {
      let recorded = 0;
      for (const save of await all()) {
        if (save.state !== "waiting") break;
        let saved;
        try {
          saved = await send(save);
        } catch (error) {
          break; // still no connection: it waits
        }
        if (saved) {
          await remove(save.id);
          recorded += 1;
        } else {
          save.state = "refused";
          await run("readwrite", function (store) { return store.put(save); });
          changed();
          break;
        }
      }
      // The other pages show the game as the server has it now.
      if (recorded) channel.postMessage("recorded");
      return recorded;
    };
    return navigator.locks ? navigator.locks.request(SYNC, sendAll) : sendAll();
  }

  return { SYNC: SYNC, channel: channel, add: add, all: all, remove: remove, flush: flush };
})();

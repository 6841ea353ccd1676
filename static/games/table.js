// At the table, on every page: base.html loads this module (the Content Security Policy
// forbids inline scripts), and each module it imports wires up one concern of its own.
// The service worker keeps them all (games/offline/views.py, PRECACHED).

import "./wake.js";
import "./share.js";
import "./dock.js";
import "./drafts.js";
import "./picker.js";
import "./connection.js";
import "./offline.js";

/* The classroom's pages: the connection watch and the seat kept in the browser.
 *
 * Only a page that asks for it is watched: a classroom page carries an element of class
 * "dweebies-watch" (its stylesheet widget).  Every EVERY ms such a page asks its server
 * GET <base>dweebies/alive?kernel=<its kernel>, which answers {"server": <boot id>,
 * "kernel": true|false}.  When the server does not answer (twice in a row, or not within
 * PATIENCE ms), or its kernel is gone, a banner says "Connection lost: trying again…" and
 * a cover over the page takes every click, so no click is lost without a word.  When the server answers again with the same boot
 * id and the kernel, the banner goes; a server started again (another boot id) or a
 * kernel gone: the page loads itself again.  A server without the address (404: not the
 * classroom's) is not watched.
 *
 * The seat: the hidden widget ".dweebies-remember" carries the seat to keep (data-code,
 * data-name, data-token) or data-forget; it is kept in localStorage.  On a page with the
 * hidden text box ".dweebies-resume" (the lobby), the seat kept is handed back to the
 * kernel once, which sits there again.  Nothing here asks another host for anything.
 */
(function () {
  "use strict";
  var KEY = "dweebies-seat";
  var EVERY = 2000;
  var PATIENCE = 6000;
  var boot = null;
  var lost = false;
  var stopped = false;
  var asking = false;
  var misses = 0;
  var handed = false;
  var remembered = null;

  function config() {
    var element = document.getElementById("jupyter-config-data");
    if (!element) {
      return null;
    }
    try {
      return JSON.parse(element.textContent);
    } catch (e) {
      return null;
    }
  }

  function cover() {
    var found = document.getElementById("dweebies-connection");
    if (found) {
      return found;
    }
    var box = document.createElement("div");
    box.id = "dweebies-connection";
    box.className = "dweebies-connection";
    box.hidden = true;
    var banner = document.createElement("div");
    banner.className = "dweebies-connection-banner";
    banner.setAttribute("role", "alert");
    banner.setAttribute("aria-live", "assertive");
    box.appendChild(banner);
    var keep = function (event) {
      if (lost) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    ["click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "touchend",
     "keydown"].forEach(function (name) {
      box.addEventListener(name, keep, true);
    });
    document.body.appendChild(box);
    return box;
  }

  function show(on) {
    lost = on;
    var box = cover();
    box.hidden = !on;
    box.firstChild.textContent = on ? "Connection lost: trying again\u2026" : "";
    document.documentElement.classList.toggle("dweebies-lost", on);
  }

  function keyDuringLoss(event) {
    if (lost) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function ask() {
    if (stopped || asking || !document.querySelector(".dweebies-watch")) {
      return;
    }
    var c = config();
    if (!c || !c.kernelId) {
      return;
    }
    asking = true;
    var base = c.baseUrl || "/";
    var url = base + "dweebies/alive?kernel=" + encodeURIComponent(c.kernelId);
    // No answer for PATIENCE ms: lost (the question stays asked: a server that hangs may
    // answer it later).  A question that fails at once counts only the second time in a
    // row: one failure can be a busy moment.
    var timer = setTimeout(function () {
      show(true);
    }, PATIENCE);
    fetch(url, {cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.status === 404) {
          stopped = true;  // not the classroom's server: nothing to watch
          return null;
        }
        if (!response.ok) {
          throw new Error("the server answered " + response.status);
        }
        return response.json();
      })
      .then(function (alive) {
        misses = 0;
        if (!alive) {
          return;
        }
        if (boot === null) {
          boot = alive.server;
        }
        if (alive.server === boot && alive.kernel) {
          if (lost) {
            show(false);
          }
          return;
        }
        show(true);
        stopped = true;
        window.location.reload();  // a new server, or this page's kernel is gone
      })
      .catch(function () {
        misses += 1;
        if (misses >= 2) {
          show(true);
        }
      })
      .then(function () {
        clearTimeout(timer);
        asking = false;
      });
  }

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function keepSeat() {
    var store = storage();
    var kept = document.querySelector(".dweebies-remember [data-token], .dweebies-remember [data-forget]");
    if (store && kept && kept.outerHTML !== remembered) {
      remembered = kept.outerHTML;
      try {
        if (kept.hasAttribute("data-forget")) {
          store.removeItem(KEY);
        } else {
          store.setItem(KEY, JSON.stringify({
            code: kept.getAttribute("data-code"),
            name: kept.getAttribute("data-name"),
            token: kept.getAttribute("data-token")
          }));
        }
      } catch (e) {
        /* a browser that keeps nothing: the student types name and PIN again */
      }
    }
    var input = handed ? null : document.querySelector(".dweebies-resume input");
    if (input) {
      handed = true;
      var seat = null;
      try {
        seat = store ? store.getItem(KEY) : null;
      } catch (e) {
        seat = null;
      }
      if (seat) {
        input.value = seat;
        input.dispatchEvent(new Event("input", {bubbles: true}));
        input.dispatchEvent(new Event("change", {bubbles: true}));
      }
    }
  }

  window.addEventListener("keydown", keyDuringLoss, true);
  setInterval(ask, EVERY);
  setInterval(keepSeat, 300);
})();

// The Dweebies widget's front-end companion: measures the page, speaks for the canvas, lets
// Tab leave it.  Why each part is here is in companion.py.

const HIDDEN = "dweebies-sr-only";
// Report a new measure only when it moved this much (a scroll bar that comes and goes moves
// the width by about 15 px, and must not start a resize loop).
const STEP = 16;

let counter = 0;

/** The height of the area the page scrolls in: the nearest ancestor that really scrolls
 * (JupyterLab's notebook panel), else the window. */
function viewHeight(box) {
  let height = window.innerHeight;
  for (let n = box.parentElement; n && n !== document.body; n = n.parentElement) {
    const style = getComputedStyle(n);
    const scrolls = style.overflowY === "auto" || style.overflowY === "scroll";
    if (scrolls && n.clientHeight >= 200 && n.scrollHeight > n.clientHeight + 1) {
      height = Math.min(height, n.clientHeight);
      break;
    }
  }
  return height;
}

function render({ model, el }) {
  const id = `dweebies-${Date.now().toString(36)}-${counter++}`;
  el.classList.add("dweebies-companion");

  // (2) What the canvas shows, in words, for screen readers; and the announcements.
  const board = document.createElement("div");
  board.id = `${id}-board`;
  board.className = HIDDEN;
  const live = document.createElement("div");
  live.className = HIDDEN;
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.append(board, live);

  const showBoard = () => {
    const lines = String(model.get("description") || "").split("\n");
    board.replaceChildren(
      ...lines.map((line) => {
        const p = document.createElement("p");
        p.textContent = line;
        return p;
      }),
    );
  };
  let pending = 0;
  const announce = () => {
    // Empty first, then the words a moment later (once they stop changing): the same words
    // twice in a row are read again.
    live.textContent = "";
    clearTimeout(pending);
    pending = setTimeout(() => {
      live.textContent = model.get("announcement") || "";
    }, 60);
  };
  showBoard();
  model.on("change:description", showBoard);
  model.on("change:announcement_id", announce);
  model.on("change:announcement", announce);

  let box = null;
  let canvas = null;
  let logWatch = null;

  const label = () => {
    if (canvas) canvas.setAttribute("aria-label", model.get("label") || "Dweebies table");
  };
  model.on("change:label", label);

  // (1) Measure, and tell Python: it sizes the canvas from these.  Only changes of a few
  // pixels or more are told (see STEP), or when asked to (`force`).  "Other" is the room the
  // widget needs besides its canvas, from its top to the bottom of its buttons (the status
  // lines, the buttons, a puzzle's title): the canvas gets what the window has left; and the
  // log's first lines under them, in view too when there is room (Python decides).
  let last = [-1, -1];
  const controlsBottom = () => {
    const row = box.querySelector(".dweebies-controls") || box.querySelector(".dweebies-buttons");
    if (row) return row.getBoundingClientRect().bottom;
    const log = box.querySelector(".dweebies-log");
    return log ? log.getBoundingClientRect().top : box.getBoundingClientRect().bottom;
  };
  const measure = (force) => {
    if (!box || !canvas || !el.isConnected) return;
    const width = el.getBoundingClientRect().width;
    if (width <= 0) return;
    const top = box.getBoundingClientRect().top;
    const bottom = controlsBottom();
    const other = Math.max(0, bottom - top - canvas.getBoundingClientRect().height);
    const log = box.querySelector(".dweebies-log");
    // The log's newest line (or its "No moves yet").
    const first = log && (log.querySelector("li") || log.querySelector(".widget-html-content > *"));
    const logHeight = first ? Math.max(0, first.getBoundingClientRect().bottom - bottom) : 0;
    const moved = Math.abs(width - last[0]) >= STEP || Math.abs(other - last[1]) >= STEP;
    if (!force && !moved) return;
    last = [width, other];
    model.set("width", width);
    model.set("view_height", viewHeight(box));
    model.set("other_height", other);
    model.set("log_height", logHeight);
    model.set("dpr", window.devicePixelRatio || 1);
    model.save_changes();
  };
  // The widget's width, and the row of controls (taller when it wraps, or when the row of
  // looking back over a game replaces the buttons).
  const observer = new ResizeObserver(() => measure(false));
  const onWindowResize = () => measure(true);

  // (3) Tab and Shift+Tab leave the canvas: stopped on the way down, before the canvas's own
  // handler (which prevents every key's default), and not prevented, so focus moves on.
  const onKeyDown = (event) => {
    if (canvas) delete canvas.dataset.pointer;
    if (event.key === "Tab" && event.target === canvas) event.stopPropagation();
  };
  // (4) The focus outline is for the keyboard: a click or a tap on the table focuses it too,
  // and then shows none (until a key is pressed).
  const onPointer = () => {
    canvas.dataset.pointer = "1";
  };
  const onBlur = () => {
    delete canvas.dataset.pointer;
  };
  // The keyboard's focus shows the table's cursor at once (Python draws it): focus that a
  // pointer gave is not the keyboard's.
  const onFocus = () => {
    if (!canvas.dataset.pointer) model.send({ event: "focus" });
  };
  // (6) Toggle buttons say whether they are pressed.
  let pressWatch = null;
  const showPressed = () => {
    for (const b of box.querySelectorAll(".widget-toggle-button")) {
      const pressed = b.classList.contains("mod-active") ? "true" : "false";
      // A toggle that shows more text (Review's More) is expanded, not pressed.
      const name = b.classList.contains("dweebies-more") ? "aria-expanded" : "aria-pressed";
      if (b.getAttribute(name) !== pressed) b.setAttribute(name, pressed);
    }
  };
  // (5) The row of controls is swapped when a game is looked back over (and back): a control
  // that had the focus leaves the page with its row, and the focus would fall to the page's
  // top.  It goes to the table instead, where the arrow keys step through the game.
  let lastFocused = null;
  let rowWatch = null;
  const onFocusIn = (event) => {
    lastFocused = event.target;
  };
  const keepFocus = () => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lastFocused && !lastFocused.isConnected && lost) canvas.focus({ preventScroll: true });
  };

  const attach = () => {
    box = el.closest(".dweebies-widget");
    canvas = box ? box.querySelector("canvas") : null;
    // The log comes last: once it is there, so is everything the measures need.
    const log = box ? box.querySelector(".dweebies-log") : null;
    if (!canvas || !log) return false;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-describedby", board.id);
    label();
    // A scrolling area must be reachable by keyboard to be read.
    log.setAttribute("tabindex", "0");
    log.setAttribute("role", "region");
    log.setAttribute("aria-label", "Move log, newest first");
    // The newest move is at the top: show the top whenever the log changes.
    logWatch = new MutationObserver(() => {
      log.scrollTop = 0;
    });
    logWatch.observe(log, { childList: true, subtree: true, characterData: true });
    box.addEventListener("keydown", onKeyDown, true);
    canvas.addEventListener("pointerdown", onPointer, true);
    canvas.addEventListener("blur", onBlur);
    canvas.addEventListener("focus", onFocus);
    observer.observe(el);
    const status = box.querySelector(".dweebies-status");
    if (status) observer.observe(status);
    showPressed();
    pressWatch = new MutationObserver(showPressed);
    pressWatch.observe(box, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
    const row = box.querySelector(".dweebies-controls") || box.querySelector(".dweebies-buttons");
    if (row) {
      observer.observe(row);
      rowWatch = new MutationObserver(keepFocus);
      rowWatch.observe(row, { childList: true, subtree: true });
    }
    box.addEventListener("focusin", onFocusIn);
    window.addEventListener("resize", onWindowResize);
    requestAnimationFrame(() => requestAnimationFrame(() => measure(true)));
    return true;
  };
  // The canvas and this element are siblings: wait until both are in the page.
  let tries = 0;
  const timer = setInterval(() => {
    if (attach() || ++tries > 600) clearInterval(timer);
  }, 50);

  return () => {
    clearInterval(timer);
    clearTimeout(pending);
    observer.disconnect();
    if (logWatch) logWatch.disconnect();
    if (rowWatch) rowWatch.disconnect();
    if (pressWatch) pressWatch.disconnect();
    window.removeEventListener("resize", onWindowResize);
    if (box) {
      box.removeEventListener("keydown", onKeyDown, true);
      box.removeEventListener("focusin", onFocusIn);
    }
    if (canvas) {
      canvas.removeEventListener("pointerdown", onPointer, true);
      canvas.removeEventListener("blur", onBlur);
      canvas.removeEventListener("focus", onFocus);
    }
  };
}

export default { render };

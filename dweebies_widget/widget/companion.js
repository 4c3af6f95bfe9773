// The Dweebies widget's front-end companion: measures the page, speaks for the canvas, lets
// Tab leave it, plays a move.  Why each part is here is in companion.py.

const HIDDEN = "dweebies-sr-only";
// Report a new measure only when it moved this much (a scroll bar that comes and goes moves
// the width by about 15 px, and must not start a resize loop).
const STEP = 16;

let counter = 0;

// Motion (companion.py, job 6): how a move is played over the canvas (the payload is made
// by motion.py; its durations, in ms, come with it).  Sound: a few notes from WebAudio
// oscillators, no file.
const REDUCED = "(prefers-reduced-motion: reduce)";
const EASE_OUT = "cubic-bezier(0.2, 0.7, 0.3, 1)";
// How long a collected card's cover waits for the canvas to stop showing the card there
// (the end of the flash redraws it) before it goes anyway.
const COVER_WAIT = 3000;
let audio = null;

/** Play `notes` ([frequency Hz, start s, length s]...) softly. */
function beep(notes) {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [frequency, start, length] of notes) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  } catch (error) {
    // No sound here: the game needs none.
  }
}
const COLLECT_NOTES = [[660, 0, 0.1], [880, 0.08, 0.14]];
const END_NOTES = [[523, 0, 0.16], [659, 0.14, 0.16], [784, 0.28, 0.16], [1047, 0.42, 0.3]];

/** A copy of the canvas's pixels in `r` ([x, y, w, h] in canvas pixels), shown at `k` CSS
 * pixels per canvas pixel at `r`'s place. */
function copyOf(canvas, r, k) {
  const [x, y, w, h] = r;
  const c = document.createElement("canvas");
  c.width = Math.max(1, Math.round(w));
  c.height = Math.max(1, Math.round(h));
  c.getContext("2d").drawImage(canvas, x, y, w, h, 0, 0, c.width, c.height);
  place(c, r, k);
  c.className = "dweebies-moving";
  return c;
}

function place(node, [x, y, w, h], k) {
  Object.assign(node.style, {
    position: "absolute", left: `${x * k}px`, top: `${y * k}px`,
    width: `${w * k}px`, height: `${h * k}px`, margin: "0", pointerEvents: "none",
  });
}

/** The middle pixel of `r` on the canvas, as a string. */
function middle(canvas, [x, y, w, h]) {
  try {
    const at = [Math.round(x + w / 2), Math.round(y + h / 2)];
    return canvas.getContext("2d").getImageData(at[0], at[1], 1, 1).data.join(",");
  } catch (error) {
    return "";
  }
}

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

  // (Job 6) A move just made, played over the canvas that has just drawn it (see motion.py).
  el.dataset.motionsPlayed = "0";
  el.dataset.motionsSkipped = "0";
  let running = null; // {stop()} of the motion being played
  let seenMotion = (model.get("motion") || {}).id || 0;
  const bump = (name) => {
    el.dataset[name] = String(Number(el.dataset[name] || 0) + 1);
  };
  const play = (m) => {
    if (running) running.stop(); // a new move ends the last one at once
    const reduced = window.matchMedia && window.matchMedia(REDUCED).matches;
    if (!model.get("animate") || reduced || !canvas || !canvas.isConnected || !canvas.width) {
      bump("motionsSkipped");
      return;
    }
    const rect = canvas.getBoundingClientRect();
    if (rect.width <= 0) {
      bump("motionsSkipped");
      return;
    }
    const k = rect.width / canvas.width;
    // The layer goes last in the widget's box, after the canvas (so that the page's first
    // canvas in the widget is still the table), placed over it.
    if (getComputedStyle(box).position === "static") box.style.position = "relative";
    const outer = box.getBoundingClientRect();
    const origin = { left: outer.left + box.clientLeft, top: outer.top + box.clientTop };
    const layer = document.createElement("div");
    layer.className = "dweebies-motion";
    layer.setAttribute("aria-hidden", "true");
    Object.assign(layer.style, {
      position: "absolute", left: `${rect.left - origin.left}px`, top: `${rect.top - origin.top}px`,
      width: `${rect.width}px`, height: `${rect.height}px`, overflow: "hidden",
      pointerEvents: "none", zIndex: "10",
    });
    const cover = (r, pad = 0) => {
      const c = document.createElement("div");
      c.className = "dweebies-cover";
      place(c, [r[0] - pad, r[1] - pad, r[2] + 2 * pad, r[3] + 2 * pad], k);
      c.style.background = m.cover || "#F3F6F1";
      return c;
    };
    const start = performance.now();
    const animations = [];
    const timers = [];
    let done = false;
    let frame = 0;
    // The placed card: a copy slides in from its player's side over its own cover.
    const to = m.place.to;
    const card = copyOf(canvas, to, k);
    const toCover = cover(to);
    const [fx, fy, fw, fh] = m.place.from;
    const dx = (fx + fw / 2 - (to[0] + to[2] / 2)) * k;
    const dy = (fy + fh / 2 - (to[1] + to[3] / 2)) * k;
    const grow = Math.max(0.35, Math.min(1.6, fw / to[2]));
    layer.append(toCover, card);
    animations.push(
      card.animate(
        [
          { transform: `translate(${dx}px, ${dy}px) scale(${grow})`, opacity: 0.6 },
          { transform: "translate(0, 0) scale(1)", opacity: 1 },
        ],
        { duration: m.slide, easing: EASE_OUT, fill: "both" },
      ),
    );
    // The collected cards fly to the collector's chip; their covers stay until the canvas
    // no longer shows them (the end of the flash).
    const [cx, cy, cw, ch] = m.chip;
    const waiting = [];
    const lead = Math.max(0, m.ms - m.fly);
    for (const r of m.taken || []) {
      // A little wider than the cell: the flash's frame spills over its edge.
      waiting.push({ node: cover(r, 2 / k), r, seen: middle(canvas, r) });
      const copy = copyOf(canvas, r, k);
      layer.append(waiting[waiting.length - 1].node, copy);
      const tx = (cx + cw / 2 - (r[0] + r[2] / 2)) * k;
      const ty = (cy + ch / 2 - (r[1] + r[3] / 2)) * k;
      animations.push(
        copy.animate(
          [
            { transform: "translate(0, 0) scale(1)", opacity: 1 },
            { transform: `translate(${tx}px, ${ty}px) scale(0.3)`, opacity: 0.2 },
          ],
          { duration: m.fly, delay: lead, easing: "ease-in", fill: "both" },
        ),
      );
    }
    if (m.plus > 0) {
      const badge = document.createElement("div");
      badge.className = "dweebies-plus";
      badge.textContent = `+${m.plus}`;
      const size = Math.max(16, ch * k * 0.6);
      // Left of the seat's score (at the chip's right end), not over it.
      Object.assign(badge.style, {
        position: "absolute", right: `${rect.width - (cx + cw) * k + size * 1.6}px`,
        top: `${(cy + ch / 2) * k - size * 0.7}px`, font: `bold ${size}px sans-serif`,
        color: "#FFFFFF", background: "#1A7F37", borderRadius: `${size}px`,
        padding: `0 ${size * 0.35}px`, lineHeight: `${size * 1.4}px`, pointerEvents: "none",
      });
      layer.append(badge);
      animations.push(
        badge.animate(
          [
            { transform: "scale(0.4)", opacity: 0 },
            { transform: "scale(1.25)", opacity: 1, offset: 0.35 },
            { transform: "scale(1)", opacity: 1, offset: 0.8 },
            { transform: "scale(1)", opacity: 0 },
          ],
          { duration: m.pop, delay: lead, easing: "ease-out", fill: "both" },
        ),
      );
    }
    box.append(layer);
    bump("motionsPlayed");
    // The moving copies go once the motion is over; the covers once the canvas changed.
    const finish = () => {
      if (done) return;
      done = true;
      for (const a of animations) a.cancel();
      for (const n of layer.querySelectorAll(".dweebies-moving, .dweebies-plus")) n.remove();
      toCover.remove();
      el.dataset.lastMotionMs = String(Math.round(performance.now() - start));
    };
    const end = () => {
      finish();
      cancelAnimationFrame(frame);
      for (const t of timers) clearTimeout(t);
      layer.remove();
      if (running === handle) running = null;
    };
    const watch = () => {
      const now = performance.now() - start;
      for (const w of waiting) {
        if (w.node.isConnected && (now > COVER_WAIT || middle(canvas, w.r) !== w.seen)) {
          w.node.remove();
        }
      }
      if (done && !waiting.some((w) => w.node.isConnected)) end();
      else frame = requestAnimationFrame(watch);
    };
    // Done when the animations are (a page in the background may never play them: then
    // a moment after they should have ended).
    Promise.all(animations.map((a) => a.finished)).then(finish, () => {});
    timers.push(setTimeout(finish, m.ms + 2000));
    frame = requestAnimationFrame(watch);
    const handle = { stop: end };
    running = handle;
  };
  const onMotion = () => {
    const m = model.get("motion") || {};
    if (!m.id || m.id === seenMotion) return;
    seenMotion = m.id;
    // The canvas drew the move just before (its message came first): copy it once that
    // drawing has reached the canvas, before the next paint.
    requestAnimationFrame(() => play(m));
    if (model.get("sound")) {
      if (m.end) beep(END_NOTES);
      else if (m.plus > 0) beep(COLLECT_NOTES);
    }
  };
  model.on("change:motion", onMotion);

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
    if (running) running.stop();
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

// Codex 2bis combat trackers (codex/render/templates/tracker.html): keeps each tracker's state in the browser and
// draws what the tracker's Python module answers. No rule lives here, and no text: every action goes with the state
// to page_glue.track() (calculators/tracker_*.py, run by the calculators' engine in MicroPython), which answers with
// the new state and the view — the ruler's numbers, the lists, the roster and their texts in the page's language;
// the page itself carries the texts around them (the build writes them). This script only draws, keeps the state
// (localStorage: it survives a reload and works from a folder too), the undo steps, and the fields' small helpers
// (a pick fills the fields, − and + step a number, a roll field selects its value and Enter goes to the next).
// Each tap's answer shows beside what was tapped ([data-answer], a live region), with an undo where a step discards
// work. Nothing the browser kept is ever lost: a kept value that cannot be read is set aside, shown, and stays until
// the reader discards it. The same page opened with ?players is the players' view: it follows the GM's tab (a
// BroadcastChannel, and the storage event) and never writes.
// Loaded by codex-calculators.js on a page with a tracker, as a classic script (a folder allows it), which hands it
// the engine as CODEX_TRACKER_ENGINE, with the trackers already parsed (ENGINE.parsed): a reader who followed a link
// to a tracker has it loaded while the page is still being parsed.
(() => {
  const ENGINE = globalThis.CODEX_TRACKER_ENGINE;
  if (!ENGINE) return;
  const SVG = "http://www.w3.org/2000/svg";
  const MAX_UNDO = 100;
  const PLAYERS = "players"; // the query that opens a tracker's page as the players' view
  // The steps that discard work (a fight, a combatant, a round's pending segments): their answer offers an undo.
  const DISCARDING = new Set(["reset", "import", "remove", "next-round"]);
  const storageKey = (id) => `codex-tracker:${id}`;
  const asideKey = (id) => `codex-tracker:${id}:aside`;
  const oldAsideKey = (id) => `codex-tracker:${id}:unreadable`; // one text, as sites before the aside list kept it

  const storage = {
    get(key) {
      try {
        return localStorage.getItem(key);
      } catch {
        return null; // storage refused: the tracker still works, for this visit
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, value);
        return true;
      } catch {
        return false; // a full or refused storage: the tracker still works, for this visit
      }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch {
        // refused: nothing to remove
      }
    },
  };

  // What the browser kept for a tracker: {state, undo}, or {damaged: the raw text} when it is not such an object
  // (not JSON, cut short, another type, no state). A damaged value is never overwritten before it is set aside.
  function readKept(raw) {
    if (raw === null) return {};
    try {
      const kept = JSON.parse(raw);
      if (kept && typeof kept === "object" && !Array.isArray(kept) && "state" in kept) return kept;
    } catch {
      // not JSON: damaged
    }
    return { damaged: raw };
  }

  // The texts set aside for a tracker, oldest first (each the raw text the browser held).
  function asideTexts(id) {
    const raw = storage.get(asideKey(id));
    let texts = [];
    if (raw !== null) {
      try {
        const list = JSON.parse(raw);
        if (Array.isArray(list)) texts = list.filter((text) => typeof text === "string");
      } catch {
        texts = [raw];
      }
    }
    const old = storage.get(oldAsideKey(id));
    if (old !== null && !texts.includes(old)) texts.unshift(old);
    return texts;
  }

  function keepAside(id, texts) {
    const ok = texts.length ? storage.set(asideKey(id), JSON.stringify(texts)) : (storage.remove(asideKey(id)), true);
    if (ok) storage.remove(oldAsideKey(id));
    return ok;
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function svg(tag, attributes, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // What a form sends: each named control's value as a string (a checkbox "on" or "", the checked radio button).
  function formValues(form) {
    const values = {};
    for (const control of form.elements) {
      if (!control.name) continue;
      if (control.type === "checkbox") values[control.name] = control.checked ? "on" : "";
      else if (control.type === "radio") {
        if (control.checked) values[control.name] = control.value;
        else if (!(control.name in values)) values[control.name] = "";
      } else values[control.name] = control.value;
    }
    return values;
  }

  // The graduated ruler: x from the round's PI (left) down to the ruler's lowest value (right, past 0 the next
  // round), one lane per combatant, each action a bar from its start to its end.
  function drawRuler(figure, ruler, describedBy, scale = 1) {
    // describedBy: the id of the steps table, the ruler's text equivalent ("" before the round's first action);
    // scale: how much larger than the page's text it is drawn (the players' view, read from across the table)
    figure.querySelector("svg")?.remove();
    const width = Math.max(200, Math.floor((figure.clientWidth || 320) / scale));
    const left = 14;
    const right = 14;
    const top = 30;
    const lane = 48;
    const foot = ruler.min < 0 ? 16 : 0; // the next round's name, under its part of the ruler
    const height = top + ruler.lanes.length * lane + 6 + foot;
    const span = Math.max(1, ruler.max - ruler.min);
    const x = (pi) => left + ((ruler.max - Math.min(ruler.max, Math.max(ruler.min, pi))) / span) * (width - left - right);
    const caption = figure.querySelector("figcaption");
    const root = svg("svg", {
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: "img",
      class: "codex-ruler",
      "aria-labelledby": caption.id,
    });
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    if (ruler.min < 0) {
      root.append(svg("rect", { x: x(0), y: 0, width: x(ruler.min) - x(0), height, class: "codex-ruler-next" }));
      root.append(svg("text", { x: x(ruler.min) - 2, y: height - 4, "text-anchor": "end", class: "codex-ruler-note" }, ruler.next_text));
    }
    for (let pi = ruler.max; pi >= ruler.min; pi -= 1) {
      root.append(svg("line", { x1: x(pi), x2: x(pi), y1: top - 6, y2: top - 2, class: "codex-ruler-tick" }));
    }
    for (const tick of ruler.ticks) {
      root.append(svg("line", { x1: x(tick.pi), x2: x(tick.pi), y1: top - 10, y2: height, class: "codex-ruler-grid" }));
      root.append(svg("text", { x: x(tick.pi), y: top - 13, "text-anchor": "middle", class: "codex-ruler-number" }, tick.text));
    }
    if (ruler.band) {
      const a = x(ruler.band.start);
      const b = x(ruler.band.end);
      root.append(svg("rect", { x: Math.min(a, b), y: top, width: Math.max(2, Math.abs(b - a)), height: height - top, class: "codex-ruler-band" }));
    }
    ruler.lanes.forEach((row, index) => {
      const y = top + index * lane;
      const group = svg("g", { class: "codex-ruler-lane", "data-combatant": row.name, "data-start": row.start, "data-now": row.now });
      group.append(svg("text", { x: left, y: y + 15, class: "codex-ruler-name" }, row.label));
      group.append(svg("line", { x1: left, x2: width - right, y1: y + 30, y2: y + 30, class: "codex-ruler-base" }));
      for (const bar of row.spans) {
        const a = x(bar.start);
        const b = x(bar.end);
        const classes = ["codex-ruler-span"];
        if (bar.latest) classes.push("codex-ruler-span--latest");
        if (bar.overspend) classes.push("codex-ruler-span--over");
        if (bar.abandoned) classes.push("codex-ruler-span--cancelled");
        const item = svg("g", { class: classes.join(" "), "data-step": bar.step, "data-start": bar.start, "data-end": bar.end });
        if (bar.free) {
          item.append(svg("polygon", { points: `${a},${y + 22} ${a + 6},${y + 30} ${a},${y + 38} ${a - 6},${y + 30}` }));
        } else {
          item.append(svg("rect", { x: a, y: y + 22, width: Math.max(3, b - a), height: 16, rx: 3 }));
          if (b - a >= 16) {
            item.append(svg("text", { x: (a + b) / 2, y: y + 34, "text-anchor": "middle", class: "codex-ruler-step" }, String(bar.step)));
          }
        }
        item.append(svg("title", {}, bar.title));
        group.append(item);
      }
      group.append(svg("circle", { cx: x(row.start), cy: y + 30, r: 4, class: "codex-ruler-start" }));
      group.append(svg("circle", { cx: x(row.now), cy: y + 30, r: 6, class: "codex-ruler-marker" }));
      for (const mark of ruler.band?.marks || []) {
        if (mark.lane === index) group.append(svg("circle", { cx: x(mark.pi), cy: y + 30, r: 9, class: "codex-ruler-reactor" }));
      }
      root.append(group);
    });
    figure.append(root);
  }

  function renderTable(table, id) {
    const wrapper = element("div", null, "codex-table");
    wrapper.tabIndex = 0;
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("aria-label", table.caption);
    wrapper.id = id;
    const node = element("table");
    node.append(element("caption", table.caption));
    const head = element("thead");
    const headRow = element("tr");
    for (const column of table.columns) {
      const th = element("th", column);
      th.scope = "col";
      headRow.append(th);
    }
    head.append(headRow);
    const body = element("tbody");
    for (const row of table.rows) {
      const tr = element("tr");
      row.forEach((cell, index) => {
        const td = element("td", cell);
        td.dataset.label = table.columns[index] ?? "";
        tr.append(td);
      });
      body.append(tr);
    }
    node.append(head, body);
    wrapper.append(node);
    return wrapper;
  }

  function bind(root) {
    if (root.dataset.bound) return;
    root.dataset.bound = "true";
    if (new URLSearchParams(location.search).has(PLAYERS)) {
      bindPlayers(root);
      return;
    }
    const id = root.dataset.tracker;
    const modules = (root.dataset.modules || "").split(" ").filter(Boolean);
    const out = (name) => root.querySelector(`[data-output="${name}"]`);
    const texts = root.dataset;
    const roundSlot = root.querySelector(".codex-tracker-round [data-answer]");
    const kept = readKept(storage.get(storageKey(id)));
    let aside = asideTexts(id);
    if (kept.damaged !== undefined) {
      // set aside before anything is written over it; if even that is refused, the value stays where it was
      if (!aside.includes(kept.damaged)) aside.push(kept.damaged);
      if (!keepAside(id, aside)) root.dataset.keepRefused = "true";
    }
    let state = kept.state ?? null;
    let undo = Array.isArray(kept.undo) ? kept.undo.slice(-MAX_UNDO) : [];
    let lastView = null;
    let queue = Promise.resolve();
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(storageKey(id)) : null;

    const keep = () => {
      root.dataset.state = JSON.stringify(state);
      if (root.dataset.keepRefused) return; // a damaged value that could not be set aside is not written over
      storage.set(storageKey(id), JSON.stringify({ state, undo }));
      channel?.postMessage({ state });
    };

    // ---------------------------------------------------------------- answers beside what was tapped

    function clearAnswers() {
      for (const node of root.querySelectorAll("[data-error-for], [data-output=error]")) node.textContent = "";
      for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
      for (const node of root.querySelectorAll("[data-answer]")) {
        node.replaceChildren();
        node.classList.remove("codex-tracker-answer--error", "codex-tracker-answer--quiet");
      }
    }

    // Where a tap's answer goes, found as the reader taps (the row tapped may be drawn anew before the answer): the
    // form or group tapped in, with its answer's place, else the round's bar (kept at the screen's foot).
    function placeOf(origin) {
      const scope = origin?.closest?.("form, [data-answer-scope]") || null;
      return { origin, scope, slot: scope?.querySelector("[data-answer]") || roundSlot };
    }

    // Wholly on the screen: below the site's header, above the round's bar where it covers the screen's foot.
    function inView(node) {
      const box = node.getBoundingClientRect();
      const bar = roundSlot?.closest(".codex-tracker-round")?.getBoundingClientRect();
      const bottom = bar && !roundSlot.contains(node) && bar.top < innerHeight && bar.top > 0 ? bar.top : innerHeight;
      const top = document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;
      return box.top >= top && box.bottom <= bottom;
    }

    // quiet: for screen readers only (the same words already show beside their field)
    function showAnswer(place, text, { error = false, undoable = false, quiet = false, scroll = true } = {}) {
      const slot = place.slot;
      slot.replaceChildren(element("span", text));
      slot.classList.toggle("codex-tracker-answer--error", error);
      slot.classList.toggle("codex-tracker-answer--quiet", quiet);
      if (undoable && undo.length) {
        const button = element("button", texts.textUndoThis, "codex-tracker-button codex-tracker-button--row");
        button.type = "button";
        button.dataset.undoStep = "";
        button.setAttribute("aria-label", texts.textUndoThisLabel);
        slot.prepend(button); // first: in view however long the answer
      }
      if (text && scroll && !quiet && !inView(slot)) slot.scrollIntoView({ block: "nearest", behavior: "instant" });
    }

    // A refusal: beside the field it is about when that field is typed in (kept in focus, its value selected to
    // retype) and said to screen readers from the answer's place; otherwise shown in the answer's place itself.
    function showError(result, place) {
      const origin = place.origin;
      let slot = null;
      let control = null;
      if (origin?.name && origin.name === result.field) control = origin; // the very field typed in (a roll)
      // the field in the row or form tapped in; elsewhere in the tracker only for a tap with no answer's place of its
      // own (a refusal is never said beside a field far from the tap)
      const row = origin?.closest?.("li");
      const within = place.slot === roundSlot && !roundSlot.contains(origin || roundSlot) ? [row, root] : [row, place.scope];
      for (const part of within.filter(Boolean)) {
        if (!result.field) break;
        slot ??= part.querySelector(`[data-error-for="${CSS.escape(result.field)}"]`);
        control ??= part.querySelector(`[name="${CSS.escape(result.field)}"]`);
      }
      const typed = Boolean(control && slot && control.type !== "radio" && control.type !== "checkbox");
      if (control) (control.type === "radio" ? control.closest("fieldset") : control).setAttribute("aria-invalid", "true");
      if (typed) {
        slot.textContent = result.error;
        if (document.activeElement !== control) control.focus({ preventScroll: true });
        control.select?.();
        const field = control.closest(".codex-field") || control;
        if (!inView(field)) field.scrollIntoView({ block: "center", behavior: "instant" });
      }
      showAnswer(place, result.error, { error: true, quiet: typed });
    }

    // ---------------------------------------------------------------- drawing the Python's view

    function drawChoices(view) {
      for (const box of root.querySelectorAll('[data-output="who"]')) {
        const name = box.dataset.name;
        const chosen = box.querySelector("input:checked")?.value;
        box.replaceChildren();
        view.who.forEach((who, index) => {
          const label = element("label", null, "codex-tracker-chip");
          const input = element("input");
          input.type = "radio";
          input.name = name;
          input.value = who;
          input.checked = chosen && view.who.includes(chosen) ? who === chosen : index === 0;
          label.append(input, document.createTextNode(who));
          box.append(label);
        });
      }
      for (const box of root.querySelectorAll('[data-output="picks"]')) {
        box.replaceChildren();
        for (const pick of view.picks || []) {
          const button = element("button", pick.text, "codex-tracker-chip");
          button.type = "button";
          button.dataset.pick = "";
          button.dataset.label = pick.label;
          button.dataset.cost = String(pick.cost);
          box.append(button);
        }
      }
    }

    function drawRolls(view) {
      const box = out("rolls");
      const rolls = view.rolls || [];
      box.hidden = !rolls.length;
      const inputs = [...box.querySelectorAll("input[name=roll]")];
      const same = inputs.length === rolls.length && rolls.every((roll, index) => inputs[index].dataset.who === roll.who);
      if (same) {
        // the same combatants: the fields stay (focus, keyboard and what is being typed with them)
        rolls.forEach((roll, index) => {
          const input = inputs[index];
          if (input !== document.activeElement) input.value = roll.value ?? "";
          input.labels[0].textContent = roll.label;
        });
        return;
      }
      box.replaceChildren();
      if (!rolls.length) return;
      const form = element("form", null, "codex-tracker-form");
      form.dataset.form = "rolls";
      form.noValidate = true;
      const fieldset = element("fieldset");
      fieldset.append(element("legend", view.rolls_caption));
      rolls.forEach((roll, index) => {
        const field = element("div", null, "codex-field codex-tracker-roll");
        const input = element("input");
        input.id = `tracker-${id}-roll-${index}`;
        input.name = "roll";
        input.type = "text";
        input.inputMode = "numeric";
        input.pattern = "[0-9]*";
        input.enterKeyHint = index === rolls.length - 1 ? "done" : "next";
        input.autocomplete = "off";
        input.value = roll.value ?? "";
        input.dataset.who = roll.who;
        const label = element("label", roll.label);
        label.htmlFor = input.id;
        field.append(label, input);
        fieldset.append(field);
      });
      const error = element("p", null, "codex-error");
      error.dataset.errorFor = "roll";
      const answer = element("div", null, "codex-tracker-answer");
      answer.dataset.answer = "";
      answer.setAttribute("role", "status");
      answer.setAttribute("aria-live", "polite");
      fieldset.append(error, answer);
      form.append(fieldset);
      box.append(form);
    }

    function drawRoster(view) {
      const list = out("roster");
      list.replaceChildren();
      view.roster.forEach((entry, index) => {
        const li = element("li", null, "codex-tracker-member");
        if (entry.hidden) li.dataset.hidden = "true";
        li.append(element("span", entry.text, "codex-tracker-member-text"));
        const row = element("div", null, "codex-tracker-member-controls");
        const input = element("input");
        input.type = "text";
        input.name = "rename";
        input.id = `tracker-${id}-rename-${index}`;
        input.value = entry.name;
        input.autocomplete = "off";
        input.setAttribute("aria-label", entry.rename);
        const buttons = [];
        const add = (action, text, label) => {
          const button = element("button", text, "codex-tracker-button codex-tracker-button--row");
          button.type = "button";
          button.dataset.action = action;
          button.dataset.who = entry.name;
          if (label) button.setAttribute("aria-label", label);
          buttons.push(button);
          return button;
        };
        add("rename", list.dataset.textRename, entry.rename_button);
        if (entry.hide) add("hide", entry.hide, entry.hide_label).setAttribute("aria-pressed", String(Boolean(entry.hidden)));
        add("remove", list.dataset.textRemove, entry.remove);
        const error = element("p", null, "codex-error");
        error.dataset.errorFor = "rename";
        row.append(input, ...buttons);
        li.append(row, error);
        list.append(li);
      });
    }

    function draw(view) {
      lastView = view;
      out("title").textContent = view.title;
      const empty = out("empty");
      empty.textContent = view.empty;
      empty.hidden = !view.empty;
      drawChoices(view);
      for (const [name, shown] of Object.entries(view.forms || {})) {
        const form = root.querySelector(`form[data-form="${name}"]`);
        if (form) form.hidden = !shown;
      }
      for (const [action, settings] of Object.entries(view.buttons || {})) {
        const button = root.querySelector(`.codex-tracker-round [data-action="${action}"], form [data-action="${action}"]`);
        if (!button) continue;
        if (settings.text) button.textContent = settings.text;
        button.disabled = Boolean(settings.disabled);
      }
      // A form that shows what the state holds (the settings): its controls take the state's values.
      for (const [name, values] of Object.entries(view.values || {})) {
        const form = root.querySelector(`form[data-form="${name}"]`);
        for (const [field, value] of Object.entries(form ? values : {})) {
          const control = form.querySelector(`[name="${field}"]`);
          if (!control) continue;
          if (control.type === "checkbox") control.checked = value === true;
          else control.value = String(value);
        }
      }
      root.querySelector('.codex-tracker-round [data-action="undo"]')?.toggleAttribute("disabled", !undo.length);
      drawBoard(root, view, out, id);
      drawRolls(view);
      out("working").replaceChildren(...view.working.map((line) => element("li", line)));
      drawRoster(view);
    }

    // ---------------------------------------------------------------- what was set aside

    function drawAside(reason) {
      const box = out("aside");
      box.hidden = !aside.length;
      if (!aside.length) return;
      out("aside-text").value = aside[aside.length - 1];
      out("aside-reason").textContent = [reason || "", texts.textAsideKept].filter(Boolean).join(" ");
    }

    function setAside(text, reason) {
      if (!aside.includes(text)) aside.push(text);
      keepAside(id, aside);
      drawAside(reason);
    }

    async function asideAction(button) {
      const text = aside[aside.length - 1];
      if (text === undefined) return;
      const kind = button.dataset.aside;
      if (kind === "import") {
        const ok = await run({ action: "import", text }, button);
        if (ok) {
          aside = aside.filter((item) => item !== text);
          keepAside(id, aside);
          drawAside("");
          clearAnswers();
          showAnswer(placeOf(aside.length ? button : null), lastView.announce, { undoable: true });
        }
      } else if (kind === "copy") {
        const field = out("aside-text");
        try {
          await navigator.clipboard.writeText(text);
          showAnswer(placeOf(button), texts.textAsideCopied);
        } catch {
          field.focus();
          field.select();
          showAnswer(placeOf(button), texts.textAsideCopyFailed, { error: true });
        }
      } else if (kind === "discard") {
        if (button.dataset.armed !== "true") {
          // a second tap discards: one tap never loses it
          button.dataset.armed = "true";
          button.dataset.text = button.textContent;
          button.textContent = button.dataset.confirm;
          setTimeout(() => disarm(button), 6000);
          return;
        }
        disarm(button);
        aside = aside.filter((item) => item !== text);
        keepAside(id, aside);
        drawAside("");
        showAnswer(placeOf(aside.length ? button : null), texts.textAsideDiscarded);
      }
    }

    function disarm(button) {
      if (button.dataset.armed !== "true") return;
      button.dataset.armed = "";
      button.textContent = button.dataset.text;
    }

    // ---------------------------------------------------------------- one action, after the one before

    // One action on the state: the Python's answer drawn, the state kept (and the one before it, for undo), the
    // answer shown beside `origin` (what was tapped or typed in).
    async function step(action, origin) {
      const place = placeOf(origin);
      clearAnswers();
      root.setAttribute("aria-busy", "true");
      let result;
      try {
        result = await ENGINE.track({
          tracker: id,
          data: root.dataset.data,
          modules,
          state,
          action,
          lang: root.dataset.lang,
          rolls: ENGINE.rolls(64),
        });
      } catch (err) {
        console.error(err);
        result = { ok: false, error: root.dataset.failed, field: "" };
      }
      root.removeAttribute("aria-busy");
      if (!result.ok) {
        showError(result, place);
        return false;
      }
      const before = JSON.stringify(state);
      if (result.unreadable) {
        // The kept fight could not be read (damaged, or saved by a newer site): set aside whole (its undo steps
        // too), not dropped, and shown with the message; the new fight starts beside it.
        setAside(JSON.stringify({ state, undo }), result.view.announce);
        undo = [];
      } else if (action.action !== "undo" && state !== null && before !== JSON.stringify(result.state)) {
        undo.push(state);
        undo = undo.slice(-MAX_UNDO);
      }
      state = result.state;
      keep();
      // what was tapped stays under the finger while the board above it changes (a form shown or hidden, the rolls):
      // the control itself, or its group when the control is drawn anew (a roster's or a list's row)
      const anchors = [origin, place.scope].filter((node) => node?.isConnected && node.getClientRects().length);
      const tops = anchors.map((node) => node.getBoundingClientRect().top);
      const rollsShown = !out("rolls").hidden;
      draw(result.view);
      // the board's own line says what the page found as it opened (a fight kept, set aside, migrated); a tap's
      // answer shows beside the tap instead
      out("announce").textContent = action.action === "view" ? result.view.announce : "";
      const answered = action.action !== "view" && result.view.announce;
      if (answered) showAnswer(place, result.view.announce, { undoable: DISCARDING.has(action.action), scroll: false });
      const kept = anchors.findIndex((node) => node.isConnected && node.getClientRects().length);
      if (kept >= 0) {
        const moved = anchors[kept].getBoundingClientRect().top - tops[kept];
        if (Math.abs(moved) > 1) scrollBy({ top: moved, behavior: "instant" });
      }
      // the rolls to type, as a round starts; then the answer, which has the last word
      const rolls = out("rolls");
      if (!rollsShown && !rolls.hidden && !inView(rolls)) rolls.scrollIntoView({ block: "nearest", behavior: "instant" });
      if (answered && !inView(place.slot)) place.slot.scrollIntoView({ block: "nearest", behavior: "instant" });
      if (typeof result.text === "string") {
        const text = root.querySelector('textarea[name="text"]');
        text.value = result.text;
        text.focus();
        text.select();
      }
      return true;
    }

    // The reader's actions, one after the other (each starts from the state the one before left).
    const enqueue = (work) => {
      const done = queue.then(work);
      queue = done.catch(() => false);
      return done;
    };
    const run = (action, origin) => enqueue(() => step(action, origin));
    const stepBack = (origin) =>
      enqueue(async () => {
        if (!undo.length) return false;
        const before = state;
        state = undo.pop();
        const ok = await step({ action: "undo" }, origin);
        if (!ok) {
          undo.push(state);
          state = before;
          keep();
        }
        return ok;
      });

    function afterForm(form) {
      for (const control of form.querySelectorAll("[data-clear]")) {
        if (control.type === "checkbox") control.checked = control.dataset.clear === "on";
        else control.value = control.dataset.clear;
      }
      if (form.dataset.form !== "share") form.querySelector("[data-clear]:not([type=checkbox])")?.focus({ preventScroll: true });
    }

    // ---------------------------------------------------------------- the reader's taps and keys

    root.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      if (form.dataset.form === "rolls") return; // a typed roll is sent on its change (Enter: the next roll)
      const submitter = event.submitter || form.querySelector("[data-action]");
      const action = submitter?.dataset.action;
      if (!action) return;
      run({ action, ...formValues(form) }, submitter).then((ok) => ok && afterForm(form));
    });

    root.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
      if (target.dataset.undoStep !== undefined) {
        stepBack(target);
        return;
      }
      if (target.dataset.aside !== undefined) {
        asideAction(target);
        return;
      }
      if (target.dataset.step !== undefined) {
        const input = root.querySelector(`#${CSS.escape(target.getAttribute("aria-controls"))}`);
        const value = Number.parseInt(input.value, 10);
        input.value = String((Number.isNaN(value) ? 0 : value) + Number(target.dataset.step));
        return;
      }
      if (target.dataset.pick !== undefined) {
        const form = target.closest("form");
        form.querySelector('[name="label"]').value = target.dataset.label;
        if (target.dataset.cost !== undefined) form.querySelector('[name="cost"]').value = target.dataset.cost;
        return;
      }
      if (target.type === "submit") return;
      const action = target.dataset.action;
      if (!action) return;
      if (action === "undo") {
        stepBack(target);
        return;
      }
      const values = { action };
      if (target.dataset.who !== undefined) values.who = target.dataset.who;
      if (action === "rename") values.rename = target.closest("li").querySelector('[name="rename"]').value;
      run(values, target);
    });

    root.addEventListener("change", (event) => {
      const input = event.target;
      if (input.name === "roll" && input.dataset.who !== undefined) {
        run({ action: "roll", who: input.dataset.who, roll: input.value }, input);
      }
    });

    // A number field selects what it holds as it takes focus: a digit typed replaces it (not « 5 » then « 3 » → 53).
    root.addEventListener("focusin", (event) => {
      const input = event.target;
      if (input.inputMode !== "numeric") return;
      input.select();
      const value = input.value; // again after a tap's own caret, unless a digit was typed meanwhile
      requestAnimationFrame(() => document.activeElement === input && input.value === value && input.select());
    });

    // Enter in a roll field goes to the next roll (the typed one is sent on its change), the last one leaves them;
    // in a form, Enter goes to its next field and sends the form from its last (not « Ajouter » from the name alone).
    const typedFields = (form) => [...form.querySelectorAll("input[type=text]")].filter((input) => input.getClientRects().length);
    root.addEventListener("keydown", (event) => {
      const input = event.target;
      if (event.key !== "Enter" || input.tagName !== "INPUT" || input.type !== "text") return;
      if (input.name === "roll") {
        event.preventDefault();
        const rolls = [...root.querySelectorAll("input[name=roll]")];
        const next = rolls[rolls.indexOf(input) + 1];
        if (next) next.focus();
        else input.blur();
        return;
      }
      const form = input.closest("form");
      const fields = form ? typedFields(form) : [];
      const next = fields[fields.indexOf(input) + 1];
      if (next && !input.closest("li")) {
        event.preventDefault();
        next.focus();
      }
    });
    for (const form of root.querySelectorAll("form[data-form]")) {
      const fields = typedFields(form);
      fields.forEach((input, index) => {
        input.enterKeyHint = index < fields.length - 1 ? "next" : "go";
      });
    }

    if ("ResizeObserver" in window) {
      let width = 0;
      new ResizeObserver(() => {
        const figure = out("ruler");
        if (!lastView?.ruler || figure.clientWidth === width) return;
        width = figure.clientWidth;
        drawRuler(figure, lastView.ruler, lastView.table ? `tracker-${id}-steps` : "");
      }).observe(out("ruler"));
    }

    drawAside(kept.damaged !== undefined ? texts.textAsideDamaged : "");
    run({ action: "view" }).then((ok) => {
      const status = out("status");
      if (!ok && !lastView) {
        status.textContent = root.dataset.failed;
        return;
      }
      status.textContent = "";
      status.hidden = true;
      root.dataset.ready = "true";
      ENGINE.keepForOffline(modules, root.dataset.data);
    });
  }

  // The round as the board shows it: the ruler, the lists, the steps table (the GM's tracker and the players' view).
  function drawBoard(root, view, out, id, scale = 1) {
    const figure = out("ruler");
    const tableId = `tracker-${id}-steps`;
    figure.hidden = !view.ruler;
    if (view.ruler) {
      out("ruler-caption").textContent = view.ruler.caption;
      drawRuler(figure, view.ruler, view.table ? tableId : "", scale);
    }
    drawLists(out("lists"), view);
    out("table").replaceChildren(...(view.table ? [renderTable(view.table, tableId)] : []));
  }

  function drawLists(box, view) {
    box.replaceChildren();
    for (const list of view.lists) {
      const part = element("section", null, `codex-tracker-list codex-tracker-list--${list.key}`);
      part.dataset.list = list.key;
      const heading = element("h3", list.caption);
      const items = element(list.ordered ? "ol" : "ul");
      for (const item of list.items) {
        const li = element("li");
        if (typeof item === "string") li.textContent = item;
        else {
          li.append(element("span", item.text));
          if (item.state) {
            li.dataset.state = item.state;
            if (item.state === "now") li.setAttribute("aria-current", "step");
            li.append(" ", element("span", item.state_text, "codex-tracker-badge"));
          }
          for (const control of item.controls || []) {
            const button = element("button", control.text, "codex-tracker-button codex-tracker-button--row");
            button.type = "button";
            button.dataset.action = control.action;
            button.dataset.who = control.who;
            li.append(" ", button);
          }
        }
        items.append(li);
      }
      part.append(heading, items);
      box.append(part);
    }
  }

  // The players' view (?players): the round in large type, as the GM's tab keeps it, without what the GM hides. It
  // asks the Python for the players' view of the kept state each time that state changes, and never writes.
  function bindPlayers(root) {
    const id = root.dataset.tracker;
    const modules = (root.dataset.modules || "").split(" ").filter(Boolean);
    const out = (name) => root.querySelector(`[data-output="${name}"]`);
    document.documentElement.classList.add("codex-players-view");
    root.classList.add("codex-tracker--players");
    const bar = element("p", null, "codex-players-bar");
    const back = element("a", root.dataset.textPlayersBack);
    back.href = location.pathname;
    bar.append(element("span", root.dataset.textPlayersHeading, "codex-players-heading"), " ", back);
    root.prepend(bar);
    let latest = 0;
    let lastView = null;
    // the ruler drawn for about 640 px and stretched to the window: its numbers and names read from across a table
    const scale = () => Math.max(1, (out("ruler").clientWidth || 640) / 640);
    async function show(state) {
      const ticket = ++latest;
      let result;
      try {
        result = await ENGINE.track({ tracker: id, data: root.dataset.data, modules, state, action: { action: "players" }, lang: root.dataset.lang, rolls: [] });
      } catch (err) {
        console.error(err);
        result = { ok: false };
      }
      if (ticket !== latest) return; // a newer state came meanwhile
      if (!result.ok) {
        out("status").textContent = root.dataset.failed;
        out("status").hidden = false;
        return;
      }
      lastView = result.view;
      out("title").textContent = result.view.title;
      const empty = out("empty");
      empty.textContent = result.view.empty || "";
      empty.hidden = !result.view.empty;
      drawBoard(root, { ...result.view, table: null }, out, id, scale());
      out("status").hidden = true;
      root.dataset.state = JSON.stringify(state);
      root.dataset.ready = "true";
    }
    const fromStorage = () => show(readKept(storage.get(storageKey(id))).state ?? null);
    if ("BroadcastChannel" in window) new BroadcastChannel(storageKey(id)).onmessage = (event) => show(event.data?.state ?? null);
    addEventListener("storage", (event) => event.key === storageKey(id) && fromStorage());
    if ("ResizeObserver" in window) {
      new ResizeObserver(() => lastView?.ruler && drawRuler(out("ruler"), lastView.ruler, "", scale())).observe(out("ruler"));
    }
    fromStorage();
  }

  // The trackers already parsed at once; any other once the page is parsed.
  for (const root of ENGINE.parsed) bind(root);
  const bindAll = () => {
    for (const root of document.querySelectorAll("[data-tracker]")) bind(root);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bindAll, { once: true });
  else bindAll();
})();

// Codex 2bis combat trackers (codex/render/templates/tracker.html): keeps each tracker's state in the browser and
// draws what the tracker's Python module answers. No rule lives here, and no text: every action goes with the state
// to page_glue.track() (calculators/tracker_*.py, run by the calculators' engine in MicroPython), which answers with
// the new state and the view — the ruler's numbers, the lists, the roster and their texts in the page's language;
// the page itself carries the texts around them (the build writes them). This script only draws, keeps the state
// (localStorage: it survives a reload and works from a folder too), the undo steps, and the fields' small helpers
// (a pick fills the fields, − and + step a number).
// Loaded by codex-calculators.js on a page with a tracker, as a classic script (a folder allows it), which hands it
// the engine as CODEX_TRACKER_ENGINE, with the trackers already parsed (ENGINE.parsed): a reader who followed a link
// to a tracker has it loaded while the page is still being parsed.
(() => {
  const ENGINE = globalThis.CODEX_TRACKER_ENGINE;
  if (!ENGINE) return;
  const SVG = "http://www.w3.org/2000/svg";
  const MAX_UNDO = 100;
  const storageKey = (id) => `codex-tracker:${id}`;

  function loadKept(id) {
    try {
      const kept = JSON.parse(localStorage.getItem(storageKey(id)) || "null");
      return kept && typeof kept === "object" ? kept : {};
    } catch {
      return {};
    }
  }

  function saveKept(id, kept) {
    try {
      localStorage.setItem(storageKey(id), JSON.stringify(kept));
    } catch {
      // a full or refused storage: the tracker still works, for this visit
    }
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
  function drawRuler(figure, ruler, describedBy) {
    // describedBy: the id of the steps table, the ruler's text equivalent ("" before the round's first action)
    figure.querySelector("svg")?.remove();
    const width = Math.max(260, Math.floor(figure.clientWidth || 320));
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
      for (const cell of row) tr.append(element("td", cell));
      body.append(tr);
    }
    node.append(head, body);
    wrapper.append(node);
    return wrapper;
  }

  function bind(root) {
    if (root.dataset.bound) return;
    root.dataset.bound = "true";
    const id = root.dataset.tracker;
    const modules = (root.dataset.modules || "").split(" ").filter(Boolean);
    const out = (name) => root.querySelector(`[data-output="${name}"]`);
    const kept = loadKept(id);
    let state = kept.state ?? null;
    let undo = Array.isArray(kept.undo) ? kept.undo.slice(-MAX_UNDO) : [];
    let lastView = null;
    let queue = Promise.resolve();

    const keep = () => {
      saveKept(id, { state, undo });
      root.dataset.state = JSON.stringify(state);
    };

    function clearErrors() {
      for (const node of root.querySelectorAll("[data-error-for], [data-output=error]")) node.textContent = "";
      for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    }

    function showError(result, scope) {
      const places = [scope, root].filter(Boolean);
      let slot = null;
      let control = null;
      for (const place of places) {
        if (!result.field) break;
        slot ??= place.querySelector(`[data-error-for="${CSS.escape(result.field)}"]`);
        control ??= place.querySelector(`[name="${CSS.escape(result.field)}"]`);
      }
      (slot || out("error")).textContent = result.error;
      if (control) {
        control.setAttribute("aria-invalid", "true");
        if (control.type !== "radio") control.focus();
      }
    }

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
          input.checked = chosen ? who === chosen : index === 0;
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

    function drawLists(view) {
      const box = out("lists");
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

    function drawRolls(view) {
      const box = out("rolls");
      box.replaceChildren();
      box.hidden = !view.rolls?.length;
      if (box.hidden) return;
      const form = element("form", null, "codex-tracker-form");
      form.dataset.form = "rolls";
      form.noValidate = true;
      const fieldset = element("fieldset");
      fieldset.append(element("legend", view.rolls_caption));
      view.rolls.forEach((roll, index) => {
        const field = element("div", null, "codex-field codex-tracker-roll");
        const input = element("input");
        input.id = `tracker-${id}-roll-${index}`;
        input.name = "roll";
        input.type = "text";
        input.inputMode = "numeric";
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
      fieldset.append(error);
      form.append(fieldset);
      box.append(form);
    }

    function drawRoster(view) {
      const list = out("roster");
      list.replaceChildren();
      view.roster.forEach((entry, index) => {
        const li = element("li", null, "codex-tracker-member");
        li.append(element("span", entry.text, "codex-tracker-member-text"));
        const row = element("div", null, "codex-tracker-member-controls");
        const input = element("input");
        input.type = "text";
        input.name = "rename";
        input.id = `tracker-${id}-rename-${index}`;
        input.value = entry.name;
        input.autocomplete = "off";
        input.setAttribute("aria-label", entry.rename);
        const rename = element("button", null, "codex-tracker-button codex-tracker-button--row");
        rename.type = "button";
        rename.dataset.action = "rename";
        rename.dataset.who = entry.name;
        rename.setAttribute("aria-label", entry.rename_button);
        rename.textContent = list.dataset.textRename;
        const remove = element("button", null, "codex-tracker-button codex-tracker-button--row");
        remove.type = "button";
        remove.dataset.action = "remove";
        remove.dataset.who = entry.name;
        remove.setAttribute("aria-label", entry.remove);
        remove.textContent = list.dataset.textRemove;
        const error = element("p", null, "codex-error");
        error.dataset.errorFor = "rename";
        row.append(input, rename, remove);
        li.append(row, error);
        list.append(li);
      });
    }

    function draw(view) {
      lastView = view;
      out("title").textContent = view.title;
      out("announce").textContent = view.announce;
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
      const figure = out("ruler");
      const tableId = `tracker-${id}-steps`;
      figure.hidden = !view.ruler;
      if (view.ruler) {
        out("ruler-caption").textContent = view.ruler.caption;
        drawRuler(figure, view.ruler, view.table ? tableId : "");
      }
      drawLists(view);
      drawRolls(view);
      out("table").replaceChildren(...(view.table ? [renderTable(view.table, tableId)] : []));
      out("working").replaceChildren(...view.working.map((line) => element("li", line)));
      drawRoster(view);
    }

    function showUnreadable(kept) {
      try {
        localStorage.setItem(`${storageKey(id)}:unreadable`, kept);
      } catch {
        // a full or refused storage: the text field below still shows it
      }
      const share = root.querySelector(".codex-tracker-share");
      if (share) share.open = true;
      const text = root.querySelector('textarea[name="text"]');
      if (text) text.value = kept;
    }

    // One action on the state: the Python's answer drawn, the state kept (and the one before it, for undo).
    async function step(action, scope) {
      clearErrors();
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
        showError(result, scope);
        return false;
      }
      const before = JSON.stringify(state);
      if (result.unreadable) {
        // The kept fight could not be read (corrupted, or saved by a newer site): it is kept aside, not dropped,
        // and shown in the tracker text field to be copied; the message says so.
        showUnreadable(before);
      } else if (action.action !== "undo" && state !== null && before !== JSON.stringify(result.state)) {
        undo.push(state);
        undo = undo.slice(-MAX_UNDO);
      }
      state = result.state;
      keep();
      draw(result.view);
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
    const run = (action, scope) => enqueue(() => step(action, scope));
    const stepBack = () =>
      enqueue(async () => {
        if (!undo.length) return false;
        const before = state;
        state = undo.pop();
        const ok = await step({ action: "undo" });
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
      form.querySelector("[data-clear]:not([type=checkbox])")?.focus();
    }

    root.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      if (form.dataset.form === "rolls") {
        document.activeElement?.blur(); // a typed roll is sent on its change
        return;
      }
      const action = event.submitter?.dataset.action || form.querySelector("[data-action]")?.dataset.action;
      if (!action) return;
      run({ action, ...formValues(form) }, form).then((ok) => ok && afterForm(form));
    });

    root.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target || !root.contains(target)) return;
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
        stepBack();
        return;
      }
      const values = { action };
      let scope = null;
      if (target.dataset.who !== undefined) values.who = target.dataset.who;
      if (action === "rename") {
        scope = target.closest("li");
        values.rename = scope.querySelector('[name="rename"]').value;
      }
      if (action === "export") scope = target.closest("form");
      run(values, scope);
    });

    root.addEventListener("change", (event) => {
      const input = event.target;
      if (input.name === "roll" && input.dataset.who !== undefined) {
        run({ action: "roll", who: input.dataset.who, roll: input.value }, input.closest("form"));
      }
    });

    if ("ResizeObserver" in window) {
      let width = 0;
      new ResizeObserver(() => {
        const figure = out("ruler");
        if (!lastView?.ruler || figure.clientWidth === width) return;
        width = figure.clientWidth;
        drawRuler(figure, lastView.ruler, lastView.table ? `tracker-${id}-steps` : "");
      }).observe(out("ruler"));
    }

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

  // The trackers already parsed at once; any other once the page is parsed.
  for (const root of ENGINE.parsed) bind(root);
  const bindAll = () => {
    for (const root of document.querySelectorAll("[data-tracker]")) bind(root);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bindAll, { once: true });
  else bindAll();
})();

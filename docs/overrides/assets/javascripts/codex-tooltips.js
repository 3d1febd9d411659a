// Codex 2bis: the glossary's tooltips. A glossary term is an <abbr title="definition" tabindex="0"> (the `abbr`
// extension wraps it, codex/render/tooltip_marks.py keeps one per term and section); its definition shows in ONE
// shared tooltip, styled by the theme's own CSS (.md-tooltip), when a pointer hovers the term, the keyboard focuses it
// or a finger taps it. Why not the theme's `content.tooltips`: it builds a tooltip for every term when the page loads
// (about 5 ms each on a phone, seconds on the glossary and the rulebook); here the page's load only adds a few
// listeners on the document, and a term costs nothing until it is used. Without JavaScript the browser's own tooltip
// shows the title. No text here: the text is the term's title.
(() => {
  "use strict";

  const TERM = "abbr[title], abbr[data-codex-title]";
  const ACTIVE = "md-tooltip--active";
  const FADE_MS = 250; // the theme's opacity transition on .md-tooltip

  let tip = null; // the shared tooltip, made at first use
  let shown = null; // the term whose definition the tooltip shows
  let fading = 0; // the timer that takes a hidden tooltip out of the layout once faded

  const termOf = (target) => (target instanceof Element ? target.closest(TERM) : null);
  const inTip = (target) => tip !== null && target instanceof Node && tip.contains(target);

  function tooltip() {
    if (tip === null) {
      tip = document.createElement("div");
      tip.className = "md-tooltip";
      tip.id = "codex-tooltip";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      const inner = document.createElement("div");
      inner.className = "md-tooltip__inner md-typeset";
      tip.append(inner);
      document.body.append(tip);
    }
    return tip;
  }

  // The title moves to a data attribute at the term's first use (as the theme does), so that the browser's own
  // tooltip does not show beside ours; the term keeps its definition as aria-describedby while ours shows.
  function definition(term) {
    if (term.hasAttribute("title")) {
      term.dataset.codexTitle = term.getAttribute("title");
      term.removeAttribute("title");
    }
    return term.dataset.codexTitle || "";
  }

  // Under the term, or above it when it does not fit below; the theme's CSS keeps it within the viewport's width
  // (left: clamp(.8rem, --md-tooltip-x, 100vw - .8rem - --md-tooltip-width)).
  function place(term) {
    const box = term.getBoundingClientRect();
    const height = tip.offsetHeight;
    const above = box.bottom + height > window.innerHeight && box.top >= height;
    const top = above ? box.top - height : box.bottom;
    tip.style.setProperty("--md-tooltip-x", `${box.left + window.scrollX}px`);
    tip.style.setProperty("--md-tooltip-y", `${top + window.scrollY}px`);
  }

  function show(term) {
    const text = definition(term);
    if (!text) return;
    if (shown !== null && shown !== term) shown.removeAttribute("aria-describedby");
    tooltip();
    clearTimeout(fading);
    tip.firstElementChild.textContent = text;
    tip.hidden = false;
    place(term); // reads the tooltip's height: the style without ACTIVE is computed, so the fade-in runs
    tip.classList.add(ACTIVE);
    term.setAttribute("aria-describedby", tip.id);
    shown = term;
  }

  function hide() {
    if (shown === null) return;
    shown.removeAttribute("aria-describedby");
    shown = null;
    tip.classList.remove(ACTIVE);
    clearTimeout(fading);
    fading = setTimeout(() => {
      if (shown === null) tip.hidden = true; // faded: out of the layout, it catches no pointer
    }, FADE_MS);
  }

  // A mouse hovers (a finger's pointer events are left to focus and click: it "leaves" as soon as it lifts).
  document.addEventListener("pointerover", (event) => {
    const term = event.pointerType === "mouse" && termOf(event.target);
    if (term) show(term);
  });
  document.addEventListener("pointerout", (event) => {
    if (shown === null || event.pointerType !== "mouse") return;
    if (!shown.contains(event.target) && !inTip(event.target)) return;
    const to = event.relatedTarget;
    if ((to instanceof Node && shown.contains(to)) || inTip(to)) return; // from the term to its tooltip, or back
    if (!shown.matches(":focus-visible")) hide(); // a term focused from the keyboard keeps its tooltip
  });
  // The keyboard focuses a term (Tab), or a tap does; a tap also clicks, where a browser does not focus on tap.
  document.addEventListener("focusin", (event) => {
    const term = termOf(event.target);
    if (term) show(term);
  });
  document.addEventListener("focusout", (event) => {
    if (shown !== null && event.target === shown) hide();
  });
  document.addEventListener("click", (event) => {
    const term = termOf(event.target);
    if (term) show(term);
  });
  // A tap or a click elsewhere.
  document.addEventListener(
    "pointerdown",
    (event) => {
      if (shown !== null && !shown.contains(event.target) && !inTip(event.target)) hide();
    },
    { passive: true },
  );
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shown !== null) hide();
  });
  // A scroll that moves the term (the page's, or a table's around it, caught on the way down) hides it, except for a
  // term the keyboard focused, which the browser may just have scrolled into view: its tooltip follows it. Other
  // scrolls leave it (the theme scrolls the table of contents to follow the reading: that does not move the term).
  document.addEventListener(
    "scroll",
    (event) => {
      if (shown === null) return;
      const scroller = event.target;
      if (scroller !== document && !(scroller instanceof Node && scroller.contains(shown))) return;
      if (shown.matches(":focus-visible")) place(shown);
      else hide();
    },
    { capture: true, passive: true },
  );
})();

/*
  Codex 2bis (issue 28): the language switcher keeps the reader's place. Both languages' pages share their paths and
  their anchors (codex/mistakes/twins.py stops the build otherwise), and the switcher links to the same page in the
  other language (partials/alternate.html); this script gives that link the section the reader is in: the address's
  anchor, or else the last section heading (h2 to h6) above the top of the view; above the first, none (the page's
  top). The link is written as the reader is about to follow it (a pointer on it, the keyboard's focus, a click), so
  it also holds for a new tab. A classic script: it runs from a folder (file://) too.
*/
(() => {
  const SWITCH = "a.md-select__link[hreflang]";
  const HEADINGS = "article h2[id], article h3[id], article h4[id], article h5[id], article h6[id]";

  /** The id of the section being read: the one the address names, or the last heading above the view's top. */
  function sectionRead() {
    if (location.hash.length > 1) return decodeURIComponent(location.hash.slice(1));
    const top = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
    let read = "";
    for (const heading of document.querySelectorAll(HEADINGS)) {
      if (heading.getBoundingClientRect().top > top + 1) break;
      read = heading.id;
    }
    return read;
  }

  function keepPlace(event) {
    const link = event.target instanceof Element ? event.target.closest(SWITCH) : null;
    if (!link || link.getAttribute("aria-current") === "true") return;
    const address = new URL(link.href, document.baseURI);
    address.hash = sectionRead();
    link.href = address.href;
  }

  for (const kind of ["pointerdown", "focusin", "click"]) document.addEventListener(kind, keepPlace, true);
})();

// The Changes page's filter by source document (codex/render/templates/rules_changes.html): the radio buttons show
// only the changes of one document ("*": every document's rule changes; "site": the changes of the site's own pages,
// which hold no rule and are hidden otherwise), and the commits and days that hold some. Without JavaScript the
// filter stays hidden and every rule change shows. Nothing happens on a page without the Changes list.
(function () {
  "use strict";

  function filter(list, documentId) {
    list.querySelectorAll(".codex-change-day").forEach(function (day) {
      var commits = 0;
      day.querySelectorAll(".codex-change-commit").forEach(function (commit) {
        var shown = 0;
        commit.querySelectorAll(":scope > ul > li[data-document]").forEach(function (change) {
          var document = change.getAttribute("data-document");
          var keep = documentId === "*" ? document !== "site" : document === documentId;
          change.hidden = !keep;
          shown += keep ? 1 : 0;
        });
        commit.hidden = shown === 0;
        commits += shown === 0 ? 0 : 1;
      });
      day.hidden = commits === 0;
    });
  }

  function setUp() {
    document.querySelectorAll("[data-codex-changes]").forEach(function (list) {
      var choices = list.querySelector(".codex-changes-filter");
      if (!choices) return;
      choices.hidden = false;
      choices.addEventListener("change", function (event) {
        if (event.target.name === "codex-changes-document") filter(list, event.target.value);
      });
      var checked = choices.querySelector("input:checked");
      if (checked) filter(list, checked.value);  // a choice the browser kept from the previous visit
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();

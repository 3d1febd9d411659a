/* Codex 2bis, before Material's search worker (codex/adapter/search_queries.py prepends this to it): the stop words of
   a query ("de", "la", "the", "of"...) and its numbers are searched as whole words, not as the beginning of any word. The theme searches
   every word of a query as a prefix, so "de" in « suivi de combat » also matched « décalage », « dextérité »... and
   those pages outranked the one whose title the reader typed. The last word is still being typed: it stays a prefix. */
(() => {
  let languages = ["en"];

  /* lunr's own stop words for the index's languages (the theme's worker has loaded them by the first query). */
  function isStopWord(word) {
    return languages.some(code => {
      const filter = (code === "en" ? self.lunr : (self.lunr || {})[code] || {}).stopWordFilter;
      return typeof filter === "function" && filter(word) === undefined;
    });
  }

  /* "suivi de combat" -> "suivi de^1 combat", "step 1 the attack roll" -> "step 1^1 the^1 attack roll": a stop word or
     a number before the last word is a whole word (a term ending in ^1, boost 1 as by default, gets no wildcard). */
  function wholeStopWords(query) {
    const words = query.split(/(\s+)/);
    const last = words.map(w => w.trim() !== "").lastIndexOf(true);
    return words.map((word, i) => (i < last && (/^\d+$/.test(word) || (/^[\p{L}’']+$/u.test(word) && isStopWord(word.toLowerCase()))) ? `${word}^1` : word)).join("");
  }

  self.addEventListener("message", event => {
    const message = event.data;
    if (message && message.type === 0 && message.data && message.data.config) {
      languages = message.data.config.lang || languages;
    } else if (message && message.type === 2 && typeof message.data === "string") {
      message.data = wholeStopWords(message.data);
    }
  });
})();

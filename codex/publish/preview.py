"""A pull request's preview: the site built for `<published site>/pr-preview/pr-N/` (python -m codex.deploy --preview N),
published beside the site by the preview workflow (.github/workflows/preview.yml). A preview is a guest at the
published site's address: every page says it is a preview of pull request N and links to the published site (a
banner), and tells search engines not to index it (`noindex`); it writes no sitemap and no robots.txt, and has no web
app (no manifest, no service worker: the published site's worker, whose scope holds the previews' folder, leaves that
folder to the network, PREVIEWS_FOLDER in codex-service-worker.js)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

PREVIEWS_FOLDER = "pr-preview/"  # under the published site's address; the preview action's umbrella-dir
NOINDEX = "noindex"


class PreviewError(ValueError):
    """A preview option that cannot be used, said with the expected form."""


def folder_of(number: int) -> str:
    """The folder of pull request `number`'s preview, under the published site: 'pr-preview/pr-7/'."""
    return f"{PREVIEWS_FOLDER}pr-{number}/"


def preview_address(published_url: str, number: int) -> str:
    """The address of pull request `number`'s preview: the published site's address and its folder."""
    return published_url.rstrip("/") + "/" + folder_of(number)


@dataclass(frozen=True)
class Preview:
    """The preview a build makes (`number` 0: none), and the published site its banner links to."""

    number: int = 0
    published_url: str = ""

    @classmethod
    def of(cls, number: str, published_url: str) -> Preview:
        """The plugin's `preview` and `published_url` options (CODEX_PREVIEW, CODEX_PUBLISHED_URL), checked."""
        if not number.strip():
            return cls()
        if not number.strip().isdigit() or int(number) < 1:
            raise PreviewError(
                f"preview (CODEX_PREVIEW) {number!r}: expected a pull request's number, e.g. CODEX_PREVIEW=7"
            )
        parts = urlsplit(published_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise PreviewError(
                f"published_url (CODEX_PUBLISHED_URL) {published_url!r}: a preview links to the published site; "
                "expected its absolute address, e.g. CODEX_PUBLISHED_URL=https://owner.github.io/codex2bis/"
            )
        return cls(int(number), published_url if published_url.endswith("/") else published_url + "/")

    def __bool__(self) -> bool:
        return self.number > 0

    def published_page(self, language_folder: str) -> str:
        """The published site's home in a language ('' the root language's, 'en' the English one's)."""
        return self.published_url + (language_folder + "/" if language_folder else "")

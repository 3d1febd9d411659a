"""Debian's Chromium as the tests, the benchmarks and the screenshots launch it: one executable, one list of switches.

Each new Playwright context opens a window, and Chromium 156 gives every window a web UI omnibox popup in a renderer
process of its own, which nobody sees in a headless browser: about 0.6 s of a core for each page a test opens, half of a
plain page's visit (BENCHMARKS.md, Tests, issue 37: "A window's hidden popup"); and it starts a spare renderer process
beside each window's own. NOT_NEEDED_FEATURES turns both off. Chromium keeps the last `--disable-features` it is given,
so ours repeats Playwright's own list; tests/test_chromium_launch.py fails, naming what is missing, when Playwright adds
to its list or Chromium renames the popup's or the spare's features."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Playwright's --disable-features (playwright-core's chromiumSwitches.ts, Playwright 1.65), which ours replaces.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# The omnibox's popup, made in web UI for every window (Chromium 156): a renderer process per window. The spare
# renderer: a renderer process started beside each new window's own for the next site it opens, which a test's window
# never does (about 0.06 s of a core per context, BENCHMARKS.md, Tests).
SPARE_RENDERER = "SpareRendererForSitePerProcess"
NOT_NEEDED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", SPARE_RENDERER)

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NOT_NEEDED_FEATURES),
]


def launch(playwright, **options):
    """Debian's Chromium, headless, with the switches above (options: Playwright's launch options)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS, **options)

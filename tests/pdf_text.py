"""The text of the PDFs the tests make (Chromium's prints, the typeset books), read with PDFium (pypdfium2): each page's
text, and how many characters are set at each size. PDFium reads a page about ten times faster than pypdf's parser
in Python, and a run reads some two hundred pages (BENCHMARKS.md, Tests). pypdf still reads what lies in the file's
structure (named destinations, fonts, page sizes), which costs it little."""

from __future__ import annotations

import ctypes
import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


def pages_text(path: Path) -> list[str]:
    """Each page's text in the order it is drawn, each line ending in "\\n". PDFium ends a line with "\\r\\n", and
    writes a hyphen that ends a line inside a word as "\\x02" with no line break: written back as the page shows it,
    "-" and a line break."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        texts = [page.get_textpage().get_text_bounded() for page in pdf]
    finally:
        pdf.close()
    return [text.replace("\r\n", "\n").replace("\x02", "-\n") for text in texts]


def characters_by_size(path: Path, first_page: int = 0) -> Counter[float]:
    """Characters by size in points (to 0.1 pt) on the pages from `first_page` on (counted from 0): each character's
    font size scaled by its matrix, as a reader measures it on paper; the spaces and line breaks PDFium adds between
    words are not counted."""
    sizes: Counter[float] = Counter()
    matrix = pdfium_c.FS_MATRIX()
    pdf = pdfium.PdfDocument(str(path))
    try:
        for number in range(first_page, len(pdf)):
            text = pdf[number].get_textpage()
            for index in range(text.count_chars()):
                if pdfium_c.FPDFText_IsGenerated(text, index):
                    continue
                pdfium_c.FPDFText_GetMatrix(text, index, ctypes.byref(matrix))
                size = pdfium_c.FPDFText_GetFontSize(text, index) * math.hypot(matrix.a, matrix.b)
                sizes[round(size, 1)] += 1
    finally:
        pdf.close()
    return sizes

"""A sheet as the tests read it back: its text through pypdf, and its first page kept as a
picture (through pdftoppm) to look at as a person would."""

import io
import shutil
import subprocess
from pathlib import Path

from pypdf import PdfReader

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-results" / "sheets"


def pdf_text(response) -> tuple[PdfReader, str]:
    """The sheet a response holds, and the text of all its pages."""
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def save_first_page_png(pdf: bytes, name: str) -> None:
    """Keep page 1 as a PNG beside the test results, to look at as a person would."""
    if shutil.which("pdftoppm") is None:
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "80",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            source,
            source.with_suffix(""),
        ],
        check=True,
    )
    assert source.with_suffix(".png").stat().st_size > 0

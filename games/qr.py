"""QR codes of the app's own links, made locally (no network) as data: URIs."""

import segno


def qr_data_uri(url: str) -> str:
    """A PNG QR code of `url`, to print on a sheet or show on a screen."""
    return segno.make(url, error="m").png_data_uri(scale=6, border=0)

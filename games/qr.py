"""QR codes of the app's own links, made locally (no network) as data: URIs."""

import segno

from games.models.scores import versioned


def qr_data_uri(url: str) -> str:
    """A PNG QR code of `url`, to print on a sheet or show on a screen.

    Making one takes about 11 ms, and a shared game's page shows its link's on every
    view: the same link always makes the same picture, so it is made once and kept.
    """
    return versioned(
        f"qr:{url}", lambda: segno.make(url, error="m").png_data_uri(scale=6, border=0)
    )

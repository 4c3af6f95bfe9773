"""The address students type, and its QR code.

:func:`lan_ip` finds this machine's address on the local network (the one other devices
reach it at) without sending anything: it asks the system which of its addresses it would
use to reach a private address.  :func:`qr_svg` draws an address as a QR code, in SVG, with
`segno <https://segno.readthedocs.io>`_ (the ``classroom`` extra); a phone or tablet camera
opens the page from it.

>>> student_address("127.0.0.1", 8866)
'http://127.0.0.1:8866/'
>>> qr_svg("http://127.0.0.1:8866/").startswith("<svg")
True
"""

from __future__ import annotations

import html
import socket

__all__ = ["lan_ip", "qr_svg", "student_address", "teacher_address"]


def lan_ip() -> str:
    """This machine's address on the local network, or ``127.0.0.1`` when it has none.
    (Connecting a UDP socket sends no packet: it only picks the route.)"""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            ip = str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return ip if not ip.startswith("0.") else "127.0.0.1"


def student_address(host: str, port: int, scheme: str = "http") -> str:
    """The address students type: the lobby (``scheme`` ``"https"`` when the server
    serves TLS)."""
    return f"{scheme}://{host}:{port}/"


def teacher_address(host: str, port: int, scheme: str = "http") -> str:
    """The address of the teacher's page."""
    return f"{scheme}://{host}:{port}/teacher"


def qr_svg(text: str, scale: int = 5) -> str:
    """``text`` as a QR code: an SVG element to put in a page (``scale`` pixels a module,
    with the quiet zone around it that cameras need)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=scale, border=4, dark="#000000", light="#ffffff")
    label = html.escape(f"QR code of {text}", quote=True)
    return str(svg).replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)

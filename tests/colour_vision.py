"""A picture as people with other colour vision see it: grayscale and the three dichromacies.

Each function takes an RGB picture (a numpy array of ``uint8``, shape ``(..., 3)``, sRGB as a
screenshot gives it) and returns the picture as seen, in the same form:

* :func:`grayscale`: the Rec. 709 luminance ``Y = 0.2126 R + 0.7152 G + 0.0722 B`` in linear
  light, as a gray of the same luminance (a black-and-white print, or no colour at all);
* :func:`deuteranopia`, :func:`protanopia`, :func:`tritanopia`: no working M, L or S cones,
  with the matrices of G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A
  Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions
  on Visualization and Computer Graphics 15(6), 2009, pp. 1291-1298 (doi:10.1109/TVCG.2009.113),
  at severity 1.0 (the tables on the authors' page, as colorspacious and DaltonLens use them).

Both are applied in linear RGB: the sRGB values are decoded (IEC 61966-2-1), multiplied,
clipped to the screen's range and encoded again.

>>> import numpy as np
>>> white, red, green = [255, 255, 255], [213, 94, 0], [0, 158, 115]
>>> picture = np.array([[white, red, green]], dtype=np.uint8)
>>> for vision in VISIONS.values():
...     assert (vision(picture)[0, 0] == 255).all()  # white stays white
>>> grayscale(np.array([[[0, 255, 0]]], dtype=np.uint8)).tolist()  # green is a light gray
[[[220, 220, 220]]]
>>> normal(picture) is picture
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

__all__ = [
    "VISIONS",
    "deuteranopia",
    "grayscale",
    "normal",
    "protanopia",
    "simulate",
    "tritanopia",
]

Picture = npt.NDArray[np.uint8]

LUMA_709 = np.array([0.2126, 0.7152, 0.0722])
"""Rec. 709 (and sRGB) luminance of linear R, G and B."""

# Machado, Oliveira and Fernandes (2009), severity 1.0: linear RGB in, linear RGB out.
PROTANOPIA = np.array([
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
])  # fmt: skip
DEUTERANOPIA = np.array([
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
])  # fmt: skip
TRITANOPIA = np.array([
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.303900],
])  # fmt: skip


def to_linear(picture: Picture) -> npt.NDArray[np.float64]:
    """sRGB values (0 to 255) as linear light (0 to 1).

    >>> to_linear(np.array([0, 10, 128, 255], dtype=np.uint8)).round(4).tolist()
    [0.0, 0.003, 0.2159, 1.0]
    """
    c = picture.astype(np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: npt.NDArray[np.float64]) -> Picture:
    """Linear light (clipped to 0 to 1) as sRGB values (0 to 255), rounded.

    >>> to_srgb(to_linear(np.arange(256, dtype=np.uint8))).tolist() == list(range(256))
    True
    """
    c = np.clip(linear, 0.0, 1.0)
    encoded = np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.rint(encoded * 255.0).astype(np.uint8)


def simulate(picture: Picture, matrix: npt.NDArray[np.float64]) -> Picture:
    """``picture`` with ``matrix`` applied to each pixel's linear RGB."""
    return to_srgb(to_linear(picture) @ matrix.T)


def normal(picture: Picture) -> Picture:
    """The picture as it is."""
    return picture


def grayscale(picture: Picture) -> Picture:
    """The picture in grays of the same luminance (Rec. 709, in linear light)."""
    y = to_linear(picture) @ LUMA_709
    return to_srgb(np.repeat(y[..., np.newaxis], 3, axis=-1))


def deuteranopia(picture: Picture) -> Picture:
    """The picture as a deuteranope (no M cones) sees it.

    Red and green, the pair it confuses, come out close (an ochre and a khaki):

    >>> deuteranopia(np.array([[[213, 94, 0], [0, 158, 115]]], dtype=np.uint8)).tolist()
    [[[158, 140, 0], [138, 134, 118]]]
    """
    return simulate(picture, DEUTERANOPIA)


def protanopia(picture: Picture) -> Picture:
    """The picture as a protanope (no L cones) sees it."""
    return simulate(picture, PROTANOPIA)


def tritanopia(picture: Picture) -> Picture:
    """The picture as a tritanope (no S cones) sees it."""
    return simulate(picture, TRITANOPIA)


VISIONS: dict[str, Callable[[Picture], Picture]] = {
    "normal": normal,
    "grayscale": grayscale,
    "deuteranopia": deuteranopia,
    "protanopia": protanopia,
    "tritanopia": tritanopia,
}
"""Every vision the cards are checked for, by name."""

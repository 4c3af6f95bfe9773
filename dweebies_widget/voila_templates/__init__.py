"""The Voila template of every page the package serves, so that no page asks another host
for anything.

Voila's own "lab" template links two Font Awesome stylesheets from a public CDN in each
page's ``<head>`` (and its frame of the other pages a third): on a school network that drops
outside traffic a page waits for them until they time out, and every page view is reported
to that host.  The template :data:`NAME`, kept under :data:`ROOT` (``voila/templates/NAME``,
where Voila looks for templates on the Jupyter path), is "lab" without those links: the
icons come from ``voila-style.js``, which Voila itself serves with Font Awesome 5 (its v4
names too) and its fonts.

A Voila finds it with ``--template=dweebies`` and :data:`ROOT` first on ``JUPYTER_PATH``
(:func:`jupyter_path`), as ``make app`` and ``python -m dweebies_widget.classroom serve``
start theirs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["NAME", "ROOT", "jupyter_path"]

ROOT = Path(__file__).parent
"""The folder to put on ``JUPYTER_PATH``: it holds ``voila/templates/dweebies``."""
NAME = "dweebies"
"""The template's name, for Voila's ``--template`` (``VoilaConfiguration.template``)."""


def jupyter_path(environ: Mapping[str, str]) -> str:
    """``JUPYTER_PATH`` for a Voila that serves the template: :data:`ROOT` first, then the
    folders ``environ`` already names.

    >>> jupyter_path({"JUPYTER_PATH": "/opt/jupyter"}).split(os.pathsep)[1:]
    ['/opt/jupyter']
    >>> jupyter_path({}) == str(ROOT)
    True
    """
    return os.pathsep.join(filter(None, [str(ROOT), environ.get("JUPYTER_PATH")]))

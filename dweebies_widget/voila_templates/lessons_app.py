"""The lessons as an app, for classes that do not program: Voila serving every notebook of
the course, with no code on screen, and the lesson menu (:mod:`.menu`) at its root.

``python -m dweebies_widget.voila_templates.lessons_app [VOILA OPTIONS]`` is what
``dweebies lessons`` and ``make lessons`` start.  Voila serves the course folder shipped in
the package (:func:`course_folder`): the menu is at ``/`` (and at ``/lessons``, as on the
classroom server), each lesson at ``/voila/render/notebooks/NN_name.ipynb``, where it runs
in a kernel of its own, top to bottom, and shows its text, its pictures and its widgets but
none of its code, under a link back to the menu.  Every page is made with the package's
template (:mod:`.`; :data:`TEMPLATE` adds the link), so nothing is fetched from another
host.  Options go to Voila (``--port=8870``, ``--no-browser``,
``--Voila.ip=0.0.0.0`` to serve the local network).  Every page is guarded as on the
classroom server (:mod:`.guard`, with the default :class:`~dweebies_widget.classroom.limits.
Limits`): kernel connections of the current protocol only, pages capped in all and per
device, the ``_xsrf`` token asked of every request that changes something.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..classroom.limits import Limits
from . import jupyter_path
from .guard import guarded
from .menu import MENU_PATH, menu_handler

__all__ = ["RENDER", "TEMPLATE", "course_folder", "lessons_voila", "main"]

RENDER = "voila/render/notebooks"
"""Where the lessons' pages are, under the server's base URL."""
TEMPLATE = "dweebies-lessons"
"""The lessons' template: the package's (:data:`~dweebies_widget.voila_templates.NAME`), with
a link back to the menu above each lesson."""


def course_folder() -> Path:
    """The course shipped in the package: ``notebooks/`` and the files they read."""
    return Path(str(files("dweebies_widget").joinpath("course")))


def lessons_voila() -> Any:
    """Voila with the lesson menu at ``/`` and ``/lessons`` (a class made on first use, as
    it needs Voila)."""
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    class LessonsVoila(Voila):  # type: ignore[misc]
        """Voila over the course folder, with the lesson menu in front of its folder list."""

        def init_handlers(self) -> list[Any]:
            base = self.server_url or "/"
            setting = {"render": url_path_join(base, RENDER)}
            menu = menu_handler()
            return guarded(self, [
                (base, menu, setting),
                (url_path_join(base, f"{MENU_PATH}/?"), menu, setting),
                *super().init_handlers(),
            ], Limits())  # fmt: skip

    return LessonsVoila


CULL_IDLE = 20 * 60
"""Seconds after which a kernel that no page is connected to is shut down."""


def config() -> Any:
    """The lessons app's Voila settings: the lessons' template, no tracebacks on pages, and
    every lesson's kernel shut down once its page is left.

    A page that is left says so with a beacon to ``/voila/api/shutdown`` (with the ``_xsrf``
    token of the cookie the guarded page sets); a kernel whose page went away without saying
    so (a tablet put to sleep) is shut down once idle and unconnected for :data:`CULL_IDLE`
    seconds."""
    from traitlets.config import Config

    c = Config()
    c.VoilaConfiguration.template = TEMPLATE  # found on JUPYTER_PATH: see main()
    c.VoilaConfiguration.show_tracebacks = False
    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE
    c.MappingKernelManager.cull_interval = 60
    c.MappingKernelManager.cull_connected = False
    return c


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the lessons (``argv``: Voila's options); returns when the server stops."""
    os.environ["JUPYTER_PATH"] = jupyter_path(os.environ)
    app = lessons_voila()(config=config())
    app.initialize([str(course_folder()), *(sys.argv[1:] if argv is None else argv)])
    app.start()
    return 0


if __name__ == "__main__":
    sys.exit(main())

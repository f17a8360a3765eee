"""The browser table: ``tabletop serve`` runs a local web server where people play the
installed games together, each seat on its own device by a private link (or several at one
device, hot seat), with bots moving on the server, and replay finished games.

:mod:`.views` builds what a viewer receives (only what its seat may see), :mod:`.tables` one
table in play, :mod:`.hub` every table with its links and bots, :mod:`.store` the SQLite file
they live in, :mod:`.replays` replays, :mod:`.app` the Starlette application and its pages.
"""

from tabletop.web.app import create_app

__all__ = ["create_app"]

"""``python -m explorer``: the ``explorer`` command (:mod:`explorer.cli`)."""

import sys

from explorer.cli import main

sys.exit(main())

"""Allow ``python -m vtm_tui`` to behave exactly like the ``vtm-tui`` script."""

import sys

from vtm_tui.cli import main

sys.exit(main())

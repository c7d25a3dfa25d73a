"""``python -m llama_index_libra`` runs the ``libra`` command line."""

import sys

from llama_index_libra.cli import main

sys.exit(main())

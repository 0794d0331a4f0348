"""Entry point for `python -m services`."""
import sys

from services.cli import main

sys.exit(main())

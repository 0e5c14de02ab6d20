import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# Boards play back what happened instantly in tests (the play-back's own
# tests set its pace); the browser tests' kernels inherit this.
import os  # noqa: E402

# The tests' example games (tests/examples/) join the registry, so every
# generic test runs on them too.
import tests.examples  # noqa: E402, F401

os.environ.setdefault("BOARDKIT_PLAYBACK", "0")

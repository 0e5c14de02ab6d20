import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: nbval compares what a notebook teaches (text, numbers); board pictures
#: are checked by assertions (tests/test_notebook_pictures.py), not byte for
#: byte, so a change to a view does not rewrite every notebook's outputs.
PICTURES = ("image/svg+xml", "text/html")


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        parent = getattr(item, "parent", None)
        if parent is not None and hasattr(parent, "skip_compare") and \
                not set(PICTURES) <= set(parent.skip_compare):
            parent.skip_compare = tuple(parent.skip_compare) + PICTURES

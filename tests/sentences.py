"""The checks a lesson's sentence tests share, for a claim written as
``(fragment, what, quantity, reference, stated)``: the notebook says
``fragment``; ``quantity(second)`` gives the interval (low, high) from the
stored games (``second=True``: from a second sample of other seeds); the
verdict against ``reference`` is ``stated``."""
from __future__ import annotations

from boardkit.stats import contradicts, verdict


def said_and_stored(claim: tuple, notebook_text: str) -> None:
    """The sentence is in the notebook and the stored games say it."""
    fragment, what, quantity, reference, stated = claim
    assert " ".join(fragment.split()) in notebook_text, f"the notebook no longer says: {fragment!r}"
    assert verdict(*quantity(False), reference) == stated, what


def not_contradicted(claim: tuple) -> None:
    """A second sample does not say otherwise (:func:`boardkit.stats.contradicts`)."""
    _, what, quantity, reference, stated = claim
    found = verdict(*quantity(True), reference)
    assert not contradicts(stated, found), f"{what}: the notebook says {stated!r}, a second sample {found!r}"

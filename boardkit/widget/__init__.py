"""The interactive board, a package of parts (``docs/adding-a-game.md``: a
game needs nothing here).

* :mod:`.board` — :class:`BoardWidget`, the anywidget: the message protocol,
  the Python API (``click``, ``undo``…), what the page shows;
* :mod:`.bots` — :class:`~.bots.BotRunner`, a part the board holds: asks the
  seated bots for their moves (in a background thread after a click);
* :mod:`.steps` — :class:`~.steps.StepLog`, a part the board holds: what
  happened since the human's last move and the move log the page has;
* :mod:`.refusals` — :class:`~.refusals.Refusals`, a part the board holds:
  why a click is refused, in the rule's words;
* :mod:`.playback` — :class:`~.playback.Playback`, a part the board holds:
  the steps played back after a move made on the page;
* :mod:`.table` — the game and the bots, shared by the board and its parts;
* :mod:`.picture` — the picture sent compressed, as a change.

The page's side is ``widgets/board.js`` and ``widgets/board.css``.
"""
from .board import STALE, BoardWidget, pack_picture, pack_svg, unpack_picture, widget_file
from .refusals import cited_rules, learner_sentence, offered

__all__ = ["BoardWidget", "STALE", "cited_rules", "learner_sentence", "offered", "pack_picture",
           "pack_svg", "unpack_picture", "widget_file"]

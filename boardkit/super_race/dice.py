"""Super Race's dice: the faces and how many dice, how many rolls."""

FACES = ("rs", "rc", "ys", "yc", "bs", "bc")
FACE_WORDS = {"rs": "red straight", "rc": "red curve", "ys": "yellow straight",
              "yc": "yellow curve", "bs": "blue straight", "bc": "blue curve"}
COLOUR_OF = {"r": "red", "y": "yellow", "b": "blue"}
DICE = 5
ROLLS = 3

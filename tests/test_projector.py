"""What a projected board says about itself (issue 34), checked in Python:
the Slime Race finish picture and the line of what happened at it."""
from __future__ import annotations

import re

from boardkit import GreedyBot, RandomBot, SlimeRace
from boardkit.core.game import CHANCE
from boardkit.widget import BoardWidget


def _race_to_its_finish():
    """Slime Race (3 players, seed 7), played on by first legal actions until
    Player 1's card finishes race 1; the board is shown at the finish."""
    g = SlimeRace(players=3, seed=7, target=30)
    w = BoardWidget(g, bots={1: GreedyBot(1), 2: RandomBot(2)}, mode="student", playback=0)
    while g.state["race"] == 1:
        w.act(sorted(g.legal_actions)[0])
    held = [k for k in range(w.step_count) if w._playback.holds(k)]
    assert held, "the race's finish is a step the board holds"
    w.step(held[0])
    return g, w


def test_the_finish_ranks_only_the_slimes_that_finished_and_lights_the_winning_space():
    g, w = _race_to_its_finish()
    last = g.state["last_race"]
    svg = w.svg
    assert f"1st {g.c.names[last['first']]}, 2nd {g.c.names[last['second']]}" in svg
    track = svg[svg.index('class="sr-track"'):svg.index('class="sr-odds"')]
    labels = re.findall(r">(\d+: [^<]+|1st|2nd|done|tied [^<]+)<", track)
    ranked = [t for t in labels if re.search(r"1st|2nd|3rd|\dth|last|tied", t)]
    # one 1st and one 2nd on the track, both past the goal: no racing slime ranked beside them
    assert sorted(ranked) == ["1st", "2nd"], labels
    # the winning space the title names is lit, and only it
    lit = re.findall(r'class="sr-space winning[^"]*" data-pair="([\d-]+)"', svg)
    assert lit == [last["pair"]]


def test_the_line_at_the_finish_tells_the_finish_not_the_next_race():
    g, w = _race_to_its_finish()
    race_over = next(h["text"] for h in w.happened if h["text"].startswith("Race 1 is over"))
    assert w.message.endswith(race_over), w.message
    assert "next race" not in w.message and "shuffled" not in w.message
    # the live board: the latest events again
    w.step(-1)
    last = [e for entry in g.log for e in entry.events if entry.player is CHANCE][-1]
    assert w.message.endswith(last) and "Race 1 is over" not in w.message


def test_super_races_legend_draws_a_tight_corner_as_the_board_does():
    """Item 5: the legend's tight corner is grey with "+1" on it, as on the board."""
    from boardkit import SuperRace
    svg = BoardWidget(SuperRace(players=2, seed=11)).svg
    key = re.search(r'<g class="su-key" data-key="corner">(.*?)</g>', svg).group(1)
    assert re.search(r"<text [^>]*>\+1</text>", key), key


def test_a_step_stays_on_screen_long_enough_to_read_its_caption():
    """Item 5: the AI's pie choice ("Player 2 chooses blue; Player 1 plays
    red") stayed a quarter of a second in the play-back: a step stays as
    long as its caption takes to read, at least a step's time and at most
    four."""
    from boardkit import SlipStream
    from boardkit.slip_stream.ai import SlipStreamAI
    from boardkit.widget.playback import READING
    g = SlipStream(seed=6, chance=["first 0"])
    w = BoardWidget(g, bots={1: SlipStreamAI.level(1, seed=1)}, playback=0.8)
    w.click("move s4")
    w.click(sorted(re.findall(r'class="ss-target[^"]*legal[^"]*"[^>]*data-act="(\w+)"', w.svg))[0])
    captions = [s.caption for s in w._steplog.steps]
    choice = next(k for k, c in enumerate(captions) if "chooses" in c)
    assert len(captions[choice]) / READING > 0.8
    assert w._playback.seconds(choice) == min(3.2, len(captions[choice]) / READING)
    w.playback = 2.0                      # a slow pace is kept for short captions
    assert all(w._playback.seconds(k) >= 2.0 for k in range(len(captions)))

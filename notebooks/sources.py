"""The cells of every teaching notebook (``build.py`` turns them into
``.ipynb`` files and executes them). Markdown is ``("md", text)``, code is
``("py", source)``."""
from __future__ import annotations

import json
from pathlib import Path

COMP = json.loads((Path(__file__).resolve().parent.parent / "boardkit" / "slime_race"
                   / "components.json").read_text(encoding="utf-8"))


def _odds_table() -> str:
    names = {s["number"]: s["name"] for s in COMP["slimes"]}
    rows = ["| space | slimes | multiplier | source |", "|---|---|---|---|"]
    for o in COMP["odds"]:
        a, b = (int(x) for x in o["pair"].split("-"))
        rows.append(f"| {o['pair']} | {names[a]}–{names[b]} | ×{o['multiplier']} | {o['status']} |")
    return "\n".join(rows)


def _cards_table() -> str:
    rows = ["| cards | values (3 copies of each slime value) | source |", "|---|---|---|"]
    for c in COMP["slime_cards"]:
        rows.append(f"| {c['slime'].title()} slime ×9 | " + ", ".join(f"+{v}" for v in c["values"])
                    + f" | {c['status']} |")
    for c in COMP["rank_cards"]:
        label = "Last (ビリ)" if c["rank"] == "last" else c["rank"]
        rows.append(f"| {label} rank | " + ", ".join(f"+{v}" for v in c["values"]) + f" | {c['status']} |")
    rows.append(f"| 1 DASH, 2 DASH | — | {COMP['dash_cards']['status']} |")
    rows.append(f"| track | {COMP['track']['spaces']} spaces | {COMP['track']['status']} |")
    rows.append(f"| score track | {COMP['score_track']['spaces']} spaces | {COMP['score_track']['status']} |")
    return "\n".join(rows)


TOUR = [
    ("md", """
# boardkit — a tour

boardkit teaches board games' rules in notebooks. Every game is a small
Python rules engine; the boards you see are drawn from the engine's state, and
the clickable board asks the *same* engine whether a move is legal. Nothing is
re-implemented in the browser, so what you learn here is exactly what the
rules say — and where a rulebook is unclear, the notebook tells you how
boardkit reads it (a *ruling*, with an id such as `SR-R5`).

This tour uses **Slime Race**; the other games work the same way.
"""),
    ("py", """
import boardkit
from boardkit import SlimeRace, RandomBot, GreedyBot
from boardkit.widget import BoardWidget

sorted(boardkit.games())
"""),
    ("md", """
## 1. A game is seeded
A game is fully reproduced by its options, its **seed** and its list of actions.
Shuffles and dice come from the seed, so the same seed gives the same deal on
every machine. `print(game)` gives a text picture; the game itself shows as a
board.
"""),
    ("py", """
game = SlimeRace(players=3, seed=1)
print(game)
"""),
    ("py", "game"),
    ("md", """
## 2. Legal actions and `apply`
Actions are short strings that read like the rulebook. `game.legal_actions`
answers "may I?": `action in game.legal_actions` means legal.
"""),
    ("py", """
print(game.current_player, game.seat_name(game.current_player))
print("bet 1-3" in game.legal_actions, "play red+5" in game.legal_actions)
list(game.legal_actions)
"""),
    ("md", "`apply` takes the action and tells you, in words, what happened:"),
    ("py", 'game.apply("bet 1-3")'),
    ("md", """
## 3. Illegal input is refused — with the rule's reason
An illegal action raises an error (a `ValueError`) that names the rule and the
situation, and **changes nothing**.
"""),
    ("py", """
# This cell is refused on purpose: read the error.
game.apply("play red+5")
"""),
    ("py", """
from boardkit import IllegalActionError
before = game.state
try:
    game.apply("bet 2-7")
except IllegalActionError as err:
    print("refused:", err)
    print("rule:", err.rule)
print("unchanged:", game.state == before)
"""),
    ("md", "## 4. The log and undo"),
    ("py", """
game.apply("bet 4-5")
for entry in game.log:
    print(entry.player, "→", entry.action[:40])
"""),
    ("py", """
game.undo()
game.actions
"""),
    ("md", """
## 5. Save and load
The whole game is plain JSON. Loading replays the log through the rules and
checks the result, so a damaged or hand-edited file is refused with a reason;
nothing in a file is ever executed.
"""),
    ("py", """
text = game.to_json()
again = boardkit.load(text)
print(len(text), "characters;", "same state:", again.state == game.state)
"""),
    ("md", """
## 6. Scenarios: "what happens if …?"
Two ways to set up a situation:
* **force a chance outcome** — who goes first, how the deck is stacked;
* **build a position** by hand with `scenario(...)`.
"""),
    ("py", """
deal = SlimeRace.stacked_shuffle(2, hands=[["last+35", "dash1", "dash2"]])
forced = SlimeRace(players=2, seed=0, chance=["first 0", deal])
print(forced)
"""),
    ("py", """
what_if = SlimeRace.scenario(
    players=2,
    positions={"red": 40, "orange": 30, "green": 30, "blue": 12},
    hands=[["2nd+10", "red+5"], ["blue+4"]],
    bets={0: ["1-3", "1-3", "2-3"], 1: ["4-5", "4-5", "4-5"]},
)
what_if.apply("play 2nd+10")   # orange and green are tied for 2nd: no effect (SR-R5)
"""),
    ("md", """
## 7. Play on a board
`BoardWidget` puts the game on a clickable board: legal targets are outlined,
a click is sent to the engine, and the board redraws — or shows the rule that
refused it. Seats can be bots. `mode="hotseat"` hides every hand but the
current player's, behind a "pass the screen" step; the default teacher view
shows everything. Undo takes back your last move and the bots' replies.
"""),
    ("py", """
board = BoardWidget(SlimeRace(players=3, seed=5), bots={1: GreedyBot(1), 2: RandomBot(2)})
board
"""),
    ("md", """
For a class passing one screen around, hot-seat mode hides every hand until
the next player says they have the screen:
"""),
    ("py", """
BoardWidget(SlimeRace(players=2, seed=9), mode="hotseat")
"""),
    ("md", """
Every game follows the same protocol, so the same board plays **Slime Culture
Center** — where one action takes several clicks (an action, a colour, a
square) and the automatic checks can be replayed step by step:
"""),
    ("py", """
from boardkit import SlimeCultureCenter
scc = SlimeCultureCenter(players=2, seed=1)
print(scc.current_player, len(scc.legal_actions), "legal actions, e.g.", list(scc.legal_actions)[:3])
scc.mini()
"""),
    ("md", """
Bots play any game through the same protocol; `play_out` lets them finish a
game:
"""),
    ("py", """
from boardkit import play_out
match = play_out(SlimeRace(players=4, seed=3, target=30),
                 [GreedyBot(1), GreedyBot(2), RandomBot(3), RandomBot(4)])
print(match.outcome())
print(len(match.actions), "actions in", match.state["race"], "races")
"""),
]


SLIME_RACE = [
    ("md", """
# Dragon Quest: Slime Race — the rules, step by step

Five slimes race along a 70-space track. Before the race you **bet** on which
two slimes will finish 1st and 2nd (in either order); during the race you
**play cards** to move the slimes. Fast slimes pay little, slow ones a lot.

This notebook follows the rulebook in its own order. Every rule is shown live
on the board; every special situation is a small scenario you can change and
re-run. Where the rulebook is unclear, boardkit follows a *house ruling*
(ids `SR-R1` … `SR-R11`, listed near the end).
"""),
    ("py", """
from boardkit import SlimeRace, GreedyBot, RandomBot, IllegalActionError, play_out
from boardkit.slime_race import COMPONENTS, card_label
from boardkit.widget import BoardWidget
"""),
    ("md", f"""
## Game contents (内容物)
Sixty cards: **45 slime cards** (9 per colour), **13 rank cards** and **2 dash
cards**; 5 slimes; one monster and 3 coins per player; the odds table. The
numbers the rulebook does not print come from public sources, labelled:

{_cards_table()}
"""),
    ("md", """
## Game setup
* Decide the **target points** (20, 30, 40 or 50; boardkit: any positive number, SR-R1).
* 1. Each player chooses a monster and takes its **3 coins**; the monster
  starts at 0 on the score track.
* 2. The slimes go on the **starting line**.
* 3. Shuffle the 60 cards and **deal 7** to each player; the rest is the
  draw deck.
"""),
    ("py", """
# Try other numbers of players (2–5) or another seed.
game = SlimeRace(players=3, seed=2, target=30)
print(game)
"""),
    ("py", "game"),
    ("md", f"""
## Check before you bet: the odds table
You bet on an **unordered pair**: space 2-4 pays if Orange is 1st and Blue 2nd
*or* Blue 1st and Orange 2nd. The multiplier is higher for slower slimes,
because the slime cards differ: Red has +5, +9, +10; Purple only +3, +4, +5.
From fastest to slowest: Red, Orange, Green, Blue, Purple (the order on the
starting line).

{_odds_table()}
"""),
    ("md", """
## Bet your coins (SR-R2, SR-R3)
Rock-paper-scissors decides who starts: boardkit draws the loser from the seed
(SR-R2), anew before every race. Starting with that player and going
clockwise, each player bets **one coin** per turn, for **3 rounds**. A coin
may go on an empty space, on your own coins, or on someone else's.
"""),
    ("py", """
print("First player:", game.seat_name(game.state["first"]))
for space in ["1-3", "2-4", "1-2", "1-3", "4-5", "1-2", "1-5", "3-5", "1-2"]:
    who = game.seat_name(game.current_player)
    game.apply(f"bet {space}")
    print(f"{who:15} bets on {space}")
"""),
    ("py", "game"),
    ("md", "A bet on a space that does not exist, or a bet once the race has started, is refused:"),
    ("py", """
# This cell is refused on purpose: read the error.
game.apply("bet 1-3")
"""),
    ("md", """
## Start the race! (SR-R4)
Same order as the betting. On your turn:
1. **draw** one card (you now hold 8);
2. **play** one card face up — you cannot pass;
3. move a slime as the card says; the card goes to the discard pile.

boardkit draws for you as soon as your turn starts, so the player to move
already holds 8 cards.
"""),
    ("py", """
seat = game.current_player
print(game.seat_name(seat), "holds", len(game.state["hands"][seat]), "cards:",
      ", ".join(card_label(c) for c in sorted(game.state["hands"][seat])))
"""),
    ("md", """
### A. Slime cards
The slime of the card's colour moves the printed number of spaces.
"""),
    ("py", """
# Change the card or the start position and re-run.
card = "red+9"
s = SlimeRace.scenario(players=2, positions={"red": 12}, hands=[[card], ["blue+4"]],
                       bets={0: ["1-2"] * 3, 1: ["4-5"] * 3}, deck=["green+4"])
s.apply(f"play {card}")
"""),
    ("md", """
### B. Rank cards
A rank card moves the slime **in that place** (1st, 2nd, 3rd, 4th or ビリ =
last), whatever its colour. ビリ (*biri*) is slang for last place. The last
slime jumping 35 spaces is the big reversal of the game.
"""),
    ("py", """
positions = {"red": 30, "orange": 24, "green": 18, "blue": 9, "purple": 2}
s = SlimeRace.scenario(players=2, positions=positions, hands=[["last+35"], ["blue+4"]],
                       bets={0: ["1-2"] * 3, 1: ["4-5"] * 3}, deck=["green+4"])
print(s.rank_table())
s.apply("play last+35")
"""),
    ("py", "s"),
    ("md", """
### C1. The 1 DASH card (SR-R7)
The **1st** slime moves forward by the number of **empty spaces between 1st
and 2nd**. With 3 empty spaces between them it moves 3 — and then 6 spaces
separate them.
"""),
    ("py", """
s = SlimeRace.scenario(players=2, positions={"red": 10, "orange": 6},
                       hands=[["dash1"], ["blue+4"]], bets={0: ["1-2"] * 3, 1: ["4-5"] * 3},
                       deck=["green+4"])
s.apply("play dash1")
"""),
    ("md", """
### C2. The 2 DASH card (SR-R7)
The **2nd** slime jumps to the space **right behind the 1st**, however far
back it was. If it already is right behind, the card is played and moves it 0
spaces.
"""),
    ("py", """
s = SlimeRace.scenario(players=2, positions={"red": 50, "orange": 6},
                       hands=[["dash2"], ["blue+4"]], bets={0: ["1-2"] * 3, 1: ["4-5"] * 3},
                       deck=["green+4"])
s.apply("play dash2")
"""),
    ("md", """
## Special situations
### Slimes tied for a rank (SR-R5)
If two or more slimes share a place, a rank or dash card aimed at **any** of
the places they occupy has **no effect**. The slimes behind keep the rank they
would have without the tie. Here Orange and Green are tied for 2nd, so they
fill places 2 *and* 3: the 2nd and 3rd cards and 2 DASH fail, Blue is still
4th and Purple still last.
"""),
    ("py", """
positions = {"red": 30, "orange": 20, "green": 20, "blue": 10, "purple": 5}
for card in ["2nd+10", "3rd+10", "dash2", "4th+10", "last+35"]:
    s = SlimeRace.scenario(players=2, positions=positions, hands=[[card], ["blue+4"]],
                           bets={0: ["1-2"] * 3, 1: ["4-5"] * 3}, deck=["green+4"])
    print(f"{card_label(card):18}", s.apply(f"play {card}")[1])
"""),
    ("md", """
### Slimes still on the starting line (SR-R5)
Slimes on the starting line are tied with each other. With **all five** on the
line, no rank or dash card works. With **two** on the line, they share 4th and
last: the 4th and ビリ cards fail, 1st–3rd and the dashes work. A **lone**
slime on the line is simply last.
"""),
    ("py", """
# Move blue or purple off the line (give it a position > 0) and see the last card work.
positions = {"red": 12, "orange": 9, "green": 4, "blue": 0, "purple": 0}
for card in ["1st+5", "dash2", "4th+5", "last+35"]:
    s = SlimeRace.scenario(players=2, positions=positions, hands=[[card], ["blue+4"]],
                           bets={0: ["1-2"] * 3, 1: ["4-5"] * 3}, deck=["green+4"])
    print(f"{card_label(card):18}", s.apply(f"play {card}")[1])
"""),
    ("md", """
### A slime has already reached the goal (SR-R6, SR-R8)
The goal line lies after space 70: a slime finishes when a move takes it past
space 70 (on space 70 it is still racing). Once a slime has finished, the
others are ranked among themselves: the front racer is now **1st**, and the
**4th and ビリ cards both hit the last racer**. A card of a finished slime's
colour is played with no effect.
"""),
    ("py", """
positions = {"red": 74, "orange": 40, "green": 30, "blue": 20, "purple": 10}
for card in ["1st+5", "4th+5", "last+35", "red+9"]:
    s = SlimeRace.scenario(players=2, positions=positions, finished=["red"],
                           hands=[[card], ["blue+4"]], bets={0: ["1-2"] * 3, 1: ["4-5"] * 3},
                           deck=["green+4"])
    print(f"{card_label(card):18}", s.apply(f"play {card}")[1])
"""),
    ("md", """
## Finish the race and calculate the score (SR-R9)
When the **second** slime finishes, the race is over. Each player scores
*(coins on the winning space) × (multiplier)*. The rulebook's examples:
1 coin on 1-3 (Red–Green) pays 1 × 7 = 7; 2 coins on 3-5 (Green–Purple) pay
2 × 17 = 34. Then everybody takes their coins back.
"""),
    ("py", """
# Red has finished; green is on 68. Who scores if green crosses now?
s = SlimeRace.scenario(players=3, positions={"red": 75, "green": 68, "purple": 66}, finished=["red"],
                       hands=[["green+5"], ["blue+4"], ["blue+5"]],
                       bets={0: ["1-3", "3-5", "3-5"], 1: ["1-3", "1-3", "2-4"], 2: ["1-2"] * 3})
s.apply("play green+5")
"""),
    ("md", """
### Nobody bet on the winning pair
Unfortunately, nobody scores.
"""),
    ("py", """
s = SlimeRace.scenario(players=2, positions={"blue": 75, "purple": 69}, finished=["blue"],
                       hands=[["purple+3"], ["red+5"]], bets={0: ["1-2"] * 3, 1: ["1-3"] * 3})
s.apply("play purple+3")
"""),
    ("md", """
### The draw deck runs out (SR-R4, SR-R10)
With the deck empty you play from your hand; each turn you hold one card
fewer. The rulebook says 1st and 2nd "will always be decided before you run
out of cards" — with the reconstructed card values that is *almost* always
true (see the simulation below). If every card has been played and fewer than
two slimes finished, boardkit takes the leaders by position, ties broken by
start-line order, Red first (SR-R10).
"""),
    ("py", """
s = SlimeRace.scenario(players=2, positions={"red": 40, "orange": 50, "green": 50, "blue": 10},
                       hands=[["purple+3"], []], deck=[],
                       bets={0: ["2-3", "2-3", "1-2"], 1: ["4-5"] * 3})
s.apply("play purple+3")
"""),
    ("md", """
## Race again — or the end of the match (SR-R9, SR-R11)
If nobody has reached the target, race again from setup step 2: slimes back
on the line, all 60 cards reshuffled, 7 dealt, a new rock-paper-scissors. Once
someone reaches the target, the highest total wins; **equal highest totals
all win**.
"""),
    ("py", """
# Dragon and Teeny Sanguini both on 5 points; both bet 3 coins on 1-3 (×7).
s = SlimeRace.scenario(players=3, positions={"red": 75, "green": 68}, finished=["red"],
                       scores=[5, 5, 20], target=20,
                       hands=[["green+5"], ["blue+4"], ["blue+5"]],
                       bets={0: ["1-3"] * 3, 1: ["1-3"] * 3, 2: ["1-2"] * 3})
s.apply("play green+5")
print(s.outcome())
"""),
    ("md", """
## House rulings (how boardkit reads the unclear points)
| id | ruling |
|---|---|
| SR-R1 | 2–5 players; target 20/30/40/50 (any positive number as an option; default 30). |
| SR-R2 | Rock-paper-scissors = a seeded random first player, redrawn before every race; a scenario may fix it. |
| SR-R3 | Betting: 3 rounds, one coin a turn, clockwise; any of the 10 spaces; stacks allowed. |
| SR-R4 | A turn: draw 1 if the deck is not empty, play exactly 1 (no passing). |
| SR-R5 | Ranks are slots 1..n among racing slimes; k tied slimes fill k slots; a card aimed at a tied slot has no effect; slimes on the start line are tied. |
| SR-R6 | After the first finisher the four racers are re-slotted 1..4: "4th" and "Last" both hit slot 4. |
| SR-R7 | 1 DASH: +empty spaces between 1st and 2nd; 2 DASH: to the space behind 1st; no effect if the slot is tied; a 0-space dash is still played. |
| SR-R8 | 70 spaces; a slime finishes when it passes space 70; a card of a finished slime has no effect. |
| SR-R9 | The race ends when the 2nd slime finishes; score coins × multiplier on the unordered pair; coins back, reshuffle, deal 7. |
| SR-R10 | All cards played with < 2 finishers: leaders by position, ties broken Red first. |
| SR-R11 | The match ends after the race in which someone reaches the target; equal highest totals all win. |

Which numbers are **published** and which **reconstructed**: see the tables
under *Game contents* and *Check before you bet*. Ten odds and the Orange,
Green and Blue card values come from one public reconstruction; the 1 DASH
follows this rulebook (one digital copy moves it by *twice* the gap).
"""),
    ("md", """
## Play a game
You are **Dragon**; Teeny Sanguini is a greedy bot, Dracky a random bot.
Click an odds space to bet, then click a card to play it. Outlined targets are
legal; a refused click shows the rule. Re-run the cell for a fresh board.
"""),
    ("py", """
table = SlimeRace(players=3, seed=7, target=30)
board = BoardWidget(table, bots={1: GreedyBot(1), 2: RandomBot(2)})
board
"""),
    ("md", "Run this cell after a few clicks to see what the engine recorded:"),
    ("py", """
print(f"actions so far: {len(table.actions)}; phase: {table.state['phase']}; "
      f"Dragon's coins left: {table.state['coins'][0]}; cards played: {len(table.state['discard'])}")
"""),
    ("md", """
And a whole match between bots (two greedy, two random), to see how a match
unfolds over several races:
"""),
    ("py", """
match = play_out(SlimeRace(players=4, seed=11, target=30),
                 [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)])
for race in match.state["history"]:
    print(f"race {race['race']}: {race['first']:6} & {race['second']:6} -> space {race['pair']}, "
          f"payouts {race['payouts']}")
print(match.outcome())
"""),
    ("md", """
## Is the odds table fair?
We let **10,000 races** run with every player playing a random card (betting
does not change how slimes move, so it is skipped). For each pair we count how
often it finishes 1-2, and compare with the multiplier: a bet is worth
*P(pair) × multiplier* points per coin on average. A perfectly "fair" table
would make every bet worth the same.
"""),
    ("py", """
from boardkit.progress import progress_bar
from boardkit.slime_race.analysis import simulate_races, bet_values
from boardkit.slime_race import PAIRS

RACES = 10_000
sim = simulate_races(RACES, players=3, seed=2026, progress=progress_bar(RACES, "races"))
p = {pair: sim["pairs"].get(pair, 0) / RACES for pair in PAIRS}
value = bet_values(sim)
print(f"{'space':6}{'slimes':16}{'P(1-2)':>8}{'×':>5}{'points/coin':>13}")
for pair in PAIRS:
    a, b = COMPONENTS.slimes_of(pair)
    print(f"{pair:6}{COMPONENTS.names[a] + '–' + COMPONENTS.names[b]:16}{p[pair]:8.3f}"
          f"{COMPONENTS.odds[pair]:5d}{value[pair]:13.2f}")
print(f"races in which the cards ran out (SR-R10): {sim['exhausted']} of {RACES} "
      f"({100 * sim['exhausted'] / RACES:.2f} %)")
"""),
    ("py", """
import matplotlib.pyplot as plt
import numpy as np

pairs = list(PAIRS)
x = np.arange(len(pairs))
probs = np.array([p[q] for q in pairs])
err = 1.96 * np.sqrt(probs * (1 - probs) / RACES)
implied = np.array([1 / COMPONENTS.odds[q] for q in pairs])
status = ["o" if COMPONENTS.odds_status[q].startswith("published") else "r" for q in pairs]

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.2))
ax1.bar(x, probs, yerr=err, color="#0072B2", label="simulated P(finish 1-2), 95 % CI")
ax1.scatter(x, implied, color="#D55E00", marker="D", zorder=3, label="break-even 1 / multiplier")
ax1.set_xticks(x, [f"{q}\\n{'pub' if s == 'o' else 'rec'}" for q, s in zip(pairs, status)])
ax1.set_ylabel("probability")
ax1.set_title("Which pair finishes 1st and 2nd? (10,000 random races)")
ax1.legend(fontsize=8)

vals = np.array([value[q] for q in pairs])
order = np.argsort(-vals)
ax2.barh(np.arange(len(pairs)), vals[order], color=["#009E73" if v >= 1 else "#CC79A7" for v in vals[order]],
         hatch=None)
ax2.set_yticks(np.arange(len(pairs)), [f"{pairs[i]} (×{COMPONENTS.odds[pairs[i]]})" for i in order])
ax2.invert_yaxis()
ax2.axvline(1.0, color="black", linestyle="--", linewidth=1)
ax2.set_xlabel("expected points per coin")
ax2.set_title("What is one coin worth on each space?")
for i, v in enumerate(vals[order]):
    ax2.text(v + 0.02, i, f"{v:.2f}", va="center", fontsize=8)
fig.tight_layout()
plt.show()
"""),
    ("py", """
lengths = np.array(sim["lengths"])
fig, ax = plt.subplots(figsize=(7, 3))
ax.hist(lengths, bins=np.arange(lengths.min(), 62) - 0.5, color="#56B4E9", edgecolor="white")
ax.axvline(60, color="#D55E00", linestyle="--", label="all 60 cards played")
ax.set_xlabel("cards played in the race")
ax.set_ylabel("races")
ax.set_title(f"Race length (mean {lengths.mean():.1f} cards)")
ax.legend()
plt.show()
winners = sorted(sim["winners"].items(), key=lambda kv: -kv[1])
print("1st place:", ", ".join(f"{COMPONENTS.names[s]} {100 * k / RACES:.1f} %" for s, k in winners))
"""),
    ("md", """
### What the numbers say
* Under random play the table is **not fair**: every pair with **Red** pays
  more than one point per coin — Red–Purple (×14) is the best bet, helped by
  the ビリ +35 card that catapults the last slime — while every pair without
  Red pays clearly less than a point per coin.
* The bars for the *published* spaces (1-2, 1-3, 3-5, 4-5) and the
  *reconstructed* ones tell the same story, so the conclusion does not hinge
  on the reconstructed numbers alone.
* Random play is not how people play: players push the slimes they bet on and
  hold back rank cards until they help. Treat the chart as the "luck baseline"
  the designers had to beat, and ask your class: which bets get better when
  *you* hold the cards?
* Running out of cards (SR-R10) is rare but real: see the count above.
"""),
]


from sources_scc import SCC  # noqa: E402

NOTEBOOKS = {
    "00_tour": TOUR,
    "01_slime_race": SLIME_RACE,
    "03_slime_culture_center": SCC,
}

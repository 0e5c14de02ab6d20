"""Cells of the Slime Culture Center notebook (see build.py)."""
from __future__ import annotations

RAISES = "# This cell is refused on purpose: read the error."

SCC = [
    ("md", """
# Slime Culture Center (スライム培養センター) — the rules, step by step

Researchers grow slimes of six colours on an 8 × 8 board. Big slimes eat
smaller neighbours, cancer cells kill the largest slimes they touch, and at
the end the credit for each colour goes to whoever holds the most **right
cards** (権利カード) of that colour — so the slimes you grow may well be
scored by someone else.

This notebook follows the Japanese rulebook in its order, with the Japanese
term beside each English one. The automatic checks after every turn are where
the surprises are: you can **watch each sub-step**, and every special case is
a small scenario you can edit and re-run. Where the rulebook is unclear,
boardkit follows a *house ruling* (`SCC-R1` … `SCC-R12`, listed near the end).

Squares are named like `c4`: column **a–h from the left**, row **1–8 from the
top** — so "reading order" (top row first, left to right) is just alphabetical
by row.
"""),
    ("py", """
from boardkit import SlimeCultureCenter as SCC, GreedyBot, RandomBot, IllegalActionError, play_out
from boardkit.slime_culture_center import COLOURS, JAPANESE, TILES, split, ranking
from boardkit.widget import BoardWidget

def picture(*rows):
    \"\"\"A board picture: rows from the top, '.' empty, R B G O P N = red, blue,
    green, orange, purple, brown; lower case = infected (face down); a digit =
    that player's cancer tile.\"\"\"
    return "\\n".join(list(rows) + ["........"] * (8 - len(rows)))
"""),
    ("md", """
## Contents (内容物)
| component | count |
|---|---|
| game board (ゲーム盤) | 8 × 8 = 64 squares |
| slime tiles (スライムタイル) | red 赤 17, blue 青 19, green 緑 21, orange 橙 22, purple 紫 24, brown 茶 26 = 129 |
| right cards (権利カード) | each colour × 5, 6, 7, 8, 9 = 30 |
| cancer tiles (癌細胞タイル) | 6, black |

All of these are printed in the rulebook (nothing reconstructed).

## Setup (ゲームの準備)
Shuffle the 30 right cards into a deck (山札) and deal **3** to each player,
face down. Each player takes **1 cancer tile**. The tiles are sorted by
colour into six **stocks** (ストック). A first player is chosen
(rock-paper-scissors: here, from the seed); turns go clockwise.
"""),
    ("py", """
game = SCC(players=3, seed=4)
print(game)
"""),
    ("py", "game"),
    ("md", """
Each player sees only their own right cards: `game.observation(seat)` is what
that seat may know.
"""),
    ("py", """
print(game.observation(0)["hands"])
"""),
    ("md", """
## A turn (ゲームの手順): two actions, then the checks
On your turn you take **2 actions** from the five below — the same one twice
is fine. Then come the **predation check** (捕食チェック) and the **death
check** (死滅チェック), and your turn ends.

A **slime** (スライム) is a group of same-coloured tiles connected up/down/left/
right (diagonals do not count, SCC-R2). Face-down (infected) tiles and cancer
tiles belong to no slime.
"""),
    ("py", """
from boardkit.slime_culture_center import slimes, parse_board
b = parse_board(picture("RR.R....", ".R..R..."))
for s in slimes(b):
    print(sorted(s))   # b2 joins a1-b1; d1 and e2 touch only diagonally: separate slimes
"""),
    ("md", """
### 1. Spawn (発生)
Take a tile of a colour that is **not on the board** from its stock and put
it on any empty square.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("R......."))
print("spawn blue h8" in g.legal_actions, "spawn red h8" in g.legal_actions)
"""),
    ("py", f"""
{RAISES}
g.apply("spawn red h8")   # red is already on the board
"""),
    ("md", """
### 2. Grow (成長)
Put a tile of the same colour on an empty square **next to** a slime of that
colour on the board.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("R......."))
sorted(a for a in g.legal_actions if a.startswith("grow"))
"""),
    ("md", """
### 3. Split / move (分裂／移動) — SCC-R3
Take a tile at the **edge** (はじ) of a slime — one with a side not touching
its own slime — and put it on an empty square next to **the rest** of that
slime (never back where it was). Lifting a tile from the middle of a line
cuts the slime in two: that is the *split*.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("GGG.....", "........"))
g.apply("move b1 a2")     # a1 and a2 stay together, c1 is cut off
"""),
    ("py", "g.mini()"),
    ("md", """
### 4. Inject cancer (癌細胞注入)
Put your cancer tile **on a face-up slime tile**. The slime tile under it is
removed from the game. You have one cancer tile for the whole game.

### 5. Exchange a right (権利交換) — SCC-R8
Turn one of your right cards face up (it no longer counts) and draw a new one
from the deck. Not possible once you have **2** face-up cards.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("GG......"), hands=[["red5", "red6", "red7"]],
                 revealed=[["blue5", "blue6"]])
print([a for a in g.legal_actions if a.startswith(("inject", "exchange"))])
"""),
    ("py", f"""
{RAISES}
g.apply("exchange red5")   # the third exchange is refused
"""),
    ("md", """
## Predation check (捕食チェック) — SCC-R4, SCC-R5
After the two actions, slimes of different colours that touch **eat** each
other, colour by colour in the order

**red 赤 → blue 青 → green 緑 → orange 橙 → purple 紫 → brown 茶**

For the colour being processed (the predator) and a touching slime of another
colour (the prey):
* prey **larger**: nothing happens;
* prey the **same size**: the touching tiles of *both* are removed from the game;
* prey **smaller**: the prey's touching tiles are removed and replaced by
  predator tiles from its stock (reading order, while the stock lasts).

Removed tiles never come back. `g.film()` shows every sub-step; the red
outlines mark what changed.

### Edge case: equal size — both lose their contact tiles
Change the picture and re-run: what if blue were 3 long?
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("R.BB...."), actions_left=1)
g.apply("grow red b1")      # red becomes 2 next to blue 2
"""),
    ("py", "g.film()"),
    ("md", """
### Edge case: the colour order changes the result
Red 3 | blue 2 | green 1. Red goes first and bites blue; the blue that is left
is now 1 — the same size as green — so in blue's step they destroy each other.
If blue had gone first, it would simply have eaten green.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("RRRBBG.."), actions_left=1)
g.apply("spawn purple h8")
g.film()
"""),
    ("md", """
### Edge case: a bite that merges two slimes
The blue tile between two red slimes becomes red: the two reds are now one
slime of 5. The second red predation finds its prey gone and is skipped.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("RBR.....", "R.R....."), actions_left=1)
g.apply("spawn green h8")
"""),
    ("py", "g.film(columns=3)"),
    ("md", """
### Edge case: the stock runs out in the middle of a bite
Red has **1** tile left in stock but must replace 2 blue tiles: both blue
tiles are removed, one red tile is placed, the other square stays empty — and
the game ends when this turn ends.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("RB......", "RB......", "R......."),
                 stock={"red": 1}, actions_left=1)
g.apply("spawn green h8")
"""),
    ("py", "g.mini()"),
    ("md", """
### The turn player orders same-colour predations (SCC-R4, SCC-R12)
When two red slimes touch the same blue slime, the turn player decides which
bite comes first — but only when the order can change the result (otherwise
boardkit does it in reading order without asking). Here, if the big red bites
first, the blue left over is smaller than the red at f1, which eats it and
joins one red slime of 7. If the red at f1 goes first, it ties with blue 2 and
both lose their contact tiles.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("RRRBBR..", ".....R.."), actions_left=1)
g.apply("spawn green h8")
print(g.situation())
list(g.legal_actions)
"""),
    ("py", """
big_first = g.copy()
big_first.apply("resolve a1 d1")
small_first = g.copy()
small_first.apply("resolve f1 d1")
print("big red first:  ", sorted(big_first.state["board"].items()))
print("small red first:", sorted(small_first.state["board"].items()))
"""),
    ("md", """
### Edge case: a bite splits the prey (SCC-R4)
Each predation is one **bite** of the touching tiles. If an earlier bite cut
the prey in two, a later predator bites each part that still touches it,
comparing sizes part by part.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("RRR.....", ".R......", "BBB.....", "R.R.....", "RRR....."),
                 actions_left=1)
g.apply("spawn green h8")
"""),
    ("md", """
## Death check (死滅チェック) — SCC-R6
A **cancer group** (癌細胞群) is a connected set of cancer tiles and infected
(face-down) tiles. For each group, the **largest** slime touching it is the
target — all of them if several tie — and every tile of it that touches the
group is turned face down (infected). That is **one layer** per group per
check: next turn it spreads one layer further.
"""),
    ("py", """
g = SCC.scenario(players=3, board=picture("...G....", "...G....", "..P1G...", "...G....", "...G....",
                                          "...G...."), actions_left=1)
g.apply("spawn red h8")
g.film(columns=3)
"""),
    ("md", """
### Edge case: cancer touching two equally largest slimes
Purple 4 and green 4 both touch the cancer tile: both are targets.
"""),
    ("py", """
g = SCC.scenario(players=2, board=picture("........", "...G....", "...G....", "PP1GG...", "PP......"),
                 actions_left=1)
g.apply("spawn red h8")
"""),
    ("py", "g.mini()"),
    ("md", """
### The turn player orders the cancer groups (SCC-R6, SCC-R12)
The group on the left shrinks the blue 4 to 3 — after which the group on the
right touches two blue slimes of 3 and infects both. In the other order, the
right group sees blue 4 as the only largest. The turn player chooses.
"""),
    ("py", """
g = SCC.scenario(players=3, board=picture("........", "1BBBB2..", ".....BBB"), turn=1, actions_left=1)
g.apply("spawn red h8")
list(g.legal_actions)
"""),
    ("py", """
left_first = g.copy(); left_first.apply("process a2")
right_first = g.copy(); right_first.apply("process f2")
print("f3 after left group first: ", left_first.state["board"]["f3"])
print("f3 after right group first:", right_first.state["board"]["f3"])
"""),
    ("md", """
## When a cancer tile stops working (SCC-R7)
After all death checks: if the player who takes the **next** turn placed a
cancer tile, that tile stops working and its **whole group** is removed from
the game — including tiles another player's cancer infected, if the groups
have merged. So a cancer tile works through the checks at the end of every
turn until its owner's next turn comes round: **1 turn** of the opponent with
2 players, **2 turns** with 3 players.
"""),
    ("py", """
for players in (2, 3):
    g = SCC.scenario(players=players, board=picture("GGGGG...", "GGGGG...", "GGGGG...", "GGGGG..."),
                     actions_left=2)
    g.apply("inject c2"); g.apply("spawn red h8")
    turns = 0
    free = iter(["h7", "h6", "h5", "h4", "h3", "h2"])
    while g.state["cancer"][0] == "board":       # the other players just grow red
        g.apply(f"grow red {next(free)}")
        g.apply(f"grow red {next(free)}")
        turns += 1
    print(f"{players} players: Player 1's cancer tile worked through {turns} more turn(s); "
          f"its group then took {g.state['removed']['green'] - 1} infected green tiles with it")
"""),
    ("md", """
### Edge case: two groups merge — and expire together
Player 1's and Player 2's cancer tiles infect the green slime between them; the
groups merge. When Player 1's turn comes next, the merged group holds Player
1's tile, so **all** of it goes, Player 2's tile included.
"""),
    ("py", """
g = SCC.scenario(players=3, board=picture("........", "1G2.....", "GGG....."), turn=2, actions_left=1)
g.apply("spawn red h8")
"""),
    ("py", "g.film(columns=3)"),
    ("md", """
## End of the game and settlement (ゲーム終了と精算) — SCC-R9 … SCC-R11
When a player ends their turn and **any** stock is empty, the game ends. First
every face-down (infected) tile is removed. Then each colour's face-up tiles on
the board are shared out by the **right cards** in the players' hands
(revealed cards count for nothing). For each colour the players holding it are
ranked: more cards first; then the higher sum; then the higher top card.

1. only a 1st: 1st takes **all**;
2. a 1st and a 2nd: 1st takes **⌈2/3⌉**, 2nd the rest;
3. three or more: 1st takes **⌈1/2⌉**, 2nd **⌈2/3⌉ of the rest**, and the
   remainder goes to the **3rd** — the rulebook prints "2nd", which boardkit
   reads as a typo (SCC-R10; `settlement="printed"` plays it as printed);
   4th and lower take nothing;
4. nobody holds the colour: nobody takes those tiles.

An unused cancer tile counts as 1 more. Most tiles wins; ties share the win.
"""),
    ("py", """
print(f"{'tiles':>5} | {'1 holder':>8} | {'2 holders':>9} | {'3 holders (ruled)':>17} | "
      f"{'3 (as printed)':>14} | {'4 holders (ruled)':>17}")
for tiles in (1, 2, 5, 7, 10, 13):
    row = []
    for holders, printed in ((1, False), (2, False), (3, False), (3, True), (4, False)):
        _, shares = split(tiles, list(range(holders)), printed=printed)
        row.append("/".join(str(shares.get(s, 0)) for s in range(holders)))
    print(f"{tiles:>5} | {row[0]:>8} | {row[1]:>9} | {row[2]:>17} | {row[3]:>14} | {row[4]:>17}")
"""),
    ("md", "A finished game, settled colour by colour:"),
    ("py", """
end = SCC.scenario(players=3, board=picture("GGGGG...", "GG......", "........", "BBB.....", "....R..."),
                   stock={"red": 1}, cancer=["removed", "hand", "hand"],
                   hands=[["green9", "blue5", "red5"], ["green7", "green5", "blue6"], ["green8", "red7", "red6"]],
                   actions_left=1)
end.apply("grow red e6")
for colour, c in end.settlement()["colours"].items():
    if c["tiles"] or c["ranking"]:
        print(f"{colour:7} {c['tiles']:2} tiles, ranking {[r + 1 for r in c['ranking']]} "
              f"(case {c['case']}) -> " + ", ".join(f"P{s + 1}: {k}" for s, k in c["shares"].items()))
print(end.settlement()["scores"], end.outcome())
"""),
    ("md", """
## House rulings (how boardkit reads the unclear points)
| id | ruling |
|---|---|
| SCC-R1 | 2–6 players (six cancer tiles). |
| SCC-R2 | A slime = orthogonally connected face-up tiles of one colour; infected and cancer tiles belong to no slime; "on the board" = at least one face-up tile. |
| SCC-R3 | Edge tile = has a neighbour square outside its slime; it goes next to the rest of the slime (a lone tile: next to where it was), never back. |
| SCC-R4 | Predations of a colour are fixed at the start of its step and ordered by the turn player; each is one bite read at that moment; a split prey is bitten part by part. |
| SCC-R5 | Same size: both contact sets removed. Smaller: replaced in reading order while stock lasts. Spawn and grow need stock. |
| SCC-R6 | Groups present at the start of the death check, once each, in the turn player's order; the group *as it is now*; one layer. Cancer only on a face-up slime tile. |
| SCC-R7 | After all checks, any group holding a cancer tile of the next player is removed entirely. |
| SCC-R8 | Exchange needs a deck; revealed cards count for nothing; hands stay at 3. |
| SCC-R9 | End checked when a turn ends; infected tiles removed before settlement. |
| SCC-R10 | Case 3's remainder goes to the **3rd** place (option: as printed, to 2nd); 4th and lower get nothing. |
| SCC-R11 | Ties for most tiles all win. |
| SCC-R12 | Order decisions are real decisions; asked only when there is more than one real option. |

Choices boardkit had to make beyond these:
* a decision is asked only when the orders can really end differently (all
  orders are tried for up to 5 items; with more, the turn player is always asked);
* if an earlier event cut the *predator* in two, its largest remaining part acts
  for the rest of that predation;
* a player with no possible action at all passes;
* 18 hand cards + 12 revealed = 30, so the deck can only run empty with the very
  last exchange anyone may make: SCC-R8's "needs a deck" never binds.
"""),
    ("md", """
## Play a game
You are **Player 1**; Player 2 is a greedy bot, Player 3 a random bot. Click
an action button, then a stock colour and a square (or a tile, or a card).
After your second action the checks run; **step ◀ ▶** replays them one
event at a time on the board.
"""),
    ("py", """
play = SCC(players=3, seed=21, chance=["first 0"])
board = BoardWidget(play, bots={1: GreedyBot(1, sample=40), 2: RandomBot(2)})
board
"""),
    ("md", "Run this cell after a few clicks to see what the engine recorded:"),
    ("py", """
mine = [e.action for e in play.log if e.player == 0]
print(f"turn {play.state['turn_number']}; Player 1's actions: {', '.join(mine) or 'none yet'}; "
      f"tiles on the board: {len(play.state['board'])}")
"""),
    ("md", """
## What happens over many games?
**1,000 games** between three random bots (and, for comparison, 200 games
where Player 1's seat is a greedy bot):
"""),
    ("py", """
from boardkit.progress import progress_bar
from boardkit.slime_culture_center.analysis import simulate_games

GAMES = 1000
games = simulate_games(GAMES, players=3, seed=7, progress=progress_bar(GAMES, "games"))
greedy = simulate_games(200, players=3, seed=8, greedy_seats=(0,))
turns = [g["turns"] for g in games]
first_wins = sum(g["first"] in g["winners"] for g in games)
shared = sum(len(g["winners"]) > 1 for g in games)
print(f"turns per game: mean {sum(turns) / GAMES:.1f}, min {min(turns)}, max {max(turns)}")
print(f"first player wins (shared wins included): {first_wins} of {GAMES} = {100 * first_wins / GAMES:.1f} % "
      f"(1 in 3 would be {100 / 3:.1f} %); shared wins: {shared}")
print(f"greedy Player 1 wins {sum(0 in g['winners'] for g in greedy)} of 200 against two random bots")
print(f"order decisions asked per game: {sum(g['decisions'] for g in games) / GAMES:.2f}")
"""),
    ("py", """
import matplotlib.pyplot as plt
import numpy as np
from collections import Counter

fill = {"red": "#d73027", "blue": "#4575b4", "green": "#1a9850", "orange": "#fdae61",
        "purple": "#8073ac", "brown": "#8c510a"}
fig, axes = plt.subplots(2, 2, figsize=(12, 8))
ax = axes[0, 0]
ax.hist(turns, bins=range(min(turns), max(turns) + 2), color="#56B4E9", edgecolor="white")
ax.set_title("Game length"); ax.set_xlabel("turns until a stock runs out"); ax.set_ylabel("games")

ax = axes[0, 1]
ends = Counter(c for g in games for c in g["empty"])
bars = ax.bar(COLOURS, [ends[c] for c in COLOURS], color=[fill[c] for c in COLOURS], edgecolor="black")
for bar, c in zip(bars, COLOURS):
    bar.set_hatch({"red": "", "blue": "//", "green": "..", "orange": "\\\\\\\\", "purple": "xx", "brown": "--"}[c])
ax.set_xticks(range(6), [f"{c}\\n{TILES[c]} tiles" for c in COLOURS])
ax.set_title("Which colour's stock ends the game?"); ax.set_ylabel("games")

ax = axes[1, 0]
winner_scores = [max(g["scores"]) for g in games]
all_scores = [s for g in games for s in g["scores"]]
bins = range(0, max(all_scores) + 2)
ax.hist(all_scores, bins=bins, color="#999999", alpha=0.7, label="every player")
ax.hist(winner_scores, bins=bins, color="#E69F00", alpha=0.8, label="the winner")
ax.set_title("Final scores (tiles + unused cancer)"); ax.set_xlabel("score"); ax.set_ylabel("players"); ax.legend()

ax = axes[1, 1]
seat_wins = [sum((g["first"] + k) % 3 in g["winners"] for g in games) / GAMES for k in range(3)]
ax.bar(["1st to play", "2nd to play", "3rd to play"], seat_wins, color=["#0072B2", "#009E73", "#CC79A7"])
ax.axhline(1 / 3, color="black", linestyle="--", linewidth=1, label="fair share 1/3")
ax.set_title("How often each turn position wins"); ax.set_ylabel("win rate (shared wins count)"); ax.legend()
fig.tight_layout()
plt.show()
"""),
    ("md", """
### What the numbers say
* Red has the smallest stock (17), so a red that grows and eats tends to end
  the game — but every colour can. Predation spends the predator's stock fast.
* Random play produces modest scores: most slimes get eaten, infected or
  split before the end. A greedy bot that only grows colours it holds cards
  for already wins far more than a third of its games: the majority mechanism
  rewards a plan.
* Turn order matters little under random play; see the bar chart for the
  measured rates.
"""),
]

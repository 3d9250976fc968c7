#!/usr/bin/env python3
"""Makes the Dutch pairing reference for a field whose weights need more than 4,096 bits.

    python3 tests/data/dutch_wide/make.py 1 1000 60 16 > tests/data/dutch_wide/distinct_scores.trf
    bbpPairings.exe --dutch tests/data/dutch_wide/distinct_scores.trf -p > tests/data/dutch_wide/distinct_scores.pairings

Arguments: SEED PLAYERS ROUNDS WIN (tenths). Every round is paired at random without a rematch (white to the player
with fewer whites); results follow a strength and a taste for draws of each player's own, so scores spread out;
with a win worth 1.6 and a draw 0.1 the 1,000 players of the committed file have 572 distinct scores, and the
weights of the next round need 5,344 bits (tablero computes them 8,192 bits wide). bbpPairings (built from its
source, not part of tablero) took 4 min to pair it on a 2-core machine, tablero 7.7 s and 1 GB.
"""
import math
import random
import sys

seed, players, rounds, win = (int(a) for a in sys.argv[1:5])
r = random.Random(seed)
strength = [r.random() for _ in range(players)]
drawish = [r.random() for _ in range(players)]
met = set()
cells = [[] for _ in range(players)]
points = [0] * players
balance = [0] * players
for _ in range(rounds):
    while True:
        free = list(range(players))
        r.shuffle(free)
        pairs = []
        while free:
            a = free.pop()
            for i in range(len(free) - 1, -1, -1):
                b = free[i]
                if (min(a, b), max(a, b)) not in met:
                    free.pop(i)
                    pairs.append((a, b))
                    break
            else:
                break
        if len(pairs) * 2 == players:
            break
    for a, b in pairs:
        met.add((min(a, b), max(a, b)))
        if balance[a] > balance[b] or (balance[a] == balance[b] and r.random() < 0.5):
            a, b = b, a
        balance[a] += 1
        balance[b] -= 1
        if r.random() < drawish[a] * drawish[b]:
            ra, rb = "=", "="
            points[a] += 1
            points[b] += 1
        elif r.random() < 1 / (1 + math.exp(-12 * (strength[a] - strength[b]))):
            ra, rb = "1", "0"
            points[a] += win
        else:
            ra, rb = "0", "1"
            points[b] += win
        cells[a].append(f"{b + 1:4d} w {ra}")
        cells[b].append(f"{a + 1:4d} b {rb}")


def tenths(t):
    return f"{t // 10}.{t % 10}"


print(f"012 {players} players, scores nearly all distinct, seed {seed}")
print("092 FIDE_DUTCH_2025")
print(f"XXR {rounds + 1}")
print("XXC white1")
print(f"BBW {tenths(win):>4}")
print("BBD  0.1")
print("BBL  0.0")
print(f"BBU {tenths(win):>4}")
for p in range(players):
    name = f"Test{p + 1:04d} Player{p + 1:04d}"
    head = f"001 {p + 1:4d}      {name:<33}{2000:4d}".ljust(80) + f"{tenths(points[p]):>4}" + f" {1:4d}"
    print((head.ljust(91) + "  ".join(cells[p])).rstrip())
sys.stderr.write(f"{len(set(points))} distinct scores\n")

#!/usr/bin/env python3
"""Makes the Dutch pairing reference files with bbpPairings (built from its source; not part of tablero).

    python3 tests/data/dutch/make.py /path/to/bbpPairings.exe FIRST LAST

For each seed from FIRST to LAST: a random tournament from bbpPairings' generator (`--dutch -g CONFIG -o FILE -s
SEED`), its size, rounds and rates drawn from the seed, saved as `SEED.trf` with the lines the generator does not
write (`XXR`, the number of rounds; `XXC`, the first colour). Then every round is cut off (the rounds before it,
and the round's own requested byes and absences, `0000 - H/F/Z`) and paired by `bbpPairings.exe --dutch FILE -p`;
the answers go to `SEED.pairings`, one block a round: `round R`, then the output of `-p`. tablero's test replays
the same cuts and must print the same pairings.
"""
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def config(seed):
    r = random.Random(seed)
    size = r.random()
    players = (r.randint(4, 12) if size < 0.3 else r.randint(13, 40) if size < 0.7
               else r.randint(41, 120) if size < 0.93 else r.randint(121, 300))
    rounds = r.randint(3, 11)
    rounds = min(rounds, max(3, players - 1 if players < 8 else players))
    lines = [
        f"PlayersNumber={players}",
        f"RoundsNumber={rounds}",
        f"DrawPercentage={r.choice([0, 10, 30, 50])}",
        f"ForfeitRate={r.choice([8, 15, 30, 100])}",
        f"RetiredRate={r.choice([5, 10, 20, 1000])}",
        f"HalfPointByeRate={r.choice([5, 10, 20, 1000])}",
    ]
    return "\n".join(lines) + "\n", rounds


def cells(line):
    """The round cells of a 001 line."""
    out, start = [], 91
    while start < len(line):
        out.append(line[start:start + 8].ljust(8))
        start += 10
    return out


def points(cell):
    result = cell[7].upper()
    if result in "1+WFU":
        return 10
    if result in "=DH":
        return 5
    return 0


def cut(lines, rnd):
    """The file as it stood before round `rnd` (1-based) was paired."""
    out = []
    for line in lines:
        if not line.startswith("001"):
            out.append(line)
            continue
        kept = []
        for i, cell in enumerate(cells(line)):
            if i < rnd - 1:
                kept.append(cell)
            elif i == rnd - 1 and cell[:4] == "0000" and cell[7] in "HFZ":
                kept.append(cell)
        score = sum(points(c) for c in kept[: rnd - 1])
        head = line[:80] + f"{score // 10}.{score % 10}".rjust(4) + line[84:91]
        out.append((head + "  ".join(kept)).rstrip())
    return out


def first_colour(lines):
    """bbpPairings' inference: the first paired player's colour in round 1 (inverted for the second)."""
    number = 0
    for line in sorted((l for l in lines if l.startswith("001")), key=lambda l: int(l[4:8])):
        cell = cells(line)[0]
        if cell[:4] != "0000" or cell[7] in "U+":
            colour = cell[5]
            if colour in "wb":
                if number % 2 == 1:
                    colour = "b" if colour == "w" else "w"
                return "white1" if colour == "w" else "black1"
            number += 1
    return "white1"


def main():
    exe, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for seed in range(first, last + 1):
        text, rounds = config(seed)
        with tempfile.TemporaryDirectory() as tmp:
            conf = os.path.join(tmp, "config.txt")
            with open(conf, "w") as f:
                f.write(text)
            made = os.path.join(tmp, "t.trf")
            run = subprocess.run([exe, "--dutch", "-g", conf, "-o", made, "-s", str(seed)], capture_output=True)
            if run.returncode != 0:
                print(f"seed {seed}: the generator failed ({run.returncode}); skipped", file=sys.stderr)
                continue
            with open(made, newline="") as f:
                lines = [l for l in f.read().replace("\r", "\n").split("\n") if l.strip()]
            lines = [l for l in lines if not l.startswith("012")]
            lines.append(f"XXR {rounds}")
            lines.append(f"XXC {first_colour(lines)}")
            blocks = []
            for rnd in range(1, rounds + 1):
                part = os.path.join(tmp, f"r{rnd}.trf")
                with open(part, "w") as f:
                    f.write("\n".join(cut(lines, rnd)) + "\n")
                paired = subprocess.run([exe, "--dutch", part, "-p"], capture_output=True, text=True)
                if paired.returncode not in (0, 1):
                    sys.exit(f"seed {seed} round {rnd}: bbpPairings failed: {paired.stderr}")
                answer = paired.stdout if paired.returncode == 0 else "no pairing\n"
                blocks.append(f"round {rnd}\n{answer}")
        with open(os.path.join(HERE, f"{seed:03}.trf"), "w") as f:
            f.write(f"012 bbpPairings generator, seed {seed}\n")
            f.write("\n".join(lines) + "\n")
            f.write("".join(f"### {l}\n" for l in text.splitlines()))
        with open(os.path.join(HERE, f"{seed:03}.pairings"), "w") as f:
            f.write("".join(blocks))
        print(f"seed {seed}: {text.splitlines()[0]}, {rounds} rounds", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Test puzzles of other sizes than 9x9, for the n×n golden files of data/golden/.

Usage: make_nxn.py BOX COUNT LOW HIGH SEED > FILE

Each puzzle is a solution grid made from the pattern (b·(r mod b) + r div b + c) mod N + 1
under a random relabelling, transposition, band and stack order and row and column order
within them, with a random share between LOW and HIGH of its cells emptied. The puzzles are
not minimal and many have several solutions: they exercise the searches and their solution
counts, nothing more. Python's own `random.Random(SEED)` makes them, byte for byte.
"""
import random
import sys

ALPHABET = "123456789ABCDEFGHIJKLMNOP"


def base(b):
    n = b * b
    return [[(b * (r % b) + r // b + c) % n + 1 for c in range(n)] for r in range(n)]


def lines_order(b, rng):
    """A random order of the N lines: bands (or stacks) shuffled, lines within each."""
    bands = list(range(b))
    rng.shuffle(bands)
    order = []
    for band in bands:
        inner = list(range(b))
        rng.shuffle(inner)
        order += [band * b + i for i in inner]
    return order


def shuffle(g, b, rng):
    n = b * b
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    g = [[perm[v - 1] for v in row] for row in g]
    if rng.random() < 0.5:
        g = [list(r) for r in zip(*g)]
    g = [g[r] for r in lines_order(b, rng)]
    g = [list(r) for r in zip(*g)]
    g = [g[c] for c in lines_order(b, rng)]
    return [list(r) for r in zip(*g)]


def line(g, holes):
    n = len(g)
    return "".join("." if i in holes else ALPHABET[g[i // n][i % n] - 1] for i in range(n * n))


def main():
    b, count, low, high, seed = sys.argv[1:]
    b, count, low, high, seed = int(b), int(count), float(low), float(high), int(seed)
    rng = random.Random(seed)
    n = b * b
    print(f"# {n}x{n} puzzles: random solution grids with a share of {low}-{high} of the cells emptied (seed {seed}).")
    for _ in range(count):
        g = shuffle(base(b), b, rng)
        holes = set(rng.sample(range(n * n), int(n * n * rng.uniform(low, high))))
        print(line(g, holes))


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# `sudoku-lab compare` at the scale of whole-corpus runs: its wall time, CPU time and
# largest resident set on two runs of about a million rows each, for one or more
# binaries, in interleaved rounds (A B A B), so that figures of one sitting compare.
#
# The runs are made by the binary itself: two `bench` runs of the 17-clue set (49,158
# puzzles) with dlx, norvig and reduce, their rows then repeated under other names
#   groups  each run's rows seven times, as seven corpora (21 groups of 49,158 puzzles);
#   one     dlx's rows 21 times as one corpus of 1,032,318 puzzles (indices moved on), one
#           group: the bootstrap's worst case (1000 resamples of a million pairs).
# The CSVs (about 280 MB each) are written to a temporary folder, removed at the end.
#
# Usage: benches/compare_scale.sh [ROUNDS] [BINARY...]
#   ROUNDS   default 2
#   BINARY   default: `cargo build --release` at the root, then target/release/sudoku-lab;
#            several (an old build and a new one) are timed in turn in each round
# Needs ../shared/corpora beside the checkout, GNU time (/usr/bin/time) and awk.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-2}"
shift || true
bins=("$@")
clue17="$root/../shared/corpora/puzzles2_17_clue"
if [[ ! -f "$clue17" ]]; then
    echo "compare_scale: $clue17 is missing (see the README: ../shared)" >&2
    exit 1
fi
if [[ ${#bins[@]} -eq 0 ]]; then
    (cd "$root" && cargo build --quiet --release)
    bins=("${CARGO_TARGET_DIR:-$root/target}/release/sudoku-lab")
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

for run in a b; do
    "${bins[0]}" bench "$clue17" -s dlx,norvig,reduce -q -o "$out/$run.csv" >/dev/null
    # groups: the corpus column renamed, seven times.
    awk -F, -v OFS=, 'NR == 1 { print; next } { rows[NR] = $0 }
        END { for (k = 0; k < 7; k++) for (i = 2; i <= NR; i++) {
            $0 = rows[i]; $1 = "copy" k "/puzzles2_17_clue_" k; print } }' \
        "$out/$run.csv" >"$out/groups-$run.csv"
    # one: dlx's rows, their index and line moved on by the corpus's size, 21 times.
    awk -F, -v OFS=, 'NR == 1 { print; next } $5 == "dlx" { rows[++n] = $0 }
        END { for (k = 0; k < 21; k++) for (i = 1; i <= n; i++) {
            $0 = rows[i]; $2 += k * n; $3 += k * n; print } }' \
        "$out/$run.csv" >"$out/one-$run.csv"
done

printf '%-8s %-40s %10s %10s %10s\n' case binary "wall s" "user s" "max RSS MB"
for _ in $(seq "$rounds"); do
    for case in groups one; do
        for bin in "${bins[@]}"; do
            /usr/bin/time -f '%e %U %M' -o "$out/time" \
                "$bin" compare "$out/$case-a.csv" "$out/$case-b.csv" >/dev/null
            read -r wall user rss <"$out/time"
            printf '%-8s %-40s %10s %10s %10d\n' "$case" "$bin" "$wall" "$user" $((rss / 1024))
        done
    done
done

#!/usr/bin/env bash
# Times the naive strategy beside the C yardstick ../shared/reference/naive_ref.c on a
# corpus (default: Norvig's top95), whole process, one thread each, and prints both
# times and the ratio. The two CSV outputs must be identical (checked with cmp).
#
# Usage: benches/naive_vs_ref.sh [CORPUS] [ROUNDS]
#   CORPUS  default ../shared/corpora/norvig_sudoku-top95.txt
#   ROUNDS  default 3; the two programs alternate, the best (lowest) time of each counts.
# naive_ref is built with `cc -O2` into the cargo target dir ($CARGO_TARGET_DIR or
# ./target), our side is `cargo build --release --example naive_file -p sudoku-naive`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="${1:-$root/../shared/corpora/norvig_sudoku-top95.txt}"
rounds="${2:-3}"
target="${CARGO_TARGET_DIR:-$root/target}"
ref_src="$root/../shared/reference/naive_ref.c"

mkdir -p "$target/naive_ref"
ref_bin="$target/naive_ref/naive_ref"
cc -O2 -o "$ref_bin" "$ref_src"
(cd "$root" && cargo build --quiet --release -p sudoku-naive --example naive_file)
ours_bin="$target/release/examples/naive_file"

# One thread each: pin to one CPU when taskset is there.
pin=()
if command -v taskset >/dev/null 2>&1; then
    pin=(taskset -c "$(( $(nproc) - 1 ))")
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Runs a program on the corpus; prints "wall user" in seconds.
timed() {
    local TIMEFORMAT='%R %U'
    { time "${pin[@]}" "$1" "$corpus" >"$2"; } 2>&1
}

best() { sort -g | head -n 1; }

: >"$out/ref.times"
: >"$out/ours.times"
for _ in $(seq "$rounds"); do
    timed "$ref_bin" "$out/ref.csv" >>"$out/ref.times"
    timed "$ours_bin" "$out/ours.csv" >>"$out/ours.times"
done

if ! cmp -s "$out/ref.csv" "$out/ours.csv"; then
    echo "naive_vs_ref: the outputs differ:" >&2
    diff "$out/ref.csv" "$out/ours.csv" | head -n 10 >&2
    exit 1
fi

ref_wall=$(cut -d' ' -f1 "$out/ref.times" | best)
ref_user=$(cut -d' ' -f2 "$out/ref.times" | best)
ours_wall=$(cut -d' ' -f1 "$out/ours.times" | best)
ours_user=$(cut -d' ' -f2 "$out/ours.times" | best)
nodes=$(awk -F, 'NR > 1 { s += $4 } END { print s }' "$out/ours.csv")
puzzles=$(($(wc -l <"$out/ours.csv") - 1))

echo "corpus:    $corpus ($puzzles puzzles, $nodes nodes, outputs identical)"
echo "best of $rounds rounds, whole process, one thread${pin:+ (${pin[*]})}:"
awk -v rw="$ref_wall" -v ru="$ref_user" -v ow="$ours_wall" -v ou="$ours_user" -v n="$nodes" '
BEGIN {
    printf "naive_ref:  wall %7.3f s  user %7.3f s  %6.1f M nodes/s (user)\n", rw, ru, n / ru / 1e6
    printf "naive_file: wall %7.3f s  user %7.3f s  %6.1f M nodes/s (user)\n", ow, ou, n / ou / 1e6
    printf "ratio naive_ref / naive_file: wall %.2fx  user %.2fx\n", rw / ow, ru / ou
}'

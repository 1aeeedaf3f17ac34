#!/usr/bin/env bash
# The runner's own cost, whole process, as eight figures (medians over interleaved rounds):
#
#   overhead  17-clue set (49,158 puzzles), norvig, -j 2: the run's wall time (the
#             sidecar's `seconds`) x 2 over the sum of the solve times in its CSV. 1.00
#             would be a runner that costs nothing beside the solves; what is above it is
#             reading, checking, timing, summing, writing and waiting, on every thread.
#             A lower bound: work of the runner's own threads done while a worker is in a
#             solve is counted in that solve's time too.
#   solo      the same -j 2 run's wall time x 2 over the solve times of a -j 1 run of the
#             same set (round by round): there the solving thread has a core to itself
#             (the reading and writing threads run on the other), so nothing the runner
#             does hides in its solve times. It holds the machine's own cost of a second
#             core as well (see ceiling).
#   speed-up  top1465, norvig: the -j 1 run's wall time over the -j 2 run's.
#   ceiling   what the machine allows a second thread: two independent -j 1 runs (the
#             first 20,000 17-clue puzzles) at once, against one alone; 2 x (sum of solve
#             times alone) / (mean sum at once). On a machine whose two cores slow each
#             other (a VM whose vCPUs share a host core, a shared cache), no runner
#             reaches a speed-up above it.
#   share     speed-up / ceiling, round by round: the part of what the machine allows a
#             second thread that the runner's -j 2 reaches on top1465. The starts and
#             ends of its short runs weigh on it, which the ceiling's long runs do not
#             have: a bare loop's speed-up (bare) reads below the ceiling too.
#   floor     the overhead's measure taken of a bare loop (`examples/bare_loop.rs`): the
#             same puzzles solved on 2 threads, each solve timed, nothing read, checked or
#             written in the timed part. What the overhead reads above it is the runner's.
#   walls     the overhead's run's wall time over the bare loop's, round by round: the
#             runner's cost in a measure that does not depend on how a solve is timed, so
#             that builds whose stopwatches differ compare (the bare loop's solve times are
#             its plain wall times; the runner's are trusted ones, timed again when
#             disturbed, as the book's "Timing you can trust" tells).
#   bare      the speed-up's measure taken of the bare loop: its wall time on top1465 at
#             1 thread over its wall time at 2, next to the runner's runs (before them in
#             one round, after them in the next). A loop that only solves gets this much
#             from a second thread on this machine. The speed-up less bare, round by
#             round (its median is printed, and how many rounds read below 0), is what
#             the runner's own work costs the speed-up, or adds to it: its -j 1 run
#             carries that work on its one worker.
#
# Each timed run comes right after an untimed one of the same command (a warm-up).
#
# Usage: benches/runner_overhead.sh [--speed-up] [ROUNDS] [BINARY]
#   --speed-up  only the speed-up, bare and the speed-up less bare (about a second a
#               round, where a whole round takes several): enough rounds to tell the
#               runner's speed-up from the bare loop's (100 tell a few hundredths)
#   ROUNDS      default 10
#   BINARY      default: `cargo build --release` at the root, then target/release/sudoku-lab
# Before each run it waits (up to ten seconds) for the machine to be idle, as a shared
# machine is noisy: figures measured in one sitting compare, not figures of two days.
# Needs ../shared/corpora beside the checkout, and python3 (to sum the CSV column).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
only_speedup=false
if [[ "${1:-}" == --speed-up ]]; then
    only_speedup=true
    shift
fi
rounds="${1:-10}"
bin="${2:-}"
corpora="$root/../shared/corpora"
clue17="$corpora/puzzles2_17_clue"
top1465="$corpora/puzzles3_magictour_top1465"
for f in "$clue17" "$top1465"; do
    if [[ ! -f "$f" ]]; then
        echo "runner_overhead: $f is missing (see the README: ../shared)" >&2
        exit 1
    fi
done
if [[ -z "$bin" ]]; then
    (cd "$root" && cargo build --quiet --release)
    bin="${CARGO_TARGET_DIR:-$root/target}/release/sudoku-lab"
fi
(cd "$root" && cargo build --quiet --release --example bare_loop)
bare_loop="${CARGO_TARGET_DIR:-$root/target}/release/examples/bare_loop"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Waits until the machine is at least 97% idle over half a second (Linux), up to 10 s.
quiet() {
    [[ -r /proc/stat ]] || return 0
    local _ a b c d e f g h t1 i1 t2 i2
    for _ in $(seq 20); do
        read -r _ a b c d e f g h _ </proc/stat; t1=$((a + b + c + d + e + f + g + h)); i1=$d
        sleep 0.5
        read -r _ a b c d e f g h _ </proc/stat; t2=$((a + b + c + d + e + f + g + h)); i2=$d
        (( (i2 - i1) * 100 / (t2 - t1 + 1) >= 97 )) && return 0
    done
    # Never idle (a shared machine under load): measure all the same.
    return 0
}

# once NAME THREADS CORPUS [OPTION...]: one norvig run, its files as $out/NAME.*; its
# messages are shown only when it fails.
once() {
    local name="$1" threads="$2" corpus="$3"
    shift 3
    "$bin" bench -q -j "$threads" -s norvig "$@" "$corpus" -o "$out/$name.csv" \
        >/dev/null 2>"$out/$name.err" || { cat "$out/$name.err" >&2; exit 1; }
}

# bench NAME THREADS CORPUS [OPTION...]: the run once untimed, then timed (a first run
# after an idle moment starts on cold caches and a sleeping core, which weighs most on
# the shortest runs).
bench() {
    once "$@"
    once "$@"
}

# The run's wall seconds (its sidecar), and the sum of its solve times in seconds (its CSV).
seconds() { sed -n 's/^seconds = //p' "$out/$1.run.toml"; }
solved() {
    python3 - "$out/$1.csv" <<'PY'
import csv, sys
print(sum(int(r["nanoseconds"]) for r in csv.DictReader(open(sys.argv[1]))) / 1e9)
PY
}

# calc EXPRESSION with a, b, c: awk's arithmetic.
calc() { awk -v a="$2" -v b="${3:-0}" -v c="${4:-0}" "BEGIN {print $1}"; }

# bare_wall THREADS: the bare loop's wall seconds on top1465.
bare_wall() { "$bare_loop" "$top1465" "$1" | awk '{print $4}'; }

# The speed-ups on top1465, each of its runs after an untimed one: the runner's, the bare
# loop's.
runner_speedup() {
    bench t1 1 "$top1465"
    bench t2 2 "$top1465"
    speedup+=("$(calc 'a / b' "$(seconds t1)" "$(seconds t2)")")
}
bare_speedup() {
    local one
    bare_wall 1 >/dev/null
    one="$(bare_wall 1)"
    bare_wall 2 >/dev/null
    bare+=("$(calc 'a / b' "$one" "$(bare_wall 2)")")
}

# The ceiling's runs: long enough that one timing is not one burst of noise.
ceiling_puzzles=20000
overhead=() solo=() speedup=() ceiling=() share=() floor=() walls=() bare=() gain=()

# One round's figures, each pushed onto its list.
overhead_and_solo() {
    quiet; bench c17 2 "$clue17"
    overhead+=("$(calc '2 * a / b' "$(seconds c17)" "$(solved c17)")")
    bare_floor
    quiet; bench c17one 1 "$clue17"
    solo+=("$(calc '2 * a / b' "$(seconds c17)" "$(solved c17one)")")
}
# The runner's top1465 runs and the bare loop's, one after the other, the first of them in
# turn (round $1): a run's place in the round may favour it.
speedup_and_bare() {
    quiet
    if (($1 % 2)); then runner_speedup; bare_speedup; else bare_speedup; runner_speedup; fi
    gain+=("$(calc 'a - b' "${speedup[-1]}" "${bare[-1]}")")
}
ceiling_and_share() {
    quiet; bench alone 1 "$clue17" -n "$ceiling_puzzles"
    once a 1 "$clue17" -n "$ceiling_puzzles" & other=$!
    once b 1 "$clue17" -n "$ceiling_puzzles"; wait "$other"
    ceiling+=("$(calc '4 * a / (b + c)' "$(solved alone)" "$(solved a)" "$(solved b)")")
    share+=("$(calc 'a / b' "${speedup[-1]}" "${ceiling[-1]}")")
}
# Right after the overhead's run, for walls: two moments apart, on a noisy machine.
bare_floor() {
    local line
    "$bare_loop" "$clue17" 2 >/dev/null
    line="$("$bare_loop" "$clue17" 2)"
    floor+=("$(awk '{print $NF}' <<<"$line")")
    walls+=("$(calc 'a / b' "$(seconds c17)" "$(awk '{print $4}' <<<"$line")")")
}

for round in $(seq "$rounds"); do
    if $only_speedup; then
        speedup_and_bare "$round"
        printf 'round %d: speed-up %.3f  bare %.3f  less bare %+.3f\n' \
            "$round" "${speedup[-1]}" "${bare[-1]}" "${gain[-1]}"
        continue
    fi
    overhead_and_solo
    speedup_and_bare "$round"
    ceiling_and_share
    printf 'round %d: overhead %.3f  solo %.3f  speed-up %.3f  ceiling %.3f  share %.3f  floor %.3f  walls %.3f  bare %.3f\n' \
        "$round" "${overhead[-1]}" "${solo[-1]}" "${speedup[-1]}" "${ceiling[-1]}" "${share[-1]}" \
        "${floor[-1]}" "${walls[-1]}" "${bare[-1]}"
done

# The median of the values, then their range.
median() {
    printf '%s\n' "$@" | sort -g |
        awk '{v[NR] = $1} END {printf "%.3f (%.3f-%.3f)", v[int((NR + 1) / 2)], v[1], v[NR]}'
}
printf '\nmedians (and ranges) over %d rounds (%s)\n' "$rounds" "$bin"
if ! $only_speedup; then
    printf '  overhead, 17-clue -j 2 (wall x 2 / solve times): %s\n' "$(median "${overhead[@]}")"
    printf '  solo, the same over the solve times of -j 1:     %s\n' "$(median "${solo[@]}")"
fi
printf '  speed-up, top1465 -j 1 / -j 2 wall:              %s\n' "$(median "${speedup[@]}")"
if ! $only_speedup; then
    printf '  ceiling, 2 x solve times alone / at once:        %s\n' "$(median "${ceiling[@]}")"
    printf '  share, speed-up / ceiling:                       %s\n' "$(median "${share[@]}")"
    printf '  floor, a bare loop timed as the overhead:        %s\n' "$(median "${floor[@]}")"
    printf '  walls, the overhead run / the bare loop (wall):  %s\n' "$(median "${walls[@]}")"
fi
printf '  bare, a bare loop timed as the speed-up:         %s\n' "$(median "${bare[@]}")"
printf '  speed-up less bare, round by round:              %s\n' "$(median "${gain[@]}")"
lower=0
for g in "${gain[@]}"; do
    if awk -v g="$g" 'BEGIN {exit !(g < 0)}'; then lower=$((lower + 1)); fi
done
printf '  rounds where the runner read below bare:         %d of %d\n' "$lower" "$rounds"

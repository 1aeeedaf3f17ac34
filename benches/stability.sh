#!/usr/bin/env bash
# Whether the same comparison, run again, tells the same story: `sudoku-lab bench` run RUNS
# times in a row, then, for every (corpus, solver) group of 100 puzzles or more, the ratio
# of its central time to norvig's on the same corpus, run by run; the spread of a group is
# the largest of those ratios over the smallest (1.00: every run ranked it alike). Printed:
# the worst spread and the median one over the groups, for the mean of the `nanoseconds`
# column (the figure the issue of timing you can trust set its targets on) and for its
# median, and the five worst groups.
#
# Usage: benches/stability.sh RUNS BINARY [BENCH ARGUMENT...]
#        benches/stability.sh RUNS --floor
#   RUNS     how many runs (5 for the default run, 3 with --repeat 5)
#   BINARY   a sudoku-lab binary (another commit's, to compare: build it into /tmp)
#   the rest is given to `BINARY bench` as it is (default: the default run), with `-q` and
#   an `-o` of its own.
#   --floor  instead of the runner, `examples/noise_floor.rs` on the default run's corpora:
#            the same solvers and puzzles timed by a loop that only solves. Its spreads
#            are what this machine gives any harness; the runner's, read above them, its own.
# Run it from the repository root (the default run reads data/). Needs python3. The runs'
# CSVs are kept in a folder it names, for `sudoku-lab compare`.
set -euo pipefail

if (($# < 2)); then
    sed -n '2,/^set/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
fi
runs="$1"
bin="$2"
shift 2
out="$(mktemp -d /tmp/stability.XXXXXX)"
if [[ "$bin" == --floor ]]; then
    cargo build --quiet --release --example noise_floor
    floor="${CARGO_TARGET_DIR:-target}/release/examples/noise_floor"
fi
for i in $(seq "$runs"); do
    if [[ -n "${floor:-}" ]]; then
        "$floor" data/bench/*.txt >"$out/run$i.csv"
        echo "run $i of $runs (floor)" >&2
        continue
    fi
    "$bin" bench -q "$@" -o "$out/run$i.csv" >/dev/null 2>"$out/run$i.err" ||
        { cat "$out/run$i.err" >&2; exit 1; }
    echo "run $i of $runs: $(sed -n 's/^seconds = //p' "$out/run$i.run.toml") s" >&2
done

python3 - "$out" "$runs" <<'PY'
import csv, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
# The rows with a solve time, as every figure of the runner takes them.
ANSWERED = {"solved", "no_solution", "budget_exhausted", "wrong"}

def figures(path):
    times = {}
    for r in csv.DictReader(open(path)):
        if r["status"] in ANSWERED:
            times.setdefault((r["corpus"], r["solver"]), []).append(int(r["nanoseconds"]))
    def lower_median(ts):
        ts = sorted(ts)
        return ts[(len(ts) + 1) // 2 - 1]
    return {k: (statistics.fmean(ts), lower_median(ts), len(ts)) for k, ts in times.items()}

per_run = [figures(f"{out}/run{i}.csv") for i in range(1, runs + 1)]
groups = [k for k, (_, _, n) in per_run[0].items() if n >= 100 and k[1] != "norvig"]
for which, name in [(0, "mean"), (1, "median")]:
    spreads = []
    for corpus, solver in groups:
        ratios = []
        for run in per_run:
            mine, norvig = run.get((corpus, solver)), run.get((corpus, "norvig"))
            if mine and norvig and norvig[which] > 0:
                ratios.append(mine[which] / norvig[which])
        if len(ratios) == runs and min(ratios) > 0:
            spreads.append((max(ratios) / min(ratios), corpus.rsplit("/", 1)[-1], solver))
    if not spreads:
        print("no group of 100 puzzles or more beside norvig's")
        sys.exit(0)
    spreads.sort(reverse=True)
    middle = statistics.median(s for s, _, _ in spreads)
    print(f"{name}: worst spread {spreads[0][0]:.3f} ({spreads[0][1]} {spreads[0][2]}), "
          f"median {middle:.3f}, over {len(spreads)} groups of {runs} runs")
    for s, corpus, solver in spreads[:5]:
        print(f"    {s:.3f}  {corpus} {solver}")
print(f"the runs' CSVs: {out}")
PY

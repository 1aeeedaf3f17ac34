#!/usr/bin/env bash
# Seeds the corpora of the fuzz targets that read what the runner writes: results_csv
# (a run's CSV), sidecar (its X.run.toml) and summary (the CSV, a NUL, then the sidecar),
# from a few small runs of the sudoku-lab binary SUDOKU_LAB_BIN: a plain run, a run under
# --permute (the `original` column) with a budget that runs out and a limit of 2, and the
# merge of two shards (`merged_from`), over a corpus of a named 9x9 puzzle, a 4x4 one and
# a malformed line. Writes fuzz/corpus/{results_csv,sidecar,summary}/NAME; run it again
# after the runner's files change.
set -euo pipefail
cd "$(dirname "$0")"
bin=${SUDOKU_LAB_BIN:?set SUDOKU_LAB_BIN to a sudoku-lab binary (cargo build --release)}
bin=$(realpath "$bin")
out=$PWD/corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

cat >c.txt <<'EOF'
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... top1
.34....1...3.2.4 four
not a puzzle
EOF
"$bin" bench -q c.txt -s dlx,norvig -o plain.csv >/dev/null 2>&1
"$bin" bench -q c.txt -s naive,logic -l 2 --max-nodes 50 --permute 7 -o permuted.csv >/dev/null 2>&1
"$bin" bench -q c.txt -s dlx --shard 1/2 -o s1.csv >/dev/null 2>&1
"$bin" bench -q c.txt -s dlx --shard 2/2 -o s2.csv >/dev/null 2>&1
"$bin" merge -q s1.csv s2.csv -o merged.csv >/dev/null 2>&1

mkdir -p "$out/results_csv" "$out/sidecar" "$out/summary"
for run in plain permuted merged; do
  cp "$run.csv" "$out/results_csv/$run"
  cp "$run.run.toml" "$out/sidecar/$run"
  { cat "$run.csv"; printf '\0'; cat "$run.run.toml"; } >"$out/summary/$run"
done
echo "seeded $out/{results_csv,sidecar,summary} from $bin"

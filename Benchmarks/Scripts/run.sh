#!/usr/bin/env bash
# The full benchmark run behind the README's performance table and Benchmarks/fanout.svg.
#
#   bash Benchmarks/Scripts/run.sh [OUTPUT.txt]
#
# Saves the tool's text output (default Benchmarks/Results/latest.txt), prints the table of
# medians and same-run ratios (also saved next to it as .md; the Way and Swidux targets' tables
# as -way.md and -swidux.md), and redraws Benchmarks/fanout.svg from the same run. Takes about 3 minutes after the first build; run it on an otherwise idle
# machine.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
package=$(dirname "$here")
output=${1:-$package/Results/latest.txt}
mkdir -p "$(dirname "$output")"

swift package --package-path "$package" benchmark --no-progress 2>&1 | tee "$output"
python3 "$here/report.py" "$output" | tee "${output%.txt}.md"
python3 "$here/report_way.py" "$output" | tee "${output%.txt}-way.md"
python3 "$here/swidux_report.py" "$output" | tee "${output%.txt}-swidux.md"
python3 "$here/plot_fanout.py" "$output" "$package/fanout.svg"
echo "Wrote ${output%.txt}.md, ${output%.txt}-way.md, ${output%.txt}-swidux.md and $package/fanout.svg"

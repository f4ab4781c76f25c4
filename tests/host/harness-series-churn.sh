#!/bin/bash
# series-churn.py on tiny series: it finds churn and a move split over two
# patches, and lets a reorder within one file pass; it wants a cover letter
# whose [PATCH 0/m] counts the group.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

tree=$scratch/tree
mkdir -p "$tree"
printf '%s\n' 'int main(void)' '{' '	return write_the_tracing_file("trace");' '}' >"$tree/a.c"

# series PATCH...: a series of the patches given as NAME=TEXT
series() {
	local dir=$scratch/$1 n=0 p
	shift
	mkdir -p "$dir"
	: >"$dir/series"
	for p in "$@"; do
		n=$((n + 1))
		printf 'Subject: [PATCH %d/%d] %s\n\n' "$n" $# "${p%%=*}" >"$dir/00$n-${p%%=*}.patch"
		printf '%s\n' "${p#*=}" >>"$dir/00$n-${p%%=*}.patch"
		echo "00$n-${p%%=*}.patch" >>"$dir/series"
	done
	printf 'Subject: [PATCH 0/%d] the series\n\nWhat it does.\n' $# >"$dir/0000-cover-letter.txt"
}
# check DESCRIPTION DIR STATUS PATTERN: the exit status and a line it prints
check() {
	local out status
	out=$("$here/scripts/series-churn.py" "$tree" "$scratch/$2" 2>&1)
	status=$?
	if [ $status -eq "$3" ] && grep -q -- "$4" <<<"$out"; then
		echo "ok - series-churn: $1"
	else
		sed 's/^/# /' <<<"$out"
		echo "not ok - series-churn: $1 (exit $status)"
	fi
}

add_b='--- /dev/null
+++ b/b.c
@@ -0,0 +1,2 @@
+/* the helper */
+	return write_the_tracing_file("trace");'
drop_a='--- a/a.c
+++ b/a.c
@@ -1,4 +1,4 @@
 int main(void)
 {
-	return write_the_tracing_file("trace");
+	return helper();
 }'
series split "copy=$add_b" "move=$drop_a"
check "a move split over two patches is a copy" split 1 "copy: 002-move.patch: removes 1 line that 001-copy.patch (1)"

both="$add_b
$drop_a"
series whole "move=$both"
check "a move in one patch is clean" whole 0 "churn: 0 lines unexplained; copies: 0 lines"

grow='--- a/a.c
+++ b/a.c
@@ -1,4 +1,5 @@
 int main(void)
 {
+	int ret_of_the_session = 0;
 	return write_the_tracing_file("trace");
 }'
undo='--- a/a.c
+++ b/a.c
@@ -1,5 +1,4 @@
 int main(void)
 {
-	int ret_of_the_session = 0;
 	return write_the_tracing_file("trace");
 }'
series churn "grow=$grow" "undo=$undo"
check "a line removed by a later patch is churn" churn 1 "churn: 002-undo.patch: 1 line added by 001-grow.patch"

reorder='--- a/a.c
+++ b/a.c
@@ -1,5 +1,5 @@
+	int ret_of_the_session = 0;
 int main(void)
 {
-	int ret_of_the_session = 0;
 	return write_the_tracing_file("trace");
 }'
series reorder "grow=$grow" "reorder=$reorder"
check "a line moved within its file is not churn" reorder 0 "0 lines within the series, .* 1 moved unchanged"

series nocover "grow=$grow"
rm "$scratch/nocover/0000-cover-letter.txt"
check "a group without a cover letter fails" nocover 1 "numbering: 00nn: no cover letter 0000-cover-letter.txt"

series miscount "grow=$grow"
sed -i 's|0/1|0/2|' "$scratch/miscount/0000-cover-letter.txt"
check "a cover letter that miscounts its group fails" miscount 1 "0000-cover-letter.txt: \\[PATCH 0/2\\], expected \\[PATCH 0/1\\]"

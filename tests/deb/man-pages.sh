#!/bin/sh
# The package's man pages: its perf-ftrace page (man -l) names every
# subcommand that 'perf ftrace -h' lists; 'perf ftrace --help' opens that
# page, and perf report, script and record --help theirs, as they would
# once installed: perf asks man for the pages under /usr/share/man, so the
# package's man pages are mounted there, in a mount namespace of the test
# (the machine's own are not touched), and perf runs as a user without
# root.
. "$(dirname "$0")/deb.inc"

page=$OURS/usr/share/man/man1/perf-ftrace.1.gz
export MANPAGER=cat MANWIDTH=80
perf_of "$OURS" ftrace -h 2>&1 | sed -n 's/^ *or: perf ftrace \([a-z]\+\) .*/\1/p' | sort -u >subcommands.txt
man -l "$page" >page.txt 2>man.err
missing=
for sub in $(cat subcommands.txt); do
	grep -q "perf ftrace $sub\b" page.txt || missing="$missing $sub"
done
expect_else "man -l perf-ftrace.1.gz names every subcommand ($(paste -sd" " subcommands.txt))" \
	'[ -s subcommands.txt ] && [ -z "$missing" ]' 'echo "missing:$missing"; head -3 man.err'

# help CMD: 'perf CMD --help' as a user without root, with the package's
# man pages where perf looks for them
help() {
	unshare --mount --propagation private sh -c '
		mount --bind "$1/usr/share/man" /usr/share/man &&
		exec runuser -u nobody -- env PERF_EXEC_PATH="$1/usr/lib/perf-core" \
			MANPAGER=cat MANWIDTH=80 "$1/usr/bin/perf" "$2" --help' sh "$OURS" "$1"
}
help ftrace >ftrace-help.txt 2>ftrace-help.err
expect_else "perf ftrace --help opens the package's page" \
	'head -1 ftrace-help.txt | grep -q "^PERF-FTRACE(1)" && grep -q "perf ftrace show" ftrace-help.txt' \
	'head -3 ftrace-help.txt ftrace-help.err'
for cmd in report script record; do
	help $cmd >$cmd-help.txt 2>$cmd-help.err
	upper=$(echo "$cmd" | tr a-z A-Z)
	expect_else "perf $cmd --help opens its page" \
		'head -1 $cmd-help.txt | grep -q "^PERF-$upper(1)" && [ $(wc -l <$cmd-help.txt) -gt 50 ]' \
		'head -3 $cmd-help.txt $cmd-help.err'
done

finish

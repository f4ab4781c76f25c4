#!/bin/sh
# What kernels newer than 6.1 changed for a recorder, found by trying, as
# perf ftrace finds it: function_graph in an instance (6.11), sub-buffers
# bigger than a page (buffer_subbuf_size_kb, 6.8).  On a kernel without
# them, what is tested is that perf ftrace still records at the top level
# and 4 KiB pages.
. /tests/guest/lib.sh
. "$(dirname "$0")/ftrace-state.inc"

[ -x "$WORKLOADS/getppid-loop" ] && [ -x "$WORKLOADS/rbcount" ] ||
	{ skip "perf ftrace on newer kernels" "workloads not built"; exit 0; }
begin_tests "perf ftrace on newer kernels"

fn=$(grep -m1 -E '^(__do_sys_getppid|__x64_sys_getppid|sys_getppid)$' $T/available_filter_functions)
entry=$(sed -n 's/^ID: *//p' $T/events/ftrace/funcgraph_entry/format)
count() { "$WORKLOADS/rbcount" "$1" "$2"/trace-cpu*.buf; }

# Can an instance run function_graph?  The kernel lists it there if so.
mkdir $T/instances/probe && grep -qw function_graph $T/instances/probe/available_tracers
graph_instances=$?
rmdir $T/instances/probe

# function_graph in instances: with the graph filters and options as at
# boot, two recordings run side by side and the top level is left alone.
default_state
ftrace_state >state.default
# -T would choose the function tracer, and -G or depth the top level: each
# session traces every function of its own workload.
calls_of() { perf ftrace show -i "$1" 2>/dev/null | grep -cE " $fn\(\)( \{|;)\$"; }
if [ $graph_instances -eq 0 ]; then
	perf ftrace record -t function_graph -o g1 "$WORKLOADS/getppid-loop" 30 2000 \
		>g1.out 2>g1.err &
	a=$!
	perf ftrace record -t function_graph -o g2 "$WORKLOADS/getppid-loop" 50 2000 \
		>g2.out 2>g2.err &
	b=$!
	wait_session $a
	# the top level, but saved_cmdlines_size: sessions raise it for
	# the whole system while they record (ftrace-tasks.sh)
	top_state() { sed -e '/^== instance/,$d' -e '/^==> saved_cmdlines_size <==$/{n;d;}'; }
	ftrace_state | top_state >state.during
	top_state <state.default >state.default.top
	ls $T/instances | diag
	wait $a; sa=$?
	wait $b; sb=$?
	check "two function_graph recordings at once exit 0" test $sa -eq 0 -a $sb -eq 0
	if cmp -s state.default.top state.during; then
		pass "function_graph in an instance leaves the top level alone"
	else
		fail "function_graph in an instance leaves the top level alone"
		diff state.default.top state.during | head -20 | diag
	fi
	n1=$(calls_of g1); n2=$(calls_of g2)
	check "the first has exactly its 30 calls of $fn ($n1)" test "$n1" -eq 30
	check "the second has exactly its 50 calls of $fn ($n2)" test "$n2" -eq 50
	state_check "two function_graph recordings" state.default
else
	perf ftrace record -v -t function_graph -o g1 "$WORKLOADS/getppid-loop" 30 \
		>g1.out 2>g1.err
	check "function_graph, which this kernel runs only at the top level, records" test $? -eq 0
	grep -q "runs only at the top level here" g1.err
	check "perf ftrace says it took the top level" test $? -eq 0
	n1=$(calls_of g1)
	check "the top-level recording has its 30 calls of $fn ($n1)" test "$n1" -eq 30
	state_check "function_graph at the top level" state.default
fi

# Sub-buffers: record with buffer_subbuf_size_kb at 8 and 64 (-G takes the
# top level, whose sub-buffer size is the user's).  An independent decoder
# (rbcount) reads the pages at the size the kernel printed in header_page.
if [ -e $T/buffer_subbuf_size_kb ]; then
	old=$(cat $T/buffer_subbuf_size_kb)
	for kb in 8 64; do
		echo $kb >$T/buffer_subbuf_size_kb
		ftrace_state >state.sub
		perf ftrace record -G "$fn" -T "$fn" --graph-opts depth=1 -o sub$kb \
			"$WORKLOADS/getppid-loop" 500 >sub.out 2>sub.err
		check "record with $kb KiB sub-buffers exits 0" test $? -eq 0
		size=$(($(sed -n 's/.*field: char data;.*offset:\([0-9]*\);.*size:\([0-9]*\);.*/\1 + \2/p' \
			$T/events/header_page)))
		c=$(RB_PAGE_SIZE=$size count "$entry" sub$kb.dir)
		echo "header_page: $size bytes a page; $c" | diag
		case "$c" in events=500\ *bad=0) pass "$kb KiB pages hold the 500 calls";;
		*) fail "$kb KiB pages hold the 500 calls"; diag <sub.err;; esac
		n=$(perf ftrace show -i sub$kb 2>sub.showerr | grep -c " $fn();")
		check "show of $kb KiB pages has the 500 calls ($n)" test "$n" -eq 500 -a ! -s sub.showerr
		state_check "record with $kb KiB sub-buffers" state.sub
	done
	echo "$old" >$T/buffer_subbuf_size_kb
else
	skip "sub-buffers bigger than a page" "no buffer_subbuf_size_kb"
fi

# Return values (6.5, CONFIG_FUNCTION_GRAPH_RETVAL): getppid returns the
# pid of the workload's parent, perf.  show prints it as the kernel's own
# trace does, which is checked on a trace the kernel makes alone.
if grep -q 'field:.* retval;' $T/events/ftrace/funcgraph_exit/format &&
   [ -e $T/options/funcgraph-retval ]; then
	default_state
	perf ftrace record --graph-opts retval,depth=1 -G "$fn" -T "$fn" -o rv \
		"$WORKLOADS/getppid-loop" 50 >rv.out 2>rv.err &
	p=$!
	wait $p
	check "record --graph-opts retval exits 0" test $? -eq 0
	want="$fn(); /* = 0x$(printf %x $p) */"
	n=$(perf ftrace show -i rv 2>/dev/null | grep -cF "$want")
	check "show prints the 50 return values of $fn ($n of '$want')" test "$n" -eq 50
	n=$(perf ftrace show -i rv 2>/dev/null | grep -c "/\* = ")
	check "and no other ($n)" test "$n" -eq 50
	# report groups the calls by funcgraph_exit's retval field, printed
	# as the kernel prints it (0x..., an error code in decimal)
	perf ftrace report -i rv -s retval,sym --weight=count -n --stdio -q >rv.rep 2>&1
	diag <rv.rep
	n=$(awk -v rv="0x$(printf %x $p)" -v fn="$fn" '$3 == rv && $NF == fn { print $2 }' rv.rep)
	check "report -s retval: $fn's 50 calls under their return value ($n)" test "$n" = 50
	# the kernel's own: function_graph at the top level by hand
	echo "$fn" >$T/set_ftrace_filter
	echo "$fn" >$T/set_graph_function
	echo 1 >$T/max_graph_depth
	echo 1 >$T/options/funcgraph-retval
	echo function_graph >$T/current_tracer
	"$WORKLOADS/getppid-loop" 3
	echo 0 >$T/tracing_on
	kline=$(grep -m1 -oF "$fn(); /* = 0x$(printf %x $$) */" $T/trace)
	grep -m1 "$fn" $T/trace | diag
	check "the kernel prints the return value the same way" test -n "$kline"
	echo nop >$T/current_tracer
	echo 0 >$T/options/funcgraph-retval
	default_state
else
	skip "return values" "funcgraph_exit has no retval"
fi
default_state

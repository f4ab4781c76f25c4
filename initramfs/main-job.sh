#!/bin/sh
# The guest's default job for "make run": stream a workload's kernel
# functions, record the whole system around a short workload, and report
# on the recording.  The recording is written to the guest's tmpfs, where
# writing keeps up with the tracer (the 9p share does not, and would lose
# events), and then copied to the shared directory.
set -x
perf ftrace live sleep 1 | head -60
perf ftrace record -a -t function -o /tmp/perf.data -- sleep 1
set +x
echo "# recorded into the guest's tmpfs, copying /tmp/perf.data.dir to the shared directory"
# an older recording becomes perf.data.old.dir, as record does it
rm -rf perf.data.dir.new
if cp -r /tmp/perf.data.dir perf.data.dir.new; then
	if [ -d perf.data.dir ]; then
		rm -rf perf.data.old.dir && mv perf.data.dir perf.data.old.dir
	fi
	mv perf.data.dir.new perf.data.dir
fi
set -x
perf ftrace report -i perf.data | head -40

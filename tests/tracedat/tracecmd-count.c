// SPDX-License-Identifier: GPL-2.0
/*
 * tracecmd-count FILE: open a trace.dat with trace-cmd's own reader
 * (libtracecmd) and print, per CPU, how many events it reads and on how
 * many of them it reports events missed before:
 *   cpu N events E lost L
 * Exits 1 when libtracecmd cannot open the file or read its CPU data.
 */
#include <stdio.h>
#include <trace-cmd.h>

int main(int argc, char **argv)
{
	struct tracecmd_input *handle;
	struct tep_record *rec;
	int cpu, cpus;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	handle = tracecmd_open(argv[1], 0);
	if (!handle) {
		fprintf(stderr, "%s: libtracecmd cannot open it\n", argv[1]);
		return 1;
	}
	cpus = tep_get_cpus(tracecmd_get_tep(handle));
	for (cpu = 0; cpu < cpus; cpu++) {
		unsigned long long events = 0, lost = 0;

		while ((rec = tracecmd_read_data(handle, cpu))) {
			events++;
			lost += rec->missed_events != 0;
			tracecmd_free_record(rec);
		}
		printf("cpu %d events %llu lost %llu\n", cpu, events, lost);
	}
	tracecmd_close(handle);
	return 0;
}

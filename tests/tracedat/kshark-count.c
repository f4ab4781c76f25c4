// SPDX-License-Identifier: GPL-2.0
/*
 * kshark-count FILE: load a trace.dat as KernelShark does (libkshark's
 * kshark_open() and kshark_load_entries(), the entries its graph and
 * table show) and print, per CPU, how many event entries it made and how
 * many missed-events markers:
 *   cpu N events E lost L
 * Exits 1 when libkshark cannot open or load the file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <libkshark.h>

#define MAX_CPUS 4096

int main(int argc, char **argv)
{
	static unsigned long long events[MAX_CPUS], lost[MAX_CPUS];
	struct kshark_context *ctx = NULL;
	struct kshark_entry **rows = NULL;
	ssize_t n, i;
	int sd, cpu, max_cpu = -1;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	if (!kshark_instance(&ctx))
		return 1;
	sd = kshark_open(ctx, argv[1]);
	if (sd < 0) {
		fprintf(stderr, "%s: libkshark cannot open it\n", argv[1]);
		return 1;
	}
	n = kshark_load_entries(ctx, sd, &rows);
	if (n < 0) {
		fprintf(stderr, "%s: libkshark cannot load its entries\n", argv[1]);
		return 1;
	}
	for (i = 0; i < n; i++) {
		cpu = rows[i]->cpu;
		if (cpu < 0 || cpu >= MAX_CPUS) {
			fprintf(stderr, "entry %zd: CPU %d\n", i, cpu);
			return 1;
		}
		if (rows[i]->event_id == KS_EVENT_OVERFLOW)
			lost[cpu]++;
		else
			events[cpu]++;
		if (cpu > max_cpu)
			max_cpu = cpu;
		free(rows[i]);
	}
	free(rows);
	for (cpu = 0; cpu <= max_cpu; cpu++)
		printf("cpu %d events %llu lost %llu\n", cpu, events[cpu], lost[cpu]);
	kshark_close(ctx, sd);
	kshark_free(ctx);
	return 0;
}

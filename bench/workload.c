// SPDX-License-Identifier: GPL-2.0
/*
 * workload N [LOG]: the benchmark's fixed, busy, repeatable work.
 * workload -s SECONDS [LOG]: sleep instead, the system left mostly idle
 * (as under `perf ftrace record -a -- sleep 1`).
 *
 * One process per online CPU, pinned there, sends one byte N times through
 * its own pipe and reads it back: 2N system calls per CPU, every run.
 * Around the work it sums overrun + dropped events over the ring buffers'
 * per_cpu/cpuN/stats, the top level's and every instance's (perf ftrace
 * traces in one of its own), so the loss is counted while the tracer under
 * test is still running (tracers reset these counters when they stop).  With
 * LOG, it appends "<seconds> <events lost> <CPU seconds>" to it, the CPU
 * time (user + system) being its own and its children's: what a recorder
 * that runs it has to leave out of its own.
 *
 * Build: gcc -static -O2 -o workload workload.c
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define TRACEFS "/sys/kernel/tracing"

/* Overrun + dropped events of the ring buffer in tracefs directory DIR. */
static unsigned long long lost_in(const char *dir, int ncpu)
{
	unsigned long long sum = 0, v;
	char path[512], line[128];
	FILE *f;
	int cpu;

	for (cpu = 0; cpu < ncpu; cpu++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", dir, cpu);
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "overrun: %llu", &v) == 1 ||
			    sscanf(line, "dropped events: %llu", &v) == 1)
				sum += v;
		}
		fclose(f);
	}
	return sum;
}

static unsigned long long lost_events(int ncpu)
{
	unsigned long long sum = lost_in(TRACEFS, ncpu);
	char path[512];
	struct dirent *d;
	DIR *dir;

	dir = opendir(TRACEFS "/instances");
	if (!dir)
		return sum;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), TRACEFS "/instances/%s", d->d_name);
		sum += lost_in(path, ncpu);
	}
	closedir(dir);
	return sum;
}

static double tv(struct timeval t)
{
	return t.tv_sec + t.tv_usec / 1e6;
}

/* User + system seconds of this process and of its reaped children. */
static double cpu_seconds(void)
{
	struct rusage self, children;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &children);
	return tv(self.ru_utime) + tv(self.ru_stime) +
	       tv(children.ru_utime) + tv(children.ru_stime);
}

static void work(int cpu, long n)
{
	cpu_set_t set;
	int fd[2];
	char c = 0;
	long i;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || pipe(fd))
		_exit(1);
	for (i = 0; i < n; i++) {
		if (write(fd[1], &c, 1) != 1 || read(fd[0], &c, 1) != 1)
			_exit(1);
	}
	_exit(0);
}

int main(int argc, char **argv)
{
	int cpu, ncpu = sysconf(_SC_NPROCESSORS_ONLN), status, ok = 1;
	int idle = argc > 1 && !strcmp(argv[1], "-s");
	long n;
	unsigned long long lost0, lost1;
	struct timespec t0, t1;
	FILE *log;

	if (idle) {
		argv++;
		argc--;
	}
	n = argc > 1 ? atol(argv[1]) : 10000;
	lost0 = lost_events(ncpu);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (idle) {
		sleep(n);
	} else {
		for (cpu = 0; cpu < ncpu; cpu++) {
			if (fork() == 0)
				work(cpu, n);
		}
	}
	while (wait(&status) > 0)
		ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	lost1 = lost_events(ncpu);

	if (argc > 2) {
		log = fopen(argv[2], "a");
		if (!log)
			return 1;
		fprintf(log, "%.6f %llu %.6f\n", (t1.tv_sec - t0.tv_sec) +
			(t1.tv_nsec - t0.tv_nsec) / 1e9,
			lost1 > lost0 ? lost1 - lost0 : 0, cpu_seconds());
		fclose(log);
	}
	return ok ? 0 : 1;
}

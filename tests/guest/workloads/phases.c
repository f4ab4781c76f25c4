// SPDX-License-Identifier: GPL-2.0
/*
 * phases CPU N M [DIR]: pin to CPU, call getppid() exactly N times, then
 * getpgrp() exactly M times, and exit.  With DIR, a test drives it
 * between the phases: it creates DIR/phase1 after the first, waits for
 * DIR/go to exist, creates DIR/phase2 after the second, then waits for
 * DIR/end.
 *
 * The flight recorder's tests: a saved recording must hold the last
 * events of the buffer, here those of the second phase.  syscall() is
 * used so that libc cannot cache the results.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

static void mark(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	close(open(path, O_WRONLY | O_CREAT, 0644));
}

static void wait_for(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	while (access(path, F_OK) < 0)
		usleep(20 * 1000);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 4 ? argv[4] : NULL;
	long i, n, m;
	cpu_set_t set;

	if (argc < 4) {
		fprintf(stderr, "usage: phases CPU N M [DIR]\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		perror("sched_setaffinity");
		return 1;
	}
	n = atol(argv[2]);
	m = atol(argv[3]);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	if (dir) {
		mark(dir, "phase1");
		wait_for(dir, "go");
	}
	for (i = 0; i < m; i++)
		syscall(SYS_getpgrp);
	if (dir) {
		mark(dir, "phase2");
		wait_for(dir, "end");
	}
	return 0;
}

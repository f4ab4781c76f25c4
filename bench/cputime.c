// SPDX-License-Identifier: GPL-2.0
/*
 * cputime FILE COMMAND [ARG...]: run COMMAND and append to FILE the CPU
 * time (user + system, in seconds) of it and of all its descendants,
 * threads included; exit with COMMAND's status.  Being their subreaper, it
 * also counts the children that COMMAND left for someone else to reap (perf
 * does not wait for its workload).
 *
 * A recorder's own CPU time is this less that of the workload it ran,
 * which the workload logs itself (bench/workload.c).
 *
 * Build: gcc -static -O2 -o cputime cputime.c
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

static double tv(struct timeval t)
{
	return t.tv_sec + t.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	int status = 0, st;
	pid_t pid, p;
	FILE *f;

	if (argc < 3) {
		fprintf(stderr, "usage: cputime FILE COMMAND [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		return 2;
	pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	/* Reap COMMAND and every orphan it left, until none is left. */
	while ((p = wait(&st)) > 0 || errno == EINTR) {
		if (p == pid)
			status = st;
	}
	if (getrusage(RUSAGE_CHILDREN, &ru))
		return 2;

	f = fopen(argv[1], "a");
	if (!f)
		return 2;
	fprintf(f, "%.6f\n", tv(ru.ru_utime) + tv(ru.ru_stime));
	fclose(f);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

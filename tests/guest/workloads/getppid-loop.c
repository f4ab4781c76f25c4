// SPDX-License-Identifier: GPL-2.0
/*
 * getppid-loop N [MS [K]]: wait MS milliseconds, if given and not 0, then
 * call getppid() exactly N times, then getpgrp() exactly K times (none
 * by default), and exit.
 *
 * A workload with a known number of calls to one cheap system call, so
 * that a test can check that a recording has every event; K adds a second
 * system call, a call path that a recording without it does not have.
 * syscall() is used so that libc cannot cache the results.
 *
 * Build: gcc -static -O2 -o getppid-loop getppid-loop.c
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 1000;
	long k = argc > 3 ? atol(argv[3]) : 0;

	if (argc > 2 && atol(argv[2]) > 0)
		usleep(atol(argv[2]) * 1000);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	for (i = 0; i < k; i++)
		syscall(SYS_getpgrp);
	return 0;
}

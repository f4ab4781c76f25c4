// SPDX-License-Identifier: GPL-2.0
/*
 * getppid-loop N [MS]: wait MS milliseconds, if given, then call getppid()
 * exactly N times and exit.
 *
 * A workload with a known number of calls to one cheap system call, so
 * that a test can check that a recording has every event.  syscall() is
 * used so that libc cannot cache the result.
 *
 * Build: gcc -static -O2 -o getppid-loop getppid-loop.c
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 1000;

	if (argc > 2)
		usleep(atol(argv[2]) * 1000);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}

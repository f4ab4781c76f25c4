// SPDX-License-Identifier: GPL-2.0
/*
 * hold-lock PATH READY SECONDS: take a shared flock(2) on PATH (a file or a
 * directory), create the file READY, then hold the lock for SECONDS.
 *
 * Stands for a perf ftrace session that holds its tracefs instance from
 * somewhere its pid does not reach (another pid namespace); busybox has
 * no flock applet.
 *
 * Build: gcc -static -O2 -o hold-lock hold-lock.c
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/file.h>

int main(int argc, char **argv)
{
	int fd, ready;

	if (argc != 4) {
		fprintf(stderr, "usage: hold-lock PATH READY SECONDS\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || flock(fd, LOCK_SH) < 0) {
		perror(argv[1]);
		return 1;
	}
	ready = open(argv[2], O_WRONLY | O_CREAT, 0644);
	if (ready < 0) {
		perror(argv[2]);
		return 1;
	}
	close(ready);
	sleep(atoi(argv[3]));
	return 0;
}

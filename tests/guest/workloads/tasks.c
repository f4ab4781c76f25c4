// SPDX-License-Identifier: GPL-2.0
/*
 * tasks forks N [PARALLEL]: fork N short-lived processes, PARALLEL (1 by
 * default) at a time; each names itself f<i> and calls getppid() once.
 * tasks threads N: one process of N threads besides its main thread;
 * each thread names itself th<i> and calls getppid() ten times.
 *
 * Every task prints "tid tgid name" before it ends, as the kernel knows
 * it (gettid(), getpid()), so that a test can judge a recording by it.
 *
 * Build: gcc -static -O2 -o tasks tasks.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void task(const char *name, int calls)
{
	int i;

	prctl(PR_SET_NAME, name, 0, 0, 0);
	for (i = 0; i < calls; i++)
		syscall(SYS_getppid);
	pthread_mutex_lock(&out_lock);
	printf("%ld %d %s\n", (long)syscall(SYS_gettid), getpid(), name);
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

static void *thread(void *arg)
{
	char name[24];

	snprintf(name, sizeof(name), "th%ld", (long)arg);
	task(name, 10);
	return NULL;
}

int main(int argc, char **argv)
{
	long i, n = argc > 2 ? atol(argv[2]) : 10;
	long parallel = argc > 3 ? atol(argv[3]) : 1, running = 0;
	pthread_t *threads;
	char name[24];

	if (argc < 2 || (strcmp(argv[1], "forks") && strcmp(argv[1], "threads"))) {
		fprintf(stderr, "usage: tasks forks N [PARALLEL] | tasks threads N\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	if (!strcmp(argv[1], "threads")) {
		threads = calloc(n, sizeof(*threads));
		for (i = 0; threads && i < n; i++)
			pthread_create(&threads[i], NULL, thread, (void *)i);
		for (i = 0; threads && i < n; i++)
			pthread_join(threads[i], NULL);
		task("th-main", 10);
		return threads ? 0 : 1;
	}
	for (i = 0; i < n; i++) {
		if (running == parallel) {
			wait(NULL);
			running--;
		}
		fflush(stdout);
		switch (fork()) {
		case -1:
			perror("fork");
			return 1;
		case 0:
			snprintf(name, sizeof(name), "f%ld", i);
			task(name, 1);
			_exit(0);
		default:
			running++;
		}
	}
	while (wait(NULL) > 0)
		;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * rbcount ID FILE...: count the events of type ID in raw ftrace ring
 * buffer pages (trace_pipe_raw / trace-cpuN.buf files).  The pages are
 * 4096 bytes, or RB_PAGE_SIZE bytes (sub-buffers, buffer_subbuf_size_kb).
 *
 * Prints "events=<ID events> total=<all data events> pages=<pages>
 * missed=<pages that lost events> bad=<pages that did not decode>".
 *
 * A sub-buffer page (kernel/trace/ring_buffer.c, struct buffer_data_page):
 *   u64 time_stamp; local_t commit; data[]
 * The low bits of commit are the data size; bit 31 says events were lost
 * before this page, bit 30 that their number is stored after the data.
 * Each event starts with a u32: type_len (5 bits), time_delta (27 bits).
 *   type_len 0:     array[0] = length (including itself), data follows
 *   type_len 1-28:  data of type_len * 4 bytes follows
 *   type_len 29:    padding, array[0] = length; time_delta 0 = end of page
 *   type_len 30/31: time extend / absolute time stamp, 8 bytes in all
 * Data starts with struct trace_entry, whose first u16 is the event id.
 *
 * Build: gcc -static -O2 -o rbcount rbcount.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <fcntl.h>

#define HDR		16
#define MISSED_EVENTS	(1UL << 31)
#define COMMIT_MASK	((1UL << 27) - 1)

static unsigned long events, total, pages, missed, bad;
static size_t page_size = 4096;

static void page_events(const unsigned char *page, unsigned int id)
{
	uint64_t commit;
	size_t size, off = 0;

	memcpy(&commit, page + 8, 8);
	size = commit & COMMIT_MASK;
	if (commit & MISSED_EVENTS)
		missed++;
	if (size > page_size - HDR) {
		bad++;
		return;
	}

	while (off + 4 <= size) {
		const unsigned char *ev = page + HDR + off;
		uint32_t hdr, len;
		unsigned int type_len;
		const unsigned char *data;

		memcpy(&hdr, ev, 4);
		type_len = hdr & 31;

		if (type_len == 29) {
			if (!(hdr >> 5))
				return;
			memcpy(&len, ev + 4, 4);
			off += 4 + len;
			continue;
		}
		if (type_len == 30 || type_len == 31) {
			off += 8;
			continue;
		}
		if (type_len == 0) {
			memcpy(&len, ev + 4, 4);
			if (len < 4) {
				bad++;
				return;
			}
			data = ev + 8;
			off += 4 + len;
		} else {
			data = ev + 4;
			off += 4 + type_len * 4;
		}
		if (off > size) {
			bad++;
			return;
		}
		total++;
		if ((unsigned int)(data[0] | data[1] << 8) == id)
			events++;
	}
}

int main(int argc, char **argv)
{
	unsigned char *page;
	const char *env = getenv("RB_PAGE_SIZE");
	unsigned int id;
	int i, fd;
	ssize_t n;

	if (argc < 3) {
		fprintf(stderr, "usage: rbcount ID FILE...\n");
		return 2;
	}
	id = atoi(argv[1]);
	if (env)
		page_size = strtoul(env, NULL, 0);
	page = malloc(page_size);
	if (page_size <= HDR || !page) {
		fprintf(stderr, "rbcount: bad RB_PAGE_SIZE\n");
		return 2;
	}

	for (i = 2; i < argc; i++) {
		fd = open(argv[i], O_RDONLY);
		if (fd < 0) {
			perror(argv[i]);
			return 1;
		}
		while ((n = read(fd, page, page_size)) > 0) {
			if ((size_t)n != page_size) {
				bad++;
				break;
			}
			pages++;
			page_events(page, id);
		}
		close(fd);
	}
	printf("events=%lu total=%lu pages=%lu missed=%lu bad=%lu\n",
	       events, total, pages, missed, bad);
	return 0;
}

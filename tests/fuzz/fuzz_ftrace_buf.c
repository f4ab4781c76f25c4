// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for tools/perf/util/ftrace-buf.c: the checked decoder of
 * the trace-cpuN.buf files written by 'perf ftrace record'.
 *
 * Input: byte 0 selects the ring buffer layout (bit 0: big endian file,
 * bit 1: 4-byte commit field); the rest is the content of a buffer file.
 * Every event the reader accepts is printed with libtraceevent, like
 * 'perf ftrace show' does, so bad lengths show up as ASan reports.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>

#include "util/ftrace-buf.h"

#define COMMON \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

static const char *formats[] = {
	"name: function\nID: 1\nformat:\n" COMMON
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long parent_ip;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip\n",

	"name: funcgraph_exit\nID: 10\nformat:\n" COMMON
	"\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned int overrun;\toffset:20;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long long calltime;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long long rettime;\toffset:32;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth\n",

	"name: funcgraph_entry\nID: 11\nformat:\n" COMMON
	"\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"--> %ps (%d)\", (void *)REC->func, REC->depth\n",

	"name: print\nID: 5\nformat:\n" COMMON
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:char buf[];\toffset:16;\tsize:0;\tsigned:1;\n\n"
	"print fmt: \"%ps: %s\", (void *)REC->ip, REC->buf\n",

	/* a dynamic string, like many trace events have */
	"name: dyn\nID: 40\nformat:\n" COMMON
	"\tfield:__data_loc char[] name;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int val;\toffset:12;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"name=%s val=%d\", __get_str(name), REC->val\n",
};

static struct tep_handle *teps[4];

static struct tep_handle *make_tep(int big, int long_size)
{
	char header_page[512];
	struct tep_handle *tep = tep_alloc();
	size_t i;

	if (!tep)
		abort();
	tep_set_file_bigendian(tep, big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_set_long_size(tep, long_size);
	tep_set_page_size(tep, 4096);
	snprintf(header_page, sizeof(header_page),
		 "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		 "\tfield: local_t commit;\toffset:8;\tsize:%d;\tsigned:1;\n"
		 "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		 "\tfield: char data;\toffset:%d;\tsize:%d;\tsigned:1;\n",
		 long_size, 8 + long_size, 4096 - 8 - long_size);
	if (tep_parse_header_page(tep, header_page, strlen(header_page),
				  long_size))
		abort();
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (tep_parse_event(tep, formats[i], strlen(formats[i]), "ftrace"))
			abort();
	}
	tep_register_function(tep, (char *)"do_syscall_64",
			      0xffffffff81001000ULL, NULL);
	tep_register_function(tep, (char *)"dummy_xmit",
			      0xffffffffc0001000ULL, (char *)"dummy");
	return tep;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tep_handle *tep;
	struct ftrace_buf b;
	struct ftrace_buf_event *ev;
	struct trace_seq s;
	int mode;

	if (size < 1)
		return 0;
	mode = data[0] & 3;
	if (!teps[mode])
		teps[mode] = make_tep(mode & 1, mode & 2 ? 4 : 8);
	tep = teps[mode];

	if (ftrace_buf__open_mem(&b, tep, 0, "fuzz.buf", data + 1, size - 1)) {
		ftrace_buf__close(&b);
		return 0;
	}
	trace_seq_init(&s);
	while ((ev = ftrace_buf__current(&b)) != NULL) {
		struct ftrace_buf_event *next = ftrace_buf__peek(&b);

		trace_seq_reset(&s);
		/* like 'perf ftrace show': events without a format are skipped */
		if (ev->event) {
			tep_print_event(tep, &s, &ev->rec, "%s %d %u %s",
					TEP_PRINT_COMM, TEP_PRINT_PID,
					TEP_PRINT_TIME, TEP_PRINT_INFO);
			tep_print_fields(&s, ev->rec.data, ev->rec.size,
					 ev->event);
		}
		if (next && next->rec.ts < ev->rec.ts)
			trace_seq_puts(&s, "backwards");
		ftrace_buf__advance(&b);
	}
	trace_seq_destroy(&s);
	ftrace_buf__close(&b);
	return 0;
}

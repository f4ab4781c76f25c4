// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for everything that reads a 'perf ftrace record'
 * directory: perf.header (perf's perf.data header code, every feature
 * section), the tracing data in it (header_page, header_event, the event
 * formats, kallsyms, printk formats, saved cmdlines), the event formats'
 * field offsets and sizes, and the ring-buffer pages decoded with the
 * formats the header gives.  It links the whole patched perf, built with
 * ASan and UBSan (tests/fuzz/build.sh), and runs show, report (with -D,
 * -g and --header-only -I) and every convert format on each input, as a
 * user would.
 *
 * An input is a packed recording (tests/fuzz/recording.py): records of
 * [u8 kind][u32 length, little endian][bytes], kind 0 perf.header,
 * 1 perf.incomplete, 16 + N trace-cpuN.buf.
 *
 * The mutator knows that structure: it rewrites one feature section of
 * perf.header (adds, drops or resizes it and moves the others), one blob or
 * count of the tracing data (keeping every length in front of it right),
 * a field offset or size of an event format, or one buffer page, so that
 * the damage gets past the outer checks to the code behind them.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "util/callchain.h"
#include "util/debug.h"
#include "util/sort.h"
#include "util/symbol_conf.h"
#include "util/util.h"
#include <internal/lib.h>

/* from perf: each command as perf's main() calls it */
int cmd_ftrace(int argc, const char **argv);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

#define KIND_HEADER	0
#define KIND_INCOMPLETE	1
#define KIND_CPU	16
#define MAX_FILES	64

struct file {
	int	 kind;
	size_t	 len;
	uint8_t	*data;		/* owned copy */
};

struct rec {
	int		nr;
	struct file	f[MAX_FILES];
};

static char dir[256];
/* what report's options change, put back after each command */
static struct symbol_conf symbol_conf_init;
static struct callchain_param callchain_param_init;

/* --- the container ---------------------------------------------------- */

static void rec_free(struct rec *r)
{
	int i;

	for (i = 0; i < r->nr; i++)
		free(r->f[i].data);
	r->nr = 0;
}

static int rec_add(struct rec *r, int kind, const uint8_t *p, size_t len)
{
	struct file *f;

	if (r->nr == MAX_FILES)
		return -1;
	f = &r->f[r->nr];
	f->data = malloc(len ? len : 1);
	if (!f->data)
		return -1;
	memcpy(f->data, p, len);
	f->len = len;
	f->kind = kind;
	r->nr++;
	return 0;
}

/* A truncated last record keeps what is there. */
static void rec_unpack(struct rec *r, const uint8_t *p, size_t size)
{
	r->nr = 0;
	while (size >= 5) {
		uint32_t len;

		memcpy(&len, p + 1, 4);
		if (len > size - 5)
			len = size - 5;
		if (rec_add(r, p[0], p + 5, len))
			break;
		p += 5 + len;
		size -= 5 + len;
	}
}

static size_t rec_pack(struct rec *r, uint8_t *out, size_t max)
{
	size_t n = 0;
	int i;

	for (i = 0; i < r->nr; i++) {
		uint32_t len = r->f[i].len;

		if (n + 5 + len > max)
			break;
		out[n] = r->f[i].kind;
		memcpy(out + n + 1, &len, 4);
		memcpy(out + n + 5, r->f[i].data, len);
		n += 5 + len;
	}
	return n;
}

static struct file *rec_find(struct rec *r, int kind)
{
	int i;

	for (i = 0; i < r->nr; i++)
		if (r->f[i].kind == kind)
			return &r->f[i];
	return NULL;
}

/* --- running the decoders --------------------------------------------- */

static void write_file(const char *name, const uint8_t *p, size_t len)
{
	char path[300];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		abort();
	if (len && write(fd, p, len) != (ssize_t)len)
		abort();
	close(fd);
}

static void clear_dir(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -f %s/*", dir);
	if (system(cmd))
		abort();
}

static void run(const char *a, const char *b, const char *c, const char *d)
{
	const char *argv[8] = { "ftrace", a, "-i", dir, b, c, d, NULL };
	int argc = 4;

	while (argc < 7 && argv[argc])
		argc++;
	cmd_ftrace(argc, argv);
	/* report's sort keys, columns and call graph settings */
	reset_output_field();
	symbol_conf.use_callchain = symbol_conf_init.use_callchain;
	symbol_conf.cumulate_callchain = symbol_conf_init.cumulate_callchain;
	callchain_param = callchain_param_init;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");

	(void)argc; (void)argv;
	perf_debug_setup();
	page_size = sysconf(_SC_PAGE_SIZE);
	symbol_conf_init = symbol_conf;
	callchain_param_init = callchain_param;
	/* not on a terminal: no pager, no TUI */
	setenv("PERF_PAGER", "cat", 1);
	snprintf(dir, sizeof(dir), "%s/perf-fuzz-%d.dir",
		 access("/dev/shm", W_OK) ? (tmp ?: "/tmp") : "/dev/shm", getpid());
	mkdir(dir, 0700);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rec r;
	char out[300];
	int i;

	rec_unpack(&r, data, size);
	clear_dir();
	for (i = 0; i < r.nr; i++) {
		struct file *f = &r.f[i];
		char name[32];

		if (f->kind == KIND_HEADER)
			write_file("perf.header", f->data, f->len);
		else if (f->kind == KIND_INCOMPLETE)
			write_file("perf.incomplete", f->data, f->len);
		else if (f->kind >= KIND_CPU) {
			snprintf(name, sizeof(name), "trace-cpu%d.buf", f->kind - KIND_CPU);
			write_file(name, f->data, f->len);
		}
	}
	rec_free(&r);

	snprintf(out, sizeof(out), "%s/out", dir);
	run("show", NULL, NULL, NULL);
	run("report", "--stdio", "-D", NULL);
	run("report", "--stdio", "-g", "--children");
	run("report", "--header-only", "-I", NULL);	/* every feature's print */
	run("convert", "--to-chrome", out, NULL);
	run("convert", "--to-folded", out, NULL);
	run("convert", "--to-trace-dat", out, NULL);
	return 0;
}

/* --- the structure-aware mutator --------------------------------------- */

static unsigned int rnd(unsigned int n)
{
	return n ? (unsigned int)random() % n : 0;
}

static const uint64_t interesting[] = {
	0, 1, 2, 7, 8, 0x7f, 0x80, 0xff, 0x100, 0xfff, 0x1000, 0x7fff, 0x8000,
	0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
	0x100000000ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
	0xffffffffffffffffULL,
};

static uint64_t pick_value(void)
{
	return interesting[rnd(sizeof(interesting) / sizeof(interesting[0]))];
}

/* a byte buffer that grows */
struct buf {
	uint8_t	*p;
	size_t	 len, alloc;
};

static void put(struct buf *b, const void *p, size_t len)
{
	if (b->len + len > b->alloc) {
		b->alloc = (b->len + len) * 2 + 64;
		b->p = realloc(b->p, b->alloc);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->len, p, len);
	b->len += len;
}

/* numbers in a file's byte order */
static uint64_t get_n(const uint8_t *p, int n, int big)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[big ? n - 1 - i : i] << (8 * i);
	return v;
}

static void put_n(struct buf *b, uint64_t v, int n, int big)
{
	uint8_t p[8];
	int i;

	for (i = 0; i < n; i++)
		p[big ? n - 1 - i : i] = v >> (8 * i);
	put(b, p, n);
}

static void set_n(uint8_t *p, uint64_t v, int n, int big)
{
	int i;

	for (i = 0; i < n; i++)
		p[big ? n - 1 - i : i] = v >> (8 * i);
}

/* Mutate a blob in place of its buffer, maybe resizing it. */
static void mutate_blob(uint8_t **p, size_t *len, size_t max_len)
{
	uint8_t *n = malloc(max_len + 1);

	if (!n)
		abort();
	memcpy(n, *p, *len);
	*len = LLVMFuzzerMutate(n, *len, max_len);
	free(*p);
	*p = n;
}

/* Write an interesting number at a random place of a blob. */
static void poke(uint8_t *p, size_t len, int big)
{
	int n = rnd(2) ? 4 : 8;
	size_t at;

	if (len < (size_t)n)
		return;
	at = rnd(len - n + 1);
	if (rnd(2))
		at &= ~(size_t)(n - 1);
	set_n(p + at, pick_value(), n, big);
}

/*
 * perf.header: the file header (104 bytes), attrs and data sections up to
 * the feature table, then one section per bit set in adds_features.
 */
#define PH_SIZE		104
#define PH_FEAT_BITS	256

struct header {
	int	 big;
	size_t	 prefix;		/* everything before the feature table */
	uint8_t	*sec[PH_FEAT_BITS];
	size_t	 sec_len[PH_FEAT_BITS];
	int	 has[PH_FEAT_BITS];
};

static int header_parse(struct header *h, const uint8_t *p, size_t len)
{
	uint64_t off, size, data_end;
	int bit, i = 0;

	memset(h, 0, sizeof(*h));
	if (len < PH_SIZE)
		return -1;
	if (!memcmp(p, "PERFILE2", 8))
		h->big = 0;
	else if (!memcmp(p, "2ELIFREP", 8))
		h->big = 1;
	else
		return -1;
	data_end = get_n(p + 40, 8, h->big) + get_n(p + 48, 8, h->big);
	if (data_end < PH_SIZE || data_end > len)
		return -1;
	h->prefix = data_end;
	for (bit = 0; bit < PH_FEAT_BITS; bit++) {
		const uint8_t *e = p + data_end + 16 * i;

		if (!(get_n(p + 72 + 8 * (bit / 64), 8, h->big) >> (bit % 64) & 1))
			continue;
		if (data_end + 16 * (i + 1) > len)
			return -1;
		off = get_n(e, 8, h->big);
		size = get_n(e + 8, 8, h->big);
		if (off > len || size > len - off)
			return -1;
		h->has[bit] = 1;
		h->sec_len[bit] = size;
		h->sec[bit] = malloc(size + 1);
		memcpy(h->sec[bit], p + off, size);
		i++;
	}
	return 0;
}

static void header_free(struct header *h)
{
	int bit;

	for (bit = 0; bit < PH_FEAT_BITS; bit++)
		free(h->sec[bit]);
}

static void header_write(struct header *h, const uint8_t *prefix, struct buf *b)
{
	uint8_t *hdr;
	uint64_t off;
	int bit, nr = 0;

	put(b, prefix, h->prefix);
	hdr = b->p;
	memset(hdr + 72, 0, 32);
	for (bit = 0; bit < PH_FEAT_BITS; bit++) {
		if (!h->has[bit])
			continue;
		nr++;
		set_n(hdr + 72 + 8 * (bit / 64),
		      get_n(hdr + 72 + 8 * (bit / 64), 8, h->big) | 1ULL << (bit % 64),
		      8, h->big);
	}
	off = h->prefix + 16 * nr;
	for (bit = 0; bit < PH_FEAT_BITS; bit++) {
		if (!h->has[bit])
			continue;
		put_n(b, off, 8, h->big);
		put_n(b, h->sec_len[bit], 8, h->big);
		off += h->sec_len[bit];
	}
	for (bit = 0; bit < PH_FEAT_BITS; bit++)
		if (h->has[bit])
			put(b, h->sec[bit], h->sec_len[bit]);
}

/*
 * The tracing data (feature 1), as trace-event-read.c reads it: a list of
 * pieces, each a fixed part (magic, names, counts) or a blob with its
 * length in front (4 or 8 bytes).  Counts are fixed parts of 4 bytes.
 */
struct piece {
	int	 lenw;		/* 0: fixed bytes; 4 or 8: a blob with its length */
	int	 count;		/* a u32 count of what follows */
	uint8_t	*p;
	size_t	 len;
};

struct tdata {
	int		big;
	int		nr;
	struct piece	pc[4096];
};

static int td_take(struct tdata *t, const uint8_t *p, size_t len, size_t *at,
		   int lenw, size_t fixed, int count)
{
	struct piece *pc;
	uint64_t n = fixed;

	if (t->nr == (int)(sizeof(t->pc) / sizeof(t->pc[0])))
		return -1;
	if (lenw) {
		if (len - *at < (size_t)lenw)
			return -1;
		n = get_n(p + *at, lenw, t->big);
		*at += lenw;
	}
	if (n > len - *at)
		return -1;
	pc = &t->pc[t->nr++];
	pc->lenw = lenw;
	pc->count = count;
	pc->len = n;
	pc->p = malloc(n + 1);
	memcpy(pc->p, p + *at, n);
	*at += n;
	return 0;
}

static void td_free(struct tdata *t)
{
	int i;

	for (i = 0; i < t->nr; i++)
		free(t->pc[i].p);
	t->nr = 0;
}

static int td_parse(struct tdata *t, const uint8_t *p, size_t len)
{
	size_t at = 0, s;
	uint64_t i, j, n, m;

	t->nr = 0;
	if (len < 10 || memcmp(p + 3, "tracing", 7))
		return -1;
	s = strnlen((const char *)p + 10, len - 10);
	if (10 + s + 1 + 2 + 4 > len)
		return -1;
	t->big = p[10 + s + 1];
	/* magic, version, endian, long size, page size */
	if (td_take(t, p, len, &at, 0, 10 + s + 1 + 2 + 4, 0) ||
	    td_take(t, p, len, &at, 0, 12, 0) || td_take(t, p, len, &at, 8, 0, 0) ||
	    td_take(t, p, len, &at, 0, 13, 0) || td_take(t, p, len, &at, 8, 0, 0) ||
	    td_take(t, p, len, &at, 0, 4, 1))
		return -1;
	n = get_n(t->pc[t->nr - 1].p, 4, t->big);
	for (i = 0; i < n; i++)
		if (td_take(t, p, len, &at, 8, 0, 0))
			return -1;
	if (td_take(t, p, len, &at, 0, 4, 1))
		return -1;
	n = get_n(t->pc[t->nr - 1].p, 4, t->big);
	for (i = 0; i < n; i++) {
		s = strnlen((const char *)p + at, len - at);
		if (td_take(t, p, len, &at, 0, s + 1, 0) ||
		    td_take(t, p, len, &at, 0, 4, 1))
			return -1;
		m = get_n(t->pc[t->nr - 1].p, 4, t->big);
		for (j = 0; j < m; j++)
			if (td_take(t, p, len, &at, 8, 0, 0))
				return -1;
	}
	/* kallsyms, printk formats, saved cmdlines, then whatever follows */
	if (td_take(t, p, len, &at, 4, 0, 0) || td_take(t, p, len, &at, 4, 0, 0))
		return -1;
	if (at < len && td_take(t, p, len, &at, 8, 0, 0))
		return -1;
	return td_take(t, p, len, &at, 0, len - at, 0);
}

static void td_write(struct tdata *t, struct buf *b)
{
	int i;

	for (i = 0; i < t->nr; i++) {
		if (t->pc[i].lenw)
			put_n(b, t->pc[i].len, t->pc[i].lenw, t->big);
		put(b, t->pc[i].p, t->pc[i].len);
	}
}

/* Give one "offset:N" or "size:N" (or "ID: N") of a format a new value. */
static int format_number(struct piece *pc)
{
	static const char *const keys[] = { "offset:", "size:", "ID: ", "signed:" };
	const char *key = keys[rnd(4)];
	size_t klen = strlen(key), i, nr = 0, pick, end;
	char num[32];
	struct buf b = { NULL, 0, 0 };

	for (i = 0; i + klen <= pc->len; i++)
		nr += !memcmp(pc->p + i, key, klen);
	if (!nr)
		return -1;
	pick = rnd(nr);
	for (i = 0; i + klen <= pc->len; i++) {
		if (memcmp(pc->p + i, key, klen) || pick--)
			continue;
		i += klen;
		for (end = i; end < pc->len && (pc->p[end] == '-' ||
		     (pc->p[end] >= '0' && pc->p[end] <= '9')); end++)
			;
		switch (rnd(4)) {
		case 0:
			snprintf(num, sizeof(num), "%llu", (unsigned long long)pick_value());
			break;
		case 1:
			snprintf(num, sizeof(num), "%d", -(int)rnd(70000));
			break;
		default:
			snprintf(num, sizeof(num), "%u", rnd(rnd(2) ? 64 : 8192));
			break;
		}
		put(&b, pc->p, i);
		put(&b, num, strlen(num));
		put(&b, pc->p + end, pc->len - end);
		free(pc->p);
		pc->p = b.p;
		pc->len = b.len;
		return 0;
	}
	return -1;
}

static void mutate_tdata(uint8_t **p, size_t *len, size_t max_len)
{
	static struct tdata t;
	struct buf b = { NULL, 0, 0 };
	struct piece *pc;
	int tries;

	if (td_parse(&t, *p, *len)) {
		td_free(&t);
		mutate_blob(p, len, max_len);
		return;
	}
	for (tries = 0; tries < 4; tries++) {
		pc = &t.pc[rnd(t.nr)];
		if (pc->count) {
			set_n(pc->p, rnd(2) ? pick_value() : get_n(pc->p, 4, t.big) + rnd(3) - 1,
			      4, t.big);
			break;
		}
		if (pc->lenw && rnd(2) && !format_number(pc))
			break;
		if (pc->lenw || rnd(4) == 0) {
			mutate_blob(&pc->p, &pc->len, pc->len + 64 + rnd(4096));
			break;
		}
	}
	td_write(&t, &b);
	td_free(&t);
	free(*p);
	*p = b.p;
	*len = b.len;
}

static void mutate_header(struct file *f, size_t max_len)
{
	struct header h;
	struct buf b = { NULL, 0, 0 };
	int bit, tries;

	if (header_parse(&h, f->data, f->len)) {
		header_free(&h);
		mutate_blob(&f->data, &f->len, f->len + 256);
		return;
	}
	switch (rnd(8)) {
	case 0:		/* the file header, attrs and data section */
		if (rnd(2))
			poke(f->data, h.prefix, h.big);
		else
			LLVMFuzzerMutate(f->data, h.prefix, h.prefix);
		break;
	case 1:		/* add or drop a feature */
		bit = rnd(2) ? rnd(32) : rnd(PH_FEAT_BITS);
		if (h.has[bit] && bit != 1) {
			h.has[bit] = 0;
			break;
		}
		if (!h.has[bit]) {
			h.has[bit] = 1;
			h.sec_len[bit] = rnd(64);
			h.sec[bit] = malloc(h.sec_len[bit] + 1);
			for (size_t i = 0; i < h.sec_len[bit]; i++)
				h.sec[bit][i] = rnd(4) ? 0 : rnd(256);
		}
		/* fall through */
	default:	/* change one feature section */
		for (tries = 0; tries < 64; tries++) {
			bit = rnd(4) == 0 ? 1 : rnd(PH_FEAT_BITS);
			if (h.has[bit])
				break;
		}
		if (!h.has[bit])
			break;
		if (bit == 1 && rnd(4))
			mutate_tdata(&h.sec[bit], &h.sec_len[bit], h.sec_len[bit] + 4096);
		else if (rnd(2))
			poke(h.sec[bit], h.sec_len[bit], h.big);
		else
			mutate_blob(&h.sec[bit], &h.sec_len[bit], h.sec_len[bit] + 64);
		break;
	}
	header_write(&h, f->data, &b);
	header_free(&h);
	free(f->data);
	f->data = b.p;
	f->len = b.len;
	(void)max_len;
}

/* One page of a buffer file: its header, an event header, or its bytes. */
static void mutate_buf(struct file *f)
{
	size_t page = 4096, off;

	if (!f->len || rnd(8) == 0) {
		mutate_blob(&f->data, &f->len, f->len + page);
		return;
	}
	off = rnd((f->len + page - 1) / page) * page;
	if (off + page > f->len)
		page = f->len - off;
	switch (rnd(3)) {
	case 0:
		poke(f->data + off, page < 16 ? page : 16, 0);
		break;
	case 1:
		poke(f->data + off, page, 0);
		break;
	default:
		LLVMFuzzerMutate(f->data + off, page, page);
		break;
	}
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	struct rec r;
	struct file *f;
	size_t n;

	srandom(seed);
	rec_unpack(&r, data, size);
	if (!r.nr || rnd(16) == 0) {
		rec_free(&r);
		return LLVMFuzzerMutate(data, size, max_size);
	}
	f = rec_find(&r, KIND_HEADER);
	if (f && rnd(3)) {
		mutate_header(f, max_size);
	} else {
		f = &r.f[rnd(r.nr)];
		if (f->kind >= KIND_CPU)
			mutate_buf(f);
		else if (f->kind == KIND_HEADER)
			mutate_header(f, max_size);
		else
			mutate_blob(&f->data, &f->len, f->len + 16);
	}
	n = rec_pack(&r, data, max_size);
	rec_free(&r);
	return n ? n : LLVMFuzzerMutate(data, size, max_size);
}

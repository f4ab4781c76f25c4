#!/usr/bin/env python3
"""make-mbox.py PATCHES OUTDIR: each posted series as the mbox a maintainer
receives.

One file a group of PATCHES/series (quilt_series.py), OUTDIR/NN00-AREA.mbox,
AREA from its cover letter's Subject ("perf ftrace: ..." gives
perf-ftrace): the cover letter PATCHES/NN00-cover-letter.txt, then the
patches in series order, each in `git format-patch --zero-commit` layout:
the "From 0000... Mon Sep 17 00:00:00 2001" line, the mail headers, the
changelog, "---", the diffstat, the diff and the "-- " signature.  A
single file a series, because that is what a maintainer saves from the
list (and what b4 and lore hand out), and git am takes it whole.

The output depends on PATCHES alone: a patch without a From: takes the
cover letter's, without a Date: that of the mail before it.  The
diffstat is made again from the diff by git (`git apply --stat
--summary`), so that it cannot be stale.  The cover letter gets the
series' shortlog, as format-patch writes it, before its base-* lines.  Older .mbox files in OUTDIR
are removed.  Prints one line an mbox.
"""

import glob
import os
import re
import subprocess
import sys

from quilt_series import cover_letter, groups, mail_subject, read_lines, series_patches

ZERO_FROM = 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001'
SIGNATURE = ['-- ', subprocess.run(['git', '--version'], capture_output=True, text=True,
                                   check=True).stdout.split()[-1], '']


class MboxError(Exception):
    pass


def split_mail(path):
    """(headers, body) of a mail file: header lines (folded ones kept, the
    "From " line dropped) and the lines after the blank one."""
    lines = read_lines(path)
    if lines and lines[0].startswith('From '):
        lines = lines[1:]
    if '' not in lines:
        raise MboxError(f'{path}: no blank line after the mail headers')
    end = lines.index('')
    return lines[:end], lines[end + 1:]


def header(headers, name):
    for line in headers:
        if line.lower().startswith(name.lower() + ':'):
            return line
    return None


def complete(headers, previous):
    """HEADERS in format-patch's order, From: and Date: first, each taken
    from PREVIOUS where HEADERS lack it."""
    first = []
    for name in ('From', 'Date'):
        line = header(headers, name) or (previous and header(previous, name))
        if not line:
            raise MboxError(f'no {name}: to take for {mail_subject(headers)!r}')
        first.append(line)
    return first + [line for line in headers if not line.lower().startswith(('from:', 'date:'))]


def diffstat(diff):
    """git's diffstat of DIFF (lines), as format-patch writes it."""
    stat = subprocess.run(['git', 'apply', '--stat', '--summary'], cwd='/',
                          input='\n'.join(diff) + '\n', capture_output=True,
                          text=True, errors='surrogateescape')
    if stat.returncode:
        raise MboxError(stat.stderr.strip())
    return stat.stdout.rstrip('\n').split('\n')


def patch_mail(path, headers, body):
    """The lines of a patch's mail: changelog, ---, diffstat, diff."""
    if '---' not in body:
        raise MboxError(f'{path}: no "---" line after the changelog')
    cut = body.index('---')
    starts = [i for i, line in enumerate(body) if line.startswith('diff --git ')]
    if not starts or starts[0] < cut:
        raise MboxError(f'{path}: no "diff --git" after the "---" line')
    diff = body[starts[0]:]
    return [ZERO_FROM] + headers + [''] + body[:cut] + ['---'] + diffstat(diff) + [''] + diff


def shortlog(names, patchdir, author):
    """format-patch's shortlog of a cover letter: the author and the subjects."""
    name = re.sub(r'^From:\s*|\s*<.*$', '', author)
    subjects = [re.sub(r'^\[PATCH [^]]*\]\s*', '',
                       mail_subject(read_lines(os.path.join(patchdir, n))) or n)
                for n in names]
    return [f'{name} ({len(names)}):'] + ['  ' + s for s in subjects] + ['']


def area(subject):
    """The file-name part of a cover letter's subject area: perf-ftrace."""
    m = re.match(r'\[PATCH[^]]*\]\s*([^:]+):', subject or '')
    if not m:
        raise MboxError(f'cover letter Subject {subject!r} has no "area:"')
    return re.sub(r'[^a-z0-9]+', '-', m.group(1).lower()).strip('-')


def group_mbox(patchdir, key, names):
    """(mbox file name, its text) of one group."""
    letter = cover_letter(patchdir, key)
    if not os.path.isfile(letter):
        raise MboxError(f'{key}nn: no cover letter {letter}')
    headers, body = split_mail(letter)
    headers = complete(headers, None)
    while body and body[-1] == '':
        body.pop()
    base = len(body)            # format-patch puts its base-commit: last
    while base and body[base - 1].startswith('base-'):
        base -= 1
    out = ([ZERO_FROM] + headers + [''] + body[:base]
           + shortlog(names, patchdir, header(headers, 'From')) + body[base:] + SIGNATURE)
    previous = headers
    for name in names:
        path = os.path.join(patchdir, name)
        mail_headers, mail_body = split_mail(path)
        mail_headers = complete(mail_headers, previous)
        out += patch_mail(path, mail_headers, mail_body) + SIGNATURE
        previous = mail_headers
    stray = [line for line in out if line.startswith('From ') and line != ZERO_FROM]
    if stray:
        raise MboxError(f'{key}nn: a body line starts with "From ": {stray[0]!r}')
    return f'{key}00-{area(mail_subject(headers))}.mbox', '\n'.join(out) + '\n'


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    patchdir, outdir = argv[1], argv[2]
    try:
        mboxes = [(group_mbox(patchdir, key, names), len(names))
                  for key, names in groups(n for n, _ in series_patches(patchdir)).items()]
    except (MboxError, OSError) as e:
        print(f'make-mbox: error: {e}', file=sys.stderr)
        return 1
    os.makedirs(outdir, exist_ok=True)
    for old in glob.glob(os.path.join(outdir, '*.mbox')):
        os.remove(old)
    for (name, text), count in mboxes:
        path = os.path.join(outdir, name)
        with open(path, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write(text)
        print(f'{path}: cover letter and {count} patches')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

"""The quilt series of a patches directory, as the harness's scripts read it.

A posted series is a group of patches: those whose file names start with
the same two digits (00nn, 01nn, 02nn, ...), in series order.  Each group
has a cover letter, PATCHES/NN00-cover-letter.txt, which patches/series
does not list.
"""

import os
import re


def read_lines(path):
    """The lines of a file, without their newlines; split at \\n only."""
    with open(path, encoding='utf-8', errors='surrogateescape', newline='') as f:
        data = f.read()
    lines = data.split('\n')
    if lines[-1] == '':
        lines.pop()
    return lines


def series_patches(patches):
    """[(file name, strip level)] of PATCHES/series, in order."""
    result = []
    for line in read_lines(os.path.join(patches, 'series')):
        words = line.split('#', 1)[0].split()
        if not words:
            continue
        strip = 1
        for opt in words[1:]:
            if re.fullmatch(r'-p\d+', opt):
                strip = int(opt[2:])
        result.append((words[0], strip))
    return result


def group_of(name):
    """The group of a patch file: the first two digits of its name."""
    return name[:2]


def groups(names):
    """{group: [names]}, both in series order."""
    result = {}
    for name in names:
        result.setdefault(group_of(name), []).append(name)
    return result


def cover_letter(patches, group):
    return os.path.join(patches, f'{group}00-cover-letter.txt')


def mail_subject(lines):
    """The Subject of a mail's header (unfolded), or None."""
    for i, line in enumerate(lines):
        if line == '':
            break                   # the end of the mail headers
        if line.lower().startswith('subject:'):
            parts = [line[len('subject:'):]]
            for more in lines[i + 1:]:
                if more[:1] not in (' ', '\t'):
                    break
                parts.append(more)
            return ''.join(parts).strip()
    return None

#!/usr/bin/env python3
"""git-headers.py PATCH...: give quilt-refreshed patches git's file headers.

`quilt refresh -p ab --no-index` writes bare ---/+++ headers, which lose a
new file's mode: a new shell test applied from them is not executable.
This puts back `diff --git` before each file and, for new files, `new file
mode` (100755 for scripts under tests/shell/, not its lib/, and for files that start with
#!, else 100644).  Patches that already have git headers are left alone.
"""
import re
import sys


def fix(text):
    lines = text.split('\n')
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^--- (/dev/null|a/(\S+))$', line)
        nxt = lines[i + 1] if i + 1 < len(lines) else ''
        n = re.match(r'^\+\+\+ b/(\S+)$', nxt)
        prev = out[-1] if out else ''
        if m and n and not prev.startswith(('diff --git', 'new file mode', 'index ')):
            path = n.group(1)
            out.append(f'diff --git a/{path} b/{path}')
            if m.group(1) == '/dev/null':
                first = lines[i + 3] if i + 3 < len(lines) else ''
                exe = (('/tests/shell/' in path and '/tests/shell/lib/' not in path)
                       or first.startswith('+#!'))
                out.append(f'new file mode {"100755" if exe else "100644"}')
        out.append(line)
        i += 1
    return '\n'.join(out)


for name in sys.argv[1:]:
    with open(name) as f:
        text = f.read()
    new = fix(text)
    if new != text:
        with open(name, 'w') as f:
            f.write(new)

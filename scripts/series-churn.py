#!/usr/bin/env python3
"""series-churn.py TREE PATCHES

Three checks of the quilt series PATCHES/series, without building anything:

Churn: the lines that a patch removes although an earlier patch of the
series added them.  Every file the series touches is modelled in memory,
starting from TREE (the unpatched tree), each line carrying the patch that
added it (0: pristine); the hunks are applied in series order at their line
numbers (the series applies with --fuzz=0), and the context and removed
lines must match the model.  A patch whose changelog (between the Subject
and the "---" line) has a line starting with "Churn:" explains its churn:
its lines are counted apart.  Churn is counted per posted series, the
patches of one group (below), in series order: a group may remove at most
50 lines that its own earlier patches added (explained or not); the lines
a patch removes that an earlier group added are counted apart, and need a
Churn: line too.  A line that a patch removes and adds back
unchanged to the same file (code it reorders) is not churn; it is counted
as moved.  Moved to another file, it is churn: the earlier patch should
have put it there.

Copies: the pristine lines that a patch removes from one file although an
earlier patch added the same text to another: a move split over two
patches, which leaves the code there twice in between.  Lines are
compared without their indentation; short ones (closing braces,
"return 0;", labels) are not counted, as any two C files share them.

Numbering: the patches are grouped by the first two digits of their file
names (00nn, 01nn, 02nn); within a group, in series order, the Subjects
must be [PATCH n/m], n = 1..m and m the group's patch count (n may be
zero-padded to the width of m); and the group's cover letter,
PATCHES/NN00-cover-letter.txt, must exist, its Subject [PATCH 0/m].

Prints one line a patch that churns or copies, a summary per group, a
total, and one line a numbering error.  Exit status: 0 clean, 1
unexplained churn, a group over its churn, a copy or a numbering error,
2 the series cannot be modelled (a file missing from TREE, a hunk that
does not match, a patch that cannot be parsed).
"""

import os
import re
import sys

from quilt_series import cover_letter, group_of, mail_subject, read_lines, series_patches

COPY_MIN_LEN = 20          # shorter lines are too common to mean a copy
GROUP_CHURN_MAX = 50       # lines, explained or not, within one posted series
HUNK = re.compile(r'^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@')
NUMBER = re.compile(r'\[PATCH (\d+)/(\d+)\]')


class SeriesError(Exception):
    pass


def nlines(n):
    return f'{n} line' if n == 1 else f'{n} lines'


class FileDiff:
    def __init__(self, old, new):
        self.old, self.new = old, new   # paths, None for /dev/null
        self.hunks = []                 # (header, a, b, c, d, [(kind, text)])


class Patch:
    def __init__(self, name, index, path, strip):
        self.name, self.index = name, index
        lines = read_lines(path)
        self.subject = None
        self.churn = []                 # the changelog's "Churn:" lines
        self.files = []
        body = self._header(lines)
        self._body(lines, body, strip)

    def error(self, msg):
        return SeriesError(f'{self.name}: {msg}')

    def _header(self, lines):
        """Read Subject and changelog; return where the diffs start."""
        end = len(lines)
        for i, line in enumerate(lines):
            if line == '---' or line.startswith('diff ') or (
                    line.startswith('--- ') and i + 1 < len(lines)
                    and lines[i + 1].startswith('+++ ')):
                end = i
                break
        self.subject = mail_subject(lines[:end])
        body = lines.index('', 0, end) if '' in lines[:end] else end
        self.churn = [line for line in lines[body:end] if line.startswith('Churn:')]
        return end

    def _path(self, name, strip):
        name = name.split('\t', 1)[0]
        if name == '/dev/null':
            return None
        if name.startswith('"'):
            raise self.error(f'quoted file name {name}: not supported')
        parts = name.split('/')
        if len(parts) <= strip:
            raise self.error(f'cannot strip {strip} components of {name}')
        return '/'.join(parts[strip:])

    def _body(self, lines, i, strip):
        n = len(lines)
        git = None                      # [path, new, deleted, has ---/+++]

        def flush_git():
            # A git diff without ---/+++: an empty file made or deleted.
            if git and not git[3] and (git[1] or git[2]):
                self.files.append(FileDiff(None if git[1] else git[0],
                                           None if git[2] else git[0]))

        while i < n:
            line = lines[i]
            if line.startswith('diff --git '):
                flush_git()
                m = re.match(r'diff --git (\S+) (\S+)$', line)
                if not m:
                    raise self.error(f'cannot parse "{line}"')
                git = [self._path(m.group(2), strip), False, False, False]
            elif line.startswith(('rename from ', 'copy from ', 'GIT binary patch',
                                  'Binary files ')):
                raise self.error(f'"{line}": renames, copies and binary diffs are not supported')
            elif line.startswith('new file mode') and git:
                git[1] = True
            elif line.startswith('deleted file mode') and git:
                git[2] = True
            elif line.startswith('--- ') and i + 1 < n and lines[i + 1].startswith('+++ '):
                if git:
                    git[3] = True
                fd = FileDiff(self._path(line[4:], strip), self._path(lines[i + 1][4:], strip))
                if fd.old is None and fd.new is None:
                    raise self.error(f'{line}: both sides /dev/null')
                if fd.old and fd.new and fd.old != fd.new:
                    raise self.error(f'{fd.old} -> {fd.new}: renames are not supported')
                i = self._hunks(lines, i + 2, fd)
                self.files.append(fd)
                continue
            i += 1
        flush_git()

    def _hunks(self, lines, i, fd):
        n = len(lines)
        while i < n and lines[i].startswith('@@ '):
            header = lines[i]
            m = HUNK.match(header)
            if not m:
                raise self.error(f'cannot parse hunk header "{header}"')
            a, c = int(m.group(1)), int(m.group(3))
            b = 1 if m.group(2) is None else int(m.group(2))
            d = 1 if m.group(4) is None else int(m.group(4))
            old, new, body = b, d, []
            i += 1
            while old > 0 or new > 0:
                if i >= n:
                    raise self.error(f'{fd.new or fd.old}: hunk "{header}" is cut short')
                text = lines[i]
                kind, text = (text[:1] or ' '), text[1:]
                if kind == ' ':
                    old, new = old - 1, new - 1
                elif kind == '-':
                    old -= 1
                elif kind == '+':
                    new -= 1
                elif kind != '\\':
                    raise self.error(f'{fd.new or fd.old}: hunk "{header}": bad line "{lines[i]}"')
                if old < 0 or new < 0:
                    raise self.error(f'{fd.new or fd.old}: hunk "{header}" has more lines than it says')
                if kind != '\\':
                    body.append((kind, text))
                i += 1
            while i < n and lines[i].startswith('\\'):
                i += 1                  # "\ No newline at end of file"
            fd.hunks.append((header, a, b, c, d, body))
        return i


class Model:
    """The files of the tree as the series changes them, line by line."""

    def __init__(self, tree):
        self.tree = tree
        self.files = {}                 # path: [(text, patch index)], None: absent
        self.deleted_by = {}
        self.added = {}                 # stripped text: {path: first adder}

    def load(self, path):
        if path not in self.files:
            full = os.path.join(self.tree, path)
            if os.path.isfile(full):
                self.files[path] = [(t, 0) for t in read_lines(full)]
            elif os.path.lexists(full):
                raise SeriesError(f'{full}: not a regular file')
            else:
                self.files[path] = None
        return self.files[path]

    def apply(self, patch, removed, copied):
        """Apply PATCH; count in REMOVED[adder] the lines of earlier
        patches that it removes (in REMOVED['moved'] those it adds back to
        the same file),
        and in COPIED[adder] the pristine lines it removes that an earlier
        patch added to another file."""
        readded = {(fd.new, text.strip()) for fd in patch.files for *_, body in fd.hunks
                   for kind, text in body if kind == '+'}
        for fd in patch.files:
            path = fd.new or fd.old
            lines = self.load(path)
            if fd.old is None:
                if lines:
                    raise patch.error(f'creates {path}, which exists')
                lines = []
            elif lines is None:
                if path in self.deleted_by:
                    raise patch.error(f'modifies {path}, which {self.deleted_by[path]} deleted')
                raise patch.error(f'modifies {path}, which is missing from {self.tree}'
                                  ' (give the script a tree with it)')
            delta = 0
            for k, (header, a, b, c, d, body) in enumerate(fd.hunks, 1):
                pos = (a - 1 if b else a) + delta
                if pos != (c - 1 if d else c):
                    raise patch.error(f'{path}: hunk #{k} "{header}": its new line number'
                                      ' does not follow from the hunks before it')
                expect = [text for kind, text in body if kind != '+']
                found = [text for text, _ in lines[pos:pos + b]] if pos >= 0 else None
                if found != expect:
                    raise patch.error(self._mismatch(path, k, header, pos, lines, expect))
                seg, old = [], iter(lines[pos:pos + b])
                for kind, text in body:
                    if kind == '+':
                        seg.append((text, patch.index))
                        self._note_added(path, text, patch.index)
                        continue
                    entry = next(old)
                    if kind == ' ':
                        seg.append(entry)
                    elif 0 < entry[1] < patch.index:
                        key = text.strip()
                        if len(key) >= COPY_MIN_LEN and (path, key) in readded:
                            key = 'moved'
                        else:
                            key = entry[1]
                        removed[key] = removed.get(key, 0) + 1
                    elif entry[1] == 0:
                        adder = self._copied_from(path, text, patch.index)
                        if adder:
                            copied[adder] = copied.get(adder, 0) + 1
                lines[pos:pos + b] = seg
                delta += d - b
            if fd.new is None:
                if lines:
                    raise patch.error(f'deletes {path} but leaves {len(lines)} lines of it')
                lines = None
                self.deleted_by[path] = patch.name
            self.files[path] = lines

    def _note_added(self, path, text, index):
        key = text.strip()
        if len(key) >= COPY_MIN_LEN:
            self.added.setdefault(key, {}).setdefault(path, index)

    def _copied_from(self, path, text, index):
        """The first earlier patch that added TEXT to a file but PATH."""
        adders = [a for p, a in self.added.get(text.strip(), {}).items()
                  if p != path and a < index]
        return min(adders) if adders else 0

    @staticmethod
    def _mismatch(path, k, header, pos, lines, expect):
        msg = f'{path}: hunk #{k} "{header}" does not match'
        if pos < 0 or pos + len(expect) > len(lines):
            msg += f' (the file has {len(lines)} lines)'
        else:
            for j, want in enumerate(expect):
                if lines[pos + j][0] != want:
                    msg += f' at line {pos + j + 1}: expected {want!r}, found {lines[pos + j][0]!r}'
                    break
        texts = [text for text, _ in lines]
        offsets = [s - pos for s in range(len(texts) - len(expect) + 1)
                   if texts[s:s + len(expect)] == expect]
        if offsets:
            off = min(offsets, key=abs)
            msg += f'; it matches {off:+d} lines away: refresh the patch'
        return msg


def check_numbering(patches, patchdir):
    """One message a numbering error; and a summary of the groups."""
    groups = {}
    for p in patches:
        groups.setdefault(group_of(p.name), []).append(p)
    errors = []
    for key, members in groups.items():
        m = len(members)
        if not re.fullmatch(r'\d\d', key):
            errors.extend(f'numbering: {p.name}: the file name does not start with two digits'
                          for p in members)
            continue
        letter = cover_letter(patchdir, key)
        if not os.path.isfile(letter):
            errors.append(f'numbering: {key}nn: no cover letter {os.path.basename(letter)}')
        else:
            found = NUMBER.search(mail_subject(read_lines(letter)) or '')
            if not found or found.group(2) != str(m) or found.group(1).strip('0'):
                errors.append(f'numbering: {os.path.basename(letter)}:'
                              f' {found.group(0) if found else "no [PATCH 0/m] in Subject"},'
                              f' expected [PATCH 0/{m}] ({key}nn has {m} patches)')
        for n, p in enumerate(members, 1):
            want = f'[PATCH {n:0{len(str(m))}d}/{m}]'
            if p.subject is None:
                errors.append(f'numbering: {p.name}: no Subject, expected {want}')
                continue
            found = NUMBER.search(p.subject)
            if not found:
                errors.append(f'numbering: {p.name}: no [PATCH n/m] in Subject'
                              f' "{p.subject}", expected {want}')
                continue
            ns, ms = found.groups()
            if ms != str(m) or ns not in (str(n), f'{n:0{len(ms)}d}'):
                errors.append(f'numbering: {p.name}: {found.group(0)}, expected {want}'
                              f' ({n} of the {m} patches {key}nn)')
    summary = ', '.join(f'{k}nn {len(v)}' for k, v in groups.items())
    return errors, summary


def check_churn(tree, patches):
    """Churn and copies, a line each, then a summary per posted series
    (group): its churn, the lines a patch removes that an earlier patch
    of its group added, may not exceed GROUP_CHURN_MAX; the lines it
    removes that an earlier group added are counted apart.  Any churn
    needs a Churn: line, within a group or across groups."""
    model = Model(tree)
    bad = 0
    groups = {}                 # group: {'patches', 'within', 'across', ...}
    out = []
    for p in patches:
        g = groups.setdefault(group_of(p.name), dict.fromkeys(
            ('patches', 'within', 'across', 'explained', 'moved', 'copies'), 0))
        g['patches'] += 1
        removed, copied = {}, {}
        model.apply(p, removed, copied)
        g['moved'] += removed.pop('moved', 0)
        if copied:
            n = sum(copied.values())
            g['copies'] += n
            out.append(f'copy: {p.name}: removes {nlines(n)} that '
                       + ', '.join(f'{patches[a - 1].name} ({copied[a]})' for a in sorted(copied))
                       + ' added to another file: move the code in one patch')
        total = sum(removed.values())
        if not total:
            if p.churn:
                out.append(f'churn: {p.name}: has a Churn: line but removes no line of the series')
            continue
        adders = sorted(removed)
        by = ', '.join(patches[a - 1].name + (f' ({removed[a]})' if len(adders) > 1 else '')
                       + ('' if group_of(patches[a - 1].name) == group_of(p.name)
                          else ' (an earlier series)')
                       for a in adders)
        for a in adders:
            same = group_of(patches[a - 1].name) == group_of(p.name)
            g['within' if same else 'across'] += removed[a]
        line = f'churn: {p.name}: {nlines(total)} added by {by}'
        if p.churn:
            g['explained'] += total
            out.append(line + ', explained:')
            out.extend('    ' + c for c in p.churn)
        else:
            bad += total
            out.append(line)
    over = 0
    for key, g in groups.items():
        flag = ''
        if g['within'] > GROUP_CHURN_MAX:
            over += 1
            flag = f' (over the {GROUP_CHURN_MAX} lines a series may churn)'
        out.append(f'churn {key}nn ({g["patches"]} patches): {nlines(g["within"])}'
                   f' within the series{flag}, {nlines(g["across"])} of earlier series,'
                   f' {g["explained"]} explained, {g["moved"]} moved unchanged;'
                   f' copies: {nlines(g["copies"])}')
    copies = sum(g['copies'] for g in groups.values())
    out.append(f'churn: {nlines(bad)} unexplained; copies: {nlines(copies)}')
    return out, bad + copies + over


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    tree, patchdir = argv[1], argv[2]
    try:
        if not os.path.isdir(tree):
            raise SeriesError(f'{tree}: no such tree')
        patches = [Patch(name, i, os.path.join(patchdir, name), strip)
                   for i, (name, strip) in enumerate(series_patches(patchdir), 1)]
    except (SeriesError, OSError) as e:
        print(f'series-churn: error: {e}', file=sys.stderr)
        return 2
    status = 0
    errors, summary = check_numbering(patches, patchdir)
    for e in errors:
        print(e)
    if errors:
        status = 1
    else:
        print(f'numbering: ok ({summary})')
    try:
        out, bad = check_churn(tree, patches)
    except (SeriesError, OSError) as e:
        print(f'series-churn: error: {e}', file=sys.stderr)
        return 2
    print('\n'.join(out))
    return 1 if bad else status


if __name__ == '__main__':
    sys.exit(main(sys.argv))

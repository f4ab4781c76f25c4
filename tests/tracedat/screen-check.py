#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""screen-check.py PPM: did KernelShark draw events in this screenshot?

KernelShark draws the events of each CPU as boxes and bars, one colour
per task, and its missed-events plugin as blue marks.  The rest of its
window is grey, white and black, but for the green "Marker A" button in
the tool bar above the graph.  So: find that button (the first rows, in
the top 200, with 40 or more saturated pixels: it has a gradient), and
count the saturated pixels below it.  Prints the count; exits 0 when
there are at least 500 (a bar a few pixels high across a tenth of the
graph), 1 when not, 2 when there is no button: no KernelShark window.
"""
import sys

MIN_PIXELS = 500
MARGIN = 3


def read_ppm(path):
    data = open(path, 'rb').read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            pos = data.index(b'\n', pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b'P6' or int(fields[3]) != 255:
        sys.exit('not a binary 8-bit PPM')
    return int(fields[1]), int(fields[2]), data[pos + 1:]


def saturated(line, x):
    r, g, b = line[3 * x], line[3 * x + 1], line[3 * x + 2]
    return (r, g, b) if max(r, g, b) - min(r, g, b) > 60 else None


def button_row(line, width):
    return sum(1 for x in range(width) if saturated(line, x)) >= 40


def main():
    width, height, px = read_ppm(sys.argv[1])
    rows = [px[y * width * 3:(y + 1) * width * 3] for y in range(height)]
    button = -1
    for y in range(min(200, height)):
        if button_row(rows[y], width):
            button = y
        elif button >= 0:
            break
    if button < 0:
        print(0)
        return 2
    # and its shadow
    count = sum(1 for y in range(button + MARGIN, height) for x in range(width)
                if saturated(rows[y], x))
    print(count)
    return 0 if count >= MIN_PIXELS else 1


if __name__ == '__main__':
    sys.exit(main())

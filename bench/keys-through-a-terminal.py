#!/usr/bin/env python3
"""Key to the frame's last byte, through a real pseudo-terminal.

dashpilot-bench times a key in process, from the key handed to the app to the frame's text made.
A driver waits for more: the terminal driver handing the key over, the run loop reading it, the
frame written, the last byte back through the terminal. This starts the real binary on a
pseudo-terminal of the given size (as a terminal emulator would), sends each key as a terminal
sends it, and times from the write of the key to the read of the frame's last byte (every frame
ends with the end of a synchronized update, ESC [ ? 2026 l). Read-only keys only; run it on a
copy of the store all the same.

Usage: bench/keys-through-a-terminal.py BINARY STORE [COLUMNS ROWS [RUNS]]
"""
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import termios
import time

END = b"\x1b[?2026l"
DOWN, ENTER, ESC, HOME, END_KEY = b"\x1b[B", b"\r", b"\x1b", b"\x1b[H", b"\x1b[F"
WALK = [
    ("h (completed shifts)", [b"h"]),
    ("↓ in completed shifts", [DOWN] * 20),
    ("End in completed shifts", [END_KEY]),
    ("Home in completed shifts", [HOME]),
    ("Enter on a shift (its log)", [ENTER]),
    ("Esc (back to the list)", [ESC]),
    ("Esc (back to the first screen)", [ESC]),
    ("l (the places)", [b"l"]),
    ("typing a filter, a key at a time", [b"n", b"o", b"o"]),
    ("Esc (back to the first screen)", [ESC, ESC]),
    ("w (weeks)", [b"w"]),
    ("↓ in weeks", [DOWN] * 20),
    ("m (months)", [b"m"]),
    ("Esc (back to the first screen)", [ESC]),
]


def read_frame(fd, deadline):
    """Reads until a frame's last byte; returns the moment it arrived."""
    seen = b""
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError("no frame")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError("the program ended")
            seen = (seen + chunk)[-64:]
            if END in seen and not select.select([fd], [], [], 0)[0]:
                return time.perf_counter()


def walk(binary, store, columns, rows):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "DASHPILOT_MOUSE": "0"})
        os.execv(binary, [binary, "--store", store])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    started = time.perf_counter()
    timings = {"first frame": [read_frame(fd, started + 10) - started]}
    for name, keys in WALK:
        for key in keys:
            sent = time.perf_counter()
            os.write(fd, key)
            timings.setdefault(name, []).append(read_frame(fd, sent + 10) - sent)
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    os.close(fd)
    return timings


def main():
    binary, store = sys.argv[1], sys.argv[2]
    columns, rows = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 4 else (100, 32)
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    merged = {}
    for _ in range(runs):
        for name, samples in walk(binary, store, columns, rows).items():
            merged.setdefault(name, []).extend(samples)
    print(f"Key to the frame's last byte through a pseudo-terminal, {columns}×{rows}, {runs} walks.\n")
    print("| Key | Presses | Median | Slowest |")
    print("| --- | ---: | ---: | ---: |")
    for name, samples in merged.items():
        print(f"| {name} | {len(samples)} | {statistics.median(samples) * 1000:.2f} ms | {max(samples) * 1000:.2f} ms |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Cold start of mvvm-demo: from exec to the first home-screen frame on the terminal.

Runs the demo RUNS times in a pseudo-terminal (80x24), each time with the embedded server, which
seeds a fresh temporary SQLite database with 10,000 users before the first frame. The clock
starts just before exec and stops when the home screen's title ("swift-mvvm demo") has been
written; then `q` quits and the run waits for the exit (status 0 required).

Usage (from the repository root, after `swift build --package-path Demo -c release --product mvvm-demo`):
    Benchmarks/Scripts/cold-start.py [path-to-mvvm-demo] [runs]
Prints each run's milliseconds, then min / median / max.
"""
import os
import pty
import select
import statistics
import struct
import sys
import time

try:
    import fcntl
    import termios
except ImportError:  # not a POSIX system
    sys.exit("cold-start.py needs a POSIX pseudo-terminal")

BINARY = sys.argv[1] if len(sys.argv) > 1 else "Demo/.build/release/mvvm-demo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 10
MARKER = "swift-mvvm demo".encode()
TIMEOUT = 60.0


def one_run():
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(BINARY, [BINARY])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    first_frame = None
    while time.monotonic() - start < TIMEOUT:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if MARKER in seen:
            first_frame = time.monotonic()
            break
    if first_frame is None:
        os.kill(pid, 9)
        sys.exit("no home screen within %.0f s" % TIMEOUT)
    os.write(fd, b"q")
    # Drain until the demo exits (it restores the terminal first).
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("mvvm-demo exited with %d" % os.waitstatus_to_exitcode(status))
    return (first_frame - start) * 1000


times = [one_run() for _ in range(RUNS)]
for index, ms in enumerate(times, 1):
    print("run %d: %.0f ms" % (index, ms))
print("cold start to the first home-screen frame: min %.0f ms, median %.0f ms, max %.0f ms (%d runs)"
      % (min(times), statistics.median(times), max(times), RUNS))

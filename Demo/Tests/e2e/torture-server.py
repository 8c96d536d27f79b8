#!/usr/bin/env python3
"""A hostile user API for the tmux end-to-end test: the demo API's user routes, answering with
names terminals measure differently (Thai marks, joiners after letters, emoji with selectors,
skin tones and ZWJ sequences, flags, spacing marks, new emoji), names carrying escape sequences
and bidi overrides, and very long ones.

Usage: torture-server.py PORT_FILE   (binds 127.0.0.1 on a free port and writes it to PORT_FILE)
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

NAMES = [
    "น้ำ ใจดี", "a\u200db Plain", "\u2600\ufe0f Sunny", "👍🏽 Thumbs", "👨\u200d👩\u200d👧 Family",
    "🇯🇵 Flag", "क्षि Devanagari", "1\ufe0f\u20e3 Keycap", "🏳\ufe0f\u200d🌈 Rainbow", "\U0001FAE8 Shaking",
    "🇦 Half", "நி Tamil", "山田 太郎", "José Álvarez", "Plain X", "a\u200d😀 joined",
    "e\u0301\u0301\u0301 marks", "\x1b[2J\x1b]0;pwned\x07 Escapes", "\u202eReversed\u202c Bidi",
    "Ｆｕｌｌｗｉｄｔｈ", "ﾊﾝｶｸ Halfwidth", "Z\u0351\u0352\u0353\u0354algo", "\u3164 Filler",
    "x" * 120, "ع" * 30, "\u4dc0\u2630 Hexagram", "\u0600\u0661 Sign", "한국어 Korean",
]
USERS = [
    {
        "id": index + 1,
        "name": NAMES[index % len(NAMES)] + f" {index + 1}",
        "email": f"u{index + 1}@ex.com",
        "isActive": index % 3 != 0,
        "avatarURL": None,
    }
    for index in range(120)
]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/api/users":
            size = max(1, min(100, int(query.get("size", ["20"])[0])))
            cursor = query.get("cursor", [None])[0]
            start = int(cursor[1:]) if cursor and cursor[1:].isdigit() else 0
            items = USERS[start:start + size]
            more = start + size < len(USERS)
            self.answer(200, {
                "items": items, "total": len(USERS), "page": start // size + 1, "size": size,
                "hasMore": more, "nextCursor": f"u{start + size}" if more else None,
            })
        elif url.path == "/api/users/stats":
            self.answer(200, {"total": len(USERS), "active": sum(u["isActive"] for u in USERS)})
        elif url.path.startswith("/api/users/") and url.path[11:].isdigit():
            index = int(url.path[11:]) - 1
            if 0 <= index < len(USERS):
                self.answer(200, USERS[index])
            else:
                self.answer(404, {"error": "not_found", "message": "No such user."})
        else:
            self.answer(404, {"error": "not_found", "message": "No such route."})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1], "w") as port_file:
    port_file.write(str(server.server_address[1]))
server.serve_forever()

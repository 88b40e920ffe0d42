"""LSP base-protocol framing for the end-to-end suites that talk raw bytes (standard
library only, so the hostile-file suite can use it without the pytest venv)."""

import json


def frame(obj_or_bytes):
    """One message: a JSON value, or bytes sent as the body as they are."""
    body = obj_or_bytes if isinstance(obj_or_bytes, bytes) else json.dumps(obj_or_bytes).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(data):
    """Every framed message in what a server wrote; asserts the framing is exact."""
    messages = []
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        assert sep, f"unframed output: {data[:80]!r}"
        fields = dict(line.split(b": ", 1) for line in head.split(b"\r\n"))
        length = int(fields[b"Content-Length"])
        assert len(rest) >= length, "a message shorter than its Content-Length"
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages

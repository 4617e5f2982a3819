"""Serve a built site on 127.0.0.1 the way a real static host does, in a background thread.

Gzip for text, JavaScript, JSON, wasm and zip when the browser asks for it, a ten-minute cache
(`Cache-Control: max-age=600`) with ETag revalidation, the MIME types Pyodide needs, and
404.html for a missing page: so what tests and the benchmark measure are the bytes a reader's
browser really downloads. The headers the build's `_headers` file names (framing, the workers'
policies) are sent as Netlify or Cloudflare Pages send them; `headers=False` serves as GitHub
Pages does, with none.

    .venv/bin/python -m tests.support.server site [--port 8000]   (what ./dev serve --static runs)
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import gzip
import http.server
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from email.utils import formatdate
from pathlib import Path
from typing import Any

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}
COMPRESSED = ("text/", "application/javascript", "application/json", "application/wasm", "application/xml",
              "application/zip", "image/svg+xml")
HEADERS_FILE = "_headers"
MAX_AGE = 600  # seconds, as GitHub Pages serves


class Link:
    """A phone's link, shaped at the server: every response of every connection (the page's, the
    worker's, the service worker's, which the browser's own network emulation never reaches)
    shares one bucket of `bits_per_second`, in chunks taken in turn, after `latency` seconds per
    request. `bits_per_second=None`: no shaping. The benchmark changes it between profiles."""

    CHUNK = 16 * 1024

    def __init__(self, bits_per_second: float | None = None, latency: float = 0.0) -> None:
        self.bits_per_second = bits_per_second
        self.latency = latency
        self._lock = threading.Lock()
        self._free_at = 0.0  # when the link has sent everything booked so far

    def wait(self) -> None:
        """A request's latency."""
        if self.bits_per_second and self.latency:
            time.sleep(self.latency)

    def send(self, write: Callable[[bytes], object], data: bytes) -> None:
        """Write `data` at the link's speed, sharing it with every other response being sent."""
        if not self.bits_per_second:
            write(data)
            return
        for start in range(0, len(data), self.CHUNK):
            chunk = data[start:start + self.CHUNK]
            with self._lock:
                begin = max(time.monotonic(), self._free_at)
                self._free_at = begin + len(chunk) * 8 / self.bits_per_second
                done = self._free_at
            time.sleep(max(0.0, done - time.monotonic()))
            write(chunk)


class Requests(list[str]):
    """The paths requested, in order; `.sent` has (path, body bytes on the wire) per response, and
    `.ended` when each of those responses' last byte was sent (seconds since the epoch, as the
    browser's `performance.timeOrigin` counts)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, int]] = []
        self.ended: list[float] = []


class _Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as any real host (every response has a length)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    requests: Requests
    link: Link
    gzipped: dict[tuple[str, int], bytes]
    rules: list[tuple[str, dict[str, str]]]  # the site's _headers: (path pattern, headers)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.requests.append(self.path)
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, *, body: bool) -> None:
        self.link.wait()
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = self.translate_path(url_path)
        status = 200
        if os.path.isdir(path):
            if not url_path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", url_path + "/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            status, path = 404, os.path.join(self.directory, "404.html")
            if not os.path.isfile(path):
                self.send_error(404)
                return
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        ctype = self.guess_type(path)
        wants_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        squeeze = wants_gzip and ctype.startswith(COMPRESSED) and stat.st_size > 1024
        if status == 200 and etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", f"max-age={MAX_AGE}")
            self.end_headers()
            return
        data = Path(path).read_bytes()
        if squeeze:
            key = (path, stat.st_mtime_ns)
            if key not in self.gzipped:
                self.gzipped[key] = gzip.compress(data, compresslevel=6, mtime=0)
            data = self.gzipped[key]
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.send_header("Vary", "Accept-Encoding")
        if squeeze:
            self.send_header("Content-Encoding", "gzip")
        for name, value in self._site_headers(url_path).items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.link.send(self.wfile.write, data)
            self.requests.ended.append(time.time())
            self.requests.sent.append((self.path, len(data)))


    def _site_headers(self, url_path: str) -> dict[str, str]:
        """The headers `_headers` gives this path: every matching rule's, one name's values joined."""
        found: dict[str, str] = {}
        for pattern, headers in self.rules:
            if fnmatch.fnmatchcase(url_path, pattern):
                for name, value in headers.items():
                    found[name] = f"{found[name]}, {value}" if name in found else value
        return found


def read_headers_file(path: Path) -> list[tuple[str, dict[str, str]]]:
    """A `_headers` file (a path pattern on its own line, then its headers indented), in order."""
    rules: list[tuple[str, dict[str, str]]] = []
    if not path.is_file():
        return rules
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1][name.strip()] = value.strip()
    return rules


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: set[socket.socket] = set()

    def process_request(self, request: Any, client_address: Any) -> None:
        self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        self.connections.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        """Kept-alive connections outlive shutdown(): close them, or a browser would go on
        talking to this server's files after another server took the port."""
        for connection in list(self.connections):
            with suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a browser that closes a connection early (a cancelled download) is no error of ours


# Files compressed once per process, by path and modification time (a file rewritten is compressed
# again): every test module serves the site anew, and the engine's wasm alone takes 0.4 s to compress.
_GZIPPED: dict[tuple[str, int], bytes] = {}


def _httpd(root: Path, port: int, requests: Requests, headers: bool = True, link: Link | None = None) -> _Server:
    rules = read_headers_file(root / HEADERS_FILE) if headers else []
    handler = type("Handler", (_Handler,), {"requests": requests, "gzipped": _GZIPPED, "rules": rules,
                                            "link": link or Link()})
    return _Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


def free_port() -> int:
    """A port no one on 127.0.0.1 listens on now (for a server, or a site built for that port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve(root: Path, port: int = 0, *, headers: bool = True, link: Link | None = None
          ) -> Iterator[tuple[str, Requests]]:
    """Serve `root` (on `port`, or any free one); yield its base URL and the paths requested.
    `headers=False`: none of the site's `_headers`, as GitHub Pages serves; `link`: a shaped link."""
    requests = Requests()
    httpd = _httpd(root, port, requests, headers, link)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", requests
    finally:
        httpd.shutdown()
        httpd.close_connections()
        httpd.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve a built site as a static host does (gzip, caching).")
    parser.add_argument("root", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    httpd = _httpd(args.root, args.port, Requests())
    print(f"serving {args.root} on http://127.0.0.1:{args.port}/ (gzip, max-age={MAX_AGE})", flush=True)
    with suppress(KeyboardInterrupt):
        httpd.serve_forever()


if __name__ == "__main__":
    main()

Content-Length: 165

{"jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "position": {"line": 8, "character": 20}}}Content-Length: 165

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/definition", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "position": {"line": 9, "character": 25}}}Content-Length: 205

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/references", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "position": {"line": 2, "character": 8}, "context": {"includeDeclaration": true}}}Content-Length: 208

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/inlayHint", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}}}Content-Length: 126

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/documentColor", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}}}Content-Length: 125

{"jsonrpc": "2.0", "id": 6, "method": "textDocument/foldingRange", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}}}Content-Length: 172

{"jsonrpc": "2.0", "id": 7, "method": "textDocument/selectionRange", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "positions": [{"line": 9, "character": 10}]}}Content-Length: 83

{"jsonrpc": "2.0", "id": 8, "method": "workspace/symbol", "params": {"query": "c"}}Content-Length: 68

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 9}}Content-Length: 263

{"jsonrpc": "2.0", "id": 9, "method": "textDocument/rangeFormatting", "params": {"textDocument": {"uri": "file:///fuzz/a.tdl"}, "range": {"start": {"line": 5, "character": 0}, "end": {"line": 9, "character": 0}}, "options": {"tabSize": 4, "insertSpaces": false}}}
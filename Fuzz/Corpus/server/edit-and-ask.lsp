Content-Length: 2092

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl", "languageId": "tdl", "version": 1, "text": "// Design review of the checkout screen, iOS app build 3.2 (a 1170 x 2532 screenshot).\nformat 1\n\nstyle marker {\n  stroke: #D70022\n  stroke-width: 6\n}\n\nstyle callout {\n  font: \"Inter\" semibold\n  font-size: 34\n  color: #FFFFFF\n  background: #B00020\n}\n\n/// Findings from the review on 12 March; numbers follow the order of the fixes.\nannotations checkout \"Checkout screen review\" {\n  image: \"screenshots/checkout.png\"\n  size: 1170 x 2532\n  grid: 10\n\n  /// The order total is easy to miss.\n  rect total {\n    style: marker\n    at: 60, 1480\n    size: 1050 x 160\n    corner-radius: 16\n  }\n\n  ellipse promo {\n    style: marker\n    at: 700, 1180\n    size: 400 x 140\n  }\n\n  highlight coupon {\n    at: 60, 1180\n    size: 600 x 100\n    fill: #FFE066\n    opacity: 0.4\n  }\n\n  // The card number in the screenshot is a real test card: keep it hidden.\n  blur card-number {\n    at: 60, 900\n    size: 700 x 80\n    radius: 12 // strong enough that the digits cannot be read back\n  }\n\n  line gap {\n    from: 60, 1700\n    to: 1110, 1700\n    stroke: #0060DF\n    stroke-width: 4\n    dash: dotted\n    cap: round\n  }\n\n  arrow to-total {\n    style: marker\n    from: 585, 2000\n    to: total\n    head: filled\n    tail: circle\n    dash: dashed\n  }\n\n  label total-note {\n    style: callout\n    text: \"Make the total the largest figure\"\n    at: 60, 2040\n    size: 760 x 72\n    z: 2\n  }\n\n  label promo-note {\n    text: \"Promo field looks disabled\"\n    at: 700, 1340\n    size: 410 x 56\n    font: \"Inter\" regular\n    font-size: 30\n    color: #1E1E1E\n    background: #FFFFFF\n    align: center\n  }\n\n  number first {\n    value: 1\n    at: 40, 1440\n    radius: 36\n    fill: #D70022\n    color: #FFFFFF\n  }\n\n  // No `value`: one more than the previous number, so 2.\n  number second {\n    at: 680, 1160\n    radius: 36\n    fill: #D70022\n    color: #FFFFFF\n  }\n}\n"}}}Content-Length: 247

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl", "version": 2}, "contentChanges": [{"range": {"start": {"line": 3, "character": 4}, "end": {"line": 3, "character": 4}}, "text": "x"}]}}Content-Length: 164

{"jsonrpc": "2.0", "id": 1, "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "position": {"line": 3, "character": 4}}}Content-Length: 159

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "position": {"line": 3, "character": 4}}}Content-Length: 172

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "options": {"tabSize": 2, "insertSpaces": true}}}Content-Length: 127

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}}}Content-Length: 123

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}}}Content-Length: 132

{"jsonrpc": "2.0", "id": 6, "method": "textDocument/semanticTokens/full", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}}}Content-Length: 180

{"jsonrpc": "2.0", "id": 7, "method": "textDocument/rename", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "position": {"line": 3, "character": 4}, "newName": "fresh"}}Content-Length: 241

{"jsonrpc": "2.0", "id": 8, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 40, "character": 0}}, "context": {"diagnostics": []}}}Content-Length: 152

{"jsonrpc": "2.0", "id": 9, "method": "tdl/preview", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}, "position": {"line": 3, "character": 4}}}Content-Length: 112

{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "file:///fuzz/b.tdl"}}}Content-Length: 50

{"jsonrpc": "2.0", "id": 10, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}
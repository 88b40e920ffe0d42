Content-Length: 37

{"jsonrpc":"2.0","id":7,"method":"x",Content-Length: 2

ÿþContent-Length: nope

Content-Length: 46

[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]Content-Length: 47

{"jsonrpc":"2.0","id":{"a":1},"method":"hover"}Content-Length: 5

{}
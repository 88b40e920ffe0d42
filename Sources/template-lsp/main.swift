print("template-lsp: not built yet")

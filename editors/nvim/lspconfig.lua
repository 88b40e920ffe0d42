-- The nvim-lspconfig form: registers `tdl` as a custom server, then sets it up like any
-- other. Put this in your config after nvim-lspconfig is loaded (use either this or
-- require('tdl').setup, not both).
local configs = require('lspconfig.configs')
local util = require('lspconfig.util')

if not configs.tdl then
  configs.tdl = {
    default_config = {
      cmd = { 'template-lsp', '--stdio' }, -- or the absolute path to .build/release/template-lsp
      filetypes = { 'tdl' },
      -- The nearest folder holding `.tdl-root` (an empty file marking a project's top
      -- folder) or `.git`.
      root_dir = util.root_pattern('.tdl-root', '.git'),
      single_file_support = true,
      settings = {},
    },
    docs = {
      description = 'template-lsp, the language server of TDL.',
    },
  }
end

require('lspconfig').tdl.setup({})

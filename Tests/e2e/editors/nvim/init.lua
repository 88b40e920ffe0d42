-- Minimal Neovim config for the end-to-end test: only editors/nvim on the runtimepath and
-- the Lua module set up with the server under test (TDL_SERVER).
vim.opt.runtimepath:prepend(os.getenv('TDL_REPO') .. '/editors/nvim')
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')
require('tdl').setup({ cmd = { os.getenv('TDL_SERVER'), '--stdio' } })

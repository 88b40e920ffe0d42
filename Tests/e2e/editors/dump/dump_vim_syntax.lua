-- Writes, for each file in TDL_DUMP_FILES (newline-separated), the Vim syntax group of
-- every byte of every line (editors/nvim/syntax/tdl.vim) as JSON to TDL_DUMP_OUT.
vim.opt.runtimepath:prepend(os.getenv('TDL_REPO') .. '/editors/nvim')
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')
local out = {}
for path in (os.getenv('TDL_DUMP_FILES') .. '\n'):gmatch('([^\n]+)\n') do
  vim.cmd('edit! ' .. vim.fn.fnameescape(path))
  vim.cmd('syntax sync fromstart')
  local lines = {}
  for lnum = 1, vim.fn.line('$') do
    local groups = {}
    for col = 1, #vim.fn.getline(lnum) do
      -- The innermost item of the stack (synID(…, 1) loses keywords here).
      local stack = vim.fn.synstack(lnum, col)
      groups[col] = #stack > 0 and vim.fn.synIDattr(stack[#stack], 'name') or ''
    end
    lines[lnum] = groups
  end
  out[path] = { filetype = vim.bo.filetype, lines = lines }
end
local file = assert(io.open(os.getenv('TDL_DUMP_OUT'), 'w'))
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd('qall!')

-- Headless Neovim end-to-end test: opens a broken copy of an example with template-lsp
-- attached through editors/nvim, and checks what a user would see. Prints one line per
-- check and a last line "N passed, M failed"; exits non-zero on any failure.
local passed, failed = 0, 0

local function check(name, ok, detail)
  if ok then
    passed = passed + 1
    io.stdout:write('ok: ' .. name .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL: ' .. name .. (detail and (' -- ' .. detail) or '') .. '\n')
  end
end

local function read_file(path)
  local f = assert(io.open(path, 'r'))
  local text = f:read('*a')
  f:close()
  return text
end

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n'
end

local function finish()
  io.stdout:write(string.format('%d passed, %d failed\n', passed, failed))
  io.stdout:flush()
  vim.cmd((failed == 0 and passed > 0) and 'qall!' or 'cquit! 1')
end

local ok_run, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TDL_BROKEN')))
  local bufnr = vim.api.nvim_get_current_buf()

  -- Filetype, editor settings and highlighting from editors/nvim.
  check('*.tdl gets filetype tdl', vim.bo.filetype == 'tdl', vim.bo.filetype)
  check('commentstring is // %s', vim.bo.commentstring == '// %s', vim.bo.commentstring)
  local function group_at(lnum, col)
    local stack = vim.fn.synstack(lnum, col)
    return #stack > 0 and vim.fn.synIDattr(stack[#stack], 'name') or ''
  end
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local function find(pattern)
    for i, l in ipairs(lines) do
      local s = l:find(pattern)
      if s then return i, s end
    end
  end
  local expectations = {
    { '^// Onboarding', 0, 'tdlComment' },
    { '^format 1', 0, 'tdlDirective' },
    { '^style heading', 0, 'tdlKind' },
    { '^style heading', 6, 'tdlName' },
    { '/// The first screen', 0, 'tdlDocComment' },
    { 'lang: "en"', 0, 'tdlKey' },
    { 'lang: "en"', 6, 'tdlString' },
    { 'background: #F5F5F5', 12, 'tdlColor' },
    { 'corner%-radius: 12', 15, 'tdlNumber' },
    { '{{user}}', 0, 'tdlInterpolation' },
    { 'size: 375 x 667', 10, 'tdlSizeX' },
  }
  for _, e in ipairs(expectations) do
    local lnum, col = find(e[1])
    local got = lnum and group_at(lnum, col + e[2]) or 'line not found'
    check('highlight ' .. e[3] .. ' at ' .. e[1], got == e[3], got)
  end

  -- indent/tdl.vim: re-indenting the canonical text (gg=G) changes nothing, and a line
  -- typed after a header is indented one level (o in normal mode).
  local expected_text = read_file(os.getenv('TDL_EXPECTED'))
  local scratch = vim.api.nvim_create_buf(true, true)
  vim.api.nvim_set_current_buf(scratch)
  vim.bo[scratch].filetype = 'tdl'
  vim.api.nvim_buf_set_lines(scratch, 0, -1, false, vim.split(expected_text:sub(1, -2), '\n'))
  vim.cmd('silent normal! gg=G')
  check('gg=G keeps the canonical layout', buffer_text(scratch) == expected_text)
  vim.api.nvim_buf_set_lines(scratch, 0, -1, false, { 'template t {', '  group g {', '  }', '}' })
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  vim.cmd('normal ox')
  check('a new line inside a block is indented one level more',
    vim.api.nvim_buf_get_lines(scratch, 2, 3, false)[1] == '    x', vim.api.nvim_buf_get_lines(scratch, 2, 3, false)[1])
  vim.api.nvim_set_current_buf(bufnr)
  vim.api.nvim_buf_delete(scratch, { force = true })

  -- The server attaches.
  local attached = vim.wait(10000, function() return require('tdl').client(bufnr) ~= nil end, 50)
  check('template-lsp attaches to the buffer', attached)
  local client = require('tdl').client(bufnr)
  check('server says it is template-lsp', client and client.name == 'template-lsp')
  check('omnifunc completes from the server', vim.bo[bufnr].omnifunc == 'v:lua.vim.lsp.omnifunc', vim.bo[bufnr].omnifunc)

  -- Diagnostics arrive (pushed) for the problems in the broken copy.
  local function codes()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      if code then out[tostring(code)] = d end
    end
    return out
  end
  vim.wait(10000, function() local c = codes(); return c.TDL102 ~= nil and c.TDL108 ~= nil end, 50)
  local found = codes()
  check('diagnostic TDL102 (unknown property colr) arrives', found.TDL102 ~= nil, vim.inspect(vim.tbl_keys(found)))
  check('TDL102 is on the line of colr', found.TDL102 and lines[found.TDL102.lnum + 1]:find('colr', 1, true) ~= nil
    and found.TDL102.col == lines[found.TDL102.lnum + 1]:find('colr', 1, true) - 1)
  check('TDL102 is an error', found.TDL102 and found.TDL102.severity == vim.diagnostic.severity.ERROR)
  check('diagnostic TDL108 (bad fit value) arrives', found.TDL108 ~= nil)

  -- Formatting through the client gives template-fmt's canonical text.
  local expected = read_file(os.getenv('TDL_EXPECTED'))
  check('the broken copy is not canonical yet', buffer_text(bufnr) ~= expected)
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = bufnr, timeout_ms = 10000 })
  else
    vim.lsp.buf.formatting_sync(nil, 10000)
  end
  local formatted = buffer_text(bufnr)
  check('formatting gives the canonical text (template-fmt format)', formatted == expected,
    formatted ~= expected and vim.inspect(vim.split(formatted, '\n')) or nil)

  -- Fixing the two problems in the buffer clears them (the server exports only clean files).
  lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  for i, l in ipairs(lines) do
    if l:find('colr:', 1, true) or l:find('fit: sideways', 1, true) then
      local fixed = l:gsub('colr:', 'color:'):gsub('fit: sideways', 'fit: cover')
      vim.api.nvim_buf_set_lines(bufnr, i - 1, i, false, { fixed })
    end
  end
  local cleared = vim.wait(10000, function() return next(codes()) == nil end, 50)
  check('diagnostics clear once the problems are fixed', cleared, vim.inspect(vim.tbl_keys(codes())))
  lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)

  -- :TdlPreview's request: tdl/preview answers the exported HTML of the template.
  local written
  vim.api.nvim_win_set_cursor(0, { find('text: "Welcome aboard'), 4 })
  require('tdl').preview({ bufnr = bufnr, on_written = function(path, result) written = { path, result } end })
  vim.wait(10000, function() return written ~= nil end, 50)
  check('tdl/preview answers the template under the cursor', written and written[2].name == 'welcome',
    written and written[2].name)
  local html = written and read_file(written[1]) or ''
  check('the preview file holds the exported HTML', html:find('<html', 1, true) ~= nil
    and html:find('Welcome aboard, friend!', 1, true) ~= nil, html:sub(1, 200))
  -- Its base is the document's folder (not the temporary one), where the image is.
  local folder = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  local base = html:match('<base href="([^"]*)">')
  check("the page's base is the document's folder", base == vim.uri_from_fname(folder) .. '/', tostring(base))
  check('the relative image resolves against the base to the file beside the document',
    base ~= nil and vim.loop.fs_stat(vim.uri_to_fname(base .. 'assets/hero.png')) ~= nil)
  if written then
    local out = vim.fn.system({ 'python3', os.getenv('TDL_PREVIEW_CHECK'), written[1] })
    check('Chromium shows the image of the page :TdlPreview wrote', vim.v.shell_error == 0, out)
  end
  local again
  require('tdl').preview({ bufnr = bufnr, on_written = function(path) again = path end })
  vim.wait(10000, function() return again ~= nil end, 50)
  check('a second preview rewrites the same file', written ~= nil and again == written[1], tostring(again))

  -- Completion after `font-` in a half-typed line offers font-size (incremental sync first).
  lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local row = find('style: heading')
  vim.api.nvim_buf_set_lines(bufnr, row, row, false, { '    font-' })
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = row, character = #'    font-' },
    context = { triggerKind = 1 },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion', params, 10000) or {}
  local labels = {}
  for _, response in pairs(responses) do
    local result = response.result or {}
    for _, item in ipairs(result.items or result) do
      labels[item.label] = item
    end
  end
  check('completion after font- offers font-size', labels['font-size'] ~= nil, vim.inspect(vim.tbl_keys(labels)))
  check('completion after font- offers font-weight', labels['font-weight'] ~= nil)
  check('completion after font- does not offer text (already set)', labels['text'] == nil)
  -- The half-typed line is a new problem: diagnostics follow the edit.
  local moved = vim.wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == row then return true end
    end
    return false
  end, 50)
  check('diagnostics follow the edit to the half-typed line', moved)

  -- The project root: `.tdl-root` in the document's folder makes it the root of every .tdl
  -- file below it, so a file in a subfolder is served by the same client.
  local tdl = require('tdl')
  check('the root is the folder holding .tdl-root', tdl.root_dir(bufnr) == folder, tdl.root_dir(bufnr))
  vim.cmd('edit ' .. vim.fn.fnameescape(folder .. '/sub/inner.tdl'))
  local inner = vim.api.nvim_get_current_buf()
  check('a file in a subfolder has the same root', tdl.root_dir(inner) == folder, tdl.root_dir(inner))
  local same = vim.wait(10000, function()
    local a, b = tdl.client(bufnr), tdl.client(inner)
    return a ~= nil and b ~= nil and a.id == b.id
  end, 50)
  check('it is served by the same client (one server per project)', same)

  -- Preview files are deleted with their buffer, and when Neovim exits.
  local main_file = tdl.preview_file(bufnr)
  vim.cmd('bwipeout! ' .. bufnr)
  check('wiping out the buffer deletes its preview file', main_file ~= nil and vim.loop.fs_stat(main_file) == nil,
    tostring(main_file))
  local inner_file
  tdl.preview({ bufnr = inner, on_written = function(path) inner_file = path end })
  vim.wait(10000, function() return inner_file ~= nil end, 50)
  check('the other buffer has a preview file of its own', inner_file ~= nil and inner_file ~= main_file
    and vim.loop.fs_stat(inner_file) ~= nil)
  vim.cmd('doautocmd VimLeavePre')
  check('leaving Neovim deletes the preview files', inner_file ~= nil and vim.loop.fs_stat(inner_file) == nil)
end)

if not ok_run then
  check('test script ran to the end', false, tostring(err))
end
finish()

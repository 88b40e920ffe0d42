-- Starts template-lsp for `tdl` buffers. Neovim 0.7 and later, no plugins needed:
--
--   require('tdl').setup({ cmd = { '/path/to/template-lsp', '--stdio' } })
--
-- On 0.8+ this uses vim.lsp.start (one client per root, reused); on 0.7 it keeps one
-- client per root itself with vim.lsp.start_client and vim.lsp.buf_attach_client.
local M = {}

local defaults = {
  -- The server: `template-lsp` on $PATH, or an absolute path (.build/release/template-lsp).
  cmd = { 'template-lsp', '--stdio' },
  -- Files or folders that mark the workspace root: the nearest folder above the file that
  -- holds one is the root (one server per root). `.tdl-root` is an empty file you put in a
  -- project's top folder when it has no `.git` (or when the project is a part of a repository).
  root_markers = { '.tdl-root', '.git' },
  -- Passed through to the client as-is when set.
  on_attach = nil,
  capabilities = nil,
  init_options = nil,
  -- 'off', 'messages' or 'verbose': the server's $/logTrace messages in :LspLog.
  trace = 'off',
}

M.config = vim.deepcopy(defaults)

-- Client ids by root, for Neovim 0.7 (0.8's vim.lsp.start does its own reuse).
local clients_by_root = {}

local function exists(path)
  return vim.loop.fs_stat(path) ~= nil
end

--- The folder above the buffer's file that holds one of `root_markers`, else the file's folder.
function M.root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return vim.loop.cwd()
  end
  local start = vim.fn.fnamemodify(name, ':p:h')
  local dir = start
  while true do
    for _, marker in ipairs(M.config.root_markers) do
      if exists(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

local function client_config(root)
  return {
    name = 'template-lsp',
    cmd = M.config.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    capabilities = M.config.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = M.config.on_attach,
    init_options = M.config.init_options,
    trace = M.config.trace,
  }
end

--- Starts (or reuses) the server for a buffer and attaches it. Returns the client id.
function M.start(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  -- Only buffers of files: scratch and help-like buffers have no URI the server can use.
  if vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  if vim.fn.executable(M.config.cmd[1]) ~= 1 then
    vim.notify('tdl: template-lsp not found: ' .. M.config.cmd[1] ..
      ' (build it with `swift build -c release` and set cmd in require("tdl").setup)', vim.log.levels.WARN)
    return nil
  end
  local root = M.root_dir(bufnr)
  -- <C-x><C-o> completes from the server unless the user chose another omnifunc.
  if vim.bo[bufnr].omnifunc == '' then
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if vim.lsp.start then
    return vim.lsp.start(client_config(root), { bufnr = bufnr })
  end
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(client_config(root))
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- The client attached to a buffer, if any.
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  -- get_clients is 0.10+, buf_get_clients is 0.7 to 0.11.
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(clients) do
    if client.name == 'template-lsp' then
      return client
    end
  end
  return nil
end

-- The preview file of each buffer, by buffer number: one per buffer, rewritten by each
-- preview, deleted when the buffer is deleted or wiped out and when Neovim exits.
local preview_files = {}

local function delete_preview_file(bufnr)
  local path = preview_files[bufnr]
  if path then
    os.remove(path)
    preview_files[bufnr] = nil
  end
end

--- The file the previews of a buffer are written to (created with its clean-up).
local function preview_file(bufnr)
  local path = preview_files[bufnr]
  if path and exists(path) then
    return path
  end
  path = vim.fn.tempname() .. '-tdl-preview.html'
  preview_files[bufnr] = path
  vim.api.nvim_create_autocmd({ 'BufDelete', 'BufWipeout' }, {
    buffer = bufnr,
    once = true,
    callback = function() delete_preview_file(bufnr) end,
  })
  return path
end

vim.api.nvim_create_autocmd('VimLeavePre', {
  group = vim.api.nvim_create_augroup('tdl_preview_files', { clear = true }),
  callback = function()
    for bufnr in pairs(preview_files) do
      delete_preview_file(bufnr)
    end
  end,
})

--- The file a buffer's previews are written to, or nil before its first preview.
function M.preview_file(bufnr)
  return preview_files[bufnr or vim.api.nvim_get_current_buf()]
end

--- Asks the server for `tdl/preview` at the cursor, writes the HTML to the buffer's preview
--- file (see above; the page's base is the document's folder, so relative images resolve),
--- and opens it in the browser when it can (else prints the path).
--- opts.on_written(path, result) replaces the opening (tests use it); opts.bufnr.
function M.preview(opts)
  opts = opts or {}
  local bufnr = opts.bufnr or vim.api.nvim_get_current_buf()
  local client = M.client(bufnr)
  if not client then
    vim.notify('tdl: no template-lsp client for this buffer', vim.log.levels.WARN)
    return
  end
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  -- buf_request keeps one calling convention from 0.7 on (client methods changed in 0.11).
  vim.lsp.buf_request(bufnr, 'tdl/preview', params, function(err, result)
    if err or not result then
      vim.notify('tdl: preview failed: ' .. (err and err.message or 'nothing to preview'), vim.log.levels.WARN)
      return
    end
    local path = preview_file(bufnr)
    local file = io.open(path, 'w')
    if not file then
      vim.notify('tdl: cannot write ' .. path, vim.log.levels.ERROR)
      return
    end
    file:write(result.html or '')
    file:close()
    if opts.on_written then
      opts.on_written(path, result)
      return
    end
    local opener = vim.fn.has('mac') == 1 and 'open' or 'xdg-open'
    if vim.fn.executable(opener) == 1 then
      vim.fn.jobstart({ opener, path }, { detach = true })
    end
    vim.notify('tdl: preview of ' .. (result.name or '?') .. ' written to ' .. path)
  end)
end

--- Merges `opts` into the config and starts the server for every `tdl` buffer.
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  local group = vim.api.nvim_create_augroup('tdl_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'tdl',
    callback = function(args)
      M.start(args.buf)
    end,
  })
  vim.api.nvim_create_user_command('TdlPreview', function() M.preview() end, { desc = 'Preview the TDL template under the cursor as HTML' })
  -- Buffers opened before setup ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].filetype == 'tdl' then
      M.start(bufnr)
    end
  end
end

return M

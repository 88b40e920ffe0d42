" Indentation for TDL: one level per open `{`, a line starting with `}` goes back one.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal indentexpr=TdlIndent(v:lnum)
setlocal indentkeys=0},!^F,o,O
setlocal autoindent
let b:undo_indent = 'setlocal indentexpr< indentkeys< autoindent<'

if exists('*TdlIndent')
  finish
endif

" The braces of a line that count for indentation: outside strings and comments.
function! s:BraceBalance(line) abort
  let text = substitute(a:line, '"\%([^"\\]\|\\.\)*"', '""', 'g')
  let text = substitute(text, '//.*$', '', '')
  let text = substitute(text, '/\*.\{-}\*/', '', 'g')
  return len(substitute(text, '[^{]', '', 'g')) - len(substitute(text, '[^}]', '', 'g'))
endfunction

function! TdlIndent(lnum) abort
  let prev = prevnonblank(a:lnum - 1)
  if prev == 0
    return 0
  endif
  let ind = indent(prev)
  let prevline = getline(prev)
  let balance = s:BraceBalance(prevline)
  " A line that starts with } was already dedented; don't count its } twice.
  if prevline =~# '^\s*}'
    let balance += 1
  endif
  if balance > 0
    let ind += shiftwidth()
  elseif balance < 0
    let ind += balance * shiftwidth()
  endif
  if getline(a:lnum) =~# '^\s*}'
    let ind -= shiftwidth()
  endif
  return max([ind, 0])
endfunction

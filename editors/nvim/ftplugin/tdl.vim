" TDL buffers: comments and the canonical layout (two spaces, no tabs), so that what the
" editor inserts is what template-fmt and the language server's formatting write.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=//\ %s
setlocal comments=s1:/*,mb:*,ex:*/,:///,://
setlocal expandtab shiftwidth=2 softtabstop=2
setlocal iskeyword=@,48-57,_,-
setlocal suffixesadd=.tdl
setlocal foldmethod=indent foldlevel=99

let b:undo_ftplugin = 'setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< iskeyword< suffixesadd< foldmethod< foldlevel<'

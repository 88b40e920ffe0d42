" *.tdl files are TDL templates (Neovim 0.7+ and Vim).
autocmd BufRead,BufNewFile *.tdl setfiletype tdl

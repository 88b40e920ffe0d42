" Vim syntax file for TDL (template description language), Neovim 0.7+ and Vim 8.2+.
" Token forms follow docs/LANGUAGE.md and the lexer; editors/vscode/syntaxes holds the
" TextMate grammar with the same scopes.
if exists('b:current_syntax')
  finish
endif

syn case match
syn iskeyword @,48-57,_,-
syn sync minlines=200

" Anything that starts no token is an error; every rule below wins over this one.
syn match tdlError /[^[:space:]{}:;,]/

" Identifiers in values, by their form as the lexer reads them. Identifiers come first so that the
" key and block-header rules below, defined later, win where they match.
syn match tdlValueWord /\<\h[[:alnum:]_-]*/
syn keyword tdlBoolean true false
syn keyword tdlSizeX x

" Directives at the start of a line.
syn match tdlDirective /^\s*\zsformat\ze\s\+-\=\d/ nextgroup=tdlNumber skipwhite
syn match tdlDirective /^\s*\zsimport\ze\s*"/

" kind [name] ["Title"] {  (the kind is a keyword by its place, as in the parser)
syn match tdlKind /\<\h[[:alnum:]_-]*\ze\%(\s\+\h[[:alnum:]_-]*\)\=\s*\%("\%([^"\\]\|\\.\)*"\s*\)\={/ nextgroup=tdlName skipwhite
syn match tdlName /\h[[:alnum:]_-]*/ contained

" key:  (defined after the identifier rule, so it wins where both match)
syn match tdlKey /\<\h[[:alnum:]_-]*\ze\s*:/
syn match tdlColon /:/
syn keyword tdlNamedColor aliceblue antiquewhite aqua aquamarine azure beige bisque
syn keyword tdlNamedColor black blanchedalmond blue blueviolet brown burlywood
syn keyword tdlNamedColor cadetblue chartreuse chocolate coral cornflowerblue cornsilk
syn keyword tdlNamedColor crimson cyan darkblue darkcyan darkgoldenrod darkgray
syn keyword tdlNamedColor darkgreen darkgrey darkkhaki darkmagenta darkolivegreen
syn keyword tdlNamedColor darkorange darkorchid darkred darksalmon darkseagreen
syn keyword tdlNamedColor darkslateblue darkslategray darkslategrey darkturquoise
syn keyword tdlNamedColor darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
syn keyword tdlNamedColor firebrick floralwhite forestgreen fuchsia gainsboro
syn keyword tdlNamedColor ghostwhite gold goldenrod gray green greenyellow grey
syn keyword tdlNamedColor honeydew hotpink indianred indigo ivory khaki lavender
syn keyword tdlNamedColor lavenderblush lawngreen lemonchiffon lightblue lightcoral
syn keyword tdlNamedColor lightcyan lightgoldenrodyellow lightgray lightgreen
syn keyword tdlNamedColor lightgrey lightpink lightsalmon lightseagreen lightskyblue
syn keyword tdlNamedColor lightslategray lightslategrey lightsteelblue lightyellow
syn keyword tdlNamedColor lime limegreen linen magenta maroon mediumaquamarine
syn keyword tdlNamedColor mediumblue mediumorchid mediumpurple mediumseagreen
syn keyword tdlNamedColor mediumslateblue mediumspringgreen mediumturquoise
syn keyword tdlNamedColor mediumvioletred midnightblue mintcream mistyrose moccasin
syn keyword tdlNamedColor navajowhite navy oldlace olive olivedrab orange orangered
syn keyword tdlNamedColor orchid palegoldenrod palegreen paleturquoise palevioletred
syn keyword tdlNamedColor papayawhip peachpuff peru pink plum powderblue purple
syn keyword tdlNamedColor rebeccapurple red rosybrown royalblue saddlebrown salmon
syn keyword tdlNamedColor sandybrown seagreen seashell sienna silver skyblue slateblue
syn keyword tdlNamedColor slategray slategrey snow springgreen steelblue tan teal
syn keyword tdlNamedColor thistle tomato transparent turquoise violet wheat white
syn keyword tdlNamedColor whitesmoke yellow yellowgreen

" Numbers with an optional unit touching them: px pt % deg (327x180 is an unknown unit).
syn match tdlNumber /-\=\d\+\%(\.\d\+\)\=/ nextgroup=tdlUnit,tdlBadUnit
syn match tdlBadUnit /\h\w*/ contained
syn match tdlUnit /\%(px\|pt\|deg\)\>\|%/ contained
" 1. and 1.2.3 are not numbers (0.4 is).
syn match tdlBadNumber /-\=\d\+\%(\.\d\+\.[.0-9]*\|\.\%(\d\)\@![.0-9]*\)/

syn match tdlBadColor /#\w*/
syn match tdlColor /#\%(\x\{8}\|\x\{6}\|\x\{3,4}\)\>/

" Strings: "…" on one line, """…""" over lines; escapes and {{param}} inside both.
syn region tdlString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ oneline contains=tdlBadEscape,tdlEscape,tdlBadInterpolation,tdlInterpolation
syn region tdlMultilineString start=/"""/ skip=/\\\\\|\\"/ end=/"""/ contains=tdlBadEscape,tdlEscape,tdlBadInterpolation,tdlInterpolation
syn match tdlBadEscape /\\./ contained
syn match tdlEscape /\\\%(["\\nt{]\|u{\x\{1,6}}\)/ contained
syn match tdlBadInterpolation /{{/ contained
syn match tdlInterpolation /{{\h[[:alnum:]_-]*}}/ contained

" Titles after a block header are strings too.
syn match tdlTitle /"\%([^"\\]\|\\.\)*"\ze\s*{/ contains=tdlEscape,tdlInterpolation

syn match tdlBrace /[{}]/
syn match tdlDelimiter /[;,]/

" Comments last, so they win: // and /* */ are trivia, /// documents the next block.
syn keyword tdlTodo TODO FIXME XXX NOTE contained
syn match tdlPragma /\%(\/\/\s*\)\@<=\%(tdl-ignore-file\|tdl-ignore\|tdl-fmt:\s*\%(off\|on\)\)\>/ contained
syn match tdlComment /\/\/.*$/ contains=tdlTodo,tdlPragma
syn match tdlDocComment /\/\/\/\%(\/\)\@!.*$/ contains=tdlTodo
syn region tdlBlockComment start=/\/\*/ end=/\*\// contains=tdlTodo

hi def link tdlError Error
hi def link tdlDirective PreProc
hi def link tdlKind Keyword
hi def link tdlName Type
hi def link tdlKey Identifier
hi def link tdlColon Delimiter
hi def link tdlValueWord Constant
hi def link tdlBoolean Boolean
hi def link tdlSizeX Operator
hi def link tdlNamedColor Constant
hi def link tdlNumber Number
hi def link tdlUnit Type
hi def link tdlBadUnit Error
hi def link tdlBadNumber Error
hi def link tdlColor Constant
hi def link tdlBadColor Error
hi def link tdlString String
hi def link tdlMultilineString String
hi def link tdlTitle String
hi def link tdlEscape SpecialChar
hi def link tdlBadEscape Error
hi def link tdlInterpolation Special
hi def link tdlBadInterpolation Error
hi def link tdlBrace Delimiter
hi def link tdlDelimiter Delimiter
hi def link tdlTodo Todo
hi def link tdlPragma PreProc
hi def link tdlComment Comment
hi def link tdlDocComment SpecialComment
hi def link tdlBlockComment Comment

let b:current_syntax = 'tdl'
